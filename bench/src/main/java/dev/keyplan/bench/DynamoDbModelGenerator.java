package dev.keyplan.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Writes a synthetic but valid workload model with a {@code dynamodb:} design of E entities and P
 * patterns for the benchmarks, the DynamoDB counterpart of {@link ModelGenerator}: the same entity
 * pairs and pattern shapes, laid out as a single-table design. The output depends only on (E, P):
 * rates and volumes come from a {@link SplittableRandom} with the same fixed seed, so every run
 * checks the same text.
 *
 * <p>Entities come in pairs, as in {@link ModelGenerator}: an even {@code E<i>} is a parent (an
 * account), the odd {@code E<i+1>} its child (posts, with {@code owner_name} a {@code copy_of} the
 * parent's name). Every entity has an item type in one table, {@code AppTable} (PK, SK, on demand,
 * no TTL), and the items of a pair share partition keys: the account's profile under
 * {@code E<i>#{id}} / {@code PROFILE}, its posts under the same PK with {@code POST#{at}#{id}} (or,
 * for every fourth child, {@code {at}#{id}}, a sort key without a prefix, so a Query of the posts
 * reads the profile too). AppTable's indexes:
 *
 * <ul>
 *   <li>{@code GSI1}, overloaded ({@code GSI1PK}/{@code GSI1SK}, ALL): accounts by name, posts by
 *       group; every twentieth account keys GSI1SK by its bio, over the 1,024 B sort key limit;
 *   <li>{@code GSI2}, low cardinality (KEYS_ONLY): accounts by status, 3 values, with a shard
 *       suffix {@code {shard:8}} for every fourth account;
 *   <li>{@code LSI1} (KEYS_ONLY): posts by kind and time within the account's partition.
 * </ul>
 *
 * <p>Every child {@code E<i>} with i mod 10 = 1 is also stored a second time, by group, in a table
 * of its own, {@code Archive<i>}: provisioned at 5 read and 5 write units (below the need), with a
 * TTL attribute and six global indexes, only the first with its own capacity. Those tables grow
 * with the model (P = 1,000: 100 entities, 10 archive tables, 110 item types).
 *
 * <p>Patterns are dealt as in {@link ModelGenerator}, ten templates per entity: GetItem (some
 * strongly consistent), BatchGetItem (IN), Queries on the table, GSI1, GSI2 and LSI1 with
 * {@code begins_with}, BETWEEN, filters and order, fan-outs over IN keys and shard suffixes, Scans
 * (plain, with a limit, pinned by {@code access:}), a pattern no item serves, and writes: inserts
 * (conditional, with TTL, logged and unlogged batches), upserts, updates that change index keys
 * or fan out to {@code copy_of} copies (some in a TransactWriteItems), increments on a hot key, and
 * deletes. {@code access:} pins a GetItem on an index, a Query that only a Scan serves and a Scan.
 * Every DynamoDB plan kind and every DynamoDB rule has work to do; {@link Validation} checks it.
 *
 * <p>Run {@code java -cp bench/target/benchmarks.jar dev.keyplan.bench.DynamoDbModelGenerator 1000 DIR}
 * to write {@code bench-dynamodb-1000.yaml} to DIR (to try the CLI on it).
 */
public final class DynamoDbModelGenerator {
  /** The main table, holding an item type of every entity. */
  static final String TABLE = "AppTable";

  /** A generated model. */
  public record Generated(String name, String yaml, int entities, int tables, int itemTypes, int patterns) {
    /** File name the model is read as. */
    public String yamlFile() {
      return name + ".yaml";
    }
  }

  private final int entities;
  private final int patterns;
  private final String name;
  private final SplittableRandom random = new SplittableRandom(ModelGenerator.SEED);
  private final StringBuilder yaml = new StringBuilder(1 << 17);
  private final StringBuilder pins = new StringBuilder();
  /** Each child's insert rate, per second, so its delete can be a share of it. */
  private final Map<Integer, Integer> postRates = new HashMap<>();

  private DynamoDbModelGenerator(int entities, int patterns) {
    if (entities < 2 || patterns < 1) {
      throw new IllegalArgumentException("need at least 2 entities and one pattern; got E=" + entities + ", P=" + patterns);
    }
    this.entities = entities;
    this.patterns = patterns;
    this.name = "bench-dynamodb-" + patterns;
  }

  /** Returns the benchmark model for {@code patterns}: E = 0.1 P (1,000 → 100 entities, 11 tables). */
  public static Generated forPatterns(int patterns) {
    return generate(entitiesFor(patterns), patterns);
  }

  /** Returns a model of exactly {@code entities} entities and {@code patterns} patterns. */
  public static Generated generate(int entities, int patterns) {
    return new DynamoDbModelGenerator(entities, patterns).build();
  }

  /** Returns the tables of {@link #forPatterns}'s model: AppTable and one archive per tenth entity. */
  public static int tablesFor(int patterns) {
    return 1 + archivesFor(entitiesFor(patterns));
  }

  /** Returns the item types of {@link #forPatterns}'s model: one per entity, and one per archive table. */
  public static int itemTypesFor(int patterns) {
    int e = entitiesFor(patterns);
    return e + archivesFor(e);
  }

  private static int entitiesFor(int patterns) {
    return Math.max(2, (int) Math.round(patterns * ModelGenerator.ENTITIES_PER_PATTERN));
  }

  private static int archivesFor(int entities) {
    int n = 0;
    for (int e = 0; e < entities; e++) {
      if (!isParent(e) && archived(e)) {
        n++;
      }
    }
    return n;
  }

  /** Children stored twice, in an archive table of their own. */
  private static boolean archived(int e) {
    return e % 10 == 1;
  }

  private static boolean isParent(int e) {
    return e % 2 == 0;
  }

  private Generated build() {
    yaml.append("# Generated by dev.keyplan.bench.DynamoDbModelGenerator (seed ").append(ModelGenerator.SEED)
        .append("): ").append(entities).append(" entities, ").append(patterns).append(" patterns.\n");
    yaml.append("model: ").append(name).append('\n');
    yaml.append("horizon: 1y\n");
    yaml.append("entities:\n");
    for (int e = 0; e < entities; e++) {
      if (isParent(e)) {
        parentEntity(e);
      } else {
        childEntity(e);
      }
    }
    yaml.append("patterns:\n");
    for (int k = 0; k < patterns; k++) {
      int e = k % entities;
      int m = k / entities;
      if (isParent(e)) {
        parentPattern(e, m % ModelGenerator.PATTERNS_PER_ENTITY, m / ModelGenerator.PATTERNS_PER_ENTITY);
      } else {
        childPattern(e, m % ModelGenerator.PATTERNS_PER_ENTITY, m / ModelGenerator.PATTERNS_PER_ENTITY);
      }
    }
    yaml.append("dynamodb:\n");
    yaml.append("  average_load: 50%\n");
    yaml.append("  tables:\n");
    appTable();
    for (int e = 0; e < entities; e++) {
      if (!isParent(e) && archived(e)) {
        archiveTable(e);
      }
    }
    if (pins.length() > 0) {
      yaml.append("  access:\n").append(pins);
    }
    int archives = archivesFor(entities);
    return new Generated(name, yaml.toString(), entities, 1 + archives, entities + archives, patterns);
  }

  private int between(int lo, int hi) {
    return random.nextInt(lo, hi);
  }

  // ------------------------------------------------------------------------------------ entities

  private void parentEntity(int e) {
    String p = "e" + e + "_";
    yaml.append("  E").append(e).append(":\n");
    yaml.append("    says: accounts of family ").append(e / 2).append('\n');
    yaml.append("    attributes:\n");
    yaml.append("      ").append(p).append("id: uuid\n");
    yaml.append("      ").append(p).append("name: {type: text, size: ").append(between(12, 40)).append("B}\n");
    // Every twentieth account keys GSI1SK by its bio: over DynamoDB's 1,024 B sort key limit.
    int bio = e % 20 == 0 ? between(1100, 1400) : between(100, 400);
    yaml.append("      ").append(p).append("bio: {type: text, size: ").append(bio).append("B}\n");
    yaml.append("      ").append(p).append("status: {type: text, values: [ACTIVE, SUSPENDED, CLOSED]}\n");
    yaml.append("      ").append(p).append("region: {type: text, size: 8B}\n");
    yaml.append("      ").append(p).append("created: {type: timestamp, time_ordered: true}\n");
    yaml.append("    key: [").append(p).append("id]\n");
    yaml.append("    count: ").append(between(100, 5000)).append("k\n");
    yaml.append("    growth: ").append(between(5, 50)).append("/s\n");
    yaml.append("    spread:\n");
    yaml.append("      ").append(p).append("name: {distinct: ").append(between(5, 50)).append("M}\n");
    yaml.append("      ").append(p).append("region: {distinct: ").append(between(20, 200))
        .append(", busiest: ").append(between(2, 15)).append("%}\n");
    yaml.append("      ").append(p).append("status: {busiest: ").append(between(60, 95)).append("%}\n");
  }

  private void childEntity(int e) {
    String c = "e" + e + "_";
    String p = "e" + (e - 1) + "_";
    int growth = between(50, 400);
    yaml.append("  E").append(e).append(":\n");
    yaml.append("    says: posts of the accounts E").append(e - 1).append('\n');
    yaml.append("    attributes:\n");
    yaml.append("      ").append(c).append("id: {type: bigint, time_ordered: true}\n");
    yaml.append("      ").append(p).append("id: uuid\n");
    yaml.append("      ").append(c).append("group: bigint\n");
    yaml.append("      ").append(c).append("at: {type: timestamp, time_ordered: true}\n");
    yaml.append("      ").append(c).append("kind: {type: text, values: [NOTE, PHOTO, LINK, POLL]}\n");
    // Every twentieth child (from 11) carries a body near the 400 KB item limit.
    int body = e % 20 == 11 ? between(310_000, 330_000) : between(100, 2000);
    yaml.append("      ").append(c).append("body: {type: text, size: ").append(body).append("B}\n");
    // Every twentieth child (from 17) gains a tag a day and never loses one.
    yaml.append("      ").append(c).append("tags: {type: set<text>, size: 40B, items: ").append(between(1, 8))
        .append(e % 20 == 17 ? ", grows: 1/day}\n" : "}\n");
    yaml.append("      ").append(c).append("likes: counter\n");
    yaml.append("      ").append(c).append("owner_name: {type: text, size: 20B, copy_of: E").append(e - 1)
        .append('.').append(p).append("name}\n");
    yaml.append("      ").append(c).append("expires: timestamp\n");
    yaml.append("    key: [").append(c).append("id]\n");
    yaml.append("    count: ").append(between(1, 50)).append("M\n");
    yaml.append("    growth: ").append(growth).append("/s\n");
    yaml.append("    spread:\n");
    yaml.append("      ").append(p).append("id: {distinct: ").append(between(100, 2000))
        .append("k, distribution: zipf(0.").append(between(7, 10)).append(")}\n");
    int groups = between(1, 200);
    int busiest = between(1, Math.max(2, growth / 20));
    if (e % 10 != 3) { // every tenth child leaves the group's spread out: GSI1 keyed by it cannot be sized
      yaml.append("      ").append(c).append("group: {distinct: ").append(groups)
          .append("k, busiest: ").append(busiest).append("/s}\n");
    }
    yaml.append("      ").append(c).append("kind: {busiest: ").append(between(30, 60)).append("%}\n");
  }

  // -------------------------------------------------------------------------------------- tables

  private void appTable() {
    yaml.append("    ").append(TABLE).append(":\n");
    yaml.append("      partition_key: PK\n");
    yaml.append("      sort_key: SK\n");
    yaml.append("      capacity: on-demand\n");
    yaml.append("      indexes:\n");
    yaml.append("        GSI1: {partition_key: GSI1PK, sort_key: GSI1SK, projection: ALL}\n");
    yaml.append("        GSI2: {partition_key: GSI2PK, sort_key: GSI2SK, projection: KEYS_ONLY}\n");
    yaml.append("        LSI1: {local: true, sort_key: LSI1SK, projection: KEYS_ONLY}\n");
    yaml.append("      items:\n");
    for (int e = 0; e < entities; e++) {
      if (isParent(e)) {
        String p = "e" + e + "_";
        String gsi1sk = e % 20 == 0 ? "BIO#{" + p + "bio}" : "A#{" + p + "id}";
        String gsi2pk = "E" + e + "S#{" + p + "status}" + (e % 4 == 2 ? "#{shard:8}" : "");
        yaml.append("        E").append(e).append(":\n");
        yaml.append("          keys: {PK: \"E").append(e).append("#{").append(p).append("id}\", SK: PROFILE, GSI1PK: \"E")
            .append(e).append("N#{").append(p).append("name}\", GSI1SK: \"").append(gsi1sk).append("\", GSI2PK: \"")
            .append(gsi2pk).append("\", GSI2SK: \"C#{").append(p).append("created}\"}\n");
        yaml.append("          attributes: [").append(p).append("name, ").append(p).append("bio, ").append(p)
            .append("status, ").append(p).append("region, ").append(p).append("created]\n");
      } else {
        String c = "e" + e + "_";
        String p = "e" + (e - 1) + "_";
        // Every fourth child's sort key has no literal prefix: a Query of its posts reads the profile too.
        String sk = e % 4 == 1 ? "{" + c + "at}#{" + c + "id}" : "POST#{" + c + "at}#{" + c + "id}";
        yaml.append("        E").append(e).append(":\n");
        yaml.append("          keys: {PK: \"E").append(e - 1).append("#{").append(p).append("id}\", SK: \"").append(sk)
            .append("\", GSI1PK: \"E").append(e).append("G#{").append(c).append("group}\", GSI1SK: \"P#{").append(c)
            .append("id}\", LSI1SK: \"K#{").append(c).append("kind}#{").append(c).append("at}\"}\n");
        // The children whose tag read is not served store no tags.
        yaml.append("          attributes: [").append(c).append("group, ").append(c).append("kind, ").append(c)
            .append("body, ").append(noTags(e) ? "" : c + "tags, ").append(c).append("likes, ").append(c)
            .append("owner_name]\n");
      }
    }
  }

  private void archiveTable(int e) {
    String c = "e" + e + "_";
    String p = "e" + (e - 1) + "_";
    yaml.append("    Archive").append(e).append(":\n");
    yaml.append("      partition_key: PK\n");
    yaml.append("      sort_key: SK\n");
    yaml.append("      capacity: {read: 5, write: 5}\n");
    yaml.append("      ttl: ").append(c).append("expires\n");
    yaml.append("      indexes:\n");
    for (int i = 1; i <= 6; i++) {
      yaml.append("        X").append(i).append("_").append(e).append(": {partition_key: X").append(i)
          .append("PK, projection: KEYS_ONLY").append(i == 1 ? ", capacity: {read: 5, write: 5}" : "").append("}\n");
    }
    yaml.append("      items:\n");
    yaml.append("        E").append(e).append("Archive:\n");
    yaml.append("          entity: E").append(e).append('\n');
    yaml.append("          keys: {PK: \"G#{").append(c).append("group}\", SK: \"A#{").append(c).append("at}#{").append(c)
        .append("id}\", X1PK: \"O#{").append(p).append("id}\", X2PK: \"K#{").append(c).append("kind}\"}\n");
    // The TTL attribute is a timestamp: as an ISO string TTL never expires it, as N (every other archive) it works.
    yaml.append("          attributes: {").append(c).append("body: S, ").append(c).append("owner_name: S, ").append(c)
        .append("expires: ").append(e % 20 == 1 ? "S" : "N").append("}\n");
  }

  /** The children whose read of tags is not served: their items hold no tags. */
  private static boolean noTags(int e) {
    return (e / 2) % 4 == 2;
  }

  // ------------------------------------------------------------------------------------ patterns

  private void pattern(String id, String says, String rate, String key, String op, List<String> extra) {
    yaml.append("  - id: ").append(id).append('\n');
    yaml.append("    says: ").append(says).append('\n');
    yaml.append("    rate: ").append(rate).append('\n');
    yaml.append("    ").append(key).append(": ").append(op).append('\n');
    for (String x : extra) {
      yaml.append("    ").append(x).append('\n');
    }
  }

  private void pin(String id, String how) {
    pins.append("    ").append(id).append(": {").append(how).append("}\n");
  }

  private static String id(int e, String what, int round) {
    return "e" + e + "-" + what + (round == 0 ? "" : "-" + round);
  }

  private void parentPattern(int e, int template, int round) {
    String p = "e" + e + "_";
    String ent = "E" + e;
    List<String> extra = new ArrayList<>();
    switch (template) {
      case 0:
        if (e % 6 == 0) {
          extra.add("expects: read-your-writes");
        }
        pattern(id(e, "profile", round), "one account by id", between(500, 5000) + "/s", "query",
            ent + " where " + p + "id = ?", extra);
        break;
      case 1:
        pattern(id(e, "by-status", round), "newest accounts in a status", between(10, 200) + "/s", "query",
            "select " + p + "name, " + p + "created from " + ent + " where " + p + "status = ? order by "
                + p + "created desc limit " + between(20, 100), extra);
        break;
      case 2: {
        String id = id(e, "by-name", round);
        if (e % 6 == 2) {
          extra.add("expects: read-your-writes");
        }
        if (e % 10 == 2) {
          pin(id, "via: GSI1, operation: GetItem");
        }
        pattern(id, "find an account by its exact name", between(10, 100) + "/s", "query",
            ent + " where " + p + "name = ?", extra);
        break;
      }
      case 3:
        pattern(id(e, "in-ids", round), "a few accounts at once", between(1, 50) + "/s", "query",
            ent + " where " + p + "id in (?, ?, ?)", extra);
        break;
      case 4:
        if (e % 4 == 0) {
          String id = id(e, "count-region", round);
          if (e % 8 == 4) {
            pin(id, "operation: Query");
          }
          pattern(id, "how many accounts a region has", between(1, 20) + "/s", "query",
              "count " + ent + " where " + p + "region = ?", extra);
        } else {
          pattern(id(e, "region-status", round), "accounts of a region in a status", between(1, 30) + "/s", "query",
              ent + " where " + p + "status = ? and " + p + "region = ? limit 50", extra);
        }
        break;
      case 5:
        pattern(id(e, "recent-in-status", round), "accounts in a status created after a time", between(1, 40) + "/s",
            "query", ent + " where " + p + "status = ? and " + p + "created > ? limit 100", extra);
        break;
      case 6:
        if (e % 8 == 6) {
          pattern(id(e, "import", round), "an account imported from another system", between(5, 50) + "/s", "upsert",
              ent, extra);
        } else {
          pattern(id(e, "sign-up", round), "a new account, unique id", between(5, 50) + "/s", "insert",
              ent + " if not exists", extra);
        }
        break;
      case 7:
        if (e % 4 == 0) { // the copies are rewritten in the same transaction: a fan-out of unbounded size
          extra.add("batch: logged");
        }
        pattern(id(e, "rename", round), "an account changes its name (copied into posts)", between(1, 20) + "/min",
            "update", ent + " set " + p + "name where " + p + "id = ?", extra);
        break;
      case 8:
        if (e % 10 == 4) { // a contended account
          extra.add("spread:");
          extra.add("  " + p + "id: {busiest: " + between(30, 80) + "/s}");
        }
        pattern(id(e, "suspend", round), "compare-and-set the status", (e % 10 == 4 ? between(100, 200) : between(1, 20))
            + "/s", "update", ent + " set " + p + "status where " + p + "id = ? if " + p + "status = ?", extra);
        break;
      default:
        pattern(id(e, "close", round), "an account is deleted", between(1, 10) + "/min", "delete",
            ent + " where " + p + "id = ?", extra);
        break;
    }
  }

  private void childPattern(int e, int template, int round) {
    String c = "e" + e + "_";
    String p = "e" + (e - 1) + "_";
    String ent = "E" + e;
    String key = p + "id = ? and " + c + "at = ? and " + c + "id = ?";
    List<String> extra = new ArrayList<>();
    switch (template) {
      case 0:
        if (e % 6 == 1) {
          extra.add("expects: read-your-writes");
        }
        pattern(id(e, "latest", round), "an owner's latest posts", between(1000, 8000) + "/s", "query",
            ent + " where " + p + "id = ? order by " + c + "at desc limit " + between(20, 100), extra);
        break;
      case 1:
        extra.add("spread:");
        extra.add("  " + c + "group: {distinct: " + between(1, 50) + "k, busiest: " + between(1, 10) + "%}");
        pattern(id(e, "group-since", round), "a group's posts after an id", between(50, 500) + "/s", "query",
            ent + " where " + c + "group = ? and " + c + "id > ? limit " + between(10, 200), extra);
        break;
      case 2:
        pattern(id(e, "group-feed", round), "a group's feed with each author's name", between(100, 2000) + "/s",
            "query", "select " + c + "body, " + c + "owner_name from " + ent + " where " + c + "group = ? order by "
                + c + "id desc limit " + between(10, 50), extra);
        break;
      case 3:
        pattern(id(e, "groups", round), "posts of several groups at once", between(10, 100) + "/s", "query",
            ent + " where " + c + "group in " + between(2, 10), extra);
        break;
      case 4:
        pattern(id(e, "count-since", round), "how many posts an owner wrote since a time", between(1, 50) + "/s",
            "query", "count " + ent + " where " + p + "id = ? and " + c + "at > ?", extra);
        break;
      case 5:
        switch ((e / 2) % 4) {
          case 0:
            pattern(id(e, "recent", round), "posts of every owner since a time", between(1, 10) + "/s", "query",
                ent + " where " + c + "at >= ? limit 100", extra);
            break;
          case 1: {
            String id = id(e, "of-kind", round);
            if (e % 16 == 3) { // the application scans, whatever key could serve the read
              pin(id, "operation: Scan");
            }
            pattern(id, "an owner's posts of a kind", between(1, 10) + "/s", "query",
                ent + " where " + p + "id = ? and " + c + "kind = ?", extra);
            break;
          }
          case 2:
            // The items of these children hold no tags: not served.
            pattern(id(e, "latest-tags", round), "tags of an owner's latest posts", between(1, 10) + "/s", "query",
                "select " + c + "tags from " + ent + " where " + p + "id = ? order by " + c + "at desc limit 10", extra);
            break;
          default:
            pattern(id(e, "export", round), "every post, for an export", "1/day", "query", ent, extra);
            break;
        }
        break;
      case 6: {
        if (e % 4 == 1) {
          extra.add("batch: logged");
        } else if (e % 4 == 3) {
          extra.add("batch: unlogged");
        }
        int rate = between(50, 400);
        postRates.put(e, rate);
        pattern(id(e, "post", round), "an owner posts", rate + "/s", "insert",
            ent + (e % 8 == 7 ? " using ttl 30d" : ""), extra);
        break;
      }
      case 7:
        if (e % 4 == 3) { // by group and id: the item is found on GSI1 first
          pattern(id(e, "edit", round), "edit a post's body", between(1, 50) + "/s", "update",
              ent + " set " + c + "body where " + c + "group = ? and " + c + "id = ?", extra);
        } else {
          pattern(id(e, "edit", round), "edit a post's body", between(1, 50) + "/s", "update",
              ent + " set " + c + "body where " + key, extra);
        }
        break;
      case 8:
        if (e % 10 == 5) { // a viral owner takes half the likes: a hot partition
          extra.add("spread:");
          extra.add("  " + p + "id: {busiest: 50%}");
        }
        pattern(id(e, "like", round), "someone likes a post", (e % 10 == 5 ? between(20, 40) + "k" : between(100, 3000))
            + "/s", "increment", ent + "." + c + "likes where " + key, extra);
        break;
      default: {
        // Every tenth child (from 9) deletes most of what it inserts: transient data without a TTL.
        int posted = postRates.getOrDefault(e, 100);
        int rate = e % 10 == 9 ? Math.max(1, posted * between(60, 95) / 100) : between(1, Math.max(2, posted / 10));
        pattern(id(e, "remove", round), "an owner removes a post", rate + "/s", "delete", ent + " where " + key, extra);
        break;
      }
    }
  }

  // ---------------------------------------------------------------------------------------- main

  /** {@code DynamoDbModelGenerator PATTERNS [DIR]}: writes the model to DIR (default: .), then validates it. */
  public static void main(String[] args) throws IOException {
    if (args.length < 1) {
      System.err.println("usage: DynamoDbModelGenerator PATTERNS [DIR]   (E = 0.1 P)");
      System.exit(2);
    }
    Generated g = forPatterns(Integer.parseInt(args[0]));
    Path dir = Path.of(args.length > 1 ? args[1] : ".");
    Files.createDirectories(dir);
    Files.writeString(dir.resolve(g.yamlFile()), g.yaml(), StandardCharsets.UTF_8);
    System.out.printf(Locale.ROOT, "wrote %s to %s%n", g.yamlFile(), dir.toAbsolutePath());
    System.out.println(Validation.validate(g).summary());
  }
}
