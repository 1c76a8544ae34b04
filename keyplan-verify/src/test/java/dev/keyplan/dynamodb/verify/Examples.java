package dev.keyplan.dynamodb.verify;

import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbAnalyzer;
import dev.keyplan.dynamodb.design.DynamoDbItem;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
import java.net.URISyntaxException;
import java.nio.file.Path;

/** The models the tests use: the shipped examples, and this package's coverage model. */
final class Examples {
  private Examples() {}

  /** Returns {@code examples/<name>} (tests run from the repository root). */
  static Model model(String name) {
    return ModelReader.read(Path.of("examples", name));
  }

  /**
   * Returns the model that covers what the examples do not: a local index, a Scan, deletes,
   * increments.
   */
  static Model coverage() {
    try {
      return ModelReader.read(Path.of(Examples.class.getResource("coverage.yaml").toURI()));
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Returns keyplan's analysis of {@code model}. */
  static DynamoDbAnalysis analysis(Model model) {
    return DynamoDbAnalyzer.analyze(model);
  }

  /** Returns the item type called {@code name} of {@code table}. */
  static DynamoDbItem item(DynamoDbTable table, String name) {
    return table.items().stream().filter(i -> i.name().equals(name)).findFirst().orElseThrow();
  }
}
