package dev.keyplan.cassandra.simulate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keyplan.cassandra.design.CassandraAnalyzer;
import dev.keyplan.cassandra.simulate.CassandraRun.NodeStats;
import dev.keyplan.model.Model;
import dev.keyplan.simulate.SetupException;
import dev.keyplan.simulate.SimulationResult;
import dev.keyplan.simulate.SimulationSettings;
import dev.keyplan.simulate.Trace;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CassandraSimulatorTest {
  private static final Model CHAT = CassandraScenarios.example("chat.yaml");

  @Test
  void theSameSeedGivesTheSameRun_anotherSeedAnotherRing() {
    SimulationResult one = CassandraScenarios.run(CHAT, CassandraSetup.defaults(), 600).result();
    SimulationResult two = CassandraScenarios.run(CHAT, CassandraSetup.defaults(), 600).result();
    assertEquals(one.tables(), two.tables());
    assertEquals(one.findings(), two.findings());
    assertEquals(one.series(), two.series());
    var other =
        CassandraSimulator.run(
                CassandraAnalyzer.analyze(CHAT),
                CassandraSetup.defaults(),
                SimulationSettings.of(2, 600, SimulationSettings.Mode.AGGREGATE),
                Optional.empty(),
                dev.keyplan.simulate.Progress.NONE)
            .result();
    assertNotEquals(one.tables(), other.tables());
  }

  @Test
  void replicaShares_sumToTheReplicationFactor() {
    // RF 3: every token range is on three nodes, so the shares add up to 3 (300% of the ring).
    CassandraRun run = CassandraScenarios.run(CHAT, CassandraSetup.defaults(), 60);
    assertEquals(3, run.nodes().stream().mapToDouble(NodeStats::replicaShare).sum(), 1e-9);
    assertEquals(1, run.nodes().stream().mapToDouble(NodeStats::primaryShare).sum(), 1e-9);
  }

  @Test
  void replicationAwareTokens_evenOwnershipOut_randomOnesDoNot() {
    // 12 nodes × 16 random tokens: each node's share is the sum of 16 gaps of a random ring, whose
    // relative spread is about 1/√16 = 25%; the allocator's effect brings it to a few percent.
    double random =
        spread(
            CassandraScenarios.run(
                CHAT, CassandraScenarios.setup(12, TokenAllocation.RANDOM, 0, List.of()), 60));
    double aware =
        spread(
            CassandraScenarios.run(
                CHAT,
                CassandraScenarios.setup(12, TokenAllocation.REPLICATION_AWARE, 0, List.of()),
                60));
    assertTrue(random > 0.10, "random: " + random);
    assertTrue(aware < 0.03, "replication-aware: " + aware);
  }

  private static double spread(CassandraRun run) {
    double[] s = run.nodes().stream().mapToDouble(NodeStats::replicaShare).toArray();
    double mean = Arrays.stream(s).average().orElseThrow();
    return Math.sqrt(Arrays.stream(s).map(v -> (v - mean) * (v - mean)).average().orElseThrow())
        / mean;
  }

  @Test
  void aJoiningNode_takesItsShare_fromItsRack() {
    // RF 3 in 3 racks puts one replica in each rack. The seventh node joins rack r1 (n1, n4, n7),
    // so
    // it takes a third of r1's copy of the ring: 1/3 × 1/3 = 1/9 (11.1%) of all replica bytes
    // stream to it, and n1 and n4 give up as much between them.
    CassandraRun run =
        CassandraScenarios.run(
            CHAT, CassandraScenarios.setup(6, TokenAllocation.REPLICATION_AWARE, 1, List.of()), 60);
    var m = run.movement().orElseThrow();
    assertEquals(1 / 9.0, m.fractionMoved(), 0.01);
    var joiner = m.perNode().stream().filter(n -> n.node().equals("n7")).findFirst().orElseThrow();
    assertEquals(m.bytesMoved(), joiner.in(), m.bytesMoved() * 1e-9);
    double given =
        m.perNode().stream()
            .filter(n -> n.node().equals("n1") || n.node().equals("n4"))
            .mapToDouble(CassandraRun.NodeMove::out)
            .sum();
    assertEquals(m.bytesMoved(), given, m.bytesMoved() * 1e-6);
  }

  @Test
  void aLeavingNode_hasItsDataStreamedToTheOthers() {
    // n6 shares rack r3 with n3 and holds half of r3's copy: 1/2 × 1/3 = 1/6 of all replica bytes,
    // which stream to n3, the rack's last node.
    CassandraRun run =
        CassandraScenarios.run(
            CHAT,
            CassandraScenarios.setup(6, TokenAllocation.REPLICATION_AWARE, 0, List.of("n6")),
            60);
    var m = run.movement().orElseThrow();
    assertEquals(1 / 6.0, m.fractionMoved(), 0.02);
    var leaver = m.perNode().stream().filter(n -> n.node().equals("n6")).findFirst().orElseThrow();
    assertEquals(m.bytesMoved(), leaver.out(), m.bytesMoved() * 1e-6);
    var n3 = m.perNode().stream().filter(n -> n.node().equals("n3")).findFirst().orElseThrow();
    assertEquals(m.bytesMoved(), n3.in(), m.bytesMoved() * 1e-6);
  }

  @Test
  void exactAndAggregate_agreeOnEveryNodesLoad() {
    SimulationSettings exact = new SimulationSettings(5, 30, 30, SimulationSettings.Mode.EXACT);
    SimulationSettings aggregate =
        new SimulationSettings(5, 30, 30, SimulationSettings.Mode.AGGREGATE);
    CassandraRun e =
        CassandraScenarios.run(CHAT, CassandraSetup.defaults(), exact, Optional.empty());
    CassandraRun a =
        CassandraScenarios.run(CHAT, CassandraSetup.defaults(), aggregate, Optional.empty());
    for (int i = 0; i < a.nodes().size(); i++) {
      double x = a.nodes().get(i).replicaOps();
      assertEquals(x, e.nodes().get(i).replicaOps(), x * 0.02, a.nodes().get(i).name());
    }
  }

  @Test
  void aTrace_putsItsKeysOnTheirReplicas() {
    // Three writes of 1,000 B to channel 1 and one read: its three replicas get 3,000 B each.
    Trace t =
        Trace.parse(
            "t.csv",
            "time,operation,key,size\n0,write,1,1000\n0.5,write,1,1000\n1,read,1,0\n2,write,1,1000\n");
    CassandraRun run =
        CassandraScenarios.run(
            CHAT,
            CassandraSetup.defaults(),
            SimulationSettings.of(1, 10, SimulationSettings.Mode.AGGREGATE),
            Optional.of(t));
    long holding = run.nodes().stream().filter(n -> n.bytes() == 3000).count();
    assertEquals(3, holding);
    assertEquals(9000, run.nodes().stream().mapToDouble(NodeStats::bytes).sum());
    assertEquals("1", run.hottest().get(0).key());
  }

  @Test
  void scylla_theBusiestShardCarriesAtLeastItsNodesShare() {
    Model scylla = CassandraScenarios.example("chat-scylla.yaml");
    CassandraRun run = CassandraScenarios.run(scylla, CassandraSetup.defaults(), 60);
    for (NodeStats n : run.nodes()) {
      assertTrue(n.busiestShardOps() >= n.replicaOps() / 8 - 1e-6, n.name());
    }
  }

  @Test
  void settingsTheClusterCannotHonour_areNamed() {
    CassandraSetup d = CassandraSetup.defaults();
    var unknownDc =
        new CassandraSetup(
            6,
            d.datacenters(),
            3,
            16,
            d.allocation(),
            Optional.of(Map.of("us-east", 3)),
            Optional.empty(),
            Optional.empty(),
            0,
            List.of(),
            0);
    var e = assertThrows(SetupException.class, () -> CassandraScenarios.run(CHAT, unknownDc, 10));
    assertEquals(
        "replication names datacenter us-east, which the cluster does not have (datacenters: dc1)",
        e.getMessage());
    var ghost = CassandraScenarios.setup(6, TokenAllocation.RANDOM, 0, List.of("n9"));
    assertThrows(SetupException.class, () -> CassandraScenarios.run(CHAT, ghost, 10));
    assertThrows(
        IllegalArgumentException.class,
        () ->
            new CassandraSetup(
                6,
                d.datacenters(),
                7,
                16,
                d.allocation(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                0,
                List.of(),
                0));
  }

  @Test
  void aDayAtSeventyThousandOpsPerSecond_runs() {
    // chat.yaml: 50,000 writes/s and 20,000 reads/s, 86,400 s: 6 billion operations, aggregated.
    CassandraRun run = CassandraScenarios.run(CHAT, CassandraSetup.defaults(), 86_400);
    assertEquals(6 * 1_440, run.result().series().rows().size());
    double writes = run.nodes().stream().mapToDouble(NodeStats::replicaWrites).sum();
    assertEquals(50_200 * 3, writes, 50_200 * 3 * 0.01); // every write (and edit) on 3 replicas
  }
}
