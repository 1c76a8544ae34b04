package dev.keyplan.dynamodb.check;

import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbItem;
import dev.keyplan.dynamodb.design.DynamoDbSizing;
import dev.keyplan.dynamodb.design.DynamoDbSizing.OversizedKey;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.dynamodb.facts.DynamoDbLimits;
import dev.keyplan.model.KeyTemplate;
import dev.keyplan.model.Units;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Flags a key attribute whose value is longer than DynamoDB accepts: a partition key value of more
 * than 2,048 bytes or a sort key value of more than 1,024 bytes (AWS DG, "Quotas"), as {@link
 * DynamoDbSizing#oversizedKeys} finds them. The value is the template's literal text plus each
 * placeholder written as text: {@code "F#{path}"} with a 2,100 B path is 2 + 2,100 = 2,102 B, 54 B
 * over the partition key limit, so every write of such an item fails with a ValidationException. An
 * attribute that is a sort key on any path (the table or an index) must meet the sort key limit.
 * Sizes are averages, so an average over the limit means most writes fail: an error.
 */
@RuleSpec(
    category = Category.SIZE,
    summary = "Key value is longer than DynamoDB's 2,048 B partition key or 1,024 B sort key limit",
    severity = Severity.ERROR)
public final class KeyValueTooLong implements DynamoDbRule {
  @Override
  public void check(DynamoDbAnalysis a, Findings out) {
    for (DynamoDbTable t : a.tables()) {
      DynamoDbSizing s = a.sizing().get(t.name());
      if (s == null || s.oversizedKeys().isEmpty()) {
        continue;
      }
      Map<String, List<OversizedKey>> byItem = new LinkedHashMap<>();
      s.oversizedKeys()
          .forEach(k -> byItem.computeIfAbsent(k.item(), x -> new ArrayList<>()).add(k));
      for (DynamoDbItem it : t.items()) {
        List<OversizedKey> keys = byItem.get(it.name());
        if (keys == null) {
          continue;
        }
        List<String> parts = new ArrayList<>();
        for (OversizedKey k : keys) {
          long limit =
              k.partitionKey()
                  ? DynamoDbLimits.MAX_PARTITION_KEY_BYTES
                  : DynamoDbLimits.MAX_SORT_KEY_BYTES;
          String template = it.template(k.attribute()).map(KeyTemplate::text).orElse(k.attribute());
          parts.add(
              (k.partitionKey() ? "partition" : "sort")
                  + " key "
                  + k.attribute()
                  + " = \""
                  + template
                  + "\" is "
                  + Units.count(k.bytes())
                  + " B, "
                  + Units.count(k.bytes() - limit)
                  + " B over the "
                  + Units.count(limit)
                  + " B limit");
        }
        out.report(
            Severity.ERROR,
            it.name(),
            it.location(),
            "item type "
                + it.name()
                + " in "
                + t.name()
                + ": "
                + String.join("; ", parts)
                + " (the values' average size): DynamoDB rejects such a write with a ValidationException",
            "shorten the template's literal prefixes; do not put long free text in a key: hash it (a SHA-256"
                + " is 64 hex characters) and keep the original value in a non-key attribute");
      }
    }
  }
}
