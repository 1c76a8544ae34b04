package dev.keyplan.mongodb.verify;

import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbAnalyzer;
import java.nio.file.Path;

/** The shipped MongoDB examples, read from examples/ (the tests run from the repository root). */
final class Examples {
  private Examples() {}

  static Model model(String name) {
    return ModelReader.read(Path.of("examples", name));
  }

  static MongoDbAnalysis analysis(String name) {
    return MongoDbAnalyzer.analyze(model(name));
  }
}
