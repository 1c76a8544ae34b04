package dev.keyplan.dynamodb.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.cli.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 18: BidiControlInIdentifier covers the names an imported schema gives. A NoSQL Workbench
 * file's reader takes any string as a table or index name (the section and describe-table readers
 * refuse all but A-Z a-z 0-9 _ . -), so a Trojan-source name arrives through it.
 */
final class WorkbenchBidiNamesTest {

  // Hostile input: examples/shop-workbench.json with its index GSI2 renamed "GSI\u202E2" (a JSON
  // escape, so the file holds the override itself once read): G,S,I are characters 1–3, so U+202E
  // is character 4. `check` reports it as an error finding, exit 1 (findings at --fail-on error),
  // the control shown as <U+202E> in the finding, never raw.
  @Test
  void aBidiControlInAWorkbenchIndexName_isAnErrorFinding(@TempDir Path dir) throws Exception {
    Files.copy(Path.of("examples", "shop-workbench.yaml"), dir.resolve("shop-workbench.yaml"));
    String original = Files.readString(Path.of("examples", "shop-workbench.json"));
    assertThat(original).containsOnlyOnce("\"IndexName\": \"GSI2\"");
    Files.writeString(
        dir.resolve("shop-workbench.json"),
        original.replace("\"IndexName\": \"GSI2\"", "\"IndexName\": \"GSI\\u202E2\""));
    CliRun run = CliRun.of("check", dir.resolve("shop-workbench.yaml").toString());
    assertThat(run.exitCode()).as(run.err()).isEqualTo(1);
    // The index object opens at line 455, column 9 (ImportedIndexNamesTest reads the same file).
    assertThat(run.out().lines().filter(l -> l.contains("[BidiControlInIdentifier]")).toList())
        .containsExactly(
            dir.resolve("shop-workbench.json")
                + ":455:9: error: [BidiControlInIdentifier] index 'GSI<U+202E>2' holds the"
                + " invisible bidi control U+202E at character 4: it reorders the text shown after"
                + " it, so the name can read as another");
    // Every other place the text report names the index (its tables, the plans) shows the control
    // too: none reaches the terminal raw, where it would reorder the rest of the line.
    assertThat(run.out()).doesNotContain("\u202E").contains("GSI<U+202E>2");
  }

  // The same file through the Markdown report and the text of `simulate`: names shown, not obeyed.
  @Test
  void markdownAndSimulationText_showTheControl(@TempDir Path dir) throws Exception {
    Files.copy(Path.of("examples", "shop-workbench.yaml"), dir.resolve("shop-workbench.yaml"));
    String original = Files.readString(Path.of("examples", "shop-workbench.json"));
    Files.writeString(
        dir.resolve("shop-workbench.json"),
        original.replace("\"IndexName\": \"GSI2\"", "\"IndexName\": \"GSI\\u202E2\""));
    String model = dir.resolve("shop-workbench.yaml").toString();
    CliRun markdown = CliRun.of("check", model, "--format", "markdown");
    assertThat(markdown.out()).doesNotContain("\u202E").contains("GSI<U+202E>2");
    CliRun simulation = CliRun.of("simulate", "dynamodb", model, "--duration", "60s");
    assertThat(simulation.exitCode()).as(simulation.err()).isEqualTo(0);
    assertThat(simulation.out()).doesNotContain("\u202E").contains("GSI<U+202E>2");
  }
}
