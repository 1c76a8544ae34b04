package dev.keyplan.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Numbers too large or not finite in a model (docs/reliability.md, "Number magnitude"): YAML 1.2's
 * core schema reads {@code .inf}, {@code -.inf} and {@code .nan} as floats
 * (https://yaml.org/spec/1.2.2/#10213-floating-point), Java reads {@code 1e400} as Infinity and
 * {@code 99999999999999999999} overflows a long. None is a figure keyplan can size with: each is an
 * input error at the value, saying what was expected, exit 2 (issue 18: "number magnitude"). Places
 * are counted by hand in {@link HostileModelTest#GOOD}.
 */
class NumberMagnitudeTest {

  private static CliRun check(Path dir, String model) throws IOException {
    Path file = dir.resolve("m.yaml");
    Files.writeString(file, model);
    return CliRun.of("check", file.toString());
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        ".inf",
        "-.inf",
        ".nan",
        "1e400",
        "99999999999999999999",
        "99999999999999999999/s"
      })
  void aRate(String value, @TempDir Path dir) throws IOException {
    // Line 9 is "    rate: 1/s": the value starts at column 11.
    CliRun run = check(dir, HostileModelTest.GOOD.replace("rate: 1/s", "rate: " + value));
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err())
        .startsWith(dir.resolve("m.yaml") + ":9:11: error: expected a rate such as 20k/s")
        .contains("found '" + value + "'");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {".inf", ".nan", "1e400", "99999999999999999999", "99999999999999999999TB"})
  void anAttributeSize(String value, @TempDir Path dir) throws IOException {
    // Line 5 becomes "    attributes: {id: bigint, body: {type: text, size: V}}": 16
    // characters to the '{', 38 from it to V, so V is at column 55.
    CliRun run =
        check(
            dir,
            HostileModelTest.GOOD.replace(
                "{id: bigint}", "{id: bigint, body: {type: text, size: " + value + "}}"));
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err())
        .startsWith(
            dir.resolve("m.yaml")
                + ":5:55: error: expected a size between 1B and 2GB such as 200B or 3KB but found '"
                + value
                + "'");
  }

  @ParameterizedTest
  @ValueSource(strings = {".inf", "1e400", "99999999999999999999y"})
  void aHorizon(String value, @TempDir Path dir) throws IOException {
    // Line 2 is "horizon: 1y": the value starts at column 10.
    CliRun run = check(dir, HostileModelTest.GOOD.replace("horizon: 1y", "horizon: " + value));
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err())
        .startsWith(dir.resolve("m.yaml") + ":2:10: error: expected a sizing horizon such as 1y")
        .contains("found '" + value + "'");
  }
}
