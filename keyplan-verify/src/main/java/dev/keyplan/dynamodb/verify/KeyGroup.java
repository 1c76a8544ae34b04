package dev.keyplan.dynamodb.verify;

import dev.keyplan.dynamodb.design.DynamoDbItem;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.dynamodb.design.KeyPath;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The items under one partition key value of one table or index, as loaded: the busiest value's
 * item collection or a typical value's, for one partition key template ({@code C#{customer_id}}),
 * with every item type that shares the template. Counts come from keyplan's {@link
 * dev.keyplan.workload.KeyCounts} at the model's horizon and are scaled down by {@code factor} when
 * they add up to more than {@code --max-rows}.
 *
 * @param keyAttributes the entity attributes the partition key is built from; every row here shares
 *     {@code tag} for them
 * @param total items under the value at the horizon, all item types together (keyplan's figure)
 * @param factor loaded / total, at most 1
 * @param members the item types under the value, in table order
 */
record KeyGroup(
    DynamoDbTable table,
    KeyPath path,
    String signature,
    Which which,
    Set<String> keyAttributes,
    String tag,
    double total,
    double factor,
    List<Member> members) {

  KeyGroup {
    keyAttributes = Set.copyOf(keyAttributes);
    members = List.copyOf(members);
  }

  /** The busiest partition key value, or a typical one. */
  enum Which {
    BUSIEST,
    TYPICAL;

    /** Returns the word the report uses. */
    String word() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /**
   * One item type under the value.
   *
   * @param full its items under the value at the horizon (keyplan's figure), NaN when a spread is
   *     not declared
   * @param rows the rows loaded, each written as every item type of its entity
   */
  record Member(DynamoDbItem item, double full, List<Instance> rows) {
    Member {
      rows = List.copyOf(rows);
    }

    /** Returns the items of this type loaded under the value. */
    int loaded() {
      return rows.size();
    }
  }

  /** Returns the member for item type {@code item}. */
  Optional<Member> member(DynamoDbItem item) {
    return members.stream().filter(m -> m.item() == item).findFirst();
  }

  /** Returns the items loaded under the value, all item types together. */
  int loaded() {
    return members.stream().mapToInt(Member::loaded).sum();
  }

  /** Returns how the report names the group: {@code AppTable C#{customer_id} (busiest)}. */
  String label() {
    return path.label() + " " + signature + " (" + which.word() + ")";
  }
}
