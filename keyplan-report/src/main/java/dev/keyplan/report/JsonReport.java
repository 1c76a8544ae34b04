package dev.keyplan.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.keyplan.cassandra.design.BoundTable;
import dev.keyplan.cassandra.design.BucketAdvice;
import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.design.CassandraHeat;
import dev.keyplan.cassandra.design.CassandraPlan;
import dev.keyplan.cassandra.design.CassandraSizing;
import dev.keyplan.cassandra.design.ConsistencyCheck;
import dev.keyplan.cassandra.design.PartitionSize;
import dev.keyplan.cassandra.design.Sizer;
import dev.keyplan.check.CheckResult;
import dev.keyplan.check.Finding;
import dev.keyplan.check.Severity;
import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.report.DynamoDbJson;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.report.MongoDbJson;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;

/**
 * The JSON form of {@code keyplan check}. Its shape is documented in docs/output.md and stable:
 * fields are added, never renamed or removed. Unknown numbers are {@code null}.
 */
public final class JsonReport {
  private JsonReport() {}

  /** Returns the report as pretty-printed JSON with a trailing newline. */
  public static String render(CheckResult result) {
    var w = new StringWriter();
    try (JsonGenerator g = new JsonFactory().createGenerator(w)) {
      g.useDefaultPrettyPrinter();
      g.writeStartObject();
      g.writeStringField("model", result.model().name());
      g.writeStringField("file", result.model().file());
      g.writeNumberField("horizonSeconds", result.model().horizonSeconds());
      g.writeArrayFieldStart("patterns");
      result.analysis(CassandraAnalysis.class).ifPresent(a -> a.plans().forEach(p -> unchecked(() -> pattern(g, a, p))));
      result.analysis(DynamoDbAnalysis.class).ifPresent(a -> a.plans().forEach(p -> unchecked(() -> DynamoDbJson.pattern(g, a, p))));
      result.analysis(MongoDbAnalysis.class).ifPresent(a -> a.plans().forEach(p -> unchecked(() -> MongoDbJson.pattern(g, a, p))));
      g.writeEndArray();
      g.writeArrayFieldStart("tables");
      result.analysis(CassandraAnalysis.class).ifPresent(a -> a.sizing().values().forEach(s -> unchecked(() -> table(g, a, s))));
      result.analysis(DynamoDbAnalysis.class).ifPresent(a -> a.tables().forEach(t -> unchecked(() -> DynamoDbJson.table(g, a, t))));
      result.analysis(MongoDbAnalysis.class).ifPresent(a -> a.collections().forEach(c -> unchecked(() -> MongoDbJson.collection(g, a, c))));
      g.writeEndArray();
      g.writeArrayFieldStart("heat");
      result.analysis(DynamoDbAnalysis.class).ifPresent(a -> a.heat().forEach(h -> unchecked(() -> DynamoDbJson.heat(g, a, h))));
      g.writeEndArray();
      g.writeArrayFieldStart("shards");
      result.analysis(MongoDbAnalysis.class).ifPresent(a -> a.shards().forEach(x -> unchecked(() -> MongoDbJson.shard(g, a, x))));
      g.writeEndArray();
      g.writeArrayFieldStart("relationships");
      result.analysis(MongoDbAnalysis.class).ifPresent(a -> a.relationships().forEach(x -> unchecked(() -> MongoDbJson.relationship(g, a, x))));
      g.writeEndArray();
      g.writeArrayFieldStart("costs");
      if (result.analysis(DynamoDbAnalysis.class).isPresent()) {
        DynamoDbJson.costs(g, result.analysis(DynamoDbAnalysis.class).get());
      }
      g.writeEndArray();
      g.writeArrayFieldStart("consistency");
      result.analysis(CassandraAnalysis.class).ifPresent(a -> a.consistency().forEach(c -> unchecked(() -> consistency(g, a, c))));
      g.writeEndArray();
      g.writeArrayFieldStart("findings");
      for (Finding f : result.findings()) {
        finding(g, f);
      }
      g.writeEndArray();
      g.writeObjectFieldStart("summary");
      g.writeNumberField("errors", result.count(Severity.ERROR));
      g.writeNumberField("warnings", result.count(Severity.WARNING));
      g.writeNumberField("infos", result.count(Severity.INFO));
      g.writeEndObject();
      g.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return w + "\n";
  }

  private interface IoAction {
    void run() throws IOException;
  }

  private static void unchecked(IoAction a) {
    try {
      a.run();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void pattern(JsonGenerator g, CassandraAnalysis a, CassandraPlan p) throws IOException {
    g.writeStartObject();
    g.writeStringField("id", p.pattern().id());
    g.writeStringField("store", a.store().id());
    g.writeNumberField("ratePerSecond", p.pattern().ratePerSecond());
    if (p.tables().isEmpty()) {
      g.writeNullField("servedBy");
    } else {
      g.writeStringField("servedBy", p.tables().get(0));
    }
    g.writeArrayFieldStart("tables");
    for (String t : p.tables()) {
      g.writeString(t);
    }
    g.writeEndArray();
    g.writeStringField("access", p.access().id());
    number(g, "partitionsRead", p.partitionsTypical());
    number(g, "partitionsReadBusiest", p.partitionsBusiest());
    number(g, "rowsRead", p.rowsTypical());
    number(g, "rowsReadBusiest", p.rowsBusiest());
    g.writeArrayFieldStart("notes");
    for (String n : p.notes()) {
      g.writeString(n);
    }
    g.writeEndArray();
    g.writeEndObject();
  }

  private static void table(JsonGenerator g, CassandraAnalysis a, CassandraSizing s) throws IOException {
    g.writeStartObject();
    g.writeStringField("store", a.store().id());
    g.writeStringField("name", s.table());
    g.writeStringField("entity", a.table(s.table()).map(t -> t.entity().name()).orElse(""));
    number(g, "rows", s.rows());
    number(g, "partitionCount", s.partitions());
    Optional<BoundTable> bound = a.table(s.table());
    number(g, "bytes", bound.map(t -> Sizer.table(t, s)).orElse(Double.NaN));
    g.writeObjectFieldStart("partitions");
    size(g, "typical", s.typical());
    size(g, "busiest", s.busiest());
    g.writeEndObject();
    g.writeNumberField("bucketSeconds", s.windowSeconds());
    g.writeBooleanField("unbounded", s.unbounded());
    if (s.advice().isPresent()) {
      BucketAdvice b = s.advice().get();
      g.writeObjectFieldStart("bucketAdvice");
      if (b.chosen().isPresent()) {
        g.writeNumberField("chosenSeconds", b.chosen().get().windowSeconds());
      } else {
        g.writeNullField("chosenSeconds");
      }
      g.writeArrayFieldStart("options");
      for (BucketAdvice.Option o : b.options()) {
        g.writeStartObject();
        g.writeNumberField("seconds", o.windowSeconds());
        size(g, "busiest", o.busiest());
        number(g, "latestReadPartitions", o.latestReadPartitions());
        g.writeBooleanField("fits", o.fits());
        g.writeEndObject();
      }
      g.writeEndArray();
      g.writeEndObject();
    }
    CassandraHeat h = a.heat().get(s.table());
    if (h != null) {
      g.writeObjectFieldStart("heat");
      number(g, "writesPerSecond", h.writesPerSecond());
      number(g, "readsPerSecond", h.readsPerSecond());
      number(g, "replicaLoadPerSecond", h.replicaLoad());
      number(g, "budgetPerSecond", h.budget());
      g.writeEndObject();
    }
    g.writeEndObject();
  }

  private static void consistency(JsonGenerator g, CassandraAnalysis a, ConsistencyCheck c) throws IOException {
    g.writeStartObject();
    g.writeStringField("pattern", c.pattern().id());
    g.writeStringField("store", a.store().id());
    g.writeStringField("level", c.level());
    g.writeNumberField("replicas", c.replicas());
    g.writeNumberField("replicationFactor", c.replicationFactor());
    g.writeBooleanField("readsOverlapWrites", c.overlapsWrites());
    g.writeNumberField("paxosRoundTrips", c.paxosRoundTrips());
    g.writeArrayFieldStart("remaining");
    for (String r : c.remaining()) {
      g.writeString(r);
    }
    g.writeEndArray();
    g.writeEndObject();
  }

  private static void finding(JsonGenerator g, Finding f) throws IOException {
    g.writeStartObject();
    g.writeStringField("rule", f.rule());
    g.writeStringField("severity", f.severity().word());
    g.writeStringField("store", f.store());
    g.writeStringField("target", f.target());
    g.writeStringField("message", f.message());
    g.writeStringField("fix", f.fix());
    g.writeObjectFieldStart("location");
    g.writeStringField("file", f.location().file());
    g.writeNumberField("line", f.location().line());
    g.writeNumberField("column", f.location().column());
    g.writeEndObject();
    g.writeEndObject();
  }

  private static void size(JsonGenerator g, String name, PartitionSize p) throws IOException {
    g.writeObjectFieldStart(name);
    number(g, "rows", p.rows());
    number(g, "values", p.values());
    number(g, "bytes", p.bytes());
    number(g, "dataBytes", p.dataBytes());
    g.writeEndObject();
  }

  /** Writes {@code name} as the text of {@code v}, or null when there is none. */
  public static void text(JsonGenerator g, String name, Optional<String> v) throws IOException {
    if (v.isPresent()) {
      g.writeStringField(name, v.get());
    } else {
      g.writeNullField(name);
    }
  }

  /** Writes {@code name} as an array of strings. */
  public static void strings(JsonGenerator g, String name, List<String> values) throws IOException {
    g.writeArrayFieldStart(name);
    for (String v : values) {
      g.writeString(v);
    }
    g.writeEndArray();
  }

  public static void number(JsonGenerator g, String name, double v) throws IOException {
    g.writeFieldName(name);
    numberValue(g, v);
  }

  /** Writes {@code v} as a whole number when it is one, else with six significant digits; null for NaN. */
  static void numberValue(JsonGenerator g, double v) throws IOException {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      g.writeNull();
    } else if (v == Math.rint(v) && Math.abs(v) < 9e15) {
      g.writeNumber((long) v);
    } else {
      // Six significant digits: enough for any figure printed, and small rates do not round to 0.
      g.writeNumber(new java.math.BigDecimal(v).round(new java.math.MathContext(6)).doubleValue());
    }
  }
}
