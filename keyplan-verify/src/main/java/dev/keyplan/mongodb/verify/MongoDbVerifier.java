package dev.keyplan.mongodb.verify;

import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbCollection;
import dev.keyplan.mongodb.design.MongoDbPlan;
import dev.keyplan.simulate.Progress;
import dev.keyplan.verify.Credentials;
import dev.keyplan.verify.LoadBudget;
import dev.keyplan.verify.StoreVerifier;
import dev.keyplan.verify.VerifyException;
import dev.keyplan.verify.VerifyOptions;
import dev.keyplan.verify.VerifyResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;

/**
 * {@code keyplan verify --store mongodb}: applies the design to a real MongoDB (a mongod, or a
 * mongos of a sharded cluster) in a database of its own, loads documents shaped by the model's
 * spreads, and sets keyplan's predictions ({@code MongoDbAnalyzer}) beside what the server reports:
 * per read pattern the index chosen, a blocking sort, the shards reached and the keys and documents
 * examined ({@code explain("executionStats")}), and latency; per write pattern latency; per
 * collection the documents' {@code $bsonSize} and count. The URI comes from {@code
 * KEYPLAN_MONGODB_URI} in the credentials, and no part of it but the hosts is ever printed.
 */
public final class MongoDbVerifier {
  /** The connection string of the server or cluster, credentials included. */
  public static final String URI = "KEYPLAN_MONGODB_URI";

  private MongoDbVerifier() {}

  /** Returns this store's verifier, for the registry ({@code dev.keyplan.verify.Verifiers}). */
  public static StoreVerifier<MongoDbAnalysis> verifier() {
    return new StoreVerifier<>() {
      @Override
      public Class<MongoDbAnalysis> analysisType() {
        return MongoDbAnalysis.class;
      }

      @Override
      public List<String> credentialKeys() {
        return List.of(URI);
      }

      @Override
      public VerifyResult run(
          MongoDbAnalysis analysis,
          VerifyOptions options,
          Credentials credentials,
          Progress progress) {
        return MongoDbVerifier.run(analysis, options, credentials, progress);
      }

      @Override
      public LoadBudget.Estimate loadEstimate(MongoDbAnalysis analysis, VerifyOptions options) {
        return MongoDbVerifier.loadEstimate(analysis, options);
      }
    };
  }

  /**
   * What {@link #run} loads, from the analysis and {@code --max-rows} alone: each collection's
   * blocks as {@link CollectionLoad#documents} counts them, at its typical document's bytes.
   */
  static LoadBudget.Estimate loadEstimate(MongoDbAnalysis a, VerifyOptions options) {
    LoadBudget.Estimate sum = new LoadBudget.Estimate(0, 0);
    for (MongoDbCollection c : a.collections()) {
      long n = CollectionLoad.documents(a, c, options.maxRows());
      sum = sum.plus(new LoadBudget.Estimate(n, (double) n * c.typicalBytes()));
    }
    return sum;
  }

  /**
   * Documents per insertMany call: small enough for one progress tick each, large enough to load
   * fast.
   */
  static final int BATCH = 500;

  /** Verifies the analysed design against the server {@code credentials} name. */
  public static VerifyResult run(
      MongoDbAnalysis a, VerifyOptions options, Credentials credentials, Progress progress) {
    String uri = DriverGateway.uri(credentials);
    try (MongoGateway g = DriverGateway.open(options, credentials)) {
      return run(a, g, options, progress, DriverGateway.hosts(uri), Secrets.of(uri));
    }
  }

  /** Runs the verification through {@code g}; a failure's message is scrubbed of every secret. */
  static VerifyResult run(
      MongoDbAnalysis a,
      MongoGateway g,
      VerifyOptions o,
      Progress progress,
      String endpoint,
      Secrets secrets) {
    if (a.collections().isEmpty()) {
      throw new VerifyException("the design has no collection to verify");
    }
    try {
      boolean mongos = mongos(g);
      Database db = Database.open(g, o, Database.nameFor(o, a.model().name()));
      List<String> notes = new ArrayList<>();
      MongoDbVerifyReport.Outcome outcome;
      MongoDbVerifySchema schema = new MongoDbVerifySchema(g);
      try {
        outcome = verify(a, g, db, o, mongos, progress, notes, schema);
      } finally {
        cleanUp(db, schema, o, notes);
      }
      return MongoDbVerifyReport.of(outcome, o, endpoint, db, notes, secrets);
    } catch (VerifyException e) {
      throw new VerifyException(secrets.scrub(e.getMessage()));
    } catch (RuntimeException e) {
      throw new VerifyException(
          "MongoDB at " + endpoint + " refused keyplan verify: " + secrets.reason(e));
    }
  }

  private static MongoDbVerifyReport.Outcome verify(
      MongoDbAnalysis a,
      MongoGateway g,
      Database db,
      VerifyOptions o,
      boolean mongos,
      Progress progress,
      List<String> notes,
      MongoDbVerifySchema schema) {
    schema.apply(a, db, mongos, notes);
    int clusterShards = mongos ? MongoDbVerifySchema.shards(g).size() : 1;
    Map<String, CollectionLoad> loads = new LinkedHashMap<>();
    long total = 0;
    for (MongoDbCollection c : a.collections()) {
      CollectionLoad l = new CollectionLoad(a, c, o.maxRows(), o.seed());
      loads.put(c.name(), l);
      notes.addAll(l.notes);
      total += l.documents.size();
    }
    long done = 0;
    for (CollectionLoad l : loads.values()) {
      for (int from = 0; from < l.documents.size(); from += BATCH) {
        List<BsonDocument> batch =
            l.documents.subList(from, Math.min(l.documents.size(), from + BATCH));
        g.insertMany(db.name, l.collection.name(), batch);
        done += batch.size();
        progress.at(done, total);
      }
    }
    int[] mismatches = {0};
    List<String> findings = new ArrayList<>();
    List<List<Object>> sizes = new ArrayList<>();
    for (CollectionLoad l : loads.values()) {
      Sizes.Measured measured;
      try {
        measured = Sizes.measure(g, db.name, l);
      } catch (RuntimeException e) {
        // $bsonSize came in MongoDB 4.4; the driver still talks to 4.2.
        notes.add(
            l.collection.name()
                + ": document sizes not measured, the server refused $bsonSize: "
                + firstLine(e));
        measured = Sizes.NOT_MEASURED;
      }
      sizes.add(Sizes.row(l, measured, mismatches, findings));
    }
    List<List<Object>> reads = reads(a, g, db, loads, o, mongos, mismatches, findings, notes);
    List<List<Object>> writes =
        MongoDbVerifyWrites.run(a, g, db, loads, o.samples(), mismatches, findings, notes);
    return new MongoDbVerifyReport.Outcome(
        mongos, clusterShards, a.design().shards(), reads, writes, sizes, findings, mismatches[0]);
  }

  private static List<List<Object>> reads(
      MongoDbAnalysis a,
      MongoGateway g,
      Database db,
      Map<String, CollectionLoad> loads,
      VerifyOptions o,
      boolean mongos,
      int[] mismatches,
      List<String> findings,
      List<String> notes) {
    List<List<Object>> rows = new ArrayList<>();
    Map<String, Integer> holding = new LinkedHashMap<>();
    for (MongoDbPlan plan : a.plans()) {
      if (!plan.pattern().isRead()) {
        continue;
      }
      Optional<CollectionLoad> load = plan.collection().map(loads::get);
      if (plan.access() == MongoDbPlan.Access.NOT_SERVED || load.isEmpty()) {
        notes.add(
            plan.pattern().id()
                + ": not served by the design ("
                + String.join("; ", plan.notes())
                + "), not run");
        continue;
      }
      if (!plan.lookups().isEmpty()) {
        notes.add(
            plan.pattern().id()
                + ": the $lookup into "
                + String.join(", ", plan.lookups())
                + " is not run; the"
                + " explain is of the query on "
                + plan.collection().get()
                + " alone");
      }
      MongoDbCollection c = load.get().collection;
      int shards =
          holding.computeIfAbsent(
              c.name(),
              n ->
                  mongos && c.sharded()
                      ? MongoDbVerifySchema.holdingShards(g, db.namespace(n))
                      : 1);
      var ctx =
          new MongoDbComparison.Context(mongos, shards, load.get().documents.size(), c.indexes());
      for (String role : List.of("busiest", "typical")) {
        Optional<MongoDbVerifyReads.Probe> probe =
            MongoDbVerifyReads.probe(plan, role, load.get(), notes);
        if (probe.isEmpty()) {
          continue;
        }
        if (role.equals("typical")) {
          notes.add(plan.pattern().id() + ": " + probe.get().query().shape(c.name()));
        }
        try {
          MongoDbVerifyReads.Measured m =
              MongoDbVerifyReads.run(g, db.name, c.name(), probe.get().query(), o.samples());
          rows.add(MongoDbComparison.readRow(probe.get(), m, ctx, mismatches, findings));
        } catch (RuntimeException e) {
          mismatches[0]++;
          findings.add(
              plan.pattern().id() + " (" + role + "): MongoDB refused the read: " + firstLine(e));
        }
      }
    }
    return rows;
  }

  private static void cleanUp(
      Database db, MongoDbVerifySchema schema, VerifyOptions o, List<String> notes) {
    if (o.keep()) {
      notes.add(
          "--keep: database "
              + db.name
              + ", its collections and any zones it made were left in place");
      return;
    }
    schema.removeRanges(notes);
    try {
      db.dropCreated();
    } catch (RuntimeException e) {
      notes.add("could not drop what this run created in " + db.name + ": " + firstLine(e));
    }
    schema.undo(notes);
  }

  /**
   * Returns true if {@code g} talks to a mongos: {@code hello} (MongoDB 4.4.2+), or its older name
   * {@code isMaster} where the server does not know it (4.2, which the driver still supports), has
   * {@code msg: "isdbgrid"} (MongoDB manual, "hello").
   */
  static boolean mongos(MongoGateway g) {
    BsonDocument reply;
    try {
      reply = g.command("admin", new BsonDocument("hello", new BsonInt32(1)));
    } catch (RuntimeException e) {
      reply = g.command("admin", new BsonDocument("isMaster", new BsonInt32(1)));
    }
    return reply.getString("msg", new BsonString("")).getValue().equals("isdbgrid");
  }

  /** The first line of an exception's message (the driver's can run to a cluster description). */
  static String firstLine(Throwable e) {
    return String.valueOf(e.getMessage()).lines().findFirst().orElse(e.getClass().getSimpleName());
  }
}
