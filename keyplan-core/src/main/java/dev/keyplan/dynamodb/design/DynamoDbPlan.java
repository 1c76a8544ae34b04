package dev.keyplan.dynamodb.design;

import dev.keyplan.analysis.AccessKind;
import dev.keyplan.analysis.Plan;
import dev.keyplan.model.AccessPattern;
import dev.keyplan.workload.Estimate;
import java.util.List;
import java.util.Optional;

/**
 * How one access pattern runs on DynamoDB: the API operation, the table or index, the key
 * condition, what a request evaluates and what it costs on each copy of the data.
 *
 * @param operation the API call ({@code GetItem}, {@code Query}, {@code Scan}, {@code PutItem},
 *     {@code TransactWriteItems}…)
 * @param path the table or index a read uses
 * @param items the item types the pattern reads or writes
 * @param keyCondition the key condition or key, as the request would write it
 * @param filter attributes only a FilterExpression can restrict (billed before the filter)
 * @param calls API calls per request: pages of 1 MB, shard fan-out, IN keys, read-before-write
 * @param itemsEvaluated items evaluated per request (reads), for a typical and the busiest key
 * @param bytes bytes evaluated per request, for a typical and the busiest key
 * @param consistency {@code eventual}, {@code strong} or {@code transactional}; empty for writes
 * @param touches what the request consumes on each copy (table, index) and key, for heat and cost
 */
public record DynamoDbPlan(
    AccessPattern pattern,
    Access access,
    String operation,
    Optional<KeyPath> path,
    List<String> items,
    String keyCondition,
    List<String> filter,
    double calls,
    Estimate itemsEvaluated,
    Estimate bytes,
    Optional<String> consistency,
    List<Touch> touches,
    List<String> notes)
    implements Plan {

  public DynamoDbPlan {
    items = List.copyOf(items);
    filter = List.copyOf(filter);
    touches = List.copyOf(touches);
    notes = List.copyOf(notes);
  }

  /** How a pattern reaches its items, best first. */
  public enum Access implements AccessKind {
    GET_ITEM("GetItem (one item)"),
    BATCH_GET("BatchGetItem"),
    QUERY("Query (one partition)"),
    QUERY_FAN_OUT("Query per key or shard"),
    SCAN("Scan (whole table)"),
    NOT_SERVED("not served"),
    WRITE("write");

    private final String label;

    Access(String label) {
      this.label = label;
    }

    /** Returns the words printed in the patterns table. */
    @Override
    public String label() {
      return label;
    }

    /** Returns the id used in JSON output ({@code get-item}). */
    @Override
    public String id() {
      return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    @Override
    public boolean served() {
      return this != NOT_SERVED;
    }
  }

  /**
   * What one request of the pattern consumes on one copy of the data.
   *
   * @param copy the table, or {@code table.index}
   * @param signature the partition key templates the request's key is built from on that copy
   *     ({@link DynamoDbItem#partitionSignature}); empty for a scan, which touches every partition
   * @param busiestShare the share of the pattern's requests that go to the busiest key value on
   *     that copy; NaN when the key's spread is not declared
   * @param readUnits read units per request (RCU, or RRU on demand), for a typical key and on the
   *     busiest key's partition
   * @param writeUnits write units per request (WCU, or WRU on demand)
   * @param shards the key's shard suffix values (1 if not sharded)
   */
  public record Touch(
      String copy,
      String signature,
      double busiestShare,
      Estimate readUnits,
      double writeUnits,
      int shards) {}

  /** Returns the read units of one request, summed over copies, for a typical key. */
  public double readUnits() {
    return touches.stream().mapToDouble(t -> t.readUnits().typical()).sum();
  }

  /** Returns the write units of one request, summed over copies. */
  public double writeUnits() {
    return touches.stream().mapToDouble(Touch::writeUnits).sum();
  }

  /** Returns the copies (table, indexes) the request touches, in order. */
  public List<String> copies() {
    return touches.stream().map(Touch::copy).distinct().toList();
  }

  /** Returns how the store serves the pattern: {@link #access()}. */
  @Override
  public AccessKind kind() {
    return access;
  }

  /**
   * The call, the table or index it runs on and its key condition: {@code Query on Orders, PK = …}.
   */
  @Override
  public String request() {
    return operation
        + path.map(x -> " on " + x.label()).orElse("")
        + (keyCondition.equals("-") ? "" : ", " + keyCondition);
  }
}
