package dev.keyplan.mongodb.emit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbAnalyzer;
import dev.keyplan.mongodb.design.MongoDbCollection;
import dev.keyplan.mongodb.design.MongoDbEmbed;
import dev.keyplan.mongodb.design.MongoDbIndex;
import dev.keyplan.mongodb.facts.BsonTypes;
import dev.keyplan.mongodb.model.MongoDbDesign.IndexKey;
import dev.keyplan.mongodb.model.MongoDbDesign.Zone;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every argument of the emitted scripts read back by the official BSON library ({@code
 * BsonDocument.parse}, whose {@code JsonReader} reads shell syntax and Extended JSON: {@code
 * MinKey}, {@code NumberLong("…")}, {@code UUID("…")}) and compared with the analysed design: the
 * collections in order, each validator's properties, required fields and array bounds, each index's
 * keys in order and options, each shard key and zone range. A round trip, not string matching.
 *
 * <p>Two expressions are not JSON and are replaced before parsing, as mongosh evaluates them:
 * {@code db.getName() + ".c"} by the string {@code ".c"}, {@code db.getName()} alone by {@code ""},
 * and {@code keyplanShards[N]} (the N-th shard of the cluster) by {@code "shard N"}.
 */
final class MongoshRoundTripTest {
  private static final Pattern CREATE_COLLECTION =
      Pattern.compile("db\\.createCollection\\((.*)\\);", Pattern.DOTALL);
  private static final Pattern CREATE_INDEX =
      Pattern.compile(
          "db\\.getCollection\\((\"[^\"]*\")\\)\\.createIndex\\((.*)\\);", Pattern.DOTALL);
  private static final Pattern SH = Pattern.compile("sh\\.(\\w+)\\((.*)\\);", Pattern.DOTALL);
  private static final String SHARDS_CONST = "const keyplanShards = ";

  static Stream<Arguments> designs() throws IOException {
    List<Arguments> out = new ArrayList<>();
    out.add(Arguments.of("LOGINS", MongoDesigns.analyze(MongoDesigns.LOGINS)));
    for (String example :
        List.of("shop-mongodb.yaml", "tenants-mongodb.yaml", "tenants-mongodb-fixed.yaml")) {
      Path p = Path.of("../examples", example);
      out.add(Arguments.of(example, MongoDbAnalyzer.analyze(ModelReader.read(p))));
    }
    return out.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("designs")
  void everyArgument_readsBackAsTheDesign(String name, MongoDbAnalysis a) {
    List<String> created = new ArrayList<>();
    List<String> indexed = new ArrayList<>();
    List<String> sharded = new ArrayList<>();
    List<String> zoneRanges = new ArrayList<>();
    List<String> zoneShards = new ArrayList<>();
    boolean enabled = false;
    for (String statement : statements(MongoshScript.emit(a))) {
      Matcher m;
      if ((m = CREATE_COLLECTION.matcher(statement)).matches()) {
        BsonArray args = arguments(m.group(1));
        MongoDbCollection c = a.collection(args.get(0).asString().getValue()).orElseThrow();
        created.add(c.name());
        checkValidator(c, args);
      } else if ((m = CREATE_INDEX.matcher(statement)).matches()) {
        MongoDbCollection c =
            a.collection(arguments(m.group(1)).get(0).asString().getValue()).orElseThrow();
        BsonArray args = arguments(m.group(2));
        MongoDbIndex ix =
            c.indexes().stream()
                .filter(i -> i.name().equals(args.get(1).asDocument().getString("name").getValue()))
                .findFirst()
                .orElseThrow();
        checkIndex(ix, args.get(0).asDocument(), args.get(1).asDocument());
        indexed.add(c.name() + "." + ix.name());
      } else if ((m = SH.matcher(statement)).matches()) {
        BsonArray args = arguments(m.group(2));
        switch (m.group(1)) {
          case "enableSharding" -> {
            assertThat(enabled).as("enableSharding once").isFalse();
            assertThat(sharded).as("enableSharding before any shardCollection").isEmpty();
            enabled = true;
          }
          case "shardCollection" -> {
            MongoDbCollection c = collection(a, args.get(0));
            assertThat(args.get(1).asDocument())
                .isEqualTo(keys(c, c.shardKey().orElseThrow().keys()));
            sharded.add(c.name());
          }
          case "addShardToZone" ->
              zoneShards.add(
                  args.get(0).asString().getValue() + " " + args.get(1).asString().getValue());
          case "updateZoneKeyRange" -> {
            MongoDbCollection c = collection(a, args.get(0));
            Zone z =
                c.zones().stream()
                    .filter(x -> x.name().equals(args.get(3).asString().getValue()))
                    .findFirst()
                    .orElseThrow();
            checkBound(c, args.get(1).asDocument(), z.min(), new BsonMinKey());
            checkBound(
                c,
                args.get(2).asDocument(),
                z.max(),
                z.max().equals("MaxKey") ? new BsonMaxKey() : new BsonMinKey());
            zoneRanges.add(c.name() + " " + z.name());
          }
          default -> throw new AssertionError("unexpected sh." + m.group(1) + " in " + statement);
        }
      } else {
        assertThat(statement).as("the only statement that is not a call").startsWith(SHARDS_CONST);
      }
    }
    assertThat(created)
        .containsExactlyElementsOf(a.collections().stream().map(MongoDbCollection::name).toList());
    assertThat(indexed)
        .containsExactlyElementsOf(
            a.collections().stream()
                .flatMap(
                    c ->
                        c.indexes().stream()
                            .filter(ix -> !ix.implicitId())
                            .map(ix -> c.name() + "." + ix.name()))
                .toList());
    List<MongoDbCollection> withKey =
        a.collections().stream().filter(MongoDbCollection::sharded).toList();
    assertThat(sharded)
        .containsExactlyElementsOf(withKey.stream().map(MongoDbCollection::name).toList());
    assertThat(enabled).isEqualTo(!withKey.isEmpty());
    assertThat(zoneRanges)
        .containsExactlyElementsOf(
            withKey.stream()
                .flatMap(c -> c.zones().stream().map(z -> c.name() + " " + z.name()))
                .toList());
    assertThat(zoneShards)
        .containsExactlyInAnyOrderElementsOf(
            withKey.stream()
                .flatMap(c -> c.zones().stream())
                .flatMap(z -> z.shards().stream().map(s -> "shard " + s + " " + z.name()))
                .distinct()
                .toList());
  }

  /**
   * {@code node --check} parses the script as JavaScript (mongosh's language) without running it. A
   * syntax check only, and optional: the build does not need node, and the round trip above is the
   * real check.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("designs")
  void nodeParsesTheScript(String name, MongoDbAnalysis a, @TempDir Path dir) throws Exception {
    Assumptions.assumeTrue(
        nodeAvailable(),
        "node is not on the PATH: the script's syntax is not checked by node"
            + " (the BSON round trip still checks every argument)");
    Path script = dir.resolve("script.js");
    Files.writeString(script, MongoshScript.emit(a), StandardCharsets.UTF_8);
    Process p =
        new ProcessBuilder("node", "--check", script.toString()).redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(output).isZero();
  }

  private static boolean nodeAvailable() {
    try {
      Process p = new ProcessBuilder("node", "--version").redirectErrorStream(true).start();
      p.getInputStream().readAllBytes();
      return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
    } catch (IOException | InterruptedException e) {
      return false;
    }
  }

  /** The $jsonSchema says what the analysis says the documents hold. */
  private static void checkValidator(MongoDbCollection c, BsonArray args) {
    if (!c.validation()) {
      assertThat(args).as("validation: false, no options").hasSize(1);
      return;
    }
    BsonDocument options = args.get(1).asDocument();
    assertThat(options.getString("validationLevel").getValue()).isEqualTo("strict");
    assertThat(options.getString("validationAction").getValue()).isEqualTo("error");
    BsonDocument schema = options.getDocument("validator").getDocument("$jsonSchema");
    BsonDocument properties = schema.getDocument("properties");
    List<String> fields = new ArrayList<>(List.of("_id"));
    c.types().keySet().stream().map(c::fieldOf).filter(f -> !f.equals("_id")).forEach(fields::add);
    c.embeds().forEach(em -> fields.add(em.field()));
    assertThat(properties.keySet()).containsExactlyElementsOf(fields);
    for (Map.Entry<String, String> t : c.types().entrySet()) {
      assertThat(properties.getDocument(c.fieldOf(t.getKey())).getString("bsonType").getValue())
          .as(t.getKey())
          .isEqualTo(BsonTypes.schemaType(t.getValue()));
    }
    List<String> required = new ArrayList<>(List.of("_id"));
    c.entity().key().stream()
        .filter(c::holds)
        .map(c::fieldOf)
        .filter(f -> !f.equals("_id"))
        .forEach(required::add);
    assertThat(strings(schema.getArray("required"))).containsExactlyElementsOf(required);
    for (MongoDbEmbed em : c.embeds()) {
      BsonDocument p = properties.getDocument(em.field());
      BsonDocument element = em.many() ? p.getDocument("items") : p;
      assertThat(p.getString("bsonType").getValue()).isEqualTo(em.many() ? "array" : "object");
      assertThat(element.getDocument("properties").keySet())
          .containsExactlyElementsOf(em.types().keySet());
      if (em.many()) {
        assertThat(p.containsKey("maxItems")).isEqualTo(em.max().isPresent());
        em.max().ifPresent(max -> assertThat(p.getInt32("maxItems").getValue()).isEqualTo(max));
      }
    }
  }

  private static void checkIndex(MongoDbIndex ix, BsonDocument keys, BsonDocument options) {
    assertThat(keys).isEqualTo(keys(ix.keys()));
    assertThat(options.getBoolean("unique", org.bson.BsonBoolean.FALSE).getValue())
        .isEqualTo(ix.unique());
    assertThat(options.getBoolean("sparse", org.bson.BsonBoolean.FALSE).getValue())
        .isEqualTo(ix.sparse());
    assertThat(options.getInt32("expireAfterSeconds", new BsonInt32(0)).getValue())
        .isEqualTo((int) ix.ttlSeconds());
    assertThat(options.containsKey("partialFilterExpression")).isEqualTo(ix.partial().isPresent());
    // The models write filters the BSON library itself reads as shell JSON ({user_id: {$exists:
    // true}}).
    ix.partial()
        .ifPresent(
            f ->
                assertThat(options.getDocument("partialFilterExpression"))
                    .isEqualTo(BsonDocument.parse(f)));
    assertThat(options.containsKey("collation")).isEqualTo(ix.caseInsensitive());
    if (ix.caseInsensitive()) {
      assertThat(options.getDocument("collation"))
          .isEqualTo(
              new BsonDocument("locale", new BsonString("en"))
                  .append("strength", new BsonInt32(2)));
    }
  }

  /**
   * A zone bound names every shard key field as the documents hold it: the first is the zone's
   * value (a string in these designs, or MinKey/MaxKey), the others {@code rest}.
   */
  private static void checkBound(
      MongoDbCollection c, BsonDocument bound, String value, BsonValue rest) {
    List<IndexKey> key = c.shardKey().orElseThrow().keys();
    assertThat(bound.keySet())
        .containsExactlyElementsOf(key.stream().map(k -> c.fieldOf(k.field())).toList());
    BsonValue first = bound.get(c.fieldOf(key.get(0).field()));
    BsonValue expected =
        switch (value) {
          case "MinKey" -> new BsonMinKey();
          case "MaxKey" -> new BsonMaxKey();
          default -> new BsonString(value);
        };
    assertThat(first).isEqualTo(expected);
    bound.entrySet().stream()
        .skip(1)
        .forEach(e -> assertThat(e.getValue()).as(e.getKey()).isEqualTo(rest));
  }

  /** The key pattern of {@code keys}: 1, -1 or the index type's name, in key order. */
  private static BsonDocument keys(List<IndexKey> keys) {
    BsonDocument d = new BsonDocument();
    for (IndexKey k : keys) {
      d.append(
          k.field(),
          switch (k.kind()) {
            case ASCENDING -> new BsonInt32(1);
            case DESCENDING -> new BsonInt32(-1);
            case HASHED -> new BsonString("hashed");
            case TEXT -> new BsonString("text");
            case GEO_2DSPHERE -> new BsonString("2dsphere");
          });
    }
    return d;
  }

  private static BsonDocument keys(MongoDbCollection c, List<IndexKey> keys) {
    return keys(keys.stream().map(k -> new IndexKey(c.fieldOf(k.field()), k.kind())).toList());
  }

  private static MongoDbCollection collection(MongoDbAnalysis a, BsonValue namespace) {
    String ns = namespace.asString().getValue();
    assertThat(ns).startsWith(".");
    return a.collection(ns.substring(1)).orElseThrow();
  }

  /** Parses an argument list as the elements of a BSON array. */
  private static BsonArray arguments(String text) {
    String json =
        text.replace("db.getName() + \"", "\"")
            .replace("db.getName()", "\"\"")
            .replaceAll("keyplanShards\\[(\\d+)]", "\"shard $1\"");
    return BsonDocument.parse("{\"args\": [" + json + "]}").getArray("args");
  }

  private static List<String> strings(BsonArray a) {
    return a.getValues().stream().map(v -> v.asString().getValue()).toList();
  }

  /** The script's statements: every non-comment line, a statement running on to its {@code ;}. */
  private static List<String> statements(String script) {
    List<String> out = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    for (String line : script.lines().toList()) {
      if (current.isEmpty() && (line.isBlank() || line.startsWith("//"))) {
        continue;
      }
      current.append(line).append('\n');
      if (line.endsWith(";")) {
        out.add(current.toString().strip());
        current.setLength(0);
      }
    }
    assertThat(current.toString()).as("an unterminated statement").isEmpty();
    return out;
  }
}
