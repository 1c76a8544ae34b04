package dev.keyplan.mongodb.verify;

import dev.keyplan.simulate.SimulationResult.Setting;
import dev.keyplan.simulate.SimulationResult.Table;
import dev.keyplan.verify.VerifyOptions;
import dev.keyplan.verify.VerifyResult;
import java.util.ArrayList;
import java.util.List;

/**
 * The verification's result: settings (hosts, never the URI's user or password), findings
 * (mismatches first), the reads, writes and collections tables, and notes. Every text goes through
 * {@link Secrets#scrub} once more, so no secret reaches the output even from a server's message.
 */
final class MongoDbVerifyReport {
  private MongoDbVerifyReport() {}

  /** What a run measured, before it is put in tables. */
  record Outcome(
      boolean mongos,
      int clusterShards,
      int designShards,
      List<List<Object>> reads,
      List<List<Object>> writes,
      List<List<Object>> collections,
      List<String> findings,
      int mismatches) {}

  static VerifyResult of(
      Outcome o,
      VerifyOptions options,
      String endpoint,
      Database db,
      List<String> notes,
      Secrets secrets) {
    List<Setting> settings = new ArrayList<>();
    settings.add(new Setting("endpoint", endpoint));
    settings.add(
        new Setting("database", db.name + (db.created ? " (created by this run)" : " (reused)")));
    settings.add(
        new Setting(
            "server",
            o.mongos()
                ? "mongos, a sharded cluster of "
                    + o.clusterShards()
                    + " shards (the design has "
                    + o.designShards()
                    + ")"
                : "not a mongos: routing is not compared"));
    settings.add(new Setting("max_rows", Integer.toString(options.maxRows())));
    settings.add(new Setting("samples", Integer.toString(options.samples())));
    settings.add(new Setting("seed", Long.toString(options.seed())));
    settings.add(new Setting("tls", options.tls() ? "true (--tls)" : "as the URI says"));
    settings.add(
        new Setting("at the end", options.keep() ? "kept" : "dropped what this run created"));
    List<String> all = new ArrayList<>(notes);
    all.add(
        "loaded per collection: "
            + "a base block of documents of their own, and for every attribute set a read"
            + " restricts by equality (and the shard key) a busiest block — keyplan's busiest count at the horizon scaled to at"
            + " most "
            + options.maxRows()
            + " (busiest_scale) — and a typical block of keyplan's typical count, at most "
            + options.maxRows());
    all.add(
        "keyplan_keys and keyplan_docs are keyplan's figures at the horizon; the _loaded columns are the same figures"
            + " on the data loaded (at most the documents the filter matches there), which the explain is held to within "
            + (int) (MongoDbComparison.EXAMINED_TOLERANCE * 100)
            + "% or 1");
    all.add(
        "document sizes match within "
            + Sizes.TOLERANCE_PERCENT
            + "%: keyplan sizes an enumeration at its values'"
            + " average length, the documents hold the values themselves");
    all.add(
        "latency: "
            + options.samples()
            + " requests per pattern and key, measured at the client (HdrHistogram, 3"
            + " significant digits); count patterns are timed with countDocuments and explained with the count command");
    if (o.mongos()) {
      all.add(
          "routing is seen only where the data spans shards: a hashed key's empty collection starts with a chunk per"
              + " shard and zones pin their ranges, but a ranged key without zones keeps its first chunk on one shard until"
              + " the balancer splits it");
    }
    return scrub(
        result(
            o,
            settings,
            all,
            "Reads: keyplan's plan beside explain(\"executionStats\") (latency in ms at the client)"),
        secrets);
  }

  /**
   * The result of {@code keyplan verify mongodb --from-explain}: the same findings and tables as a
   * run on a server, the reads compared with the explains a user pasted (writes and sizes empty),
   * with its own settings and notes. Nothing there holds a secret.
   */
  static VerifyResult fromExplain(
      Outcome o, List<Setting> settings, List<String> notes, String file) {
    return result(
        o,
        settings,
        notes,
        "Reads: keyplan's plan beside the explains of "
            + file
            + " (ms: the explain's executionTimeMillis)");
  }

  /** The findings (the verdict first) and the reads, writes and collections tables. */
  private static VerifyResult result(
      Outcome o, List<Setting> settings, List<String> notes, String readsTitle) {
    List<String> findings = new ArrayList<>();
    findings.add(
        o.mismatches() == 0
            ? "keyplan's predictions match what MongoDB measured ("
                + o.reads().size()
                + " reads, "
                + o.collections().size()
                + " collections, "
                + o.writes().size()
                + " writes)"
            : o.mismatches() + " measurements differ from keyplan's predictions");
    findings.addAll(o.findings());
    List<Table> tables =
        List.of(
            new Table("reads", readsTitle, MongoDbComparison.READ_COLUMNS, o.reads()),
            new Table(
                "writes",
                "Writes (every collection the pattern writes; latency in ms)",
                MongoDbVerifyWrites.COLUMNS,
                o.writes()),
            new Table(
                "collections",
                "Documents: keyplan's sizes, the generated documents' (BSON library) and MongoDB's $bsonSize",
                Sizes.COLUMNS,
                o.collections()));
    return new VerifyResult("mongodb", settings, findings, tables, notes, o.mismatches());
  }

  private static VerifyResult scrub(VerifyResult r, Secrets s) {
    List<Setting> settings =
        r.settings().stream().map(x -> new Setting(x.name(), s.scrub(x.value()))).toList();
    List<Table> tables =
        r.tables().stream()
            .map(
                t ->
                    new Table(
                        t.id(),
                        t.title(),
                        t.columns(),
                        t.rows().stream()
                            .map(
                                row ->
                                    row.stream()
                                        .map(
                                            c ->
                                                c instanceof String str ? (Object) s.scrub(str) : c)
                                        .toList())
                            .toList()))
            .toList();
    return new VerifyResult(
        r.store(),
        settings,
        r.findings().stream().map(s::scrub).toList(),
        tables,
        r.notes().stream().map(s::scrub).toList(),
        r.mismatches());
  }
}
