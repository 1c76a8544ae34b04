package dev.keyplan.dynamodb.verify;

import dev.keyplan.verify.VerifyException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import software.amazon.awssdk.core.exception.SdkServiceException;
import software.amazon.awssdk.core.waiters.WaiterOverrideConfiguration;
import software.amazon.awssdk.retries.api.BackoffStrategy;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * The tables keyplan works in: {@code <prefix><table name>}, one per table of the design, and
 * nothing else. Before anything is written every one of them is looked up; if one exists and {@code
 * --reuse} was not given, the run stops naming it and has touched nothing. With {@code --reuse} an
 * existing table is used when its key schema is the design's (else the run stops), and it is never
 * dropped: the items keyplan wrote into it are deleted again at the end, unless {@code --keep}.
 * Tables keyplan created are dropped at the end unless {@code --keep}, whatever happened in
 * between; a table outside this list is never read, written or dropped.
 *
 * <p>An engine that answers with an error is reported here, naming the call and the table; one that
 * does not answer at all is the caller's to report.
 */
final class Namespace {
  /**
   * How long keyplan waits for a table to become ACTIVE after CreateTable or to be gone after
   * DeleteTable: both calls return while the table is still CREATING or DELETING (DynamoDB
   * Developer Guide, "Basic operations on DynamoDB tables"). The SDK's own waiters poll every 20 s;
   * keyplan polls after 0.1 s, doubling to at most 5 s, so an engine that finishes at once
   * (dynalite) costs a fraction of a second and a cloud table seconds, never past 10 minutes.
   */
  private static final WaiterOverrideConfiguration WAIT =
      WaiterOverrideConfiguration.builder()
          .backoffStrategyV2(
              BackoffStrategy.exponentialDelayWithoutJitter(
                  Duration.ofMillis(100), Duration.ofSeconds(5)))
          .maxAttempts(200)
          .waitTimeout(Duration.ofMinutes(10))
          .build();

  private final DynamoDbClient client;
  private final String prefix;
  private final UnaryOperator<String> scrub;
  private final List<String> created = new ArrayList<>();
  private final List<String> reused = new ArrayList<>();
  private final List<String> dropped = new ArrayList<>();

  /** {@code scrub} removes any credential from an engine's error message before it is shown. */
  Namespace(DynamoDbClient client, String prefix, UnaryOperator<String> scrub) {
    this.client = client;
    this.prefix = prefix;
    this.scrub = scrub;
  }

  /** Returns the name keyplan gives design table {@code table}. */
  String name(String table) {
    return prefix + table;
  }

  /** Returns the design table's name for a prefixed name. */
  String designName(String prefixed) {
    return prefixed.startsWith(prefix) ? prefixed.substring(prefix.length()) : prefixed;
  }

  /**
   * Looks every table up, then creates the missing ones and waits until they are active.
   *
   * @throws VerifyException when a table exists and {@code reuse} is false (nothing was created),
   *     or an existing table's key schema differs from the design's
   */
  void create(List<CreateTableRequest> tables, boolean reuse) {
    Map<String, TableDescription> existing = new LinkedHashMap<>();
    for (CreateTableRequest t : tables) {
      describe(t.tableName()).ifPresent(d -> existing.put(t.tableName(), d));
    }
    if (!existing.isEmpty() && !reuse) {
      throw new VerifyException(
          "table"
              + (existing.size() == 1 ? " " : "s ")
              + String.join(", ", existing.keySet())
              + " already exist"
              + (existing.size() == 1 ? "s" : "")
              + " at the endpoint: keyplan verify works only in tables"
              + " it creates and touched nothing; drop "
              + (existing.size() == 1 ? "it" : "them")
              + ", choose another --prefix,"
              + " or pass --reuse to work in "
              + (existing.size() == 1 ? "it" : "them"));
    }
    for (CreateTableRequest t : tables) {
      TableDescription d = existing.get(t.tableName());
      if (d != null && !sameKeys(d.keySchema(), t.keySchema())) {
        throw new VerifyException(
            "--reuse: table "
                + t.tableName()
                + " has key schema "
                + keys(d.keySchema())
                + " but the design's is "
                + keys(t.keySchema())
                + "; keyplan will not write into it");
      }
    }
    for (CreateTableRequest t : tables) {
      if (existing.containsKey(t.tableName())) {
        reused.add(t.tableName());
        continue;
      }
      try {
        client.createTable(t);
      } catch (SdkServiceException e) {
        throw new VerifyException(
            "CreateTable " + t.tableName() + " failed: " + scrub.apply(e.getMessage()));
      }
      created.add(t.tableName());
      client
          .waiter()
          .waitUntilTableExists(
              DescribeTableRequest.builder().tableName(t.tableName()).build(), WAIT);
    }
  }

  /** Returns true if keyplan created {@code prefixed} (false for a reused table). */
  boolean createdByKeyplan(String prefixed) {
    return created.contains(prefixed);
  }

  /** Returns the tables that existed and were reused. */
  List<String> reused() {
    return List.copyOf(reused);
  }

  /** Returns the tables keyplan created. */
  List<String> created() {
    return List.copyOf(created);
  }

  /**
   * Drops every table keyplan created and has not dropped yet, in reverse order, and waits until
   * each is gone (a table being deleted is still listed, DELETING); returns their names.
   */
  List<String> dropCreated() {
    List<String> now = new ArrayList<>();
    for (int i = created.size() - 1; i >= 0; i--) {
      String t = created.get(i);
      if (dropped.contains(t)) {
        continue;
      }
      try {
        client.deleteTable(r -> r.tableName(t));
      } catch (ResourceNotFoundException e) {
        // Already gone: nothing to drop.
      }
      dropped.add(t);
      now.add(t);
    }
    for (String t : now) {
      client
          .waiter()
          .waitUntilTableNotExists(DescribeTableRequest.builder().tableName(t).build(), WAIT);
    }
    return now;
  }

  private Optional<TableDescription> describe(String table) {
    try {
      return Optional.of(client.describeTable(r -> r.tableName(table)).table());
    } catch (ResourceNotFoundException e) {
      return Optional.empty();
    } catch (SdkServiceException e) {
      throw new VerifyException(
          "DescribeTable " + table + " failed: " + scrub.apply(e.getMessage()));
    }
  }

  private static boolean sameKeys(List<KeySchemaElement> a, List<KeySchemaElement> b) {
    return keys(a).equals(keys(b));
  }

  private static String keys(List<KeySchemaElement> k) {
    List<String> out = new ArrayList<>();
    k.forEach(e -> out.add(e.attributeName() + " " + e.keyTypeAsString()));
    return String.join(", ", out);
  }
}
