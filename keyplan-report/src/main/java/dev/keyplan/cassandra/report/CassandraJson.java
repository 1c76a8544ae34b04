package dev.keyplan.cassandra.report;

import static dev.keyplan.report.JsonFields.number;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.keyplan.cassandra.design.BucketAdvice;
import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.design.CassandraHeat;
import dev.keyplan.cassandra.design.CassandraPlan;
import dev.keyplan.cassandra.design.CassandraSizing;
import dev.keyplan.cassandra.design.ConsistencyCheck;
import dev.keyplan.cassandra.design.PartitionSize;
import dev.keyplan.workload.CompositeKey;
import java.io.IOException;

/**
 * A Cassandra or ScyllaDB analysis in {@code check --format json}: its patterns, tables and
 * consistency (docs/output.md).
 */
public final class CassandraJson {
  private CassandraJson() {}

  static void pattern(JsonGenerator g, CassandraAnalysis a, CassandraPlan p) throws IOException {
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
    number(g, "partitionsRead", p.partitions().typical());
    number(g, "partitionsReadBusiest", p.partitions().busiest());
    number(g, "rowsRead", p.rows().typical());
    number(g, "rowsReadBusiest", p.rows().busiest());
    g.writeArrayFieldStart("notes");
    for (String n : p.notes()) {
      g.writeString(n);
    }
    g.writeEndArray();
    g.writeEndObject();
  }

  static void table(JsonGenerator g, CassandraAnalysis a, CassandraSizing s) throws IOException {
    g.writeStartObject();
    g.writeStringField("store", a.store().id());
    g.writeStringField("name", s.table());
    g.writeStringField("entity", a.table(s.table()).map(t -> t.entity().name()).orElse(""));
    number(g, "rows", s.rows());
    number(g, "partitionCount", s.partitions());
    number(g, "bytes", s.tableBytes());
    g.writeObjectFieldStart("partitions");
    size(g, "typical", s.typical());
    size(g, "busiest", s.busiest());
    g.writeEndObject();
    g.writeNumberField("bucketSeconds", s.windowSeconds());
    g.writeBooleanField("unbounded", s.unbounded());
    if (s.partitionKey().assumption() != CompositeKey.Assumption.ONE_ATTRIBUTE) {
      // What a partition key of several attributes' figures rest on: "independent" or "stated".
      g.writeObjectFieldStart("partitionKey");
      g.writeArrayFieldStart("attributes");
      for (String k : s.partitionKey().attributes()) {
        g.writeString(k);
      }
      g.writeEndArray();
      g.writeStringField(
          "assumption",
          s.partitionKey().assumption() == CompositeKey.Assumption.INDEPENDENT
              ? "independent"
              : "stated");
      g.writeStringField("says", s.partitionKey().text());
      g.writeEndObject();
    }
    if (!s.partitionKey().windows().isEmpty()) {
      // What a busiest rate bounded by for: holds: "busiest post_id: 300/s for 1d = 25,920,000".
      g.writeArrayFieldStart("busiestWindows");
      for (String w : s.partitionKey().windows()) {
        g.writeString(w);
      }
      g.writeEndArray();
    }
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

  static void consistency(JsonGenerator g, CassandraAnalysis a, ConsistencyCheck c)
      throws IOException {
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

  private static void size(JsonGenerator g, String name, PartitionSize p) throws IOException {
    g.writeObjectFieldStart(name);
    number(g, "rows", p.rows());
    number(g, "values", p.values());
    number(g, "bytes", p.bytes());
    number(g, "dataBytes", p.dataBytes());
    number(g, "diskBytes", p.diskBytes());
    g.writeEndObject();
  }
}
