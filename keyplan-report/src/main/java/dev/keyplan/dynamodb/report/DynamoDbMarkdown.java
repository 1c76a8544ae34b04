package dev.keyplan.dynamodb.report;

import static dev.keyplan.report.Phrases.markdownCell;
import static dev.keyplan.report.Phrases.pair;

import dev.keyplan.model.Units;

/**
 * A DynamoDB analysis in {@code check --format markdown}: patterns, item types and keys, and the
 * monthly cost.
 */
public final class DynamoDbMarkdown {
  private DynamoDbMarkdown() {}

  public static void render(dev.keyplan.dynamodb.design.DynamoDbAnalysis a, StringBuilder out) {
    out.append("\n## DynamoDB\n\n");
    out.append(
        "| Pattern | Says | Rate | Operation | Table or index | Key condition | Items read | Units per request |\n");
    out.append("|---|---|---:|---|---|---|---:|---:|\n");
    for (dev.keyplan.dynamodb.design.DynamoDbPlan p : a.plans()) {
      String on = p.path().map(x -> x.label()).orElse(String.join(", ", p.copies()));
      String units =
          p.pattern().isRead()
              ? DynamoDbText.number(p.readUnits()) + " RCU"
              : DynamoDbText.number(p.writeUnits()) + " WCU";
      out.append("| `")
          .append(p.pattern().id())
          .append("` | ")
          .append(markdownCell(p.pattern().says()))
          .append(" | ")
          .append(Units.rate(p.pattern().ratePerSecond()))
          .append(" | ")
          .append(p.operation())
          .append(" | ")
          .append(on.isEmpty() ? "—" : "`" + on + "`")
          .append(" | ")
          .append(p.keyCondition().equals("-") ? "—" : "`" + markdownCell(p.keyCondition()) + "`")
          .append(" | ")
          .append(
              p.pattern().isRead()
                  ? pair(p.itemsEvaluated().typical(), p.itemsEvaluated().busiest())
                  : "—")
          .append(" | ")
          .append(
              p.access() == dev.keyplan.dynamodb.design.DynamoDbPlan.Access.NOT_SERVED
                  ? "—"
                  : units)
          .append(" |\n");
    }
    out.append(
        "\nItem types and their keys:\n\n| Item type | Table | Entity | Keys | Item size |\n|---|---|---|---|---:|\n");
    for (var t : a.tables()) {
      for (var it : t.items()) {
        out.append("| ")
            .append(it.name())
            .append(" | `")
            .append(t.name())
            .append("` | ")
            .append(it.entity().name())
            .append(" | ")
            .append(
                markdownCell(
                    String.join(
                        ", ",
                        it.keys().values().stream()
                            .map(k -> "`" + k.attribute() + " = " + k.text() + "`")
                            .toList())))
            .append(" | ")
            .append(Units.count(it.bytes()))
            .append(" B |\n");
      }
    }
    out.append("\nMonthly cost: ")
        .append(DynamoDbText.headline(a, ""))
        .append(" at ")
        .append(a.prices().region())
        .append(" prices checked ")
        .append(a.prices().checked())
        .append(" (prices change: https://aws.amazon.com/dynamodb/pricing/).\n");
  }
}
