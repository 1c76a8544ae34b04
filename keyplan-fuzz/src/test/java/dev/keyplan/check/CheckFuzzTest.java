package dev.keyplan.check;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.keyplan.fuzz.HostileBytes;
import dev.keyplan.fuzz.ShippedExamples;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.report.HtmlReport;
import dev.keyplan.report.JsonReport;
import dev.keyplan.report.MarkdownReport;
import dev.keyplan.report.SarifReport;
import dev.keyplan.report.TextReport;
import java.nio.file.Path;

/**
 * {@code keyplan check} on mutated models, end to end: the model reader, each store's section
 * reader and the files a model names (CQL, describe-table, Workbench, getIndexes, config
 * collections, explain pastes, all from examples/), every store's analysis, every rule, and every
 * renderer (text, JSON, Markdown, SARIF and the HTML report). A model that reads must analyse and
 * render without a crash; only the reader and the analysis may refuse it, with a located error.
 */
class CheckFuzzTest {
  @FuzzTest(maxDuration = "30s")
  void checkAndRender(byte[] data) {
    HostileBytes.read(
        "fuzz.yaml",
        data,
        text -> {
          CheckResult result =
              CheckResult.of(ModelReader.read("fuzz.yaml", text, ShippedExamples.dir()));
          TextReport.render(result);
          JsonReport.render(result);
          MarkdownReport.render(result);
          SarifReport.render(result, Path.of(""), "fuzz");
          HtmlReport.render(result);
        });
  }
}
