package dev.keyplan.cassandra.simulate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.design.CassandraAnalyzer;
import dev.keyplan.cassandra.design.ClusterCapacity;
import dev.keyplan.cassandra.simulate.CassandraRun.NodeStats;
import dev.keyplan.check.RuleTester;
import dev.keyplan.model.Model;
import dev.keyplan.simulate.Progress;
import dev.keyplan.simulate.SimulationSettings;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@code check}'s cluster capacity and {@code simulate}'s run agree on the mean node (issue 15 §5:
 * simulate put the IoT example at 189.6% of its budget on its busiest node while check's heat table
 * said 0.0056%, the busiest partition's share). Check counts the replica operations simulate
 * applies, in expectation; simulate draws the heavy keys' requests from a Poisson law with seed 1,
 * so over an hour its mean node is within 1% of check's figure: each node sees about 5,000 × 3,600
 * operations, whose Poisson noise is far below 1%, and the tail is applied by expectation.
 */
class CheckSimulateAgreementTest {
  private static final long HOUR = 3_600;

  private static void agree(String example) {
    agree(example, CassandraAnalyzer.analyze(CassandraScenarios.example(example)));
  }

  private static void agree(String example, CassandraAnalysis a) {
    CassandraRun run =
        CassandraSimulator.run(
            a,
            CassandraSetup.defaults(a.design().nodes()),
            SimulationSettings.of(1, HOUR, SimulationSettings.Mode.AGGREGATE),
            Optional.empty(),
            Progress.NONE);
    ClusterCapacity c = a.cluster();
    assertEquals(c.nodes(), run.nodes().size(), example + ": the same cluster");
    double simulated =
        run.nodes().stream().mapToDouble(NodeStats::replicaOps).average().orElseThrow();
    assertEquals(c.simulatedPerNode(), simulated, c.simulatedPerNode() * 0.01, example);
    double coordinated =
        run.nodes().stream().mapToDouble(NodeStats::coordinatorOps).average().orElseThrow();
    // Requests coordinated: within 3%. Simulate counts a heavy key's requests in one second as
    // min(its Poisson draw, their mean), which is low by E[(N - λ)+]: for books.yaml's 30 genres
    // (λ = 300/s × each genre's share, 36/s for the busiest) that is 2% of every request.
    assertEquals(c.coordinatorPerNode(), coordinated, c.coordinatorPerNode() * 0.03, example);
  }

  /**
   * examples/sensors.yaml on its 6 nodes, RF 3: 10,000 writes/s × 3 replicas + 2,000 reads/s × 1
   * replica (LOCAL_ONE, one day's partition) = 32,000 replica operations/s, 5,333/s per node;
   * 12,000 requests/s coordinated, 2,000/s per node.
   */
  @Test
  void sensors_meanNodeLoadIsTheSame() {
    Model m = CassandraScenarios.example("sensors.yaml");
    ClusterCapacity c = CassandraAnalyzer.analyze(m).cluster();
    assertEquals(32_000.0 / 6, c.simulatedPerNode(), 1e-6);
    assertEquals(2_000, c.coordinatorPerNode(), 1e-6);
    agree("sensors.yaml");
  }

  /** The Discord channel: one heavy channel, reads at LOCAL_QUORUM, a bucket walk after. */
  @Test
  void discord_meanNodeLoadIsTheSame() {
    agree("discord-general.yaml");
    agree("discord-general-weeks.yaml");
  }

  /** The chat example (a join, several tables) and the order example. */
  @Test
  void chatAndOrders_meanNodeLoadIsTheSame() {
    agree("chat.yaml");
    agree("orders.yaml");
    agree("inbox.yaml");
    agree("books.yaml");
  }

  /**
   * Reads through an SAI index: check counts ⌈6 / 3⌉ = 2 replica sets × 2 replicas (LOCAL_QUORUM) =
   * 4 replica reads per request (Fanout.rangeRead), and simulate applies the same 4 over the nodes
   * by the ring they replicate. 10 reads/s × 4 / 6 nodes = 6.67/s per node.
   */
  @Test
  void indexReads_meanNodeLoadIsTheSame() {
    CassandraAnalysis a =
        RuleTester.withoutRule()
            .model(dev.keyplan.cassandra.design.RangeReadFanoutTest.model("LOCAL_QUORUM"))
            .cql(dev.keyplan.cassandra.design.RangeReadFanoutTest.CQL)
            .analysis();
    assertEquals(40.0 / 6, a.cluster().simulatedPerNode(), 1e-9);
    agree("an SAI read", a);
  }

  /**
   * A write that fans out (CassandraFanOutWriteTest): 200 posts/s × 150 timeline rows × 2 tables ×
   * RF 3 = 180,000 replica writes/s, 30,000/s per node of 6; simulate sends the 150 rows of a
   * request as 150 writes too.
   */
  @Test
  void fanOutWrites_meanNodeLoadIsTheSame() {
    CassandraAnalysis a =
        RuleTester.withoutRule()
            .model(
                dev.keyplan.cassandra.design.CassandraFanOutWriteTest.model(
                    dev.keyplan.cassandra.design.CassandraFanOutWriteTest.FAN_OUT))
            .cql(dev.keyplan.cassandra.design.CassandraFanOutWriteTest.CQL)
            .analysis();
    assertEquals(30_000, a.cluster().simulatedPerNode(), 1e-6);
    agree("a fan-out of 150 rows", a);
  }

  /**
   * Two keyspaces, hotel at RF 3 and reservation at RF 1 (HotelKeyspacesTest): each table's
   * replicas come from its own keyspace in simulate as in check. Replica operations: 200 × 2 + 50 ×
   * 1 reads and 5 × 1 writes = 455/s, 75.8/s per node.
   */
  @Test
  void twoKeyspacesOfDifferentRf_meanNodeLoadIsTheSame() {
    CassandraAnalysis a =
        RuleTester.withoutRule()
            .model(dev.keyplan.cassandra.design.HotelKeyspacesTest.MODEL)
            .cql(dev.keyplan.cassandra.design.HotelKeyspacesTest.CQL_RF_3_AND_1)
            .analysis();
    assertEquals(455.0 / 6, a.cluster().simulatedPerNode(), 1e-9);
    agree("hotel RF 3, reservation RF 1", a);
    CassandraRun run =
        CassandraSimulator.run(
            a,
            CassandraSetup.defaults(a.design().nodes()),
            SimulationSettings.of(1, 600, SimulationSettings.Mode.AGGREGATE),
            Optional.empty(),
            Progress.NONE);
    // The only writes, book's 5/s into reservations, land on the reservation keyspace's one
    // replica: 5 replica writes/s over the cluster (15/s if simulate used the hotel keyspace's RF
    // 3). Almost all of the 1 M reservations are in the tail, applied by expectation.
    assertEquals(5, run.nodes().stream().mapToDouble(NodeStats::replicaWrites).sum(), 0.05);
    // A heavy partition lives on its keyspace's replicas: a hotel on 3, a reservation on 1.
    for (CassandraRun.PartitionStats p : run.hottest()) {
      assertEquals(p.table().equals("hotels") ? 3 : 1, p.replicas().size(), p.key());
    }
    // The settings name each keyspace's replication.
    assertEquals(
        "hotel {'class': 'SimpleStrategy', 'replication_factor': 3}; reservation {'class':"
            + " 'SimpleStrategy', 'replication_factor': 1}",
        run.result().settings().stream()
            .filter(x -> x.name().equals("replication"))
            .findFirst()
            .orElseThrow()
            .value());
  }
}
