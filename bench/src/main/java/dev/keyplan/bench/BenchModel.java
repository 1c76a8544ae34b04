package dev.keyplan.bench;

import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
import java.nio.file.Path;
import java.util.List;

/**
 * A generated benchmark model as the store-neutral benchmarks read it: the model YAML and the
 * schema files it names, all text in memory, so that no timing reads the disk. A store's {@link
 * BenchStore} makes it (its generator's output) and reads its schema files.
 *
 * @param name the model's name; the YAML is read as {@code name + ".yaml"}
 * @param yaml the model YAML
 * @param schemas the schema files the model names, in the order the store reads them; none for a
 *     store whose model holds its whole design
 */
public record BenchModel(String name, String yaml, List<SchemaFile> schemas) {
  /** Where relative paths in generated models resolve; nothing is read from it. */
  public static final Path BASE_DIR = Path.of("bench-generated");

  public BenchModel {
    schemas = List.copyOf(schemas);
  }

  /** A schema file the model names: its file name (as parse errors cite it) and its text. */
  public record SchemaFile(String name, String text) {}

  /** The file name the model is read as. */
  public String yamlFile() {
    return name + ".yaml";
  }

  /**
   * Reads the model YAML from memory, as {@code keyplan check} reads its file: the work both
   * benchmarks start with, the same for every store.
   */
  public Model read() {
    return ModelReader.read(yamlFile(), yaml, BASE_DIR);
  }
}
