package dev.keyplan.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.analysis.Growth;
import dev.keyplan.check.CheckResult;
import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbAnalyzer;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbShard;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The growth charts of DynamoDB and MongoDB as the report draws them from each analysis's {@code
 * growth()}: the points are the analysis at each horizon, the limits the engine's.
 */
final class StoreGrowthChartsTest {
  private static CheckResult check(String example) {
    // Maven runs the module's tests in keyplan-report/; the examples sit at the repository root.
    return CheckResult.of(ModelReader.read(Path.of("../examples/" + example + ".yaml")));
  }

  /** Returns an attribute of the chart: numbers are written as the JSON report writes them. */
  private static String attribute(String svg, String name) {
    Matcher m = Pattern.compile(" " + name + "=\"([^\"]*)\"").matcher(svg);
    assertThat(m.find()).as(name).isTrue();
    return m.group(1);
  }

  @Test
  void dynamodb_eachPointIsTheAnalysisAtThatHorizon() {
    DynamoDbAnalysis a = check("orders-dynamodb").analysis(DynamoDbAnalysis.class).orElseThrow();
    Growth g = a.growth(SizingChart.SAMPLES).get(0);
    assertThat(g.subject()).isEqualTo("AppTable");
    double[] collection = g.curve("collection");
    assertThat(collection).hasSize(SizingChart.SAMPLES);
    // The last point is the model's own analysis: the JSON report's figure, not a recomputation.
    assertThat(collection[SizingChart.SAMPLES - 1])
        .isEqualTo(a.sizing().get("AppTable").collectionBytes());
    // The middle point is what check says for a model whose horizon is half as long.
    Model m = a.model();
    long half = Math.round(m.horizonSeconds() * 12.0 / 24);
    assertThat(g.seconds()[12]).isEqualTo((double) half);
    DynamoDbAnalysis halfway = DynamoDbAnalyzer.analyze(m.atHorizon(half));
    assertThat(collection[12]).isEqualTo(halfway.sizing().get("AppTable").collectionBytes());
    // The busiest customer's orders pile up: today's collection is smaller than the horizon's.
    assertThat(collection[0]).isLessThan(a.sizing().get("AppTable").collectionBytes());
  }

  @Test
  void dynamodb_chartEndsAtTheTablesFiguresAndDrawsTheItemLimit() {
    DynamoDbAnalysis a = check("orders-dynamodb").analysis(DynamoDbAnalysis.class).orElseThrow();
    DynamoDbTable t = a.tables().get(0);
    String svg = SizingChart.svg(a.growth(SizingChart.SAMPLES).get(0)).orElseThrow();
    assertThat(attribute(svg, "data-item-bytes"))
        .isEqualTo(Html.plain(a.sizing().get(t.name()).largestItemBytes()));
    assertThat(attribute(svg, "data-collection-bytes"))
        .isEqualTo(Html.plain(a.sizing().get(t.name()).collectionBytes()));
    assertThat(svg)
        .contains("item limit 400 KB")
        // No local index: 10 GB is one partition's size, not a limit on the collection.
        .contains("one partition: 10 GB")
        .doesNotContain("item collection limit");
    assertThat(svg.split("<path class=\"series ", -1)).hasSize(3);
  }

  @Test
  void dynamodb_aLocalIndexMakes10GbAHardLimit() throws IOException {
    // orders-dynamodb.yaml with a local index on its table: item collections are capped at 10 GB
    // (AWS DG, "Item collection size limit"), so the line turns from guideline to limit.
    String yaml =
        Files.readString(Path.of("../examples/orders-dynamodb.yaml"))
            .replace(
                "        GSI1: {partition_key: GSI1PK, projection: ALL}",
                "        GSI1: {partition_key: GSI1PK, projection: ALL}\n        LSI1: {local: true, sort_key: LSI1SK, projection: KEYS_ONLY}");
    assertThat(yaml).contains("LSI1");
    DynamoDbAnalysis a =
        CheckResult.of(ModelReader.read("lsi.yaml", yaml, Path.of("../examples")))
            .analysis(DynamoDbAnalysis.class)
            .orElseThrow();
    String svg = SizingChart.svg(a.growth(SizingChart.SAMPLES).get(0)).orElseThrow();
    assertThat(svg)
        .contains("item collection limit 10 GB (local index)")
        .contains("class=\"limit hard\"");
  }

  @Test
  void mongodb_shardedCollectionShowsItsBusiestValueAgainstTheRangeSize() {
    // tenants-mongodb: {country_code: 1}; the US holds 87.2 GB at the horizon, 650 × the 128 MiB
    // range size (JumboChunkRisk's figure), so its curve ends far above the range-size line.
    MongoDbAnalysis a = check("tenants-mongodb").analysis(MongoDbAnalysis.class).orElseThrow();
    String svg = SizingChart.svg(a.growth(SizingChart.SAMPLES).get(0)).orElseThrow();
    MongoDbShard s = a.shard("tenants").orElseThrow();
    assertThat(attribute(svg, "data-value-bytes")).isEqualTo(Html.plain(s.busiestValueBytes()));
    assertThat(s.busiestValueBytes() / a.design().rangeSizeBytes())
        .isGreaterThan(649.5)
        .isLessThan(650.5);
    assertThat(attribute(svg, "data-busiest-bytes"))
        .isEqualTo(Html.plain(a.collections().get(0).largestBytes()));
    assertThat(svg).contains("range size 128 MiB: jumbo above").contains("document limit 16 MiB");
  }

  @Test
  void mongodb_unshardedCollectionHasNoShardKeyCurve() {
    MongoDbAnalysis a = check("shop-mongodb").analysis(MongoDbAnalysis.class).orElseThrow();
    var c =
        a.collections().stream()
            .filter(x -> a.shard(x.name()).map(s -> !s.sharded()).orElse(true))
            .findFirst();
    assertThat(c).as("an unsharded collection in shop-mongodb").isPresent();
    Growth g =
        a.growth(SizingChart.SAMPLES).stream()
            .filter(x -> x.subject().equals(c.get().name()))
            .findFirst()
            .orElseThrow();
    String svg = SizingChart.svg(g).orElseThrow();
    assertThat(svg).doesNotContain("data-value-bytes").doesNotContain("range size");
  }
}
