package dev.keyplan.dynamodb.check;

import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbItem;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.dynamodb.facts.AttributeTypes;
import dev.keyplan.dynamodb.facts.Capacity;
import dev.keyplan.dynamodb.facts.DynamoDbLimits;
import dev.keyplan.model.Attribute;
import dev.keyplan.model.Units;
import java.util.Map;

/**
 * Flags a collection attribute that grows without bound inside a DynamoDB item ({@code grows:} on a
 * list, set or map): seed 003 names "unbounded arrays" an anti-pattern (the document grows, reads
 * slow down, the size limit is reached), and in DynamoDB every write of the item is charged on its
 * whole size. A warning while the oldest item stays under 400 KB at the horizon, an error once it
 * passes it: DynamoDB then rejects the write.
 *
 * <p>Worked example: a post keeps its comments in a list of 200 B texts gaining 50 a day; each
 * comment adds 1 + 200 = 201 B, 10,050 B a day, so a 1 KB post reaches 409,600 B after (409,600 −
 * 1,000) / 10,050 ≈ 41 days, and by then every new comment costs 400 WCU.
 */
@RuleSpec(
    category = Category.SIZE,
    summary = "A collection in an item grows without bound toward the 400 KB item limit",
    severity = Severity.ERROR)
public final class UnboundedListAttribute implements DynamoDbRule {
  @Override
  public void check(DynamoDbAnalysis a, Findings out) {
    long horizon = a.model().horizonSeconds();
    for (DynamoDbTable t : a.tables()) {
      for (DynamoDbItem it : t.items()) {
        for (Map.Entry<String, AttributeTypes.Stored> s : it.attributes().entrySet()) {
          Attribute attr = it.entity().attribute(s.getKey()).orElse(null);
          if (attr == null || attr.growsPerSecond() <= 0) {
            continue;
          }
          double perElement = AttributeTypes.elementBytes(s.getValue(), attr.items());
          double perDay = attr.growsPerSecond() * 86_400 * perElement;
          long lifetime = it.ttlSeconds() > 0 ? Math.min(it.ttlSeconds(), horizon) : horizon;
          double largest = it.fullBytes() + attr.growsPerSecond() * lifetime * perElement;
          double daysToLimit = (DynamoDbLimits.MAX_ITEM_BYTES - it.fullBytes()) / perDay;
          boolean over = largest > DynamoDbLimits.MAX_ITEM_BYTES;
          String when =
              over
                  ? "it passes the 400 KB item limit after "
                      + Units.count(Math.max(0, daysToLimit))
                      + " days"
                  : "the oldest item reaches "
                      + Units.count(largest)
                      + " B at the horizon, "
                      + Units.percent(largest / DynamoDbLimits.MAX_ITEM_BYTES)
                      + " of the 400 KB limit";
          out.report(
              over ? Severity.ERROR : Severity.WARNING,
              it.name() + "." + s.getKey(),
              attr.location(),
              s.getKey()
                  + " ("
                  + s.getValue().descriptor()
                  + ") in item "
                  + it.name()
                  + " of "
                  + t.name()
                  + " gains "
                  + Units.count(attr.growsPerSecond() * 86_400)
                  + " elements a day of "
                  + Units.count(perElement)
                  + " B, "
                  + Units.count(perDay)
                  + " B a day: "
                  + when
                  + "; each write of the item then costs "
                  + Units.count(
                      Capacity.writeBlocks((long) Math.min(largest, DynamoDbLimits.MAX_ITEM_BYTES)))
                  + " WCU",
              "store each element as its own item under the parent's partition key (an item collection, "
                  + "sort key such as "
                  + s.getKey().toUpperCase(java.util.Locale.ROOT)
                  + "#<time>) and read the "
                  + "latest ones with a Query; keep only a bounded summary (a count, the last few) in the item");
        }
      }
    }
  }
}
