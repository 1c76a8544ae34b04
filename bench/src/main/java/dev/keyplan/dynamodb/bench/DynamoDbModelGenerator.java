package dev.keyplan.dynamodb.bench;

import dev.keyplan.bench.BenchModel;
import dev.keyplan.bench.WorkloadGenerator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes a synthetic but valid workload model with a {@code dynamodb:} design of E entities and P
 * patterns for the benchmarks, the DynamoDB counterpart of Cassandra's model generator: the same
 * workload ({@link WorkloadGenerator}: entity pairs, pattern templates, spreads, the fixed seed),
 * laid out as a single-table design. This class adds the {@code dynamodb:} section and its {@code
 * access:} pins, and the attributes, reads and writes that reach DynamoDB's limits and plans. The
 * output depends only on (E, P), so every run checks the same text.
 *
 * <p>Entities come in pairs: an even {@code E<i>} is a parent (an account), the odd {@code E<i+1>}
 * its child (posts, with {@code owner_name} a {@code copy_of} the parent's name). Every entity has
 * an item type in one table, {@code AppTable} (PK, SK, on demand, no TTL), and the items of a pair
 * share partition keys: the account's profile under {@code E<i>#{id}} / {@code PROFILE}, its posts
 * under the same PK with {@code POST#{at}#{id}} (or, for every fourth child, {@code {at}#{id}}, a
 * sort key without a prefix, so a Query of the posts reads the profile too). AppTable's indexes:
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
 * with the model (P = 1,000: 100 entities, 10 archive tables, 110 item types). Half of them (i mod
 * 20 = 1) are also in a NoSQL Workbench model, {@code <name>-archives.json}, the design's {@code
 * schema:}, which gives their key and sample items ({@link #sampled}); the other half's sixth index
 * projects the posts' tags, which their items do not hold ({@link #includesTags}). Every twentieth
 * child (from 7) keys its posts in AppTable by time alone ({@link #keyedByTime}).
 *
 * <p>The ten pattern templates per entity, with DynamoDB's own where they differ, plan as GetItem
 * (some strongly consistent), BatchGetItem (IN), Queries on the table, GSI1, GSI2 and LSI1 with
 * {@code begins_with}, BETWEEN, filters and order, fan-outs over IN keys and shard suffixes, Scans
 * (plain, with a limit, pinned by {@code access:}), a pattern no item serves, and writes: inserts
 * (conditional, with TTL, logged and unlogged batches), upserts, updates that change index keys or
 * fan out to {@code copy_of} copies (some in a TransactWriteItems), increments on a hot key, and
 * deletes. {@code access:} pins a GetItem on an index, a Query that only a Scan serves and a Scan.
 * Every DynamoDB plan kind and every DynamoDB rule has work to do; {@link DynamoDbValidation}
 * checks it.
 *
 * <p>Run {@code java -cp bench/target/benchmarks.jar
 * dev.keyplan.dynamodb.bench.DynamoDbModelGenerator 1000 DIR} to write {@code
 * bench-dynamodb-1000.yaml} and {@code bench-dynamodb-1000-archives.json} to DIR (to try the CLI on
 * them).
 */
public final class DynamoDbModelGenerator extends WorkloadGenerator {
  /** The main table, holding an item type of every entity. */
  static final String TABLE = "AppTable";

  /**
   * A generated model.
   *
   * @param workbench the NoSQL Workbench model the YAML's {@code schema:} names ({@link
   *     #workbenchFile}): some archive tables with sample items
   */
  public record Generated(
      String name,
      String yaml,
      String workbench,
      int entities,
      int tables,
      int itemTypes,
      int patterns) {
    /** File name the model is read as. */
    public String yamlFile() {
      return name + ".yaml";
    }

    /** File name of the Workbench model, next to the YAML. */
    public String workbenchFile() {
      return name + "-archives.json";
    }

    /**
     * The model as the store-neutral benchmarks read it: the YAML and its Workbench model, in
     * memory; {@link BenchModel#onDisk} writes the latter where the analysis reads it.
     */
    public BenchModel benchModel() {
      return new BenchModel(
          name, yaml, List.of(new BenchModel.SchemaFile(workbenchFile(), workbench)));
    }
  }

  /** The {@code access:} pins, written while the patterns are, in their order. */
  private final StringBuilder pins = new StringBuilder();

  /** Each child's body size in bytes, as drawn, for its archive's sample items. */
  private final Map<Integer, Integer> bodies = new HashMap<>();

  private DynamoDbModelGenerator(int entities, int patterns) {
    super(entities, patterns, "bench-dynamodb-" + patterns, 1 << 17);
    if (entities < 2 || patterns < 1) {
      throw new IllegalArgumentException(
          "need at least 2 entities and one pattern; got E=" + entities + ", P=" + patterns);
    }
  }

  /**
   * Returns the benchmark model for {@code patterns}: E = 0.1 P (1,000 → 100 entities, 11 tables).
   */
  public static Generated forPatterns(int patterns) {
    return generate(entitiesFor(patterns), patterns);
  }

  /** Returns a model of exactly {@code entities} entities and {@code patterns} patterns. */
  public static Generated generate(int entities, int patterns) {
    return new DynamoDbModelGenerator(entities, patterns).build();
  }

  /**
   * Returns the tables of {@link #forPatterns}'s model: AppTable and one archive per tenth entity.
   */
  public static int tablesFor(int patterns) {
    return 1 + archivesFor(entitiesFor(patterns));
  }

  /**
   * Returns the item types of {@link #forPatterns}'s model: one per entity, and one per archive
   * table.
   */
  public static int itemTypesFor(int patterns) {
    int e = entitiesFor(patterns);
    return e + archivesFor(e);
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

  private Generated build() {
    writeWorkload(entities + " entities, " + patterns + " patterns");
    yaml.append("dynamodb:\n");
    yaml.append("  schema: ").append(name).append("-archives.json\n");
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
    return new Generated(
        name, yaml.toString(), workbench(), entities, 1 + archives, entities + archives, patterns);
  }

  // ---------------------------------------------------------------- the share of each rule's case

  /**
   * Every other archive (of the children i mod 20 = 1) is also in the Workbench model, with sample
   * items: one larger than modelled, one that is not all DynamoDB JSON.
   */
  static boolean sampled(int e) {
    return archived(e) && e % 20 == 1;
  }

  /**
   * The other archives (i mod 20 = 11): their sixth index projects the posts' tags, which the
   * archive items do not hold.
   */
  static boolean includesTags(int e) {
    return archived(e) && e % 20 == 11;
  }

  /**
   * Every twentieth child (from 7) keys its posts in AppTable by time alone, {@code POST#{at}}: two
   * posts of an owner in the same millisecond are one item.
   */
  static boolean keyedByTime(int e) {
    return !isParent(e) && e % 20 == 7;
  }

  // ------------------------------------------------------------------------------------ entities

  /** Every twentieth account keys GSI1SK by its bio: over DynamoDB's 1,024 B sort key limit. */
  @Override
  protected int bioSize(int e) {
    return e % 20 == 0 ? between(1100, 1400) : super.bioSize(e);
  }

  /** Every twentieth child (from 11) carries a body near the 400 KB item limit. */
  @Override
  protected int bodySize(int e) {
    int size = e % 20 == 11 ? between(310_000, 330_000) : super.bodySize(e);
    bodies.put(e, size);
    return size;
  }

  /** Every twentieth child (from 17) gains a tag a day and never loses one. */
  @Override
  protected String tagsGrowth(int e) {
    return e % 20 == 17 ? ", grows: 1/day" : "";
  }

  /** An expiry time: the archive tables' TTL attribute. */
  @Override
  protected void moreChildAttributes(int e) {
    yaml.append("      e").append(e).append("_expires: timestamp\n");
  }

  /** The kinds' spread, for LSI1 keyed by kind. */
  @Override
  protected void moreChildSpreads(int e) {
    yaml.append("      e")
        .append(e)
        .append("_kind: {busiest: ")
        .append(between(30, 60))
        .append("%}\n");
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
        yaml.append("          keys: {PK: \"E")
            .append(e)
            .append("#{")
            .append(p)
            .append("id}\", SK: PROFILE, GSI1PK: \"E")
            .append(e)
            .append("N#{")
            .append(p)
            .append("name}\", GSI1SK: \"")
            .append(gsi1sk)
            .append("\", GSI2PK: \"")
            .append(gsi2pk)
            .append("\", GSI2SK: \"C#{")
            .append(p)
            .append("created}\"}\n");
        yaml.append("          attributes: [")
            .append(p)
            .append("name, ")
            .append(p)
            .append("bio, ")
            .append(p)
            .append("status, ")
            .append(p)
            .append("region, ")
            .append(p)
            .append("created]\n");
      } else {
        String c = "e" + e + "_";
        String p = "e" + (e - 1) + "_";
        // Every fourth child's sort key has no literal prefix: a Query of its posts reads the
        // profile too. Every twentieth (from 7) leaves the id out: posts overwrite each other.
        String sk =
            e % 4 == 1
                ? "{" + c + "at}#{" + c + "id}"
                : keyedByTime(e) ? "POST#{" + c + "at}" : "POST#{" + c + "at}#{" + c + "id}";
        yaml.append("        E").append(e).append(":\n");
        yaml.append("          keys: {PK: \"E")
            .append(e - 1)
            .append("#{")
            .append(p)
            .append("id}\", SK: \"")
            .append(sk)
            .append("\", GSI1PK: \"E")
            .append(e)
            .append("G#{")
            .append(c)
            .append("group}\", GSI1SK: \"P#{")
            .append(c)
            .append("id}\", LSI1SK: \"K#{")
            .append(c)
            .append("kind}#{")
            .append(c)
            .append("at}\"}\n");
        // The children whose tag read is not served store no tags.
        yaml.append("          attributes: [")
            .append(c)
            .append("group, ")
            .append(c)
            .append("kind, ")
            .append(c)
            .append("body, ")
            .append(readsLatestTags(e) ? "" : c + "tags, ")
            .append(c)
            .append("likes, ")
            .append(c)
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
      yaml.append("        X")
          .append(i)
          .append("_")
          .append(e)
          .append(": {partition_key: X")
          .append(i)
          .append("PK, projection: ")
          .append(i == 6 && includesTags(e) ? "[" + c + "tags]" : "KEYS_ONLY")
          .append(i == 1 ? ", capacity: {read: 5, write: 5}" : "")
          .append("}\n");
    }
    yaml.append("      items:\n");
    yaml.append("        E").append(e).append("Archive:\n");
    yaml.append("          entity: E").append(e).append('\n');
    yaml.append("          keys: {PK: \"G#{")
        .append(c)
        .append("group}\", SK: \"A#{")
        .append(c)
        .append("at}#{")
        .append(c)
        .append("id}\", X1PK: \"O#{")
        .append(p)
        .append("id}\", X2PK: \"K#{")
        .append(c)
        .append("kind}\"}\n");
    // The TTL attribute is a timestamp: as an ISO string TTL never expires it, as N (every other
    // archive) it works.
    yaml.append("          attributes: {")
        .append(c)
        .append("body: S, ")
        .append(c)
        .append("owner_name: S, ")
        .append(c)
        .append("expires: ")
        .append(e % 20 == 1 ? "S" : "N")
        .append("}\n");
  }

  /**
   * The NoSQL Workbench model (Version 3.0, as Workbench exports it) of the {@link #sampled}
   * archive tables: their key, as the YAML gives it too (the YAML adds the indexes, capacity and
   * TTL, which the format lacks), and two sample items each. The first is an archived post whose
   * body is three times the modelled one plus 600 characters, so its size is at least twice what
   * the model sizes the item type at; the second, a group's metadata item whose key matches no item
   * type, holds plain JSON inside an {@code M}, which DynamoDB JSON does not allow.
   */
  private String workbench() {
    StringBuilder w = new StringBuilder(1 << 12);
    w.append("{\n");
    w.append("  \"ModelName\": \"").append(name).append(" archives\",\n");
    w.append("  \"ModelMetadata\": {\n");
    w.append("    \"Author\": \"").append(getClass().getName()).append("\",\n");
    w.append("    \"Description\": \"Archive tables with sample items\",\n");
    w.append("    \"AWSService\": \"Amazon DynamoDB\",\n");
    w.append("    \"Version\": \"3.0\"\n");
    w.append("  },\n");
    w.append("  \"DataModel\": [");
    String sep = "\n";
    for (int e = 0; e < entities; e++) {
      if (!isParent(e) && sampled(e)) {
        w.append(sep);
        sep = ",\n";
        sampledTable(w, e);
      }
    }
    w.append("\n  ]\n}\n");
    return w.toString();
  }

  private void sampledTable(StringBuilder w, int e) {
    String c = "e" + e + "_";
    w.append("    {\n");
    w.append("      \"TableName\": \"Archive").append(e).append("\",\n");
    w.append("      \"KeyAttributes\": {\n");
    w.append("        \"PartitionKey\": {\"AttributeName\": \"PK\", \"AttributeType\": \"S\"},\n");
    w.append("        \"SortKey\": {\"AttributeName\": \"SK\", \"AttributeType\": \"S\"}\n");
    w.append("      },\n");
    w.append("      \"NonKeyAttributes\": [");
    String sep = "\n";
    for (String a : List.of("X1PK", "X2PK", c + "body", c + "owner_name", c + "expires")) {
      w.append(sep)
          .append("        {\"AttributeName\": \"")
          .append(a)
          .append("\", \"AttributeType\": \"S\"}");
      sep = ",\n";
    }
    w.append("\n      ],\n");
    w.append("      \"TableData\": [\n");
    w.append("        {\n");
    w.append("          \"PK\": {\"S\": \"G#").append(1000 + e).append("\"},\n");
    w.append("          \"SK\": {\"S\": \"A#2026-03-01T09:00:00.000Z#").append(7000 + e);
    w.append("\"},\n");
    w.append("          \"X1PK\": {\"S\": \"O#0f8fad5b-d9cb-469f-a165-70867728950e\"},\n");
    w.append("          \"X2PK\": {\"S\": \"K#NOTE\"},\n");
    w.append("          \"").append(c).append("body\": {\"S\": \"");
    int length = 3 * bodies.get(e) + 600;
    String words = "An archived post, kept for the record. ";
    for (int n = 0; n < length; n += words.length()) {
      w.append(words, 0, Math.min(words.length(), length - n));
    }
    w.append("\"},\n");
    w.append("          \"").append(c).append("owner_name\": {\"S\": \"Ann Example\"},\n");
    w.append("          \"").append(c).append("expires\": {\"S\": \"2027-03-01T09:00:00.000Z\"}\n");
    w.append("        },\n");
    w.append("        {\n");
    w.append("          \"PK\": {\"S\": \"G#").append(1000 + e).append("\"},\n");
    w.append("          \"SK\": {\"S\": \"META\"},\n");
    w.append("          \"")
        .append(c)
        .append("meta\": {\"M\": {\"source\": \"import\", \"batch\": 7}}\n");
    w.append("        }\n");
    w.append("      ]\n");
    w.append("    }");
  }

  // ------------------------------------------------------------------------------------ patterns

  private void pin(String id, String how) {
    pins.append("    ").append(id).append(": {").append(how).append("}\n");
  }

  /** Every sixth account's read by id expects its own writes: a strongly consistent GetItem. */
  @Override
  protected void profileOptions(int e, List<String> extra) {
    if (e % 6 == 0) {
      extra.add("expects: read-your-writes");
    }
  }

  /**
   * Every sixth (from 2) expects its own writes, which GSI1 cannot give; every tenth is pinned to
   * GSI1.
   */
  @Override
  protected void byNameOptions(int e, String id, List<String> extra) {
    if (e % 6 == 2) {
      extra.add("expects: read-your-writes");
    }
    if (e % 10 == 2) {
      pin(id, "via: GSI1, operation: GetItem");
    }
  }

  /**
   * Every fourth account counts by region (a Scan; every eighth pinned to a Query); the others read
   * a status on GSI2 and filter it by region.
   */
  @Override
  protected void regionRead(int e, int round, List<String> extra) {
    if (e % 4 == 0) {
      if (e % 8 == 4) {
        pin(id(e, "count-region", round), "operation: Query");
      }
      super.regionRead(e, round, extra);
    } else {
      String p = "e" + e + "_";
      pattern(
          id(e, "region-status", round),
          "accounts of a region in a status",
          between(1, 30) + "/s",
          "query",
          "E" + e + " where " + p + "status = ? and " + p + "region = ? limit 50",
          extra);
    }
  }

  /** Every eighth account (from 6) is imported: an upsert, not a conditional insert. */
  @Override
  protected void signUp(int e, int round, List<String> extra) {
    if (e % 8 == 6) {
      pattern(
          id(e, "import", round),
          "an account imported from another system",
          between(5, 50) + "/s",
          "upsert",
          "E" + e,
          extra);
    } else {
      super.signUp(e, round, extra);
    }
  }

  /**
   * Every fourth account rewrites the copies in the same transaction: a fan-out of unbounded size.
   */
  @Override
  protected void renameOptions(int e, List<String> extra) {
    if (e % 4 == 0) {
      extra.add("batch: logged");
    }
  }

  /**
   * An owner's posts of a kind, on LSI1; every sixteenth (from 3) pinned to a Scan, as an
   * application might.
   */
  @Override
  protected void kindRead(int e, int round, List<String> extra) {
    if (e % 16 == 3) {
      pin(id(e, "of-kind", round), "operation: Scan");
    }
    super.kindRead(e, round, extra);
  }

  /**
   * Half the children edit a post by its key; the others (e mod 4 = 3) by group and id, found on
   * GSI1 first.
   */
  @Override
  protected void edit(int e, int round, List<String> extra) {
    if (e % 4 == 3) {
      super.edit(e, round, extra);
    } else {
      pattern(
          id(e, "edit", round),
          "edit a post's body",
          between(1, 50) + "/s",
          "update",
          "E" + e + " set e" + e + "_body where " + postKey(e),
          extra);
    }
  }

  /**
   * A share of the child's posts: every tenth child (from 9) deletes most of what it inserts,
   * transient data without a TTL; the others at most a tenth.
   */
  @Override
  protected int removeRate(int e) {
    return e % 10 == 9
        ? Math.max(1, postRate(e, 100) * between(60, 95) / 100)
        : super.removeRate(e);
  }

  // ---------------------------------------------------------------------------------------- main

  /**
   * {@code DynamoDbModelGenerator PATTERNS [DIR]}: writes the model to DIR (default: .), then
   * validates it.
   */
  public static void main(String[] args) throws IOException {
    if (args.length < 1) {
      System.err.println("usage: DynamoDbModelGenerator PATTERNS [DIR]   (E = 0.1 P)");
      System.exit(2);
    }
    Generated g = forPatterns(Integer.parseInt(args[0]));
    Path dir = Path.of(args.length > 1 ? args[1] : ".");
    Files.createDirectories(dir);
    Files.writeString(dir.resolve(g.yamlFile()), g.yaml(), StandardCharsets.UTF_8);
    Files.writeString(dir.resolve(g.workbenchFile()), g.workbench(), StandardCharsets.UTF_8);
    System.out.printf(
        Locale.ROOT,
        "wrote %s and %s to %s%n",
        g.yamlFile(),
        g.workbenchFile(),
        dir.toAbsolutePath());
    System.out.println(DynamoDbValidation.validate(g, dir).summary());
  }
}
