package dev.keyplan.model.yaml;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.keyplan.dynamodb.model.DynamoDbSectionReader;
import dev.keyplan.input.InputException;
import dev.keyplan.model.Quantities;
import dev.keyplan.mongodb.model.MongoDbSectionReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;

/**
 * The JSON Schema of the model file (docs/keyplan-model.schema.json) against the examples and the
 * reader: every example validates, the schema's keys per mapping are the reader's allowed keys (of
 * {@link ModelReader} and {@link DynamoDbSectionReader}), and on a set of small edits the schema
 * and {@link ModelReader} accept and reject the same files.
 */
final class ModelSchemaTest {
  /** Where the jar ships the schema (keyplan-core/pom.xml, resources). */
  private static final String RESOURCE = "/dev/keyplan/docs/keyplan-model.schema.json";

  /** Tests run in keyplan-core/. */
  private static final Path EXAMPLES = Path.of("../examples");

  private static final Path SCHEMA_FILE = Path.of("../docs/keyplan-model.schema.json");

  private static final ObjectMapper JSON = new ObjectMapper();
  private static JsonNode schemaNode;
  private static Schema schema;

  @BeforeAll
  static void loadSchema() throws IOException {
    try (InputStream in = ModelSchemaTest.class.getResourceAsStream(RESOURCE)) {
      assertThat(in).as("schema on the classpath at %s", RESOURCE).isNotNull();
      schemaNode = JSON.readTree(in);
    }
    schema =
        SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(schemaNode);
  }

  // ------------------------------------------------------------------ helpers

  /**
   * Loads YAML as plain maps, lists and scalars, the way an editor sees the file, and converts it
   * to JSON.
   */
  private static JsonNode yamlToJson(String yaml) {
    Object data = new Load(LoadSettings.builder().setLabel("model").build()).loadFromString(yaml);
    return JSON.valueToTree(data);
  }

  private static List<String> schemaErrors(String yaml) {
    return schema.validate(yamlToJson(yaml)).stream()
        .map(com.networknt.schema.Error::toString)
        .collect(Collectors.toList());
  }

  /** Returns the reader's diagnostics for {@code yaml}, empty if it reads. */
  private static List<String> readerErrors(String yaml) {
    try {
      ModelReader.read("m.yaml", yaml, Path.of("."));
      return List.of();
    } catch (InputException e) {
      return e.diagnostics().stream().map(Object::toString).collect(Collectors.toList());
    }
  }

  private static String example(String name) {
    try {
      return Files.readString(EXAMPLES.resolve(name), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  private static String chat() {
    return example("chat.yaml");
  }

  /**
   * Returns examples/{@code name} with each {@code from} replaced by the {@code to} after it, in
   * order ({@code fromTo} is from, to, from, to...); each {@code from} must occur once.
   */
  private static String exampleWith(String name, String... fromTo) {
    assertThat(fromTo.length % 2).as("pairs of from and to").isZero();
    String text = example(name);
    for (int i = 0; i < fromTo.length; i += 2) {
      String from = fromTo[i];
      assertThat(text.indexOf(from)).as("'%s' in %s", from, name).isNotNegative();
      assertThat(text.indexOf(from))
          .as("'%s' once in %s", from, name)
          .isEqualTo(text.lastIndexOf(from));
      text = text.replace(from, fromTo[i + 1]);
    }
    return text;
  }

  /**
   * Returns examples/chat.yaml with {@code from} replaced by {@code to}; {@code from} must occur
   * once.
   */
  private static String chatWith(String from, String to) {
    return exampleWith("chat.yaml", from, to);
  }

  /** Returns examples/orders-dynamodb.yaml with the replacements {@code fromTo} (from, to, ...). */
  private static String dynamoWith(String... fromTo) {
    return exampleWith("orders-dynamodb.yaml", fromTo);
  }

  /** The one index of examples/orders-dynamodb.yaml, as written there. */
  private static final String GSI1 = "        GSI1: {partition_key: GSI1PK, projection: ALL}";

  /** Returns orders-dynamodb.yaml with {@code index} (an index line) added after GSI1. */
  private static String dynamoWithIndex(String index) {
    return dynamoWith(GSI1, GSI1 + "\n        " + index);
  }

  /**
   * examples/chat.yaml with a dynamodb: section beside its cassandra: one, storing Message as items
   * keyed by channel and message id.
   */
  private static final String CHAT_DYNAMODB =
      "dynamodb:\n"
          + "  tables:\n"
          + "    chat-messages:\n"
          + "      partition_key: PK\n"
          + "      sort_key: SK\n"
          + "      items:\n"
          + "        Message:\n"
          + "          keys: {PK: \"CH#{channel_id}\", SK: \"{message_id}\"}\n"
          + "          attributes: [author_id, body]\n";

  private static Set<String> propertyNames(JsonNode objectSchema) {
    Set<String> names = new TreeSet<>();
    objectSchema.path("properties").fieldNames().forEachRemaining(names::add);
    return names;
  }

  private static JsonNode def(String name) {
    JsonNode d = schemaNode.path("$defs").path(name);
    assertThat(d.isMissingNode()).as("$defs/%s", name).isFalse();
    return d;
  }

  private static JsonNode resolve(JsonNode node) {
    if (node.has("$ref")) {
      String ref = node.get("$ref").asText();
      assertThat(ref).startsWith("#/$defs/");
      return def(ref.substring("#/$defs/".length()));
    }
    return node;
  }

  // ------------------------------------------------------------------ the schema itself

  @Test
  void schemaIsOnTheClasspathAsInDocs() throws IOException {
    try (InputStream in = ModelSchemaTest.class.getResourceAsStream(RESOURCE)) {
      assertThat(in).isNotNull();
      assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8))
          .isEqualTo(Files.readString(SCHEMA_FILE, StandardCharsets.UTF_8));
    }
  }

  @Test
  void schemaIsAValidDraft2020_12Schema() {
    assertThat(schemaNode.path("$schema").asText())
        .isEqualTo("https://json-schema.org/draft/2020-12/schema");
    Schema meta =
        SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
            .getSchema(SchemaLocation.of("https://json-schema.org/draft/2020-12/schema"));
    assertThat(meta.validate(schemaNode)).isEmpty();
    // The meta-schema is really applied: a broken schema fails it.
    assertThat(meta.validate(JSON.createObjectNode().put("type", 5))).isNotEmpty();
  }

  @Test
  void everyPropertyHasADescriptionAndExamples() {
    List<String> missing = new ArrayList<>();
    walk(schemaNode, "#", missing);
    assertThat(missing).isEmpty();
  }

  /**
   * Checks every {@code properties} entry below {@code node}: it (or the definition it refers to)
   * is documented.
   */
  private static void walk(JsonNode node, String path, List<String> missing) {
    if (node.isObject()) {
      node.fields()
          .forEachRemaining(
              e -> {
                if (e.getKey().equals("properties")) {
                  e.getValue()
                      .fields()
                      .forEachRemaining(
                          p -> {
                            JsonNode prop = p.getValue();
                            String at = path + "/properties/" + p.getKey();
                            if (!prop.has("description")) {
                              missing.add(at + ": no description");
                            }
                            boolean unsupported = prop.has("not") && prop.get("not").isEmpty();
                            if (!unsupported
                                && !prop.has("examples")
                                && !resolve(prop).has("examples")) {
                              missing.add(at + ": no examples");
                            }
                          });
                }
                if (!NOT_MAPPINGS.contains(e.getKey())) {
                  walk(e.getValue(), path + "/" + e.getKey(), missing);
                }
              });
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        walk(node.get(i), path + "/" + i, missing);
      }
    }
  }

  @Test
  void everyMappingRejectsUnknownKeys() {
    List<String> open = new ArrayList<>();
    checkClosed(schemaNode, "#", open);
    assertThat(open).isEmpty();
  }

  /**
   * Keywords whose subschemas only test a value (if, not) or are data (examples), not mappings of
   * the file.
   */
  private static final Set<String> NOT_MAPPINGS = Set.of("if", "then", "else", "not", "examples");

  private static void checkClosed(JsonNode node, String path, List<String> open) {
    if (node.isObject()) {
      if (node.has("properties")
          && !node.path("additionalProperties").equals(JSON.getNodeFactory().booleanNode(false))) {
        open.add(path);
      }
      node.fields()
          .forEachRemaining(
              e -> {
                if (!NOT_MAPPINGS.contains(e.getKey())) {
                  checkClosed(e.getValue(), path + "/" + e.getKey(), open);
                }
              });
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        checkClosed(node.get(i), path + "/" + i, open);
      }
    }
  }

  // ------------------------------------------------------------------ the schema's keys are the
  // reader's keys

  @Test
  void keysOfEachMappingEqualTheReadersAllowedKeys() {
    assertThat(propertyNames(schemaNode))
        .isEqualTo(ModelReader.topKeys(dev.keyplan.store.Stores.builtIn().sections()));
    assertThat(propertyNames(def("entity"))).isEqualTo(new TreeSet<>(ModelReader.ENTITY));
    assertThat(propertyNames(def("attributeObject")))
        .isEqualTo(new TreeSet<>(ModelReader.ATTRIBUTE));
    assertThat(propertyNames(def("spread"))).isEqualTo(new TreeSet<>(ModelReader.SPREAD));
    assertThat(propertyNames(def("pattern"))).isEqualTo(new TreeSet<>(ModelReader.PATTERN));
    assertThat(propertyNames(def("cassandra")))
        .isEqualTo(new TreeSet<>(dev.keyplan.cassandra.model.CassandraSectionReader.SECTION_KEYS));
    assertThat(propertyNames(def("scylladb")))
        .isEqualTo(new TreeSet<>(dev.keyplan.cassandra.model.CassandraSectionReader.SECTION_KEYS));
    // These two key sets are written inline in CassandraSectionReader (cassandra() and derived()).
    assertThat(propertyNames(def("cassandra").path("properties").path("consistency")))
        .containsExactly("read", "write");
    assertThat(propertyNames(def("derived"))).containsExactly("of", "shards", "window");
    assertThat(propertyNames(def("dynamodb")))
        .isEqualTo(new TreeSet<>(DynamoDbSectionReader.SECTION));
    assertThat(propertyNames(def("dynamodbTable")))
        .isEqualTo(new TreeSet<>(DynamoDbSectionReader.TABLE));
    assertThat(propertyNames(def("dynamodbIndex")))
        .isEqualTo(new TreeSet<>(DynamoDbSectionReader.INDEX));
    assertThat(propertyNames(def("dynamodbItemType")))
        .isEqualTo(new TreeSet<>(DynamoDbSectionReader.ITEM));
    assertThat(propertyNames(def("dynamodbStoredAttributeObject")))
        .isEqualTo(new TreeSet<>(DynamoDbSectionReader.STORED));
    assertThat(propertyNames(def("dynamodbProvisioned")))
        .isEqualTo(new TreeSet<>(DynamoDbSectionReader.CAPACITY));
    assertThat(propertyNames(def("dynamodbAccess")))
        .isEqualTo(new TreeSet<>(DynamoDbSectionReader.ACCESS));
    assertThat(propertyNames(def("mongodb")))
        .isEqualTo(new TreeSet<>(MongoDbSectionReader.SECTION));
    assertThat(propertyNames(def("mongodbCollection")))
        .isEqualTo(new TreeSet<>(MongoDbSectionReader.COLLECTION));
    assertThat(propertyNames(def("mongodbEmbed")))
        .isEqualTo(new TreeSet<>(MongoDbSectionReader.EMBED));
    assertThat(propertyNames(def("mongodbFieldObject")))
        .isEqualTo(new TreeSet<>(MongoDbSectionReader.FIELD));
    assertThat(propertyNames(def("mongodbIndexObject")))
        .isEqualTo(new TreeSet<>(MongoDbSectionReader.INDEX));
    assertThat(propertyNames(def("mongodbZone")))
        .isEqualTo(new TreeSet<>(MongoDbSectionReader.ZONE));
    assertThat(propertyNames(def("mongodbTimeSeries")))
        .isEqualTo(new TreeSet<>(MongoDbSectionReader.TIMESERIES));
  }

  @Test
  void mongodbValueSetsAreTheReaders() {
    assertThat(enumOf(def("mongodbType"))).isEqualTo(new TreeSet<>(MongoDbSectionReader.TYPES));
    assertThat(enumOf(def("mongodbIndexObject").path("properties").path("collation")))
        .isEqualTo(new TreeSet<>(MongoDbSectionReader.COLLATIONS));
    String name = "^" + MongoDbSectionReader.NAME + "$";
    assertThat(
            def("mongodb")
                .path("properties")
                .path("collections")
                .path("propertyNames")
                .path("pattern")
                .asText())
        .isEqualTo(name);
    assertThat(
            def("mongodbCollection")
                .path("properties")
                .path("embed")
                .path("propertyNames")
                .path("pattern")
                .asText())
        .isEqualTo(name);
  }

  private static Set<String> enumOf(JsonNode node) {
    Set<String> values = new TreeSet<>();
    node.path("enum").forEach(v -> values.add(v.asText()));
    return values;
  }

  @Test
  void dynamodbValueSetsAreTheReaders() {
    assertThat(enumOf(def("dynamodbType"))).isEqualTo(new TreeSet<>(DynamoDbSectionReader.TYPES));
    assertThat(enumOf(def("dynamodbTable").path("properties").path("stream")))
        .isEqualTo(new TreeSet<>(DynamoDbSectionReader.STREAMS));
    assertThat(enumOf(def("dynamodbAccess").path("properties").path("operation")))
        .isEqualTo(new TreeSet<>(DynamoDbSectionReader.OPERATIONS));
    String name = "^" + DynamoDbSectionReader.NAME + "$";
    assertThat(
            def("dynamodb")
                .path("properties")
                .path("tables")
                .path("propertyNames")
                .path("pattern")
                .asText())
        .isEqualTo(name);
    assertThat(
            def("dynamodbTable")
                .path("properties")
                .path("indexes")
                .path("propertyNames")
                .path("pattern")
                .asText())
        .isEqualTo(name);
    for (String key : List.of("partition_key", "sort_key")) {
      assertThat(
              def("dynamodbIndex")
                  .path("properties")
                  .path(key)
                  .path("anyOf")
                  .get(1)
                  .path("maxItems")
                  .asInt())
          .as(key)
          .isEqualTo(DynamoDbSectionReader.MAX_KEY_ATTRIBUTES);
    }
  }

  @Test
  void keyTemplatePatternAcceptsWhatKeyTemplateParses() {
    var pattern = java.util.regex.Pattern.compile(def("keyTemplate").path("pattern").asText());
    for (String sample :
        List.of(
            "C#{customer_id}",
            "PROFILE",
            "ORDER#{order_date}#{order_id}",
            "{customer_id}",
            "P#{product_id}#{shard:10}",
            "{shard:2}",
            "{shard:1000}",
            "{ shard : 0010 }",
            "{shard:0002}",
            "{ customer_id }",
            "{a}{b}",
            "{a}#{shard:5}#{b}",
            "#",
            "a b",
            "{shard:1}",
            "{shard:0}",
            "{shard:1001}",
            "{shard:00002}",
            "{shard:2}{shard:3}",
            "{shard}",
            "{shardkey}",
            "{sharding_id}",
            "{Shard:3}",
            "{}",
            "{ }",
            "a}b",
            "a{b",
            "{a",
            "{1abc}",
            "{a-b}",
            "{{a}}",
            "",
            "x{shard:}",
            "{_x1}")) {
      List<dev.keyplan.input.Diagnostic> problems = new ArrayList<>();
      dev.keyplan.model.KeyTemplate.parse(
          "SK", sample, i -> new dev.keyplan.input.Location("t", 1, i + 1), problems);
      assertThat(pattern.matcher(sample).find())
          .as("keyTemplate '%s' (reader: %s)", sample, problems)
          .isEqualTo(problems.isEmpty());
    }
  }

  @Test
  void theOperationKeysAreExactlyOneOfTheReadersOperations() {
    Set<String> ops = new TreeSet<>();
    for (JsonNode branch : def("pattern").path("oneOf")) {
      assertThat(branch.path("required")).hasSize(1);
      ops.add(branch.path("required").get(0).asText());
    }
    assertThat(ops).isEqualTo(new TreeSet<>(ModelReader.OPERATIONS));
  }

  @Test
  void consistencyLevelsAreTheReadersLevels() {
    Set<String> upper = new TreeSet<>();
    def("consistencyLevel")
        .path("enum")
        .forEach(
            v -> {
              if (v.asText().equals(v.asText().toUpperCase(java.util.Locale.ROOT))) {
                upper.add(v.asText());
              }
            });
    assertThat(upper).isEqualTo(new TreeSet<>(ModelReader.CONSISTENCY_LEVELS));
  }

  @Test
  void typePatternsAcceptTheReadersTypes() {
    var any =
        java.util.regex.Pattern.compile(
            def("attributeObject").path("properties").path("type").path("pattern").asText());
    var fixed =
        java.util.regex.Pattern.compile(
            def("attribute").path("oneOf").get(0).path("pattern").asText());
    for (String t : ModelReader.TYPES) {
      assertThat(any.matcher(t).find()).as(t).isTrue();
      assertThat(any.matcher(t.toUpperCase(java.util.Locale.ROOT)).find()).as(t).isTrue();
      assertThat(fixed.matcher(t).find()).as("shorthand %s", t).isEqualTo(ModelReader.isFixed(t));
    }
    assertThat(any.matcher("list<text>").find()).isTrue();
    assertThat(any.matcher("strng").find()).isFalse();
    assertThat(fixed.matcher("list<int>").find()).isFalse();
  }

  // ------------------------------------------------------------------ the schema's patterns are
  // Quantities' forms

  /** Returns the string pattern of a quantity definition (its own, or its string branch's). */
  private static java.util.regex.Pattern quantityPattern(String name) {
    JsonNode d = def(name);
    if (!d.has("pattern")) {
      for (JsonNode branch : d.path("anyOf")) {
        if (branch.has("pattern")) {
          d = branch;
        }
      }
    }
    return java.util.regex.Pattern.compile(d.path("pattern").asText());
  }

  private static void assertSameVerdicts(
      String def, java.util.function.Predicate<String> quantities, String... samples) {
    var pattern = quantityPattern(def);
    for (String sample : samples) {
      assertThat(pattern.matcher(sample).find())
          .as("%s '%s'", def, sample)
          .isEqualTo(quantities.test(sample));
    }
  }

  @Test
  void ratePatternAcceptsWhatQuantitiesReads() {
    assertSameVerdicts(
        "rate",
        t -> Quantities.perSecond(t).orElse(0) > 0,
        "20k/s",
        "300/min",
        "1M/day",
        "0.5/s",
        "20k/S",
        "12 k / hour",
        "1,000/h",
        "1_000/d",
        "20K/sec",
        "5/m",
        "3/Hour",
        "2B/s",
        "1T/d",
        "0/s",
        "0.0/s",
        "00k/s",
        "20k/week",
        "20k/w",
        "20k",
        "fast",
        "1e3/s",
        "-5/s",
        "20x/s",
        "/s",
        "1.5.2/s");
    assertSameVerdicts(
        "growthRate", t -> Quantities.perSecond(t).isPresent(), "0/s", "50k/s", "1M/day", "5/week");
  }

  @Test
  void sizePatternAcceptsWhatQuantitiesReads() {
    assertSameVerdicts(
        "size",
        t -> Quantities.bytes(t).orElse(0) > 0,
        "200B",
        "3KB",
        "3kB",
        "1.5MiB",
        "200",
        "3 KB",
        "1TB",
        "2GiB",
        "1KiB",
        "100MB",
        "1,000B",
        "0B",
        "3kb",
        "3 bytes",
        "3Kb",
        "1.5",
        "B",
        "-1B");
  }

  @Test
  void durationPatternAcceptsWhatQuantitiesReads() {
    assertSameVerdicts(
        "duration",
        t -> Quantities.seconds(t).orElse(0) > 0,
        "10m",
        "1y",
        "6mo",
        "90d",
        "1w",
        "12h",
        "30s",
        "10min",
        "1.5h",
        "0d",
        "365",
        "1 year",
        "1M",
        "1Y",
        "1 d",
        "1ms",
        "2days");
  }

  @Test
  void countPatternAcceptsWhatQuantitiesReads() {
    assertSameVerdicts(
        "count",
        t -> Quantities.count(t).isPresent(),
        "10M",
        "1.5k",
        "2B",
        "200,000",
        "1_000",
        "7",
        "0",
        "1 k",
        "1G",
        "3T",
        "1e6",
        "-5",
        "10x",
        "ten",
        "1.5.1");
    assertSameVerdicts(
        "share", t -> Quantities.share(t).orElse(0) > 0, "2%", "0.01%", "60 %", "0%", "2", "x%");
  }

  // ------------------------------------------------------------------ examples

  static Stream<Path> examples() throws IOException {
    try (Stream<Path> files = Files.list(EXAMPLES)) {
      List<Path> list =
          files.filter(p -> p.toString().endsWith(".yaml")).sorted().collect(Collectors.toList());
      assertThat(list).as("examples/*.yaml").isNotEmpty();
      return list.stream();
    }
  }

  @ParameterizedTest
  @MethodSource("examples")
  void everyExampleValidatesAgainstTheSchema(Path example) throws IOException {
    String text = Files.readString(example, StandardCharsets.UTF_8);
    assertThat(schemaErrors(text)).as(example.toString()).isEmpty();
    assertThat(readerErrors(text)).as(example.toString()).isEmpty();
  }

  // ------------------------------------------------------------------ schema and reader agree

  static Stream<Arguments> invalid() {
    return Stream.of(
        Arguments.of(
            "a frozen built-in type without a size",
            chatWith("body: {type: text, size: 200B}", "body: frozen<text>")),
        Arguments.of(
            "unknown key in a table entry",
            chatWith(
                "  schema: chat.cql",
                "  schema: chat.cql\n  tables:\n    messages_by_channel: {entity: Message, cols: {}}")),
        Arguments.of(
            "a table entry without its entity",
            chatWith(
                "  schema: chat.cql",
                "  schema: chat.cql\n  tables:\n    messages_by_channel: {columns: {a: b}}")),
        Arguments.of(
            "unknown key in an entity", chatWith("    growth: 50k/s", "    grwoth: 50k/s")),
        Arguments.of(
            "unknown top-level key", chatWith("horizon: 1y", "horizon: 1y\nstore: cassandra")),
        Arguments.of(
            "unknown key in a pattern",
            chatWith("    rate: 200/s", "    rate: 200/s\n    weight: 2")),
        Arguments.of(
            "unknown key in an attribute",
            chatWith("{type: text, size: 200B}", "{type: text, size: 200B, nullable: true}")),
        Arguments.of(
            "unknown key in a spread", chatWith("busiest: 100/s}", "busiest: 100/s, hottest: 1}")),
        Arguments.of(
            "a named share without %",
            chatWith("busiest: 100/s}", "busiest: 100/s, shares: {42: 0.01}}")),
        Arguments.of(
            "unknown key in the design",
            chatWith("  schema: chat.cql", "  schema: chat.cql\n  replicas: 3")),
        Arguments.of(
            "unknown key in consistency",
            chatWith("{read: LOCAL_QUORUM,", "{reads: LOCAL_QUORUM,")),
        Arguments.of(
            "unknown key in a derived column",
            chatWith("of: message_id}", "of: message_id, size: 4B}")),
        Arguments.of("rate per week", chatWith("rate: 20k/s", "rate: 20k/week")),
        Arguments.of("rate without a unit", chatWith("rate: 20k/s", "rate: 20000")),
        Arguments.of("rate of zero", chatWith("rate: 20k/s", "rate: 0/s")),
        Arguments.of("rate as words", chatWith("rate: 20k/s", "rate: fast")),
        Arguments.of("growth with a bad suffix", chatWith("growth: 50k/s", "growth: 50x/s")),
        Arguments.of("missing rate", chatWith("    rate: 20k/s\n", "")),
        Arguments.of("missing id", chatWith("  - id: latest-messages\n    says", "  - says")),
        Arguments.of(
            "two operations",
            chatWith(
                "    insert: Message",
                "    insert: Message\n    delete: Message where channel_id = ?")),
        Arguments.of("no operation", chatWith("    insert: Message\n", "")),
        Arguments.of(
            "batch on a query", chatWith("    rate: 20k/s", "    rate: 20k/s\n    batch: logged")),
        Arguments.of(
            "fan_out on a query",
            chatWith(
                "    rate: 20k/s",
                "    rate: 20k/s\n    fan_out: {each: message_id, per: channel_id}")),
        Arguments.of(
            "fan_out without per",
            chatWith("    rate: 50k/s", "    rate: 50k/s\n    fan_out: {each: message_id}")),
        Arguments.of(
            "unknown key in a fan_out",
            chatWith(
                "    rate: 50k/s",
                "    rate: 50k/s\n    fan_out: {each: message_id, per: channel_id, rows: 150}")),
        Arguments.of(
            "unknown batch", chatWith("    rate: 50k/s", "    rate: 50k/s\n    batch: atomic")),
        Arguments.of(
            "unknown expects", chatWith("    rate: 20k/s", "    rate: 20k/s\n    expects: strong")),
        Arguments.of(
            "unknown consistency level", chatWith("write: LOCAL_QUORUM", "write: LOCAL_QUARUM")),
        Arguments.of("text without size", chatWith("body: {type: text, size: 200B}", "body: text")),
        Arguments.of(
            "text object without size", chatWith("{type: text, size: 200B}", "{type: text}")),
        Arguments.of("unknown type", chatWith("author_id: bigint", "author_id: long")),
        Arguments.of("size with a bad unit", chatWith("size: 200B", "size: 200 bytes")),
        Arguments.of("size of zero", chatWith("size: 200B", "size: 0B")),
        Arguments.of("horizon without a unit", chatWith("horizon: 1y", "horizon: 365")),
        Arguments.of("horizon in years spelt out", chatWith("horizon: 1y", "horizon: 1 year")),
        Arguments.of("missing horizon", chatWith("horizon: 1y\n", "")),
        Arguments.of(
            "time_ordered not a boolean", chatWith("time_ordered: true", "time_ordered: often")),
        Arguments.of(
            "key not a list", chatWith("key: [channel_id, message_id]", "key: channel_id")),
        Arguments.of(
            "zipf without distinct",
            chatWith("{distinct: 10M, busiest: 100/s}", "{distribution: zipf(1)}")),
        Arguments.of(
            "zipf exponent above 10", chatWith("busiest: 100/s}", "distribution: zipf(11)}")),
        Arguments.of("unknown distribution", chatWith("busiest: 100/s}", "distribution: normal}")),
        Arguments.of("busiest neither rate nor share", chatWith("busiest: 100/s", "busiest: 100")),
        Arguments.of(
            "copy_of not Entity.attribute",
            chatWith("{type: text, size: 200B}", "{type: text, size: 200B, copy_of: name}")),
        Arguments.of(
            "derived with window and shards",
            chatWith("{window: 10m, of: message_id}", "{window: 10m, of: message_id, shards: 4}")),
        Arguments.of(
            "time bucket without of", chatWith("{window: 10m, of: message_id}", "{window: 10m}")),
        Arguments.of(
            "derived key without a dot", chatWith("messages_by_channel.bucket:", "bucket:")),
        Arguments.of(
            "round trip without unit",
            chatWith("  schema: chat.cql", "  schema: chat.cql\n  round_trip: 1")),
        Arguments.of(
            "shards on cassandra",
            chatWith("  schema: chat.cql", "  schema: chat.cql\n  shards: 8")),
        Arguments.of("scylladb without shards", chatWith("cassandra:", "scylladb:")),
        Arguments.of(
            "cassandra and scylladb", chat() + "scylladb:\n  schema: chat.cql\n  shards: 8\n"),
        Arguments.of("unknown key in the dynamodb section", chat() + "dynamodb:\n  table: chat\n"),
        Arguments.of(
            "dynamodb section without tables or schema",
            chat() + "dynamodb:\n  average_load: 40%\n"),
        Arguments.of(
            "unknown key in the dynamodb section beside tables",
            dynamoWith("  tables:", "  region: us-east-1\n  tables:")),
        Arguments.of(
            "unknown key in a table",
            dynamoWith(
                "      capacity: on-demand",
                "      capacity: on-demand\n      billing: PAY_PER_REQUEST")),
        Arguments.of(
            "bad stream view type",
            dynamoWith(
                "      capacity: on-demand",
                "      capacity: on-demand\n      stream: NEW_IMAGES")),
        Arguments.of(
            "stream view type in lower case",
            dynamoWith(
                "      capacity: on-demand", "      capacity: on-demand\n      stream: new_image")),
        Arguments.of(
            "bad DynamoDB type",
            dynamoWith(
                "attributes: [total, status, lines]",
                "attributes: {total: NUMBER, status: S, lines: L}")),
        Arguments.of(
            "bad DynamoDB type in a stored attribute",
            dynamoWith(
                "attributes: [total, status, lines]",
                "attributes: {total: {type: int, size: 8B}}")),
        Arguments.of(
            "index with 5 partition key attributes",
            dynamoWith(
                GSI1, "        GSI1: {partition_key: [A1, A2, A3, A4, A5], projection: ALL}")),
        Arguments.of(
            "index with 5 sort key attributes",
            dynamoWith(
                GSI1, "        GSI1: {partition_key: GSI1PK, sort_key: [A1, A2, A3, A4, A5]}")),
        Arguments.of(
            "capacity 'ondemand'", dynamoWith("capacity: on-demand", "capacity: ondemand")),
        Arguments.of(
            "local index with partition_key",
            dynamoWithIndex("LSI1: {local: true, partition_key: PK, sort_key: LSI1SK}")),
        Arguments.of("table name of 2 characters", dynamoWith("    AppTable:", "    AT:")),
        Arguments.of("table name with a space", dynamoWith("    AppTable:", "    \"App Table\":")),
        Arguments.of("index name of 2 characters", dynamoWithIndex("G2: {partition_key: GSI2PK}")),
        Arguments.of(
            "unknown key in an index",
            dynamoWithIndex("GSI2: {partition_key: GSI2PK, type: GLOBAL}")),
        Arguments.of(
            "global index without partition_key", dynamoWithIndex("GSI2: {sort_key: GSI2SK}")),
        Arguments.of(
            "global index with an empty partition key",
            dynamoWithIndex("GSI2: {partition_key: []}")),
        Arguments.of("local index without sort key", dynamoWithIndex("LSI1: {local: true}")),
        Arguments.of(
            "local index with two sort keys",
            dynamoWithIndex("LSI1: {local: true, sort_key: [A1, A2]}")),
        Arguments.of(
            "local index with capacity",
            dynamoWithIndex(
                "LSI1: {local: true, sort_key: LSI1SK, capacity: {read: 5, write: 5}}")),
        Arguments.of(
            "local not a boolean", dynamoWithIndex("LSI1: {local: yes, sort_key: LSI1SK}")),
        Arguments.of(
            "index capacity on-demand",
            dynamoWithIndex("GSI2: {partition_key: GSI2PK, capacity: on-demand}")),
        Arguments.of(
            "unknown projection",
            dynamoWith(GSI1, "        GSI1: {partition_key: GSI1PK, projection: NONE}")),
        Arguments.of(
            "empty INCLUDE projection",
            dynamoWith(GSI1, "        GSI1: {partition_key: GSI1PK, projection: []}")),
        Arguments.of(
            "unknown key in capacity",
            dynamoWith("capacity: on-demand", "capacity: {read: 5, write: 5, burst: 10}")),
        Arguments.of(
            "provisioned capacity without write",
            dynamoWith("capacity: on-demand", "capacity: {read: 5}")),
        Arguments.of(
            "provisioned capacity of zero",
            dynamoWith("capacity: on-demand", "capacity: {read: 0, write: 5}")),
        Arguments.of(
            "provisioned capacity as words",
            dynamoWith("capacity: on-demand", "capacity: {read: lots, write: 5}")),
        Arguments.of(
            "table without partition_key and no schema",
            dynamoWith("      partition_key: PK\n", "")),
        Arguments.of(
            "table without items",
            dynamoWith("  tables:\n", "  tables:\n    Archive:\n      partition_key: PK\n")),
        Arguments.of(
            "item type without keys",
            dynamoWith("keys: {PK: \"C#{customer_id}\", SK: PROFILE}", "entity: Customer")),
        Arguments.of(
            "unknown key in an item type",
            dynamoWith(
                "attributes: [total, status, lines]",
                "attributes: [total, status, lines]\n          ttl: expires_at")),
        Arguments.of(
            "attributes as text",
            dynamoWith("attributes: [total, status, lines]", "attributes: all")),
        Arguments.of(
            "unknown key in a stored attribute",
            dynamoWith(
                "attributes: [total, status, lines]", "attributes: {total: {type: N, bytes: 8B}}")),
        Arguments.of(
            "stored size over 400 KiB",
            dynamoWith(
                "attributes: [total, status, lines]",
                "attributes: {lines: {type: L, size: 500000}}")),
        Arguments.of(
            "stored size with a bad unit",
            dynamoWith(
                "attributes: [total, status, lines]",
                "attributes: {total: {type: N, size: 8 bytes}}")),
        Arguments.of(
            "key template with a shard of 1", dynamoWith("SK: PROFILE", "SK: \"P#{shard:1}\"")),
        Arguments.of(
            "key template with a shard of 1001",
            dynamoWith("SK: PROFILE", "SK: \"P#{shard:1001}\"")),
        Arguments.of(
            "key template with two shards",
            dynamoWith("SK: PROFILE", "SK: \"{shard:2}#{shard:3}\"")),
        Arguments.of(
            "key template with an unclosed brace",
            dynamoWith(
                "PK: \"C#{customer_id}\", SK: PROFILE", "PK: \"C#{customer_id\", SK: PROFILE")),
        Arguments.of(
            "key template with a stray brace", dynamoWith("SK: PROFILE", "SK: \"PROFILE}\"")),
        Arguments.of(
            "key template with a bad placeholder",
            dynamoWith("GSI1PK: \"O#{order_id}\"", "GSI1PK: \"O#{order-id}\"")),
        Arguments.of("empty key template", dynamoWith("SK: PROFILE", "SK: \"\"")),
        Arguments.of(
            "average_load of 0%", dynamoWith("  tables:", "  average_load: 0%\n  tables:")),
        Arguments.of(
            "average_load without %", dynamoWith("  tables:", "  average_load: 0.4\n  tables:")),
        Arguments.of(
            "unknown access operation",
            dynamoWith("  tables:", "  access:\n    order-by-id: {operation: Get}\n  tables:")),
        Arguments.of(
            "unknown key in an access",
            dynamoWith(
                "  tables:", "  access:\n    order-by-id: {via: GSI1, index: GSI1}\n  tables:")),
        Arguments.of("mongodb section", chat() + "mongodb:\n  collection: messages\n"),
        Arguments.of(
            "entity not a mapping", chatWith("entities:\n", "entities:\n  Channel: [id]\n")),
        Arguments.of(
            "operation as a mapping", chatWith("insert: Message", "insert: {entity: Message}")),
        Arguments.of(
            "per with a count below 1",
            chatWith(
                "      channel_id: {distinct: 10M, busiest: 100/s}",
                "      channel_id: {distinct: 10M, busiest: 100/s, per: {author_id: 0}}")),
        Arguments.of(
            "per as a list",
            chatWith(
                "      channel_id: {distinct: 10M, busiest: 100/s}",
                "      channel_id: {distinct: 10M, busiest: 100/s, per: [author_id]}")),
        Arguments.of(
            "belongs_to as a mapping",
            chatWith(
                "      channel_id: {distinct: 10M, busiest: 100/s}",
                "      channel_id: {distinct: 10M, busiest: 100/s, belongs_to: {a: b}}")),
        Arguments.of(
            "per in a pattern's spread",
            chatWith(
                "    rate: 200/s",
                "    rate: 200/s\n    spread: {channel_id: {per: {author_id: 2}}}")),
        Arguments.of(
            "belongs_to in a pattern's spread",
            chatWith(
                "    rate: 200/s",
                "    rate: 200/s\n    spread: {channel_id: {belongs_to: author_id}}")),
        Arguments.of("present without %", chatWith("size: 200B}", "size: 200B, present: 30}")),
        Arguments.of("present of 0%", chatWith("size: 200B}", "size: 200B, present: 0%}")),
        Arguments.of(
            "residency not a boolean", chatWith("size: 200B}", "size: 200B, residency: maybe}")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("invalid")
  void theSchemaAndTheReaderRejectTheSameMistakes(String what, String yaml) {
    assertThat(readerErrors(yaml)).as("reader: " + what).isNotEmpty();
    assertThat(schemaErrors(yaml)).as("schema: " + what).isNotEmpty();
  }

  static Stream<Arguments> valid() {
    return Stream.of(
        Arguments.of(
            "a user-defined type without a size (sized from its CREATE TYPE)",
            chatWith("body: {type: text, size: 200B}", "body: frozen<address>")),
        Arguments.of(
            "keyspaces as a list",
            chatWith("  schema: chat.cql", "  schema: chat.cql\n  keyspace: [chat, archive]")),
        Arguments.of(
            "a table with renamed columns",
            chatWith(
                "  schema: chat.cql",
                "  schema: chat.cql\n  tables:\n    messages_by_channel:\n"
                    + "      entity: Message\n      columns: {channel: channel_id}")),
        Arguments.of("binary size", chatWith("size: 200B", "size: 1.5MiB")),
        Arguments.of("size in bytes as a number", chatWith("size: 200B", "size: 200")),
        Arguments.of("rate per minute, unit in capitals", chatWith("rate: 20k/s", "rate: 300/Min")),
        Arguments.of("rate per day", chatWith("rate: 200/s", "rate: 1M/day")),
        Arguments.of("rate per hour with spaces", chatWith("rate: 200/s", "rate: 12 k / hour")),
        Arguments.of("growth of zero", chatWith("growth: 50k/s", "growth: 0/s")),
        Arguments.of(
            "a write fanning out, its count in the entity's spread",
            exampleWith(
                "chat.yaml",
                "      channel_id: {distinct: 10M, busiest: 100/s}",
                "      channel_id: {distinct: 10M, busiest: 100/s}\n"
                    + "      author_id: {distinct: 1M, per: {channel_id: 50}}",
                "    rate: 50k/s",
                "    rate: 50k/s\n    fan_out: {each: author_id, per: channel_id}")),
        Arguments.of(
            "per and belongs_to in an entity's spread",
            chatWith(
                "      channel_id: {distinct: 10M, busiest: 100/s}",
                "      channel_id: {distinct: 10M, busiest: 100/s, per: {author_id: 3},"
                    + " belongs_to: author_id}")),
        Arguments.of(
            "belongs_to as a list",
            chatWith(
                "      channel_id: {distinct: 10M, busiest: 100/s}",
                "      channel_id: {distinct: 10M, busiest: 100/s, belongs_to: [author_id]}")),
        Arguments.of("present as a share", chatWith("size: 200B}", "size: 200B, present: 30%}")),
        Arguments.of(
            "count with separators",
            chatWith("    growth: 50k/s", "    growth: 50k/s\n    count: 1,000,000")),
        Arguments.of(
            "count as a number", chatWith("    growth: 50k/s", "    growth: 50k/s\n    count: 0")),
        Arguments.of("horizon in months", chatWith("horizon: 1y", "horizon: 6mo")),
        Arguments.of("lower-case consistency", chatWith("read: LOCAL_QUORUM", "read: local_one")),
        Arguments.of(
            "pattern consistency",
            chatWith("    rate: 20k/s", "    rate: 20k/s\n    consistency: QUORUM")),
        Arguments.of(
            "read-your-writes",
            chatWith("    rate: 20k/s", "    rate: 20k/s\n    expects: read-your-writes")),
        Arguments.of(
            "unlogged batch", chatWith("    rate: 50k/s", "    rate: 50k/s\n    batch: unlogged")),
        Arguments.of(
            "zipf spread",
            chatWith(
                "{distinct: 10M, busiest: 100/s}", "{distinct: 10M, distribution: Zipf(1.1)}")),
        Arguments.of(
            "busiest share", chatWith("{distinct: 10M, busiest: 100/s}", "{busiest: 0.5%}")),
        Arguments.of(
            "named shares",
            chatWith(
                "{distinct: 10M, busiest: 100/s}", "{distinct: 10M, shares: {42: 1%, 7: 0.5%}}")),
        Arguments.of(
            "pattern spread",
            chatWith(
                "    rate: 20k/s",
                "    rate: 20k/s\n    spread:\n      channel_id: {distinct: 1M, busiest: 2%}")),
        Arguments.of(
            "enumeration without size",
            chatWith(
                "author_id: bigint",
                "author_id: bigint\n      kind: {type: text, values: [USER, BOT]}")),
        Arguments.of(
            "collection with items",
            chatWith(
                "author_id: bigint",
                "author_id: bigint\n      tags: {type: set<text>, size: 10B, items: 3}")),
        Arguments.of(
            "copy_of",
            chatWith(
                "author_id: bigint",
                "author_id: bigint\n      author_name: {type: text, size: 20B, copy_of: Message.body}")),
        Arguments.of("upper-case type", chatWith("author_id: bigint", "author_id: BIGINT")),
        Arguments.of("shard suffix", chatWith("{window: 10m, of: message_id}", "{shards: 16}")),
        Arguments.of(
            "tables, keyspace, node budget, round trip",
            chatWith(
                "  schema: chat.cql",
                "  schema: chat.cql\n  keyspace: chat\n  tables: {messages_by_channel: Message}\n"
                    + "  node_budget: 50k/s\n  round_trip: 500us")),
        Arguments.of("scylladb", chatWith("cassandra:", "scylladb:\n  shards: 8")),
        Arguments.of(
            "counter increment",
            chatWith(
                    "author_id: bigint",
                    "author_id: bigint\n      likes: counter\n      note: {type: text, size: 20B, time_ordered: false}")
                .replace(
                    "    insert: Message",
                    "    increment: Message.likes where channel_id = ? and message_id = ?")),
        Arguments.of(
            "every operation form",
            chatWith(
                "    query: Message where channel_id = ? order by message_id desc limit 50",
                "    query: count select body, author_id from Message where channel_id in (?, ?) and message_id between ? and ?"
                    + " order by message_id desc limit 50\n"
                    + "  - id: upsert\n    rate: 1/s\n    upsert: Message if not exists using ttl 30d\n"
                    + "  - id: delete\n    rate: 1/s\n    delete: Message where channel_id = ? and message_id >= ? if exists\n"
                    + "  - id: update-lwt\n    rate: 1/s\n    update: Message set body, author_id where channel_id = ?"
                    + " and message_id = ? if body = ? using ttl 1d")),
        Arguments.of("cassandra and dynamodb side by side", chat() + CHAT_DYNAMODB),
        Arguments.of(
            "scylladb and dynamodb side by side",
            chatWith("cassandra:", "scylladb:\n  shards: 8") + CHAT_DYNAMODB),
        Arguments.of(
            "a dynamodb schema file without tables", chat() + "dynamodb:\n  schema: tables.json\n"),
        Arguments.of(
            "schema file and a table without partition_key",
            dynamoWith(
                "  tables:", "  schema: tables.json\n  tables:", "      partition_key: PK\n", "")),
        Arguments.of(
            "provisioned table with TTL, stream and a global index's capacity",
            dynamoWith(
                "      capacity: on-demand",
                "      capacity: {read: 500, write: 1.5k}\n      ttl: expires_at\n"
                    + "      stream: NEW_AND_OLD_IMAGES",
                GSI1,
                "        GSI1: {partition_key: GSI1PK, projection: ALL, capacity: {read: 100, write: 50}}")),
        Arguments.of(
            "local index",
            dynamoWithIndex("LSI1: {local: true, sort_key: [LSI1SK], projection: KEYS_ONLY}")),
        Arguments.of(
            "local: false is a global index",
            dynamoWithIndex("GSI2: {local: false, partition_key: GSI2PK}")),
        Arguments.of(
            "multi-attribute global keys and INCLUDE",
            dynamoWithIndex(
                "GSI2: {partition_key: [A1, A2, A3, A4], sort_key: [B1, B2, B3, B4], projection: [total, status]}")),
        Arguments.of(
            "global index with an empty sort key list",
            dynamoWithIndex("GSI2: {partition_key: GSI2PK, sort_key: []}")),
        Arguments.of(
            "stored types and sizes",
            dynamoWith(
                "attributes: [total, status, lines]",
                "attributes: {total: {type: N, size: 8B}, status: S, lines: {size: 3KB}, order_date: {}}")),
        Arguments.of(
            "a quoted NULL type",
            dynamoWith(
                "attributes: [total, status, lines]",
                "attributes: {total: \"NULL\", status: NULL}")),
        Arguments.of(
            "no attributes", dynamoWith("attributes: [total, status, lines]", "attributes: []")),
        Arguments.of(
            "item type named apart from its entity",
            dynamoWith("        Customer:\n", "        Profile:\n          entity: Customer\n")),
        Arguments.of(
            "shard suffix and spaces in key templates",
            dynamoWith("GSI1PK: \"O#{order_id}\"", "GSI1PK: \"O#{ order_id }#{ shard : 0010 }\"")),
        Arguments.of("numeric key template", dynamoWith("SK: PROFILE", "SK: 2024")),
        Arguments.of(
            "access pins, average load and prices",
            dynamoWith(
                "  tables:",
                "  prices: prices.yaml\n  average_load: 40%\n  access:\n    order-by-id: {via: GSI1, operation: Query}\n"
                    + "    latest-orders: {}\n  tables:")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("valid")
  void theSchemaAndTheReaderAcceptTheSameForms(String what, String yaml) {
    assertThat(readerErrors(yaml)).as("reader: " + what).isEmpty();
    assertThat(schemaErrors(yaml)).as("schema: " + what).isEmpty();
  }

  @Test
  void anUnknownKeyIsReportedByTheSchemaAtItsPlace() {
    List<com.networknt.schema.Error> errors =
        schema.validate(yamlToJson(chatWith("    growth: 50k/s", "    grwoth: 50k/s")));
    assertThat(errors)
        .anySatisfy(
            e -> {
              assertThat(e.getKeyword()).isEqualTo("additionalProperties");
              assertThat(e.getProperty()).isEqualTo("grwoth");
              assertThat(e.getInstanceLocation().toString()).isEqualTo("/entities/Message");
            });
  }

  @Test
  void aBadRateIsReportedByTheSchemaWithItsPattern() {
    List<com.networknt.schema.Error> errors =
        schema.validate(yamlToJson(chatWith("rate: 20k/s", "rate: 20k/week")));
    assertThat(errors)
        .anySatisfy(
            e -> {
              assertThat(e.getKeyword()).isEqualTo("pattern");
              assertThat(e.getInstanceLocation().toString()).isEqualTo("/patterns/0/rate");
            });
  }
}
