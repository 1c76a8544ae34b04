package dev.keyplan.mongodb;

import dev.keyplan.check.Rule;
import dev.keyplan.emit.Emitter;
import dev.keyplan.input.YamlMap;
import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Model;
import dev.keyplan.model.StoreId;
import dev.keyplan.model.yaml.SectionReader;
import dev.keyplan.mongodb.check.MongoDbRuleParts;
import dev.keyplan.mongodb.check.MongoDbRules;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbAnalyzer;
import dev.keyplan.mongodb.emit.MongoshScript;
import dev.keyplan.mongodb.model.MongoDbDesign;
import dev.keyplan.mongodb.model.MongoDbSectionReader;
import dev.keyplan.mongodb.simulate.MongoDbSetup;
import dev.keyplan.mongodb.simulate.MongoDbSimulator;
import dev.keyplan.simulate.StoreSimulator;
import dev.keyplan.store.Store;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * MongoDB: collections, their embedded documents, indexes and shard keys, read from the model or
 * imported from {@code getIndexes()} and {@code config.collections} output.
 */
public final class MongoDbStore implements Store<MongoDbDesign, MongoDbAnalysis> {
  @Override
  public StoreId id() {
    return StoreId.MONGODB;
  }

  @Override
  public Class<MongoDbDesign> designType() {
    return MongoDbDesign.class;
  }

  @Override
  public Class<MongoDbAnalysis> analysisType() {
    return MongoDbAnalysis.class;
  }

  @Override
  public Optional<MongoDbDesign> read(
      SectionReader context,
      YamlMap model,
      StoreId id,
      Path baseDir,
      Map<String, Entity> entities,
      List<AccessPattern> patterns) {
    return new MongoDbSectionReader(context).read(model, baseDir, entities);
  }

  @Override
  public List<dev.keyplan.designer.Designer> designers() {
    return List.of(new dev.keyplan.mongodb.designer.MongoDbDesigner());
  }

  @Override
  public MongoDbAnalysis analyze(Model model) {
    return MongoDbAnalyzer.analyze(model);
  }

  @Override
  public List<Class<? extends Rule>> rules() {
    return MongoDbRules.all();
  }

  @Override
  public List<Rule.OnStore<MongoDbAnalysis>> ruleParts(Class<? extends Rule.OnStores> rule) {
    return MongoDbRuleParts.of(rule);
  }

  @Override
  public List<Emitter<MongoDbAnalysis>> emitters() {
    return List.of(
        Emitter.of(
                "mongosh",
                "MongoDB collections, validators, indexes and sharding as a mongosh script",
                MongoshScript::emit)
            .withExamples(
                "keyplan emit mongosh model.yaml > shop.js && mongosh \"mongodb://HOST/shop\" shop.js"));
  }

  @Override
  public Optional<StoreSimulator<MongoDbAnalysis>> simulator() {
    return Optional.of(
        (a, settings, trace, progress) ->
            MongoDbSimulator.run(a, MongoDbSetup.DEFAULTS, settings, trace, progress).result());
  }
}
