package dev.keyplan.cassandra.cql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.input.Location;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Replica counts per strategy. */
final class CqlKeyspaceTest {

  @Test
  void networkTopology_replicationFactorShorthand_appliesToUnlistedDataCentres() {
    Map<String, Integer> replication = new LinkedHashMap<>();
    replication.put("replication_factor", 3);
    replication.put("dc2", 1);
    CqlKeyspace ks =
        new CqlKeyspace("ks", "NetworkTopologyStrategy", replication, true, Location.NONE);

    assertThat(ks.replicasIn("dc1")).isEqualTo(3);
    assertThat(ks.replicasIn("dc2")).isEqualTo(1);
    assertThat(ks.totalReplicas()).isEqualTo(1);
  }

  @Test
  void networkTopology_onlyShorthand_totalIsTheFactor() {
    CqlKeyspace ks =
        new CqlKeyspace(
            "ks", "NetworkTopologyStrategy", Map.of("replication_factor", 3), true, Location.NONE);

    assertThat(ks.totalReplicas()).isEqualTo(3);
  }

  @Test
  void otherStrategy_noFactors_zeroReplicasKnown() {
    CqlKeyspace ks = new CqlKeyspace("system", "LocalStrategy", Map.of(), true, Location.NONE);

    assertThat(ks.totalReplicas()).isZero();
    assertThat(ks.replicasIn("dc1")).isZero();
  }

  @Test
  void replication_copied_keepsInsertionOrder() {
    Map<String, Integer> replication = new LinkedHashMap<>();
    replication.put("z", 1);
    replication.put("a", 2);
    CqlKeyspace ks =
        new CqlKeyspace("ks", "NetworkTopologyStrategy", replication, true, Location.NONE);
    replication.put("b", 3);

    assertThat(ks.replication().keySet()).containsExactly("z", "a");
  }
}
