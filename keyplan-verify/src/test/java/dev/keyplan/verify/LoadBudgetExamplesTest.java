package dev.keyplan.verify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.analysis.StoreAnalysis;
import dev.keyplan.check.CheckResult;
import dev.keyplan.model.yaml.ModelReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The default load budget refuses no shipped example at the default {@code --max-rows}: it is set
 * for runaway loads (--max-rows 1000000), not for the runs verify is meant for. On 2026-12-05 the
 * largest was examples/shop-workbench.yaml on DynamoDB, 32,018 rows (an upper bound), and
 * examples/chat.yaml on Cassandra 2,054.
 */
class LoadBudgetExamplesTest {
  @Test
  void everyExample_atTheDefaultMaxRows_isUnderTheBudget() throws IOException {
    List<String> seen = new ArrayList<>();
    try (Stream<Path> files = Files.list(Path.of("examples"))) {
      for (Path f : files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList()) {
        for (StoreAnalysis a : CheckResult.of(ModelReader.read(f)).analyses()) {
          if (Verifiers.of(a).isEmpty()) {
            continue;
          }
          LoadBudget.Estimate e = Verifiers.loadEstimate(a, VerifyOptions.defaults());
          seen.add(f.getFileName() + " " + a.store().id() + " " + e.rows());
          assertThat(e.rows()).as(f + " " + a.store().id()).isPositive();
          assertThat(e.rows())
              .as(f + " " + a.store().id())
              .isLessThanOrEqualTo(LoadBudget.DEFAULT_ROWS);
        }
      }
    }
    // Every kind of example is counted: Cassandra, DynamoDB and MongoDB designs.
    assertThat(seen).anyMatch(s -> s.contains(" cassandra "));
    assertThat(seen).anyMatch(s -> s.contains(" dynamodb "));
    assertThat(seen).anyMatch(s -> s.contains(" mongodb "));
  }
}
