package dev.keyplan.cassandra.design;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * Partition sizing by the Apache Cassandra docs' formulas, on the cases that are easy to get wrong.
 */
final class SizerTest {
  private static CassandraAnalysis analyse(String entity, String extra, String cql) {
    String model =
        """
        model: m
        horizon: 30d
        entities:
        %s
        patterns:
          - id: w
            rate: 10/s
            insert: E
        cassandra:
          schema: unused.cql
        %s
        """
            .formatted(entity, extra);
    return RuleTester.withoutRule()
        .model(model)
        .cql(
            "CREATE KEYSPACE k WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3};\n"
                + cql)
        .analysis();
  }

  @Test
  void collection_sizeIsPerElement_andEachElementIsACell() {
    // 1,000 rows in 10 partitions: 100 rows each. tags: 5 elements × 10 B = 50 B and 5 cells.
    // S_t = 16 (user_id) + 100 × (16 post_id + 50) + 100 × 5 cells × 8 = 16 + 6,600 + 4,000 =
    // 10,616 B.
    var a =
        analyse(
            """
          E:
            attributes:
              user_id: uuid
              post_id: uuid
              tags: {type: set<text>, size: 10B, items: 5}
            count: 1k
            spread:
              user_id: {distinct: 10}
        """,
            "",
            "CREATE TABLE k.posts (user_id uuid, post_id uuid, tags set<text>, PRIMARY KEY (user_id, post_id));");
    var typical = a.sizing().get("posts").typical();
    assertThat(typical.rows()).isEqualTo(100);
    assertThat(typical.values()).isEqualTo(500);
    assertThat(typical.bytes()).isEqualTo(10_616);
  }

  @Test
  void table_isTheSumOfItsPartitions_evenWhenSkewed() {
    // 1,000 rows over 10 users, one of them with half the rows (a skewed spread). S_t is linear in
    // rows, so the table is 10 × S_t(0) + 1,000 × rowBytes = 10 × 16 + 1,000 × (16 + 50 + 5 × 8)
    // = 160 + 106,000 = 106,160 B on one replica, however the rows fall.
    var a =
        analyse(
            """
          E:
            attributes:
              user_id: uuid
              post_id: uuid
              tags: {type: set<text>, size: 10B, items: 5}
            count: 1k
            spread:
              user_id: {distinct: 10, busiest: 50%}
        """,
            "",
            "CREATE TABLE k.posts (user_id uuid, post_id uuid, tags set<text>, PRIMARY KEY (user_id, post_id));");
    BoundTable t = a.table("posts").orElseThrow();
    CassandraSizing s = a.sizing().get("posts");
    assertThat(s.busiest().rows()).isEqualTo(500);
    assertThat(Sizer.table(t, s.partitions(), s.rows())).isEqualTo(106_160);
    // The analysis holds the same figure, computed once by the sizer.
    assertThat(s.tableBytes()).isEqualTo(106_160);
    // The one write pattern writes this copy.
    assertThat(a.writesInto("posts")).extracting(p -> p.pattern().id()).containsExactly("w");
  }

  @Test
  void keyThatIdentifiesTheRow_holdsOneRow_whateverTheTraffic() {
    // sku is the entity's key: 5% of the traffic is still one row of 8 B key + 4 B qty + 8 B.
    var a =
        analyse(
            """
          E:
            attributes:
              sku: bigint
              qty: int
            key: [sku]
            count: 100k
            spread:
              sku: {distinct: 100k, busiest: 5%}
        """,
            "", "CREATE TABLE k.stock (sku bigint PRIMARY KEY, qty int);");
    var busiest = a.sizing().get("stock").busiest();
    assertThat(busiest.rows()).isEqualTo(1);
    assertThat(busiest.bytes()).isEqualTo(8 + 4 + 8);
  }

  @Test
  void bucketWiderThanTheHorizon_fillsOnlyForTheHorizon() {
    // Busiest key: 5 of 10 rows/s; a 1-year bucket over a 30-day horizon holds 5 × 2,592,000 rows.
    var a =
        analyse(
            """
          E:
            attributes:
              device: bigint
              ts: {type: timestamp, time_ordered: true}
            growth: 10/s
            spread:
              device: {distinct: 2, busiest: 5/s}
        """,
            """
          derived:
            readings.year: {window: 1y, of: ts}
        """,
            "CREATE TABLE k.readings (device bigint, year int, ts timestamp, PRIMARY KEY ((device, year), ts));");
    assertThat(a.sizing().get("readings").busiest().rows()).isEqualTo(12_960_000);
  }

  @Test
  void existingRowsSitInTheirBuckets_soTheTypicalPartitionIsNeverLargerThanTheBusiest() {
    // 3M readings exist, none added (growth 0), over 100 devices in 1-day buckets. Over the 30-day
    // lifetime that is 100 × 30 = 3,000 partitions of 1,000 rows; the busiest device (uniform, 1%)
    // holds 1% × 3M / 30 = 1,000 rows a day too. Before, the busiest bucket was sized from the
    // growth alone: 0 rows, under the typical 1,000.
    var a =
        analyse(
            """
          E:
            attributes:
              device: bigint
              ts: {type: timestamp, time_ordered: true}
            count: 3M
            spread:
              device: {distinct: 100}
        """,
            """
          derived:
            readings.day: {window: 1d, of: ts}
        """,
            "CREATE TABLE k.readings (device bigint, day date, ts timestamp, PRIMARY KEY ((device, day), ts));");
    var s = a.sizing().get("readings");
    assertThat(s.typical().rows()).isEqualTo(1_000);
    assertThat(s.busiest().rows()).isEqualTo(1_000);
  }

  @Test
  void diskBytes_areTheSstableFootprint_ofWritesSpreadOverTheRowsLifetime() {
    // 10 rows/s, one per partition (the key is the row's), TTL 1h < horizon 30d: the writes a
    // partition's
    // sstable holds span the 3,600 s the rows live, so timestamp deltas are uniform over 0 to
    // 3.6e9 µs and expiry deltas over 0 to 3,600 s. Mean vint widths (7 payload bits a byte):
    //   timestamp: (1×128 + 2×16,256 + 3×2,080,768 + 4×266,338,304 + 5×3,331,564,544) / 3.6e9
    //              = 4.92485 B
    //   expiry:    (1×128 + 2×3,472) / 3,600 = 1.96444 B
    // Partition: 2 + 4 (int key alone) + 12 deletion = 18; row: 1 flags + 1 vint(body + prev) +
    // 1 vint(prev 18) + body (4.92485 timestamp + 1 TTL delta + 1.96444 expiry + 1 cell flags + 4
    // int) = 15.88929; + 1 end of partition: 34.88929 B. The docs' formula: 4 + 4 + 8 = 16 B.
    var a =
        analyse(
            """
          E:
            attributes:
              id: int
              v: int
            key: [id]
            growth: 10/s
        """,
            "",
            "CREATE TABLE k.kv (id int PRIMARY KEY, v int) WITH default_time_to_live = 3600;");
    var typical = a.sizing().get("kv").typical();
    assertThat(typical.rows()).isEqualTo(1);
    assertThat(typical.bytes()).isEqualTo(16);
    assertThat(typical.diskBytes())
        .isCloseTo(34.88929, org.assertj.core.api.Assertions.within(1e-4));
  }
}
