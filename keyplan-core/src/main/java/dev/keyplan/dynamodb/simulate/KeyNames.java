package dev.keyplan.dynamodb.simulate;

import dev.keyplan.model.KeyTemplate;
import dev.keyplan.simulate.Keys;
import java.util.ArrayList;
import java.util.List;

/**
 * The text of a tracked partition key value, as the application would write it: each template's
 * literal text, its placeholder replaced by the value's name ({@link Keys#name}, so the busiest
 * product is {@code product_id-1}), its {@code {shard:N}} by the suffix. A multi-attribute key
 * joins its attributes' texts with {@code " | "}, the way signatures name them. Item types with
 * equal templates get equal texts, so their items form one item collection, as on DynamoDB.
 */
final class KeyNames {
  private KeyNames() {}

  /**
   * Returns the value of rank {@code rank} under {@code templates}, with shard suffix {@code
   * suffix}.
   */
  static String of(List<KeyTemplate> templates, Keys keys, long rank, int suffix) {
    List<String> parts = new ArrayList<>();
    for (KeyTemplate t : templates) {
      StringBuilder b = new StringBuilder();
      for (KeyTemplate.Part p : t.parts()) {
        if (p instanceof KeyTemplate.Literal l) {
          b.append(l.text());
        } else if (p instanceof KeyTemplate.Placeholder) {
          b.append(keys.name(rank));
        } else {
          b.append(suffix);
        }
      }
      parts.add(b.toString());
    }
    return String.join(" | ", parts);
  }
}
