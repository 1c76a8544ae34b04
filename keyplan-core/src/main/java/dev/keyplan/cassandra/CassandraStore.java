package dev.keyplan.cassandra;

import dev.keyplan.cassandra.check.CassandraRuleParts;
import dev.keyplan.cassandra.check.CassandraRules;
import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.design.CassandraAnalyzer;
import dev.keyplan.cassandra.emit.CqlEmitter;
import dev.keyplan.cassandra.model.CassandraDesign;
import dev.keyplan.cassandra.model.CassandraSectionReader;
import dev.keyplan.cassandra.simulate.CassandraSetup;
import dev.keyplan.cassandra.simulate.CassandraSimulator;
import dev.keyplan.check.Rule;
import dev.keyplan.emit.Emitter;
import dev.keyplan.input.YamlMap;
import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Model;
import dev.keyplan.model.StoreId;
import dev.keyplan.model.yaml.SectionReader;
import dev.keyplan.simulate.StoreSimulator;
import dev.keyplan.store.Store;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Apache Cassandra, and ScyllaDB as its variant: one plug-in reads both sections, since they share
 * CQL, the token ring and the design rules; ScyllaDB adds its shards and its own limits.
 */
public final class CassandraStore implements Store<CassandraDesign, CassandraAnalysis> {
  @Override
  public StoreId id() {
    return StoreId.CASSANDRA;
  }

  @Override
  public List<StoreId> ids() {
    return List.of(StoreId.CASSANDRA, StoreId.SCYLLADB);
  }

  @Override
  public Class<CassandraDesign> designType() {
    return CassandraDesign.class;
  }

  @Override
  public Class<CassandraAnalysis> analysisType() {
    return CassandraAnalysis.class;
  }

  @Override
  public Optional<CassandraDesign> read(
      SectionReader context,
      YamlMap model,
      StoreId id,
      Path baseDir,
      Map<String, Entity> entities,
      List<AccessPattern> patterns) {
    return new CassandraSectionReader(context).cassandra(model, id.id(), baseDir, entities);
  }

  @Override
  public List<dev.keyplan.designer.Designer> designers() {
    return List.of(
        new dev.keyplan.cassandra.designer.CassandraDesigner(StoreId.CASSANDRA),
        new dev.keyplan.cassandra.designer.CassandraDesigner(StoreId.SCYLLADB));
  }

  @Override
  public CassandraAnalysis analyze(Model model) {
    return CassandraAnalyzer.analyze(model);
  }

  @Override
  public List<Class<? extends Rule>> rules() {
    return CassandraRules.all();
  }

  @Override
  public List<Rule.OnStore<CassandraAnalysis>> ruleParts(Class<? extends Rule.OnStores> rule) {
    return CassandraRuleParts.of(rule);
  }

  @Override
  public List<Emitter<CassandraAnalysis>> emitters() {
    return List.of(
        Emitter.of(
            "cql", "Cassandra/ScyllaDB CQL, annotated with the patterns served", CqlEmitter::emit));
  }

  @Override
  public Optional<StoreSimulator<CassandraAnalysis>> simulator() {
    return Optional.of(
        (a, settings, trace, progress) ->
            CassandraSimulator.run(
                    a, CassandraSetup.defaults(a.design().nodes()), settings, trace, progress)
                .result());
  }
}
