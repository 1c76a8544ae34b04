package dev.keyplan.cassandra.ring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

final class CqlKeyTypeTest {

  // CQL type names (Cassandra docs, "Data types"); varchar is an alias of text.
  @Test
  void fromName_cqlNamesAnyCase_resolve() {
    assertThat(CqlKeyType.fromName("TimeUUID")).isEqualTo(CqlKeyType.TIMEUUID);
    assertThat(CqlKeyType.fromName("varchar")).isEqualTo(CqlKeyType.TEXT);
    assertThat(CqlKeyType.fromName(" bigint ")).isEqualTo(CqlKeyType.BIGINT);
  }

  @Test
  void fromName_typo_suggestsTheCloseName() {
    assertThatThrownBy(() -> CqlKeyType.fromName("bigitn"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("unknown partition-key type 'bigitn'; did you mean 'bigint'?")
        .hasMessageContaining("supported: text, varchar, ascii, int");
  }

  @Test
  void fromName_unsupportedType_listsSupportedTypes() {
    assertThatThrownBy(() -> CqlKeyType.fromName("frozen<list<int>>"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageNotContaining("did you mean")
        .hasMessageContaining("blob");
  }

  @Test
  void toString_isCqlName() {
    assertThat(CqlKeyType.SMALLINT).hasToString("smallint");
  }
}
