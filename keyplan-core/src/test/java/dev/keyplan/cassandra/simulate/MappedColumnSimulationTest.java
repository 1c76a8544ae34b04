package dev.keyplan.cassandra.simulate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.ring.Murmur3Token;
import dev.keyplan.check.RuleTester;
import dev.keyplan.simulate.Progress;
import dev.keyplan.simulate.SimulationSettings;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Simulate keys a table's partitions by the attribute each key column holds, as the analysis binds
 * it: a column {@code id} that the model maps to {@code hotel_id} ({@code tables: {hotels: {entity:
 * Hotel, columns: {id: hotel_id}}}}) is spread as {@code hotel_id} is. Before, simulate matched key
 * columns to attributes by their raw names, found no attribute {@code id}, ignored the pattern's
 * {@code spread:} on {@code hotel_id} and spread the reads evenly (the busiest hotel at 1 request/s
 * instead of 100, named {@code id-547}).
 */
class MappedColumnSimulationTest {
  private static final String MODEL =
      """
      model: hotels
      horizon: 1y
      entities:
        Hotel:
          attributes:
            hotel_id: {type: text, size: 10B}
            name: {type: text, size: 30B}
          key: [hotel_id]
          count: 1k
          spread:
            hotel_id: {distinct: 1k}
      patterns:
        - id: hotel-by-id
          rate: 1k/s
          query: Hotel where hotel_id = ?
          spread:
            hotel_id: {busiest: 10%}
      cassandra:
        schema: unused.cql
        consistency: {read: LOCAL_ONE}
        tables:
          hotels: {entity: Hotel, columns: {id: hotel_id}}
      """;

  private static final String CQL =
      """
      CREATE KEYSPACE hotel WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
      CREATE TABLE hotel.hotels (id text PRIMARY KEY, name text);
      """;

  @Test
  void aKeyColumnMappedToAnAttribute_isSpreadAsThatAttribute() {
    CassandraAnalysis a = RuleTester.withoutRule().model(MODEL).cql(CQL).analysis();
    CassandraRun run =
        CassandraSimulator.run(
            a,
            CassandraSetup.defaults(),
            SimulationSettings.of(1, 600, SimulationSettings.Mode.AGGREGATE),
            Optional.empty(),
            Progress.NONE);
    CassandraRun.PartitionStats hottest = run.hottest().get(0);
    // The busiest hotel is hotel_id's busiest value (the pattern's spread, 10% of its reads), named
    // after the attribute;
    // its token is the column's: the text 'hotel_id-1' (KeyTokens: a text key holds the name).
    assertEquals("hotel_id-1", hottest.key());
    assertEquals(
        Murmur3Token.token("hotel_id-1".getBytes(StandardCharsets.UTF_8)), hottest.token());
    // 1,000 reads/s × 10% = 100/s on its partition; LOCAL_ONE asks 1 of its 3 replicas, spread
    // evenly: 100 / 3 = 33.3 reads/s on each. Poisson over 600 s: σ of the mean ≈ √60,000 / 600 =
    // 0.4/s of 100, so 2% is ample.
    assertEquals(100.0 / 3, hottest.opsPerReplica(), 100.0 / 3 * 0.02);
  }
}
