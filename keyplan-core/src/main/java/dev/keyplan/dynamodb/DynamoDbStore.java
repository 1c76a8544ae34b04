package dev.keyplan.dynamodb;

import dev.keyplan.check.Rule;
import dev.keyplan.dynamodb.check.DynamoDbRuleParts;
import dev.keyplan.dynamodb.check.DynamoDbRules;
import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbAnalyzer;
import dev.keyplan.dynamodb.emit.DynamoDbEmitters;
import dev.keyplan.dynamodb.model.DynamoDbDesign;
import dev.keyplan.dynamodb.model.DynamoDbSectionReader;
import dev.keyplan.dynamodb.simulate.DynamoDbSetup;
import dev.keyplan.dynamodb.simulate.DynamoDbSimulator;
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
 * Amazon DynamoDB: tables, their item types and indexes, read from the model or imported from a
 * NoSQL Workbench model or {@code describe-table} output.
 */
public final class DynamoDbStore implements Store<DynamoDbDesign, DynamoDbAnalysis> {
  @Override
  public StoreId id() {
    return StoreId.DYNAMODB;
  }

  @Override
  public Class<DynamoDbDesign> designType() {
    return DynamoDbDesign.class;
  }

  @Override
  public Class<DynamoDbAnalysis> analysisType() {
    return DynamoDbAnalysis.class;
  }

  @Override
  public Optional<DynamoDbDesign> read(
      SectionReader context,
      YamlMap model,
      StoreId id,
      Path baseDir,
      Map<String, Entity> entities,
      List<AccessPattern> patterns) {
    return new DynamoDbSectionReader(context).read(model, baseDir, entities, patterns);
  }

  @Override
  public List<dev.keyplan.designer.Designer> designers() {
    return List.of(new dev.keyplan.dynamodb.designer.DynamoDbDesigner());
  }

  @Override
  public DynamoDbAnalysis analyze(Model model) {
    return DynamoDbAnalyzer.analyze(model);
  }

  @Override
  public List<Class<? extends Rule>> rules() {
    return DynamoDbRules.all();
  }

  @Override
  public List<Rule.OnStore<DynamoDbAnalysis>> ruleParts(Class<? extends Rule.OnStores> rule) {
    return DynamoDbRuleParts.of(rule);
  }

  @Override
  public List<Emitter<DynamoDbAnalysis>> emitters() {
    return DynamoDbEmitters.all();
  }

  @Override
  public Optional<StoreSimulator<DynamoDbAnalysis>> simulator() {
    return Optional.of(
        (a, settings, trace, progress) ->
            DynamoDbSimulator.run(a, DynamoDbSetup.defaults(), settings, trace, progress).result());
  }
}
