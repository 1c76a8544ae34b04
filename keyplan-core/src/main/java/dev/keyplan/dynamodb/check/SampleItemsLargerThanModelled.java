package dev.keyplan.dynamodb.check;

import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbItem;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.dynamodb.facts.AttributeValue;
import dev.keyplan.dynamodb.facts.ItemSize;
import dev.keyplan.model.KeyTemplate;
import dev.keyplan.model.Units;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Compares the sample items of an imported NoSQL Workbench model ({@code TableData}) with the item
 * types the model lays out: when the items whose primary key matches an item type's key templates
 * are on average at least {@value #FACTOR} times larger than keyplan sizes that item type, the
 * model's attribute sizes are likely too small, and every figure keyplan derives from the item size
 * (units, storage, cost) is understated. Issue 16 Decisions: sample data "is read leniently where
 * it can be used (item examples, value sizes)".
 *
 * <p>A sample item's size follows DynamoDB's rules ({@link ItemSize}: each name's UTF-8 bytes plus
 * its value's), the same arithmetic as the modelled size, so the two are comparable byte for byte.
 * Only the larger direction is reported: sample items are usually shorter than real ones
 * (placeholder ids such as {@code C#7}), which would make the other direction fire on nearly every
 * file without telling the user anything. Worked number (the rule's test): a review modelled at 124
 * B (PK "P#{product_id}" 2 + 8 B, SK "R#{review_id}" 2 + 8 B, a 100 B body, 4 + 100 B) whose sample
 * carries a 1,200-character body is 10 + 10 + 1,204 = 1,224 B, 9.9 times larger, reported with the
 * attributes whose sample values are larger than modelled (body: 1,200 B in the samples, 100 B
 * modelled). Sizes: AWS DG, "DynamoDB item sizes and formats".
 */
@RuleSpec(
    category = Category.SIZE,
    summary = "Sample items of the imported Workbench model are larger than the modelled items",
    severity = Severity.INFO)
public final class SampleItemsLargerThanModelled implements DynamoDbRule {
  /** How many times larger the samples must be on average to be reported. */
  static final double FACTOR = 2;

  /** How many of the attributes that differ most the message names. */
  private static final int NAMED = 3;

  @Override
  public void check(DynamoDbAnalysis a, Findings out) {
    for (DynamoDbTable t : a.tables()) {
      for (DynamoDbItem it : t.items()) {
        List<Map<String, AttributeValue>> samples = matching(t, it);
        if (samples.isEmpty()) {
          continue;
        }
        double mean = samples.stream().mapToLong(ItemSize::of).average().orElseThrow();
        if (mean < FACTOR * it.bytes()) {
          continue;
        }
        List<String> parts = new ArrayList<>();
        byAttribute(samples, it).entrySet().stream()
            .filter(e -> e.getValue()[0] > e.getValue()[1])
            .sorted(
                Comparator.comparingDouble(
                        (Map.Entry<String, double[]> e) -> e.getValue()[1] - e.getValue()[0])
                    .thenComparing(Map.Entry::getKey))
            .limit(NAMED)
            .forEach(
                e ->
                    parts.add(
                        e.getKey()
                            + ": "
                            + Units.count(e.getValue()[0])
                            + " B in the samples, "
                            + Units.count(e.getValue()[1])
                            + " B modelled"));
        out.report(
            Severity.INFO,
            t.name() + " " + it.name(),
            it.location(),
            "item type "
                + it.name()
                + " of table "
                + t.name()
                + ": its "
                + Units.count(samples.size())
                + " sample item"
                + (samples.size() == 1 ? " is " : "s average ")
                + Units.count(mean)
                + " B, "
                + String.format(java.util.Locale.ROOT, "%.1f", mean / it.bytes())
                + " times the "
                + Units.count(it.bytes())
                + " B the model sizes it at, so its units, storage and cost are understated"
                + (parts.isEmpty() ? "" : "; larger in the samples: " + String.join(", ", parts)),
            "if the sample items are representative, give the entity's attributes their sizes"
                + " ({type: text, size: …}); if they are not, ignore this: sample data changes no"
                + " figure keyplan computes");
      }
    }
  }

  /**
   * For each DynamoDB attribute of the samples that the item type also holds: the samples' mean
   * value bytes and the modelled value bytes, by name, in the order the samples first name them.
   */
  private static Map<String, double[]> byAttribute(
      List<Map<String, AttributeValue>> samples, DynamoDbItem it) {
    Map<String, double[]> sums = new LinkedHashMap<>();
    for (Map<String, AttributeValue> s : samples) {
      for (var e : s.entrySet()) {
        Optional<Long> modelled = modelledBytes(it, e.getKey());
        if (modelled.isPresent()) {
          double[] d = sums.computeIfAbsent(e.getKey(), k -> new double[] {0, modelled.get(), 0});
          d[0] += ItemSize.valueBytes(e.getValue());
          d[2]++;
        }
      }
    }
    Map<String, double[]> means = new LinkedHashMap<>();
    sums.forEach((name, d) -> means.put(name, new double[] {d[0] / d[2], d[1]}));
    return means;
  }

  private static Optional<Long> modelledBytes(DynamoDbItem it, String stored) {
    if (it.keyBytes().containsKey(stored)) {
      return Optional.of(it.keyBytes().get(stored));
    }
    return it.attributeStoredAs(stored).map(a -> it.attributes().get(a).valueBytes());
  }

  /** The samples whose every primary key value matches the item type's template for it. */
  private static List<Map<String, AttributeValue>> matching(DynamoDbTable t, DynamoDbItem it) {
    List<Map<String, AttributeValue>> out = new ArrayList<>();
    for (Map<String, AttributeValue> s : t.samples()) {
      boolean all = true;
      for (String k : t.primaryKey()) {
        Optional<KeyTemplate> template = Optional.ofNullable(it.keys().get(k));
        Optional<String> text = text(s.get(k));
        all &=
            template.isPresent()
                && text.isPresent()
                && pattern(template.get()).matcher(text.get()).matches();
      }
      if (all) {
        out.add(s);
      }
    }
    return out;
  }

  /**
   * A key template as a pattern: its literal text as is, a placeholder any text, a shard digits.
   */
  private static Pattern pattern(KeyTemplate k) {
    StringBuilder re = new StringBuilder();
    for (KeyTemplate.Part p : k.parts()) {
      if (p instanceof KeyTemplate.Literal l) {
        re.append(Pattern.quote(l.text()));
      } else if (p instanceof KeyTemplate.Shard) {
        re.append("\\d+");
      } else {
        re.append(".+?");
      }
    }
    return Pattern.compile(re.toString());
  }

  private static Optional<String> text(AttributeValue v) {
    if (v instanceof AttributeValue.S s) {
      return Optional.of(s.value());
    }
    if (v instanceof AttributeValue.N n) {
      return Optional.of(n.text());
    }
    return Optional.empty();
  }
}
