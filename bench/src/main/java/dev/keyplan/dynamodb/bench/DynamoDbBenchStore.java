package dev.keyplan.dynamodb.bench;

import dev.keyplan.analysis.StoreAnalysis;
import dev.keyplan.bench.BenchModel;
import dev.keyplan.bench.BenchStore;
import dev.keyplan.dynamodb.schema.SchemaFiles;
import dev.keyplan.input.Location;
import dev.keyplan.model.Model;
import dev.keyplan.model.StoreId;
import dev.keyplan.store.Store;
import dev.keyplan.store.Stores;
import java.util.List;
import org.openjdk.jmh.infra.Blackhole;

/**
 * DynamoDB's side of the check benchmark: single-table models of {@link DynamoDbModelGenerator}
 * (AppTable plus 0.01 P archive tables), validated by {@link DynamoDbValidation}. The analysis is
 * the registry's, exactly what {@code keyplan check} runs; it reads the model's {@code schema:}, a
 * NoSQL Workbench model of some archive tables with sample items, by its path (keyplan-core takes
 * no schema text), so the models are {@link BenchModel#onDisk}, and the parse-only baseline reads
 * that file the same way.
 */
public final class DynamoDbBenchStore implements BenchStore {
  /** The store's plug-in, looked up once, not per timed operation. */
  private static final Store<?, ?> STORE = Stores.builtIn().owning(StoreId.DYNAMODB);

  @Override
  public StoreId store() {
    return StoreId.DYNAMODB;
  }

  @Override
  public List<String> sizeColumns() {
    return List.of("tables", "item types");
  }

  @Override
  public List<Long> sizes(int patterns) {
    return List.of(
        (long) DynamoDbModelGenerator.tablesFor(patterns),
        (long) DynamoDbModelGenerator.itemTypesFor(patterns));
  }

  @Override
  public BenchModel model(int patterns) {
    DynamoDbModelGenerator.Generated g = DynamoDbModelGenerator.forPatterns(patterns);
    BenchModel model = g.benchModel().onDisk();
    DynamoDbValidation.validate(g, model.baseDir());
    return model;
  }

  @Override
  public BenchModel unvalidated(int patterns) {
    return DynamoDbModelGenerator.forPatterns(patterns).benchModel().onDisk();
  }

  /**
   * Reads the model's Workbench file as the analysis's binder does ({@link SchemaFiles#read}): from
   * its folder, the only way keyplan-core reads it.
   */
  @Override
  public void parseSchemas(BenchModel model, Blackhole bh) {
    for (BenchModel.SchemaFile f : model.schemas()) {
      bh.consume(SchemaFiles.read(model.path(f), Location.NONE));
    }
  }

  @Override
  public StoreAnalysis analyze(Model model, BenchModel generated) {
    return STORE.analyze(model);
  }

  @Override
  public StoreAnalysis analyze(Model model, BenchModel generated, Lap lap) {
    StoreAnalysis analysis = STORE.analyze(model);
    lap.end("analysis (DynamoDbAnalyzer)");
    return analysis;
  }
}
