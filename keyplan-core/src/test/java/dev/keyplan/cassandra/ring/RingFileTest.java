package dev.keyplan.cassandra.ring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

final class RingFileTest {

  /** The six-node ring of keyplan research notes §4.4 as a ring file. */
  private static final String SIX_NODES =
      """
      replication: {class: NetworkTopologyStrategy, dc1: 3, dc2: 1}
      nodes:
        - {name: n1, dc: dc1, rack: r1, tokens: [-9000000000000000000]}
        - {name: n2, dc: dc1, rack: r1, tokens: [-6000000000000000000]}
        - {name: n3, dc: dc1, rack: r2, tokens: [-3000000000000000000]}
        - {name: n4, dc: dc2, rack: r1, tokens: [0]}
        - {name: n5, dc: dc1, rack: r3, tokens: [3000000000000000000]}
        - {name: n6, dc: dc2, rack: r2, tokens: [6000000000000000000]}
      """;

  // Notes §4.4 (cassandra-all 5.0.6): int 1 under NTS {dc1: 3, dc2: 1} is n3, n4, n5, n1.
  @Test
  void parse_sixNodeRing_placesReplicasLikeCassandra() {
    RingFile file = RingFile.parse("ring.yaml", SIX_NODES);
    assertThat(file.ring().nodes()).hasSize(6);
    assertThat(file.replication())
        .isEqualTo(new ReplicaPlacement.NetworkTopology(Map.of("dc1", 3, "dc2", 1)));
    assertThat(file.replication().replicas(file.ring(), -4069959284402364209L))
        .extracting(Node::name)
        .containsExactly("n3", "n4", "n5", "n1");
    assertThat(file.seed()).isZero();
  }

  @Test
  void parse_numTokensWithSeed_matchesRingBuilder() {
    RingFile file =
        RingFile.parse(
            "ring.yaml",
            """
        replication: {class: org.apache.cassandra.locator.SimpleStrategy, replication_factor: 2}
        seed: 42
        nodes:
          - {name: a, dc: dc1, rack: r1, num_tokens: 16}
          - {name: b, dc: dc1, rack: r1, tokens: [5, -5]}
          - name: c
            dc: dc1
            rack: r2
            num_tokens: 4
        """);
    Ring expected =
        Ring.builder()
            .randomNode("a", "dc1", "r1", 16)
            .node("b", "dc1", "r1", List.of(5L, -5L))
            .randomNode("c", "dc1", "r2", 4)
            .build(42);
    assertThat(file.ring().sortedTokens()).isEqualTo(expected.sortedTokens());
    assertThat(file.replication()).isEqualTo(new ReplicaPlacement.Simple(2));
    assertThat(file.seed()).isEqualTo(42);
  }

  // CASSANDRA-14303 auto-expansion: replication_factor applies to every DC not listed.
  @Test
  void parse_ntsReplicationFactor_expandsToUnlistedDatacenters() {
    RingFile file =
        RingFile.parse(
            "ring.yaml",
            SIX_NODES.replace(
                "{class: NetworkTopologyStrategy, dc1: 3, dc2: 1}",
                "{class: NetworkTopologyStrategy, replication_factor: 2, dc1: 3}"));
    assertThat(file.replication())
        .isEqualTo(new ReplicaPlacement.NetworkTopology(Map.of("dc1", 3, "dc2", 2)));
  }

  @Test
  void parse_manyProblems_reportsAllInFileOrderWithLineAndColumn() {
    InputException e =
        catchThrowableOfType(
            InputException.class,
            () ->
                RingFile.parse(
                    "bad.yaml",
                    """
            replication: {class: NetworkTopologyStrategy, dc1: 3, dc2: 1}
            seed: forty-two
            nodes:
              - {name: n1, dc: dc1, rack: r1, tokens: [1]}
              - {name: n1, dc: dc1, rack: r2, tokens: [2]}
              - {name: n3, dc: dc1, rakc: r3, tokens: [1]}
              - {name: n4, dc: dc2, rack: r1, tokens: [x]}
              - {name: n5, dc: dc2, rack: r1}
            """));
    assertThat(e.diagnostics())
        .extracting(Diagnostic::toString)
        .containsExactly(
            "bad.yaml:2:7: error: expected seed as a whole number from -9223372036854775808 to"
                + " 9223372036854775807, got 'forty-two'",
            "bad.yaml:5:12: error: duplicate node name 'n1' (first at line 4)",
            "bad.yaml:6:5: error: missing key 'rack': expected a rack",
            "bad.yaml:6:25: error: unknown key 'rakc' in a node; did you mean 'rack'? (expected name,"
                + " dc, rack, tokens, num_tokens)",
            "bad.yaml:6:44: error: duplicate token 1: node n1 already has it",
            "bad.yaml:7:44: error: expected a token as a whole number from -9223372036854775808 to"
                + " 9223372036854775807, got 'x'",
            "bad.yaml:8:5: error: node n5 needs tokens: [...] or num_tokens: N");
  }

  @Test
  void parse_rfAboveDatacenterNodes_isAnErrorNamingTheDatacenter() {
    assertThatThrownBy(() -> RingFile.parse("ring.yaml", SIX_NODES.replace("dc2: 1", "dc2: 3")))
        .isInstanceOf(InputException.class)
        .hasMessage(
            "ring.yaml:1:60: error: replication factor 3 for datacenter dc2 is larger"
                + " than its 2 nodes");
  }

  @Test
  void parse_simpleRfAboveNodeCount_isAnError() {
    assertThatThrownBy(
            () ->
                RingFile.parse(
                    "ring.yaml",
                    """
        replication: {class: SimpleStrategy, replication_factor: 3}
        nodes: [{name: a, dc: dc1, rack: r1, tokens: [1]}]
        """))
        .isInstanceOf(InputException.class)
        .hasMessage(
            "ring.yaml:1:58: error: replication_factor 3 is larger than the 1 node of"
                + " the ring");
  }

  @Test
  void parse_unknownDatacenterAndClassTypos_suggestNames() {
    InputException e =
        catchThrowableOfType(
            InputException.class,
            () -> RingFile.parse("r.yaml", SIX_NODES.replace("dc2: 1", "dc3: 1")));
    assertThat(e.getMessage())
        .isEqualTo(
            "r.yaml:1:55: error: unknown datacenter 'dc3'; did you"
                + " mean 'dc1'? (the nodes are in dc1, dc2)");
    assertThatThrownBy(
            () ->
                RingFile.parse(
                    "r.yaml", SIX_NODES.replace("NetworkTopologyStrategy", "NetworkTopologyStrat")))
        .hasMessageContaining(
            "r.yaml:1:22: error: unsupported replication class"
                + " 'NetworkTopologyStrat'; did you mean 'NetworkTopologyStrategy'?");
  }

  @Test
  void parse_tokensAndNumTokens_isRejected() {
    assertThatThrownBy(
            () ->
                RingFile.parse(
                    "r.yaml",
                    """
        replication: {class: SimpleStrategy, replication_factor: 1}
        nodes: [{name: a, dc: dc1, rack: r1, tokens: [1], num_tokens: 4}]
        """))
        .hasMessage("r.yaml:2:51: error: give either tokens or num_tokens for node a, not both");
  }

  @Test
  void parse_missingTopLevelKeys_reportsBoth() {
    InputException e =
        catchThrowableOfType(InputException.class, () -> RingFile.parse("r.yaml", "seeds: 1\n"));
    assertThat(e.diagnostics())
        .extracting(Diagnostic::message)
        .containsExactly(
            "unknown key 'seeds' in the ring file; did you mean 'seed'? (expected replication, seed,"
                + " nodes)",
            "missing key 'nodes': expected a list of nodes",
            "missing key 'replication': expected a mapping like {class: NetworkTopologyStrategy,"
                + " dc1: 3}");
  }

  @Test
  void parse_invalidYaml_pointsAtTheProblem() {
    InputException e =
        catchThrowableOfType(
            InputException.class,
            () -> RingFile.parse("r.yaml", "nodes: [a, b\nreplication: {}\n"));
    assertThat(e.diagnostics()).hasSize(1);
    assertThat(e.diagnostics().get(0).location().line()).isPositive();
    assertThat(e.getMessage()).startsWith("r.yaml:").contains("not valid YAML");
  }

  @Test
  void parse_emptyDocument_isAnError() {
    // No document at all: an error at the file's start, as for an empty model (issue 18).
    assertThatThrownBy(() -> RingFile.parse("r.yaml", "# nothing\n"))
        .isInstanceOf(InputException.class)
        .hasMessage(
            "r.yaml:1:1: error: the ring file is empty; expected a mapping with keys replication,"
                + " seed and nodes");
  }

  @Test
  void read_existingFile_parsesIt(@TempDir Path dir) throws Exception {
    Path path = dir.resolve("ring.yaml");
    Files.writeString(path, SIX_NODES);
    assertThat(RingFile.read(path).ring().nodes()).hasSize(6);
  }

  @Test
  void read_missingFile_isAnInputError(@TempDir Path dir) {
    Path path = dir.resolve("absent.yaml");
    assertThatThrownBy(() -> RingFile.read(path))
        .isInstanceOf(InputException.class)
        .hasMessage(path + ": error: cannot read the ring file: no such file");
  }
}
