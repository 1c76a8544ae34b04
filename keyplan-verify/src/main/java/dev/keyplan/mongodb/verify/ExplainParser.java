package dev.keyplan.mongodb.verify;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Reads an {@code explain} reply in the shape the MongoDB manual documents ("Explain Results",
 * https://www.mongodb.com/docs/manual/reference/explain-results/):
 *
 * <ul>
 *   <li>{@code queryPlanner.winningPlan} is a tree of stages, each with {@code stage} and an {@code
 *       inputStage} (one child) or {@code inputStages} (several). The leaves read the collection
 *       ({@code COLLSCAN}) or an index ({@code IXSCAN}, {@code COUNT_SCAN}, {@code DISTINCT_SCAN},
 *       8.0's {@code EXPRESS_IXSCAN}, each with {@code indexName}; {@code IDHACK}, a lookup by
 *       {@code _id}, names none and is the {@code _id_} index);
 *   <li>with the slot-based engine (5.1+) the tree is under {@code winningPlan.queryPlan};
 *   <li>on a sharded collection the mongos' {@code winningPlan} ({@code SHARD_MERGE}, {@code
 *       SINGLE_SHARD}, …) holds a {@code shards} array, each with {@code shardName} and its own
 *       {@code winningPlan};
 *   <li>{@code executionStats} has {@code nReturned}, {@code totalKeysExamined} and {@code
 *       totalDocsExamined}, summed over the shards on a mongos; where a mongos' reply gives them
 *       only per shard ({@code executionStats.executionStages.shards[]}, each with its own totals)
 *       they are added up here.
 * </ul>
 *
 * <p>A blocking sort is a {@code SORT} stage anywhere in the tree.
 */
final class ExplainParser {
  private ExplainParser() {}

  /**
   * Returns what {@code explain} says.
   *
   * @throws IllegalArgumentException if it has no {@code queryPlanner.winningPlan}
   */
  static Explained parse(BsonDocument explain) {
    BsonDocument planner = explain.getDocument("queryPlanner", null);
    if (planner == null || !planner.isDocument("winningPlan")) {
      throw new IllegalArgumentException(
          "not an explain reply: no queryPlanner.winningPlan (keys: "
              + String.join(", ", explain.keySet())
              + ")");
    }
    BsonDocument winning = tree(planner.getDocument("winningPlan"));
    Set<String> access = new LinkedHashSet<>();
    boolean[] sort = {false};
    List<String> shards = new ArrayList<>();
    boolean sharded = winning.isArray("shards");
    if (sharded) {
      for (BsonValue s : winning.getArray("shards")) {
        BsonDocument shard = s.asDocument();
        shards.add(shard.isString("shardName") ? shard.getString("shardName").getValue() : "?");
        if (shard.isDocument("winningPlan")) {
          walk(tree(shard.getDocument("winningPlan")), access, sort);
        }
      }
    } else {
      walk(winning, access, sort);
    }
    BsonDocument stats = explain.getDocument("executionStats", new BsonDocument());
    return new Explained(
        new ArrayList<>(access),
        sort[0],
        sharded,
        shards,
        total(stats, "totalKeysExamined"),
        total(stats, "totalDocsExamined"),
        total(stats, "nReturned"));
  }

  /**
   * The stage tree of a plan: under {@code queryPlan} with the slot-based engine, else the plan
   * itself.
   */
  private static BsonDocument tree(BsonDocument plan) {
    return plan.isDocument("queryPlan") ? plan.getDocument("queryPlan") : plan;
  }

  private static void walk(BsonDocument stage, Set<String> access, boolean[] sort) {
    String name = stage.isString("stage") ? stage.getString("stage").getValue() : "";
    if (name.equals("SORT")) {
      sort[0] = true;
    }
    if (stage.isString("indexName")) {
      access.add(stage.getString("indexName").getValue());
    } else if (name.equals("IDHACK")) {
      access.add("_id_");
    } else if (name.equals(Explained.COLLSCAN)) {
      access.add(Explained.COLLSCAN);
    }
    if (stage.isDocument("inputStage")) {
      walk(stage.getDocument("inputStage"), access, sort);
    }
    if (stage.isArray("inputStages")) {
      for (BsonValue child : stage.getArray("inputStages")) {
        walk(child.asDocument(), access, sort);
      }
    }
  }

  /**
   * {@code key} of the execution stats, or the sum over {@code executionStages.shards[]} when only
   * the shards give it; -1 when neither does.
   */
  private static long total(BsonDocument stats, String key) {
    long top = number(stats, key);
    BsonDocument stages = stats.getDocument("executionStages", new BsonDocument());
    if (top >= 0 || !stages.isArray("shards")) {
      return top;
    }
    long sum = 0;
    for (BsonValue s : stages.getArray("shards")) {
      long n = s.isDocument() ? number(s.asDocument(), key) : -1;
      if (n < 0) {
        return -1;
      }
      sum += n;
    }
    return sum;
  }

  private static long number(BsonDocument d, String key) {
    return d.isNumber(key) ? d.getNumber(key).longValue() : -1;
  }
}
