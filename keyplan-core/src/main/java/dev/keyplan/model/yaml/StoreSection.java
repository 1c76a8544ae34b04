package dev.keyplan.model.yaml;

import dev.keyplan.input.YamlMap;
import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Entity;
import dev.keyplan.model.StoreDesign;
import dev.keyplan.model.StoreId;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How a store reads its section of a model file. {@link ModelReader} reads the workload (entities,
 * patterns) and hands each store section it finds to the store that owns its key; it knows no store
 * itself.
 */
public interface StoreSection {
  /**
   * The section keys this store reads, one per store id it designs for (Cassandra reads {@code
   * cassandra:} and {@code scylladb:}); a model has at most one of them.
   */
  List<StoreId> ids();

  /**
   * Reads section {@code id} of the model map {@code model}. Problems go to {@code context}'s list,
   * located, so that one run reports every error of the file; the result is empty when the section
   * could not be read.
   *
   * @param baseDir resolves the files the section names (a CQL schema, a Workbench model)
   */
  Optional<? extends StoreDesign> read(
      SectionReader context,
      YamlMap model,
      StoreId id,
      Path baseDir,
      Map<String, Entity> entities,
      List<AccessPattern> patterns);
}
