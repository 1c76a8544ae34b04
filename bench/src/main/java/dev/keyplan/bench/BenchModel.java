package dev.keyplan.bench;

import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A generated benchmark model as the store-neutral benchmarks read it: the model YAML and the
 * schema files it names, all text in memory, so that no timing reads the disk. A store's {@link
 * BenchStore} makes it (its generator's output) and reads its schema files.
 *
 * <p>The exception is a store whose analysis reads the schema files the model names by their path,
 * as {@code keyplan check} does, with no way to hand it their text: DynamoDB's {@code schema:}. Its
 * models are {@link #onDisk}: the files are written once, outside any timing, to a folder of their
 * own, which {@link #read} resolves the model's paths against; each check then reads them again
 * (from the page cache: a few kilobytes).
 *
 * @param name the model's name; the YAML is read as {@code name + ".yaml"}
 * @param yaml the model YAML
 * @param schemas the schema files the model names, in the order the store reads them; none for a
 *     store whose model holds its whole design
 * @param baseDir where the model's relative paths resolve: {@link #BASE_DIR}, from which nothing is
 *     read, or the folder of {@link #onDisk}
 */
public record BenchModel(String name, String yaml, List<SchemaFile> schemas, Path baseDir) {
  /** Where relative paths in generated models resolve; nothing is read from it. */
  public static final Path BASE_DIR = Path.of("bench-generated");

  public BenchModel {
    schemas = List.copyOf(schemas);
  }

  /** A model whose schema files are read from memory: paths resolve against {@link #BASE_DIR}. */
  public BenchModel(String name, String yaml, List<SchemaFile> schemas) {
    this(name, yaml, schemas, BASE_DIR);
  }

  /** A schema file the model names: its file name (as parse errors cite it) and its text. */
  public record SchemaFile(String name, String text) {}

  /** The file name the model is read as. */
  public String yamlFile() {
    return name + ".yaml";
  }

  /** Where schema file {@code f} is, for a store that reads it by path ({@link #onDisk}). */
  public Path path(SchemaFile f) {
    return baseDir.resolve(f.name());
  }

  /**
   * Returns this model with its schema files written to a new temporary folder (deleted when the
   * JVM exits), its paths resolved there: for a store whose analysis reads the files the model
   * names from disk. Call it once, outside any timing.
   */
  public BenchModel onDisk() {
    try {
      Path dir = Files.createTempDirectory("keyplan-bench-");
      dir.toFile().deleteOnExit();
      for (SchemaFile f : schemas) {
        Path p = dir.resolve(f.name());
        Files.writeString(p, f.text(), StandardCharsets.UTF_8);
        p.toFile().deleteOnExit();
      }
      return new BenchModel(name, yaml, schemas, dir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the schema files of " + name, e);
    }
  }

  /**
   * Reads the model YAML from memory, as {@code keyplan check} reads its file: the work both
   * benchmarks start with, the same for every store.
   */
  public Model read() {
    return ModelReader.read(yamlFile(), yaml, baseDir);
  }
}
