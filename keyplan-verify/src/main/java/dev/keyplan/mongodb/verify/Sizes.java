package dev.keyplan.mongodb.verify;

import dev.keyplan.mongodb.design.MongoDbCollection;
import dev.keyplan.mongodb.facts.DocumentSize;
import java.util.List;
import java.util.Locale;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * A collection's document sizes: keyplan's ({@code MongoDbCollection.typicalBytes}, {@code
 * largestBytes}, measured by the BSON library on its representative document), the generated
 * documents' as the same library measures them ({@link DocumentSize}), and the server's own {@code
 * $bsonSize} over what it stored (MongoDB manual, "$bsonSize (aggregation)", 4.4+), with the count
 * of documents it holds. A size more than {@value #TOLERANCE_PERCENT}% from keyplan's is a
 * mismatch; the generated documents differ from keyplan's only where an enumeration's values are
 * longer or shorter than their average, which keyplan sizes them at.
 */
final class Sizes {
  static final int TOLERANCE_PERCENT = 2;

  private Sizes() {}

  /**
   * What the server holds: documents, and average and largest $bsonSize of the typical ones and of
   * the largest one.
   */
  record Measured(long count, double averageBytes, long largestBytes) {}

  /** What a server without {@code $bsonSize} tells: nothing. */
  static final Measured NOT_MEASURED = new Measured(-1, Double.NaN, -1);

  static Measured measure(MongoGateway g, String database, CollectionLoad load) {
    BsonValue largestId =
        load.blocks.stream()
            .filter(b -> b.role().equals("largest"))
            .findFirst()
            .map(b -> load.documents.get(b.from()).get("_id"))
            .orElse(null);
    BsonDocument size = new BsonDocument("$bsonSize", new BsonString("$$ROOT"));
    BsonValue key =
        largestId == null
            ? BsonBoolean.FALSE
            : new BsonDocument("$eq", new BsonArray(List.of(new BsonString("$_id"), largestId)));
    BsonArray pipeline =
        new BsonArray(
            List.of(
                new BsonDocument(
                    "$group",
                    new BsonDocument("_id", key)
                        .append("n", new BsonDocument("$sum", new BsonInt32(1)))
                        .append("average", new BsonDocument("$avg", size))
                        .append("largest", new BsonDocument("$max", size)))));
    BsonDocument r =
        g.command(
            database,
            new BsonDocument("aggregate", new BsonString(load.collection.name()))
                .append("pipeline", pipeline)
                .append("cursor", new BsonDocument()));
    long count = 0;
    double average = Double.NaN;
    long largest = -1;
    for (BsonValue v : r.getDocument("cursor").getArray("firstBatch")) {
      BsonDocument d = v.asDocument();
      count += d.getNumber("n").longValue();
      if (d.get("_id").equals(BsonBoolean.TRUE)) {
        largest = d.getNumber("largest").longValue();
      } else {
        average = d.getNumber("average").doubleValue();
      }
    }
    return new Measured(count, average, largest);
  }

  /** The average size of the generated typical documents, by the BSON library. */
  static double generatedAverage(CollectionLoad load) {
    return load.blocks.stream()
        .filter(b -> !b.role().equals("largest"))
        .flatMap(b -> load.documents.subList(b.from(), b.to()).stream())
        .mapToLong(DocumentSize::of)
        .average()
        .orElse(Double.NaN);
  }

  static List<Object> row(
      CollectionLoad load, Measured m, int[] mismatches, List<String> findings) {
    MongoDbCollection c = load.collection;
    if (m == NOT_MEASURED) {
      return List.of(
          c.name(),
          c.documents(),
          (double) load.documents.size(),
          Double.NaN,
          busiestScale(load),
          (double) c.typicalBytes(),
          generatedAverage(load),
          Double.NaN,
          Double.NaN,
          Double.NaN,
          Double.NaN,
          Double.NaN,
          "not measured");
    }
    double ratio = m.averageBytes() / c.typicalBytes();
    boolean hasLargest = m.largestBytes() >= 0;
    double largestRatio = hasLargest ? m.largestBytes() / (double) c.largestBytes() : Double.NaN;
    String verdict = "ok";
    if (!near(ratio)) {
      verdict = "MISMATCH";
      mismatches[0]++;
      findings.add(
          c.name()
              + ": keyplan sizes a typical document at "
              + c.typicalBytes()
              + " B; MongoDB's $bsonSize averages "
              + String.format(Locale.ROOT, "%.1f B (×%.3f)", m.averageBytes(), ratio));
    }
    if (hasLargest && !near(largestRatio)) {
      verdict = "MISMATCH";
      mismatches[0]++;
      findings.add(
          c.name()
              + ": keyplan sizes the largest document at "
              + c.largestBytes()
              + " B; MongoDB's $bsonSize is "
              + m.largestBytes()
              + " B");
    }
    if (m.count() != load.documents.size()) {
      verdict = "MISMATCH";
      mismatches[0]++;
      findings.add(
          c.name()
              + ": "
              + load.documents.size()
              + " documents were inserted; MongoDB counts "
              + m.count());
    }
    return List.of(
        c.name(),
        c.documents(),
        (double) load.documents.size(),
        (double) m.count(),
        busiestScale(load),
        (double) c.typicalBytes(),
        generatedAverage(load),
        m.averageBytes(),
        ratio,
        hasLargest ? (double) c.largestBytes() : Double.NaN,
        hasLargest ? (double) m.largestBytes() : Double.NaN,
        largestRatio,
        verdict);
  }

  /** The smallest scale of the collection's busiest blocks (1 when none was scaled). */
  private static double busiestScale(CollectionLoad load) {
    return load.blocks.stream()
        .filter(b -> b.role().equals("busiest"))
        .mapToDouble(CollectionLoad.Block::scale)
        .min()
        .orElse(1);
  }

  static final List<String> COLUMNS =
      List.of(
          "collection",
          "keyplan_documents",
          "loaded",
          "counted",
          "busiest_scale",
          "keyplan_typical_bytes",
          "generated_avg_bytes",
          "bsonsize_avg_bytes",
          "ratio",
          "keyplan_largest_bytes",
          "bsonsize_largest_bytes",
          "largest_ratio",
          "verdict");

  private static boolean near(double ratio) {
    return !Double.isNaN(ratio) && Math.abs(ratio - 1) <= TOLERANCE_PERCENT / 100.0;
  }
}
