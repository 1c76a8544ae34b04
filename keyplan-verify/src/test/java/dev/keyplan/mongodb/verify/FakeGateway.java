package dev.keyplan.mongodb.verify;

import dev.keyplan.mongodb.facts.DocumentSize;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * A stand-in for a MongoDB server behind {@link MongoGateway}, in memory: databases of collections
 * of documents, the commands keyplan verify sends recorded in order, and answers shaped like the
 * server's (MongoDB manual, "Database Commands"). Explain replies come from {@link #explain}, which
 * a test sets; {@code $bsonSize} is the BSON library's size of the stored document, as the server's
 * is. A database is listed once it holds a collection, as MongoDB lists it once it holds data.
 */
final class FakeGateway implements MongoGateway {
  final Map<String, Map<String, List<BsonDocument>>> databases = new LinkedHashMap<>();
  final List<String> commands = new ArrayList<>();
  boolean mongos;
  List<String> shards = List.of("shard-a", "shard-b");

  /**
   * Answers {@code explain}: (collection, the explained command) → reply; default a collection scan
   * of everything.
   */
  BiFunction<String, BsonDocument, BsonDocument> explain = (c, q) -> collscan(0);

  /** When set, every command fails with this message, as a driver exception would. */
  String failWith;

  boolean closed;

  /**
   * Puts {@code document} in {@code database.collection}, as data that was there before the run.
   */
  void existing(String database, String collection, BsonDocument document) {
    databases
        .computeIfAbsent(database, d -> new LinkedHashMap<>())
        .computeIfAbsent(collection, c -> new ArrayList<>())
        .add(document);
  }

  List<BsonDocument> documents(String database, String collection) {
    return databases.getOrDefault(database, Map.of()).getOrDefault(collection, List.of());
  }

  @Override
  public List<String> databaseNames() {
    return new ArrayList<>(databases.keySet());
  }

  @Override
  public BsonDocument command(String database, BsonDocument command) {
    if (failWith != null) {
      throw new IllegalStateException(failWith);
    }
    String name = command.getFirstKey();
    commands.add(database + " " + command.toJson());
    Map<String, List<BsonDocument>> db = databases.get(database);
    BsonDocument ok = new BsonDocument("ok", new BsonInt32(1));
    switch (name) {
      case "hello":
        return mongos
            ? ok.append("msg", new BsonString("isdbgrid"))
            : ok.append("isWritablePrimary", BsonBoolean.TRUE);
      case "listCollections":
        {
          String wanted = command.getDocument("filter").getString("name").getValue();
          BsonArray batch = new BsonArray();
          if (db != null && db.containsKey(wanted)) {
            batch.add(new BsonDocument("name", new BsonString(wanted)));
          }
          return ok.append("cursor", new BsonDocument("firstBatch", batch));
        }
      case "create":
        {
          String c = command.getString("create").getValue();
          if (db != null && db.containsKey(c)) {
            throw new IllegalStateException(
                "Collection " + database + "." + c + " already exists.");
          }
          databases.computeIfAbsent(database, d -> new LinkedHashMap<>()).put(c, new ArrayList<>());
          return ok;
        }
      case "drop":
        if (db != null) {
          db.remove(command.getString("drop").getValue());
        }
        return ok;
      case "dropDatabase":
        databases.remove(database);
        return ok;
      case "listShards":
        {
          BsonArray list = new BsonArray();
          shards.forEach(
              s ->
                  list.add(
                      new BsonDocument("_id", new BsonString(s))
                          .append("host", new BsonString(s + "/h:1"))));
          return ok.append("shards", list);
        }
      case "find":
        return ok.append("cursor", new BsonDocument("firstBatch", new BsonArray()));
      case "aggregate":
        return aggregate(database, command, ok);
      case "explain":
        {
          BsonDocument inner = command.getDocument("explain");
          return explain.apply(inner.getString(inner.getFirstKey()).getValue(), inner);
        }
      case "insert":
        command
            .getArray("documents")
            .forEach(d -> db.get(command.getString("insert").getValue()).add(d.asDocument()));
        return ok.append("n", new BsonInt32(1));
      default:
        // createIndexes, enableSharding, shardCollection, zones, update, delete: recorded and
        // acknowledged.
        return ok.append("n", new BsonInt32(1));
    }
  }

  private BsonDocument aggregate(String database, BsonDocument command, BsonDocument ok) {
    String c = command.getString("aggregate").getValue();
    BsonArray batch = new BsonArray();
    if (database.equals("config")) {
      // Chunks: every shard holds one.
      shards.forEach(s -> batch.add(new BsonDocument("_id", new BsonString(s))));
      return ok.append("cursor", new BsonDocument("firstBatch", batch));
    }
    // The sizes pipeline: one group of the typical documents (and one of the largest, found by its
    // _id).
    BsonValue key =
        command.getArray("pipeline").get(0).asDocument().getDocument("$group").get("_id");
    BsonValue largestId = key.isDocument() ? key.asDocument().getArray("$eq").get(1) : null;
    Map<Boolean, List<Long>> sizes = new LinkedHashMap<>();
    for (BsonDocument d : documents(database, c)) {
      sizes
          .computeIfAbsent(d.get("_id").equals(largestId), k -> new ArrayList<>())
          .add(DocumentSize.of(d));
    }
    sizes.forEach(
        (largest, list) ->
            batch.add(
                new BsonDocument("_id", BsonBoolean.valueOf(largest))
                    .append("n", new BsonInt32(list.size()))
                    .append(
                        "average",
                        new BsonDouble(
                            list.stream().mapToLong(Long::longValue).average().orElse(0)))
                    .append(
                        "largest",
                        new BsonInt64(list.stream().mapToLong(Long::longValue).max().orElse(0)))));
    return ok.append("cursor", new BsonDocument("firstBatch", batch));
  }

  @Override
  public void insertMany(String database, String collection, List<BsonDocument> documents) {
    if (failWith != null) {
      throw new IllegalStateException(failWith);
    }
    databases.get(database).get(collection).addAll(documents);
  }

  @Override
  public long read(String database, String collection, ReadQuery q) {
    long n = Matcher.count(documents(database, collection), q.filter());
    return q.limit().isPresent() ? Math.min(n, q.limit().getAsInt()) : n;
  }

  @Override
  public void close() {
    closed = true;
  }

  /** An explain reply of a collection scan that examined {@code docs} documents. */
  static BsonDocument collscan(long docs) {
    return BsonDocument.parse(
        "{queryPlanner: {winningPlan: {stage: 'COLLSCAN'}}, executionStats: {nReturned: 0,"
            + " totalKeysExamined: 0, totalDocsExamined: "
            + docs
            + "}}");
  }

  /**
   * An explain reply of an index scan of {@code index} that examined {@code keys} keys and {@code
   * docs} documents.
   */
  static BsonDocument ixscan(String index, long keys, long docs, List<String> shards) {
    BsonDocument plan = BsonDocument.parse("{stage: 'FETCH', inputStage: {stage: 'IXSCAN'}}");
    plan.getDocument("inputStage").append("indexName", new BsonString(index));
    BsonDocument winning = plan;
    if (!shards.isEmpty()) {
      BsonArray list = new BsonArray();
      shards.forEach(
          s ->
              list.add(
                  new BsonDocument("shardName", new BsonString(s)).append("winningPlan", plan)));
      winning =
          new BsonDocument(
                  "stage", new BsonString(shards.size() == 1 ? "SINGLE_SHARD" : "SHARD_MERGE"))
              .append("shards", list);
    }
    return new BsonDocument("queryPlanner", new BsonDocument("winningPlan", winning))
        .append(
            "executionStats",
            new BsonDocument("nReturned", new BsonInt64(docs))
                .append("totalKeysExamined", new BsonInt64(keys))
                .append("totalDocsExamined", new BsonInt64(docs)));
  }
}
