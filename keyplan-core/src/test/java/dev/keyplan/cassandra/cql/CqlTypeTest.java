package dev.keyplan.cassandra.cql;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** Sizes and CQL spelling of types, read from column definitions. */
final class CqlTypeTest {

  @Test
  void fixedSize_everyNativeType_matchesProtocolEncoding() {
    Map<String, OptionalInt> expected =
        Map.ofEntries(
            Map.entry("boolean", OptionalInt.of(1)),
            Map.entry("tinyint", OptionalInt.of(1)),
            Map.entry("smallint", OptionalInt.of(2)),
            Map.entry("int", OptionalInt.of(4)),
            Map.entry("date", OptionalInt.of(4)),
            Map.entry("float", OptionalInt.of(4)),
            Map.entry("bigint", OptionalInt.of(8)),
            Map.entry("timestamp", OptionalInt.of(8)),
            Map.entry("time", OptionalInt.of(8)),
            Map.entry("double", OptionalInt.of(8)),
            Map.entry("counter", OptionalInt.of(8)),
            Map.entry("uuid", OptionalInt.of(16)),
            Map.entry("timeuuid", OptionalInt.of(16)),
            Map.entry("inet", OptionalInt.empty()),
            Map.entry("text", OptionalInt.empty()),
            Map.entry("varchar", OptionalInt.empty()),
            Map.entry("ascii", OptionalInt.empty()),
            Map.entry("blob", OptionalInt.empty()),
            Map.entry("varint", OptionalInt.empty()),
            Map.entry("decimal", OptionalInt.empty()),
            Map.entry("duration", OptionalInt.empty()));

    expected.forEach(
        (name, size) -> assertThat(CqlType.of(name).fixedSize()).as(name).isEqualTo(size));
    assertThat(TypeNames.NATIVE).containsExactlyInAnyOrderElementsOf(expected.keySet());
  }

  @Test
  void fixedSize_collectionsTuplesAndUdts_empty() {
    assertThat(parsedType("list<int>").fixedSize()).isEmpty();
    assertThat(parsedType("frozen<set<uuid>>").fixedSize()).isEmpty();
    assertThat(parsedType("tuple<int, int>").fixedSize()).isEmpty();
    assertThat(parsedType("vector<text, 2>").fixedSize()).isEmpty();
    assertThat(parsedType("vector<double, 768>").fixedSize()).hasValue(6144);
  }

  @Test
  void toString_parsedTypes_printCanonicalCql() {
    assertThat(parsedType("FROZEN<LIST<TEXT>>")).hasToString("frozen<list<text>>");
    assertThat(parsedType("map<text,int>")).hasToString("map<text, int>");
    assertThat(parsedType("frozen<tuple<int, frozen<map<text, blob>>>>"))
        .hasToString("frozen<tuple<int, frozen<map<text, blob>>>>");
    assertThat(parsedType("vector < float , 3 >")).hasToString("vector<float, 3>");
    assertThat(new CqlType("Address", List.of())).hasToString("\"Address\"");
  }

  @Test
  void predicates_collectionsFrozenCounter_classified() {
    CqlType frozenList = parsedType("frozen<list<text>>");
    assertThat(frozenList.isFrozen()).isTrue();
    assertThat(frozenList.isCollection()).isTrue();
    assertThat(frozenList.unfrozen()).isEqualTo(CqlType.of("list", CqlType.of("text")));
    assertThat(parsedType("map<text, int>").isCollection()).isTrue();
    assertThat(parsedType("counter").isCounter()).isTrue();
    assertThat(parsedType("tuple<int>").isUserType()).isFalse();
    assertThat(parsedType("text").unfrozen()).isEqualTo(CqlType.of("text"));
    assertThat(parsedType("vector<float, 3>").arguments().get(1).isUserType()).isFalse();
  }

  @Test
  void arguments_copiedOnConstruction_immutable() {
    List<CqlType> arguments = new java.util.ArrayList<>(List.of(CqlType.of("int")));
    CqlType list = new CqlType("list", arguments);
    arguments.add(CqlType.of("text"));

    assertThat(list.arguments()).containsExactly(CqlType.of("int"));
  }

  private static CqlType parsedType(String type) {
    return CqlParser.parse("t.cql", "CREATE TABLE t (k int PRIMARY KEY, v " + type + ");")
        .table("t")
        .orElseThrow()
        .column("v")
        .orElseThrow()
        .type();
  }
}
