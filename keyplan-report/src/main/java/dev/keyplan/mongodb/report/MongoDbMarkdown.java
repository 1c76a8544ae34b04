package dev.keyplan.mongodb.report;

import static dev.keyplan.report.Phrases.markdownCell;

import dev.keyplan.model.Units;

/**
 * A MongoDB analysis in {@code check --format markdown}: patterns, shards, and embed-or-reference
 * advice.
 */
public final class MongoDbMarkdown {
  private MongoDbMarkdown() {}

  public static void render(dev.keyplan.mongodb.design.MongoDbAnalysis a, StringBuilder out) {
    out.append("\n## MongoDB\n\n");
    out.append(
        "| Pattern | Says | Rate | Operation | Collection | Index | Docs examined | Sort | Routing |\n");
    out.append("|---|---|---:|---|---|---|---:|---|---|\n");
    for (dev.keyplan.mongodb.design.MongoDbPlan p : a.plans()) {
      boolean read = p.pattern().isRead();
      out.append("| `")
          .append(p.pattern().id())
          .append("` | ")
          .append(markdownCell(p.pattern().says()))
          .append(" | ")
          .append(Units.rate(p.pattern().ratePerSecond()))
          .append(" | ")
          .append(markdownCell(p.operation()))
          .append(" | ")
          .append(p.collection().map(c -> "`" + c + "`").orElse("—"))
          .append(" | ")
          .append(read ? p.index().map(i -> "`" + i + "`").orElse("COLLSCAN") : "—")
          .append(" | ")
          .append(
              read
                  ? MongoDbText.examined(p.docsExamined().typical(), p.docsExamined().busiest())
                  : "—")
          .append(" | ")
          .append(read && !MongoDbText.sort(p).equals("-") ? MongoDbText.sort(p) : "—")
          .append(" | ")
          .append(p.targeting().label())
          .append(" |\n");
    }
    out.append(
            "\nShards (busiest shard):\n\n| Collection | Shard key | Shards used | Reads | Writes | Of budget | Busiest value |\n")
        .append("|---|---|---:|---:|---:|---:|---:|\n");
    for (dev.keyplan.mongodb.design.MongoDbShard s : a.shards()) {
      out.append("| `")
          .append(s.collection())
          .append("` | ")
          .append(
              a.collection(s.collection())
                  .flatMap(dev.keyplan.mongodb.design.MongoDbCollection::shardKey)
                  .map(k -> "`" + MongoDbText.key(k) + "`")
                  .orElse("unsharded"))
          .append(" | ")
          .append(s.sharded() ? s.usedShards() + " of " + s.shards() : "1")
          .append(" | ")
          .append(Units.rate(s.reads()))
          .append(" | ")
          .append(Units.rate(s.writes()))
          .append(" | ")
          .append(Units.percent(s.budgetShare()))
          .append(" | ")
          .append(
              s.sharded()
                  ? Units.bytes(s.busiestValueBytes()) + (s.jumbo() ? " (jumbo)" : "")
                  : "—")
          .append(" |\n");
    }
    for (dev.keyplan.mongodb.design.MongoDbShard s : a.shards()) {
      // What a compound key's busiest value rests on (issue 17 §4), under the table.
      MongoDbText.assumption(a, s)
          .ifPresent(
              x -> out.append("\n`").append(s.collection()).append("`: ").append(x).append('\n'));
    }
    if (a.relationships().isEmpty()) {
      return;
    }
    out.append("\nEmbed or reference:\n\n| Relationship | Stored | Advice |\n|---|---|---|\n");
    for (dev.keyplan.mongodb.design.MongoDbRelationship r : a.relationships()) {
      out.append("| ")
          .append(r.parent())
          .append(" → ")
          .append(r.child())
          .append(" | ")
          .append(
              r.embedded()
                  ? "embedded in `" + r.collection() + "." + r.field() + "`"
                  : "`" + r.collection() + "`")
          .append(" | ")
          .append(r.advice())
          .append(" |\n");
    }
  }
}
