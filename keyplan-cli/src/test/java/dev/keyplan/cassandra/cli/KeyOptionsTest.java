package dev.keyplan.cassandra.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keyplan.input.InputException;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

final class KeyOptionsTest {

  // apache/cassandra AbstractCompositeType.fromString: "\:" keeps a colon inside a component.
  @Test
  void encode_singleValueForSeveralTypes_readsNodetoolForm() {
    KeyOptions key = key(List.of("text", "int"), List.of("a\\:b:7"));
    assertThat(HexFormat.of().formatHex(key.encode())).isEqualTo("0003613a620000040000000700");
  }

  @Test
  void encode_codecError_becomesCommandLineInputError() {
    KeyOptions key = key(List.of("boolean"), List.of("maybe"));
    assertThatThrownBy(key::encode)
        .isInstanceOf(InputException.class)
        .hasMessage(
            "<command line>: error: boolean value 'maybe' is not valid: expected true or"
                + " false");
  }

  private static KeyOptions key(List<String> types, List<String> values) {
    var key = new KeyOptions();
    key.types.addAll(types);
    key.values.addAll(values);
    return key;
  }
}
