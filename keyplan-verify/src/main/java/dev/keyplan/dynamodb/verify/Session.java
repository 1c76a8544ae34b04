package dev.keyplan.dynamodb.verify;

import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbItem;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.model.KeyTemplate;
import dev.keyplan.model.Model;
import dev.keyplan.simulate.Progress;
import dev.keyplan.verify.VerifyOptions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.Select;

/**
 * One verification from the tables' creation to the last measurement: create, load, count, run
 * every pattern, measure item sizes. What it measured is kept for {@link DynamoDbVerifyReport};
 * dropping what it created is {@link DynamoDbVerifier}'s, whatever happens here.
 */
final class Session {
  final Model model;
  final DynamoDbAnalysis analysis;
  final VerifyOptions options;
  final DynamoDbClient client;
  final Connection connection;
  final Namespace names;
  final Ledger ledger = new Ledger();
  final Tags tags = new Tags();
  final ItemBuilder builder;
  Fidelity fidelity = Fidelity.DYNAMODB;
  List<KeyGroup> groups = List.of();
  Dataset data;
  List<PatternRun> runs = List.of();

  /** Items counted in each table keyplan created, after the load. */
  final Map<String, Long> counted = new LinkedHashMap<>();

  final List<SizeRow> sizes = new ArrayList<>();

  /** One item type's size: keyplan's, the built item's by keyplan's rules, and the engine's. */
  record SizeRow(DynamoDbTable table, DynamoDbItem item, long built, SizeProbe.Measured measured) {}

  Session(
      Model model,
      DynamoDbAnalysis analysis,
      VerifyOptions options,
      DynamoDbClient client,
      Connection connection) {
    this.model = model;
    this.analysis = analysis;
    this.options = options;
    this.client = client;
    this.connection = connection;
    this.names = new Namespace(client, options.prefix(), connection::scrub);
    this.builder = new ItemBuilder(new Filler(options.seed()));
  }

  /** Creates the tables; nothing is written before every table was looked up. */
  void create(List<CreateTableRequest> tables) {
    names.create(tables, options.reuse());
    String arn =
        client.describeTable(r -> r.tableName(tables.get(0).tableName())).table().tableArn();
    fidelity = Fidelity.ofArn(arn);
  }

  /** Plans, loads, runs and measures; {@code progress} hears the load. */
  void measure(Progress progress) {
    GroupPlanner planner = new GroupPlanner(analysis, options.maxRows(), tags);
    runs = new Jobs(model, analysis, planner, fidelity).all();
    groups = planner.all();
    data = Dataset.of(analysis, groups, builder);
    new Loader(client, names::name, connection::scrub, ledger).load(data, progress);
    for (DynamoDbTable t : analysis.tables()) {
      if (names.createdByKeyplan(names.name(t.name()))) {
        counted.put(t.name(), count(names.name(t.name())));
      }
    }
    DynamoDbVerifyReads reads = new DynamoDbVerifyReads(client, names, builder);
    DynamoDbVerifyWrites writes =
        new DynamoDbVerifyWrites(client, names, builder, reads, tags, ledger);
    for (PatternRun run : runs) {
      if (run.notRun.isEmpty()) {
        run.prediction =
            run.read.isPresent()
                ? Prediction.read(
                    run.plan,
                    run.which,
                    run.group.orElse(null),
                    run.table.get(),
                    run.items.get(0),
                    data)
                : Prediction.write(run.plan, run.which);
      }
    }
    // Reads first, so that what they find is what was loaded; then the writes.
    for (PatternRun run : runs) {
      if (run.read.isPresent()) {
        sample(run, i -> reads.run(run.read.get(), run.group.orElse(null)));
        if (run.prediction != null && !run.samples.isEmpty()) {
          // A read of several pages is billed page by page on the pages the engine made.
          run.prediction = run.prediction.onPages(run.plan, run.which, run.samples.get(0).pages);
        }
      }
    }
    for (PatternRun run : runs) {
      if (run.write.isPresent()) {
        sample(run, i -> writes.run(run.write.get(), run.group.get(), i));
      }
    }
    SizeProbe probe = new SizeProbe(client);
    for (DynamoDbTable t : analysis.tables()) {
      for (DynamoDbItem it : t.items()) {
        // The largest shard suffix, whose digits keyplan counts.
        int shard = it.keys().values().stream().mapToInt(KeyTemplate::shards).max().orElse(1) - 1;
        Instance row = new Instance(it.entity(), Map.of(), tags.next(), shard);
        Map<String, AttributeValue> item = builder.item(t, it, row);
        ledger.wrote(names.name(t.name()), builder.primaryKey(t, it, row));
        sizes.add(
            new SizeRow(
                t,
                it,
                SdkValues.size(item),
                probe.measure(names.name(t.name()), item, builder.primaryKey(t, it, row))));
      }
    }
  }

  private void sample(PatternRun run, java.util.function.IntFunction<Outcome> request) {
    try {
      for (int i = 0; i < options.samples(); i++) {
        Outcome o = request.apply(i);
        run.samples.add(o);
        run.latency.record(o.nanos);
      }
    } catch (SdkException e) {
      run.failure = java.util.Optional.of(connection.scrub(e.getMessage()));
    }
  }

  private long count(String table) {
    long n = 0;
    Map<String, AttributeValue> start = null;
    do {
      Map<String, AttributeValue> from = start;
      ScanResponse r =
          client.scan(b -> b.tableName(table).select(Select.COUNT).exclusiveStartKey(from));
      n += r.count();
      start =
          r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
    } while (start != null);
    return n;
  }
}
