package dev.keyplan.cassandra.simulate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keyplan.cassandra.design.CassandraAnalyzer;
import dev.keyplan.cassandra.design.PartitionSize;
import dev.keyplan.cassandra.ring.Murmur3Token;
import dev.keyplan.cassandra.ring.PartitionKeyCodec;
import dev.keyplan.cassandra.simulate.CassandraRun.NodeStats;
import dev.keyplan.cassandra.simulate.CassandraRun.PartitionStats;
import dev.keyplan.model.Model;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Seed 004, worked scenario 1, replayed for an hour on 6 nodes in 3 racks, RF 3 (examples/
 * discord-general*.yaml): #general holds 50 M of 2 B messages (2.5%), gets 2.5% of 127 writes/s
 * (3.175/s) and of 5,000 reads/s (125/s, LOCAL_QUORUM: 2 of its 3 replicas each).
 */
class DiscordScenarioTest {
  private static final double GENERAL = 0.025;
  private static final long HOUR = 3_600;

  /** Bytes per row as keyplan check sizes this table: the typical partition's S_t over its N_r. */
  private static double bytesPerRow(Model m) {
    PartitionSize typical = CassandraAnalyzer.analyze(m).sizing().get("messages").typical();
    return typical.bytes() / typical.rows();
  }

  @Test
  void before_generalIsOneHugePartition_onThreeReplicas() {
    Model m = CassandraScenarios.example("discord-general.yaml");
    CassandraRun run = CassandraScenarios.run(m, CassandraSetup.defaults(), HOUR);
    PartitionStats general = run.hottest().get(0);
    assertEquals("channel_id-1", general.key());
    assertEquals(3, general.replicas().size());
    // Rows after the hour: 2.5% of (2 B + 127/s × 3,600 s) = 50,011,430; × the row size (≈ 72 B).
    double rows = GENERAL * (2e9 + 127 * HOUR);
    assertEquals(rows * bytesPerRow(m), general.bytes(), 1);
    assertTrue(
        general.bytes() > 3.5e9, "about 3.6 GB, 36× the 100 MB guideline: " + general.bytes());
    // Each replica: 125 reads/s × 2 of 3 = 83.3/s, plus every write, 3.175/s: 86.5/s (Poisson:
    // ±2%).
    assertEquals(125 * 2.0 / 3 + 127 * GENERAL, general.opsPerReplica(), 86.5 * 0.02);
    // Its replicas carry it on top of their share of the ring. Cassandra's allocator leaves the
    // nodes' shares about 3% apart (std-dev, 6 nodes of 16 tokens, FidelityAllocatorTest), about
    // 2 GB of these 72 GB nodes, so a single replica may hold less than another node; on average
    // the three replicas hold more than the other three by most of the partition's 3.6 GB.
    double replicasMean =
        run.nodes().stream()
            .filter(n -> general.replicas().contains(n.name()))
            .mapToDouble(NodeStats::bytes)
            .average()
            .orElseThrow();
    double othersMean =
        run.nodes().stream()
            .filter(n -> !general.replicas().contains(n.name()))
            .mapToDouble(NodeStats::bytes)
            .average()
            .orElseThrow();
    assertTrue(
        replicasMean - othersMean > general.bytes() / 2,
        replicasMean + " - " + othersMean + " > half of " + general.bytes());
    assertTrue(
        run.result()
            .findings()
            .get(0)
            .startsWith(
                "largest partition messages/channel_id-1: 3.6 GB, 36.0× the 100 MB guideline"),
        run.result().findings().get(0));
  }

  @Test
  void after_weekBuckets_capThePartition_butItsReadsStayOnOneWeek() {
    Model before = CassandraScenarios.example("discord-general.yaml");
    Model after = CassandraScenarios.example("discord-general-weeks.yaml");
    CassandraRun b = CassandraScenarios.run(before, CassandraSetup.defaults(), HOUR);
    CassandraRun a = CassandraScenarios.run(after, CassandraSetup.defaults(), HOUR);
    PartitionStats largest =
        a.hottest().stream().max(Comparator.comparingDouble(PartitionStats::bytes)).orElseThrow();
    // A full week of #general: 3.175/s × 604,800 s = 1,920,240 rows.
    assertEquals(127 * GENERAL * 604_800 * bytesPerRow(after), largest.bytes(), 1);
    double largestBefore = b.hottest().get(0).bytes();
    assertTrue(
        largestBefore / largest.bytes() > 25,
        "the largest partition shrinks 26-fold: " + largestBefore / largest.bytes());
    // The weeks are partitions of their own, spread over the ring: more than three nodes hold one.
    long holders = a.hottest().stream().flatMap(p -> p.replicas().stream()).distinct().count();
    assertEquals(6, holders);
    // The heat is not the fix's business: the current week takes every #general read and write.
    PartitionStats busiest = a.hottest().get(0);
    assertTrue(busiest.key().startsWith("channel_id-1:week_bucket "), busiest.key());
    assertEquals(b.hottest().get(0).opsPerReplica(), busiest.opsPerReplica(), 86.5 * 0.03);
    // The clock starts at the data's age, 2 B / 127 per s = 15,748,031 s, in week 26 (÷ 604,800);
    // the
    // partition's token is the one `keyplan cassandra token --type bigint,int 1 26` prints.
    assertEquals("channel_id-1:week_bucket 26", busiest.key());
    assertEquals(
        Murmur3Token.token(PartitionKeyCodec.encode(List.of("bigint", "int"), List.of("1", "26"))),
        busiest.token());
  }
}
