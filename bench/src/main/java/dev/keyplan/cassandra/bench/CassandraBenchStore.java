package dev.keyplan.cassandra.bench;

import dev.keyplan.analysis.StoreAnalysis;
import dev.keyplan.bench.BenchModel;
import dev.keyplan.bench.BenchStore;
import dev.keyplan.cassandra.cql.CqlParser;
import dev.keyplan.cassandra.cql.CqlSchema;
import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.design.CassandraAnalyzer;
import dev.keyplan.cassandra.model.CassandraDesign;
import dev.keyplan.model.Model;
import dev.keyplan.model.StoreId;
import java.util.List;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Cassandra's side of the check benchmark: models of {@link CassandraModelGenerator} (0.3 P tables
 * and their CQL schema), validated by {@link CassandraValidation}. The CQL is parsed from memory,
 * so the analysis is {@link CassandraAnalyzer#analyze(Model, CassandraDesign, CqlSchema)}, which
 * the registry's {@code analyze(model)} calls after reading the schema file from disk.
 */
public final class CassandraBenchStore implements BenchStore {
  @Override
  public StoreId store() {
    return StoreId.CASSANDRA;
  }

  @Override
  public List<String> sizeColumns() {
    return List.of("tables");
  }

  @Override
  public List<Long> sizes(int patterns) {
    return List.of((long) CassandraModelGenerator.tablesFor(patterns));
  }

  @Override
  public BenchModel model(int patterns) {
    CassandraModelGenerator.Generated g = CassandraModelGenerator.forPatterns(patterns);
    CassandraValidation.validate(g);
    return g.benchModel();
  }

  @Override
  public BenchModel unvalidated(int patterns) {
    return CassandraModelGenerator.forPatterns(patterns).benchModel();
  }

  @Override
  public void parseSchemas(BenchModel model, Blackhole bh) {
    bh.consume(parse(model));
  }

  @Override
  public StoreAnalysis analyze(Model model, BenchModel generated) {
    return analyze(model, parse(generated));
  }

  @Override
  public StoreAnalysis analyze(Model model, BenchModel generated, Lap lap) {
    CqlSchema schema = parse(generated);
    lap.end("CQL (CqlParser)");
    CassandraAnalysis analysis = analyze(model, schema);
    lap.end("analysis (CassandraAnalyzer)");
    return analysis;
  }

  /** Parses the model's one CQL file, as the generator wrote it. */
  private static CqlSchema parse(BenchModel model) {
    BenchModel.SchemaFile cql = model.schemas().get(0);
    return CqlParser.parse(cql.name(), cql.text());
  }

  private static CassandraAnalysis analyze(Model model, CqlSchema schema) {
    return CassandraAnalyzer.analyze(
        model, model.design(CassandraDesign.class).orElseThrow(), schema);
  }
}
