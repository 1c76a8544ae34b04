package dev.keyplan.dynamodb.schema;

import static dev.keyplan.input.JsonChecks.didYouMean;
import static dev.keyplan.input.JsonChecks.orElseEmpty;
import static dev.keyplan.input.JsonChecks.orNull;

import dev.keyplan.dynamodb.model.DynamoDbDesign;
import dev.keyplan.dynamodb.model.DynamoDbDesign.Billing;
import dev.keyplan.dynamodb.model.DynamoDbDesign.Projection;
import dev.keyplan.input.JsonChecks;
import dev.keyplan.input.JsonChecks.Fields;
import dev.keyplan.input.LocatedJson;
import dev.keyplan.input.Location;
import dev.keyplan.input.Suggest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Reads table definitions written in the DynamoDB API's own shapes: the output of {@code aws
 * dynamodb describe-table} ({@code {"Table": TableDescription}}), a bare TableDescription (as
 * {@code --query Table} prints it, or the {@code TableDescription} that create-table returns), and
 * CreateTable input ({@code aws dynamodb create-table --cli-input-json}, the shape {@code
 * --generate-cli-skeleton} prints); or a JSON array of any of them.
 *
 * <p>Member names and allowed values follow the AWS DynamoDB API Reference:
 *
 * <ul>
 *   <li>https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_CreateTable.html
 *   <li>https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_DescribeTable.html
 *   <li>https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_TableDescription.html
 *   <li>https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_KeySchemaElement.html
 *   <li>https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_GlobalSecondaryIndex.html
 *   <li>https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_LocalSecondaryIndex.html
 *   <li>https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_Projection.html
 *   <li>https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_StreamSpecification.html
 *   <li>https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_BillingModeSummary.html
 *   <li>https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_ProvisionedThroughput.html
 * </ul>
 *
 * <p>What is read: the table's name, {@code KeySchema} and {@code AttributeDefinitions}; each
 * global index's {@code KeySchema} (up to four HASH then up to four RANGE elements, in that order:
 * multi-attribute keys, API_CreateGlobalSecondaryIndexAction), {@code Projection} and {@code
 * ProvisionedThroughput}; each local index's {@code KeySchema} and {@code Projection}; the billing
 * mode and provisioned throughput; the stream. Everything else ({@code TableArn}, {@code
 * TableStatus}, {@code ItemCount}, {@code SSESpecification}, {@code Tags}, {@code TableClass},
 * {@code OnDemandThroughput}, {@code WarmThroughput}…) is ignored, because both shapes grow with
 * the API; a member that is read must have the JSON type the API gives it.
 *
 * <p>It checks what DynamoDB itself rejects in CreateTable, so a file keyplan accepts is one
 * DynamoDB would create; the checks are listed in docs/dynamodb-import.md. Neither shape holds a
 * TTL setting (that is {@code describe-time-to-live}), so imported tables have none; a model adds
 * it with {@code ttl:}.
 */
final class TableDescriptionReader {

  /** Which of the two API shapes an object is; they differ only in how billing is written. */
  enum Shape {
    /** TableDescription: {@code BillingModeSummary.BillingMode}, throughput of 0 when on demand. */
    DESCRIPTION,
    /** CreateTable input: {@code BillingMode}, and no throughput when on demand. */
    INPUT
  }

  /** The API's {@code KeyType} values. */
  private enum KeyType {
    HASH,
    RANGE
  }

  /** The API's {@code BillingMode} values; an absent one means PROVISIONED. */
  private enum BillingMode {
    PROVISIONED,
    PAY_PER_REQUEST
  }

  /** The API's {@code StreamViewType} values. */
  private enum StreamViewType {
    NEW_IMAGE,
    OLD_IMAGE,
    NEW_AND_OLD_IMAGES,
    KEYS_ONLY
  }

  /** Table and index names: 3 to 255 of a-z A-Z 0-9 _ . - (API_CreateTable, TableName). */
  private static final String NAME = "[a-zA-Z0-9_.-]{3,255}";

  /** A global index key: 4 HASH and 4 RANGE at most (API_CreateGlobalSecondaryIndexAction). */
  private static final int MAX_GSI_KEY_ATTRIBUTES = 4;

  /** Local secondary indexes per table: 5, not adjustable (AWS DG, service quotas). */
  private static final int MAX_LSIS = 5;

  /** {@code Projection.NonKeyAttributes}: 20 per index, 100 over all indexes (API_Projection). */
  private static final int MAX_PROJECTED_PER_INDEX = 20;

  private static final int MAX_PROJECTED_PER_TABLE = 100;
  private static final List<String> KEY_TYPES = List.of("S", "N", "B");

  /** Members only a TableDescription has, which tell it from CreateTable input when unwrapped. */
  private static final Set<String> DESCRIPTION_ONLY =
      Set.of(
          "TableStatus",
          "TableArn",
          "TableId",
          "CreationDateTime",
          "BillingModeSummary",
          "ItemCount",
          "TableSizeBytes",
          "LatestStreamArn");

  /** Members by which an object is recognised as a table definition at all. */
  private static final Set<String> TABLE_MEMBERS =
      Set.of("TableName", "KeySchema", "AttributeDefinitions");

  private static final String ELEMENT_EXPECTED =
      "expected describe-table output or CreateTable" + " input as an element of the array";

  private final JsonChecks checks = new JsonChecks();
  // Whether every KeySchema of the table being read was read, so that every use of its
  // AttributeDefinitions is known.
  private boolean allKeySchemasRead;
  // The names of the table's indexes, read or not, for the duplicate check.
  private final List<Map.Entry<String, Location>> indexNames = new ArrayList<>();

  private TableDescriptionReader() {}

  /**
   * Reads every table of {@code root}: one object of a known shape, or an array of them. A root of
   * no known shape is one error saying what was expected ({@code expected}) and what was found.
   */
  static List<ImportedTable> read(LocatedJson.Node root, String expected) {
    var reader = new TableDescriptionReader();
    List<LocatedJson.Node> elements;
    if (root instanceof LocatedJson.Arr array) {
      if (array.elements().isEmpty()) {
        reader.checks.report(array.at(), "the array holds no table; " + expected);
      }
      elements = array.elements();
    } else {
      elements = List.of(root);
    }
    // A Workbench model is a whole file, never an element of an array.
    String wanted = root instanceof LocatedJson.Arr ? ELEMENT_EXPECTED : expected;
    var tables = new ArrayList<ImportedTable>();
    for (LocatedJson.Node element : elements) {
      ImportedTable table = orNull(() -> reader.element(element, wanted));
      if (table != null) {
        tables.add(table);
      }
    }
    reader.checks.checkUnique(tables, t -> t.table().name(), t -> t.table().location(), "table");
    reader.checks.throwIfAny();
    return List.copyOf(tables);
  }

  /** Returns the shape {@code object} is written in, if it is a table definition at all. */
  static Optional<Shape> shapeOf(LocatedJson.Obj object) {
    boolean table = object.members().stream().anyMatch(m -> TABLE_MEMBERS.contains(m.name()));
    if (!table) {
      return Optional.empty();
    }
    boolean description =
        object.members().stream().anyMatch(m -> DESCRIPTION_ONLY.contains(m.name()));
    return Optional.of(description ? Shape.DESCRIPTION : Shape.INPUT);
  }

  /** Returns "an object with keys "a", "b"" for the "found …" of an unrecognised file. */
  static String describeKeys(LocatedJson.Node node) {
    if (!(node instanceof LocatedJson.Obj object)) {
      return LocatedJson.describe(node);
    }
    if (object.members().isEmpty()) {
      return "an empty object";
    }
    List<String> names =
        object.members().stream().map(m -> "\"" + m.name() + "\"").distinct().toList();
    // Enough to recognise the file; a long list of a foreign format's members helps nobody.
    int shown = Math.min(names.size(), 8);
    return "an object with keys "
        + String.join(", ", names.subList(0, shown))
        + (names.size() > shown ? ", … (" + names.size() + " in all)" : "");
  }

  private ImportedTable element(LocatedJson.Node node, String expected) {
    if (node instanceof LocatedJson.Obj object) {
      for (String wrapper : List.of("Table", "TableDescription")) {
        if (object.members().stream().anyMatch(m -> m.name().equals(wrapper))) {
          // describe-table prints {"Table": …}; create-table and update-table print
          // {"TableDescription": …}.
          String what =
              wrapper.equals("Table") ? "the describe-table output" : "the create-table output";
          LocatedJson.Obj inner =
              checks
                  .fields(object, what)
                  .object(
                      wrapper, true, "{\"TableName\": …, \"KeySchema\": […]} (a TableDescription)")
                  .orElseThrow();
          return table(inner, Shape.DESCRIPTION);
        }
      }
      Optional<Shape> shape = shapeOf(object);
      if (shape.isPresent()) {
        return table(object, shape.get());
      }
    }
    throw checks.problem(node.at(), expected + "; found " + describeKeys(node));
  }

  // ----- a table -----

  /** A key attribute as a KeySchema names it, with the place of its AttributeName. */
  private record KeyElement(String name, Location at) {}

  /** A KeySchema: its HASH elements, then its RANGE elements, each in order. */
  private record KeySchema(List<KeyElement> hash, List<KeyElement> range) {
    List<KeyElement> all() {
      var out = new ArrayList<>(hash);
      out.addAll(range);
      return out;
    }
  }

  /** An AttributeDefinition; {@code used} is set when a key names it. */
  private static final class Definition {
    final String name;
    final String type;
    final Location at;
    boolean used;

    Definition(String name, String type, Location at) {
      this.name = name;
      this.type = type;
      this.at = at;
    }
  }

  private ImportedTable table(LocatedJson.Obj object, Shape shape) {
    String name = orNull(() -> name(checks.fields(object, "a table"), "TableName", "table"));
    Fields t = checks.fields(object, name == null ? "the table" : "table '" + name + "'");

    Map<String, Definition> definitions = definitions(t);
    allKeySchemasRead = true;
    indexNames.clear();
    KeySchema key = keySchemaOrNull(t, t.what(), KeyRole.TABLE);
    if (key != null) {
      references(key, definitions, t.what());
    }
    // Null after a bad billing mode: its capacity checks would only echo that one mistake.
    BillingMode mode = orNull(() -> billingMode(t, shape));
    var indexes = new ArrayList<DynamoDbDesign.Index>();
    var gsis = indexNodes(t, "GlobalSecondaryIndexes", "an array of global secondary indexes");
    for (LocatedJson.Node node : gsis) {
      DynamoDbDesign.Index index =
          orNull(() -> index(node, t, false, definitions, key, mode, shape));
      if (index != null) {
        indexes.add(index);
      }
    }
    var lsis = indexNodes(t, "LocalSecondaryIndexes", "an array of local secondary indexes");
    for (LocatedJson.Node node : lsis) {
      DynamoDbDesign.Index index =
          orNull(() -> index(node, t, true, definitions, key, mode, shape));
      if (index != null) {
        indexes.add(index);
      }
    }
    if (lsis.size() > MAX_LSIS) {
      checks.report(
          lsis.get(MAX_LSIS).at(),
          t.what()
              + " has "
              + lsis.size()
              + " local secondary indexes; DynamoDB allows at most "
              + MAX_LSIS);
    }
    checks.checkUnique(indexNames, Map.Entry::getKey, Map.Entry::getValue, "index");
    int projected = indexes.stream().mapToInt(ix -> ix.projection().include().size()).sum();
    if (projected > MAX_PROJECTED_PER_TABLE) {
      checks.report(
          object.at(),
          t.what()
              + " projects "
              + projected
              + " NonKeyAttributes over"
              + " its indexes; DynamoDB allows at most "
              + MAX_PROJECTED_PER_TABLE
              + " (an attribute projected into two indexes counts twice)");
    }
    if (allKeySchemasRead && definitions != null) {
      // Only when every key schema was read: an unread one may be the one using a definition.
      for (Definition d : definitions.values()) {
        if (!d.used) {
          checks.report(
              d.at,
              "attribute definition '"
                  + d.name
                  + "' of "
                  + t.what()
                  + " is not"
                  + " a key of the table or of any index; DynamoDB rejects AttributeDefinitions that"
                  + " no KeySchema uses: remove it (non-key attributes are not declared)");
        }
      }
    }
    Optional<Billing> billing =
        mode == null ? Optional.empty() : orElseEmpty(() -> billing(t, mode, shape));
    Optional<String> stream = orElseEmpty(() -> stream(t));
    if (name == null || key == null || definitions == null) {
      throw new JsonChecks.Skip();
    }
    var types = new LinkedHashMap<String, String>();
    definitions.values().forEach(d -> types.put(d.name, d.type));
    var table =
        new DynamoDbDesign.Table(
            name,
            Optional.of(key.hash().get(0).name()),
            key.range().stream().findFirst().map(KeyElement::name),
            indexes,
            billing,
            /* ttl= */ Optional.empty(),
            stream,
            /* items= */ List.of(),
            object.at());
    return new ImportedTable(table, types);
  }

  private String name(Fields f, String member, String what) {
    String name = f.nonEmptyString(member);
    if (!name.matches(NAME)) {
      throw checks.problem(
          f.node(member).orElseThrow().at(),
          "a "
              + what
              + " name is 3 to 255"
              + " characters of A-Z, a-z, 0-9, '_', '.' and '-'; found '"
              + name
              + "'");
    }
    return name;
  }

  /** Returns the definitions by name, or null when the array itself is missing or malformed. */
  private Map<String, Definition> definitions(Fields t) {
    LocatedJson.Arr array =
        orNull(
            () ->
                t.array(
                        "AttributeDefinitions",
                        true,
                        "an array of the"
                            + " key attributes' types such as [{\"AttributeName\": \"PK\", \"AttributeType\": \"S\"}]")
                    .orElseThrow());
    if (array == null) {
      return null;
    }
    var out = new LinkedHashMap<String, Definition>();
    for (LocatedJson.Node node : array.elements()) {
      Definition d = orNull(() -> definition(node, t.what()));
      if (d == null) {
        continue;
      }
      Definition earlier = out.putIfAbsent(d.name, d);
      if (earlier != null) {
        checks.report(
            d.at,
            "attribute '"
                + d.name
                + "' is defined twice in the"
                + " AttributeDefinitions of "
                + t.what()
                + " (first at line "
                + earlier.at.line()
                + ", column "
                + earlier.at.column()
                + ")");
      }
    }
    return out;
  }

  private Definition definition(LocatedJson.Node node, String table) {
    LocatedJson.Obj object =
        checks.expectObject(
            node,
            "an attribute definition such as"
                + " {\"AttributeName\": \"PK\", \"AttributeType\": \"S\"}");
    Fields f = checks.fields(object, "an attribute definition of " + table);
    String name = orNull(() -> f.nonEmptyString("AttributeName"));
    String type = f.string("AttributeType", true).orElseThrow();
    if (!KEY_TYPES.contains(type)) {
      throw checks.problem(
          f.node("AttributeType").orElseThrow().at(),
          "an attribute definition's"
              + " type must be S, N or B (key attributes are scalar), found '"
              + type
              + "'"
              + (type.length() <= 2 ? "" : didYouMean(type, KEY_TYPES)));
    }
    if (name == null) {
      throw new JsonChecks.Skip();
    }
    return new Definition(name, type, object.at());
  }

  /** Where a KeySchema belongs, which decides how many HASH and RANGE elements it may have. */
  private enum KeyRole {
    TABLE,
    GSI,
    LSI
  }

  private KeySchema keySchemaOrNull(Fields owner, String what, KeyRole role) {
    KeySchema key = orNull(() -> keySchema(owner, what, role));
    allKeySchemasRead &= key != null;
    return key;
  }

  private KeySchema keySchema(Fields owner, String what, KeyRole role) {
    LocatedJson.Arr array =
        owner
            .array(
                "KeySchema",
                true,
                "an array of key elements such as"
                    + " [{\"AttributeName\": \"PK\", \"KeyType\": \"HASH\"}]")
            .orElseThrow();
    var hash = new ArrayList<KeyElement>();
    var range = new ArrayList<KeyElement>();
    var seen = new LinkedHashMap<String, Location>();
    boolean ok = true;
    for (LocatedJson.Node node : array.elements()) {
      KeyEntry entry = orNull(() -> keyElement(node, what));
      if (entry == null) {
        ok = false;
        continue;
      }
      KeyElement key = entry.key();
      KeyType type = entry.type();
      Location earlier = seen.putIfAbsent(key.name(), key.at());
      if (earlier != null) {
        checks.report(
            key.at(),
            "attribute '"
                + key.name()
                + "' appears twice in the KeySchema of "
                + what
                + " (first at line "
                + earlier.line()
                + ", column "
                + earlier.column()
                + ")");
        ok = false;
        continue;
      }
      if (type == KeyType.HASH && !range.isEmpty()) {
        checks.report(
            node.at(),
            "the HASH elements of a KeySchema come before its RANGE elements;"
                + " in the KeySchema of "
                + what
                + " '"
                + key.name()
                + "' follows RANGE '"
                + range.get(range.size() - 1).name()
                + "'");
        ok = false;
        continue;
      }
      (type == KeyType.HASH ? hash : range).add(key);
      int max = role == KeyRole.GSI ? MAX_GSI_KEY_ATTRIBUTES : 1;
      List<KeyElement> list = type == KeyType.HASH ? hash : range;
      if (list.size() == max + 1) {
        checks.report(node.at(), tooMany(role, type, what));
        ok = false;
      }
    }
    if (!ok) {
      throw new JsonChecks.Skip();
    }
    if (hash.isEmpty()) {
      throw checks.problem(
          array.at(),
          "the KeySchema of "
              + what
              + " has no HASH element; "
              + (role == KeyRole.LSI
                  ? "a local index starts with the table's partition key"
                  : "the partition key is the element with \"KeyType\": \"HASH\""));
    }
    if (role == KeyRole.LSI && range.isEmpty()) {
      throw checks.problem(
          array.at(),
          "the KeySchema of "
              + what
              + " has no RANGE element; a"
              + " local index is the table's partition key with another sort key");
    }
    return new KeySchema(List.copyOf(hash), List.copyOf(range));
  }

  private static String tooMany(KeyRole role, KeyType type, String what) {
    String element = type == KeyType.HASH ? "HASH" : "RANGE";
    return switch (role) {
      case GSI ->
          "the KeySchema of "
              + what
              + " has more than "
              + MAX_GSI_KEY_ATTRIBUTES
              + " "
              + element
              + " elements; a global index key has at most "
              + MAX_GSI_KEY_ATTRIBUTES
              + " partition and "
              + MAX_GSI_KEY_ATTRIBUTES
              + " sort key attributes";
      case TABLE ->
          "the KeySchema of "
              + what
              + " has a second "
              + element
              + " element; a"
              + " table has one partition key and at most one sort key (multi-attribute keys are"
              + " for global secondary indexes)";
      case LSI ->
          "the KeySchema of "
              + what
              + " has a second "
              + element
              + " element; a local"
              + " index has the table's partition key and one sort key";
    };
  }

  /** One element of a KeySchema as written. */
  private record KeyEntry(KeyElement key, KeyType type) {}

  private KeyEntry keyElement(LocatedJson.Node node, String what) {
    LocatedJson.Obj object =
        checks.expectObject(
            node, "a key element such as" + " {\"AttributeName\": \"PK\", \"KeyType\": \"HASH\"}");
    Fields f = checks.fields(object, "a key element of " + what);
    String name = orNull(() -> f.nonEmptyString("AttributeName"));
    KeyType type =
        orNull(
            () ->
                f.enumValue("KeyType", KeyType.class)
                    .orElseThrow(
                        () ->
                            checks.problem(
                                object.at(),
                                f.what()
                                    + " has no \"KeyType\"; expected HASH (partition"
                                    + " key) or RANGE (sort key)")));
    if (name == null || type == null) {
      throw new JsonChecks.Skip();
    }
    return new KeyEntry(new KeyElement(name, f.node("AttributeName").orElseThrow().at()), type);
  }

  /** Marks the key's definitions used; reports a key attribute that has none. */
  private boolean references(KeySchema key, Map<String, Definition> definitions, String what) {
    if (definitions == null) {
      return false;
    }
    boolean ok = true;
    for (KeyElement k : key.all()) {
      Definition d = definitions.get(k.name());
      if (d == null) {
        String hint =
            Suggest.closest(k.name(), definitions.keySet())
                .map(s -> " (did you mean '" + s + "'?)")
                .orElse("");
        checks.report(
            k.at(),
            "key attribute '"
                + k.name()
                + "' of "
                + what
                + " has no"
                + " AttributeDefinition"
                + hint
                + "; add {\"AttributeName\": \""
                + k.name()
                + "\", \"AttributeType\": \"S\"} (or N or B) to the table's AttributeDefinitions");
        ok = false;
      } else {
        d.used = true;
      }
    }
    return ok;
  }

  // ----- indexes -----

  private List<LocatedJson.Node> indexNodes(Fields t, String member, String expected) {
    boolean array = t.node(member).map(n -> n instanceof LocatedJson.Arr).orElse(true);
    allKeySchemasRead &= array;
    return t.list(member, expected);
  }

  private DynamoDbDesign.Index index(
      LocatedJson.Node node,
      Fields table,
      boolean local,
      Map<String, Definition> definitions,
      KeySchema tableKey,
      BillingMode mode,
      Shape shape) {
    String kind = local ? "LSI" : "GSI";
    allKeySchemasRead &= node instanceof LocatedJson.Obj;
    LocatedJson.Obj object =
        checks.expectObject(
            node, "an index, an object with \"IndexName\"," + " \"KeySchema\" and \"Projection\"");
    String name =
        orNull(
            () -> name(checks.fields(object, "an index of " + table.what()), "IndexName", "index"));
    if (name != null) {
      indexNames.add(Map.entry(name, object.at()));
    }
    Fields f =
        checks.fields(
            object,
            name == null
                ? "a " + kind + " of " + table.what()
                : kind + " '" + name + "' of " + table.what());
    KeySchema key = keySchemaOrNull(f, f.what(), local ? KeyRole.LSI : KeyRole.GSI);
    boolean ok = key != null && references(key, definitions, f.what());
    if (local && tableKey != null && tableKey.range().isEmpty()) {
      checks.report(
          object.at(),
          f.what()
              + " needs a table with a sort key (a RANGE element); "
              + table.what()
              + " has none");
      ok = false;
    }
    if (local && key != null && tableKey != null) {
      KeyElement hash = key.hash().get(0);
      String tableHash = tableKey.hash().get(0).name();
      if (!hash.name().equals(tableHash)) {
        checks.report(
            hash.at(),
            "the HASH key of "
                + f.what()
                + " is '"
                + hash.name()
                + "'; a"
                + " local secondary index has the table's partition key '"
                + tableHash
                + "'");
        ok = false;
      }
    }
    Projection projection = orNull(() -> projection(f));
    Optional<Billing> capacity = Optional.empty();
    if (!local && mode != null) {
      capacity = orNull(() -> indexCapacity(f, mode, shape));
      ok &= capacity != null;
    }
    if (name == null || !ok || projection == null) {
      throw new JsonChecks.Skip();
    }
    List<String> partition = local ? List.of() : names(key.hash());
    return new DynamoDbDesign.Index(
        name, local, partition, names(key.range()), projection, capacity, object.at());
  }

  private static List<String> names(List<KeyElement> keys) {
    return keys.stream().map(KeyElement::name).toList();
  }

  private Projection projection(Fields index) {
    LocatedJson.Obj object =
        index.object("Projection", true, "{\"ProjectionType\": \"ALL\"}").orElseThrow();
    Fields f = checks.fields(object, "the Projection of " + index.what());
    // The API marks ProjectionType optional but documents no default, so keyplan asks for it.
    Projection.Type type =
        f.enumValue("ProjectionType", Projection.Type.class)
            .orElseThrow(
                () ->
                    checks.problem(
                        object.at(),
                        f.what()
                            + " has no \"ProjectionType\";"
                            + " expected ALL, KEYS_ONLY or INCLUDE"));
    Optional<LocatedJson.Arr> names =
        f.array("NonKeyAttributes", false, "an array of attribute names");
    if (type != Projection.Type.INCLUDE) {
      if (names.isPresent()) {
        throw checks.problem(
            names.get().at(),
            "\"NonKeyAttributes\" lists the attributes an"
                + " INCLUDE projection copies; DynamoDB rejects it with ProjectionType "
                + type
                + ": remove it, or write \"ProjectionType\": \"INCLUDE\"");
      }
      return new Projection(type, List.of());
    }
    if (names.isEmpty() || names.get().elements().isEmpty()) {
      throw checks.problem(
          names.map(LocatedJson.Arr::at).orElse(object.at()),
          "the INCLUDE"
              + " projection of "
              + index.what()
              + " needs \"NonKeyAttributes\": the attributes it"
              + " copies besides the keys, such as [\"status\", \"total\"]");
    }
    List<LocatedJson.Node> elements = names.get().elements();
    if (elements.size() > MAX_PROJECTED_PER_INDEX) {
      throw checks.problem(
          elements.get(MAX_PROJECTED_PER_INDEX).at(),
          "\"NonKeyAttributes\" of "
              + index.what()
              + " lists "
              + elements.size()
              + " attributes; DynamoDB allows at most "
              + MAX_PROJECTED_PER_INDEX
              + " per index (project ALL instead)");
    }
    var out = new ArrayList<String>();
    for (LocatedJson.Node element : elements) {
      if (element instanceof LocatedJson.Str s && !s.value().isEmpty()) {
        out.add(s.value());
      } else {
        checks.report(
            element.at(),
            "expected an attribute name (a non-empty string), found "
                + LocatedJson.describe(element));
      }
    }
    if (out.size() != elements.size()) {
      throw new JsonChecks.Skip();
    }
    return new Projection(type, out);
  }

  // ----- capacity -----

  /** Returns the billing mode; a bad one is a problem and skips. */
  private BillingMode billingMode(Fields t, Shape shape) {
    Optional<BillingMode> mode;
    if (shape == Shape.INPUT) {
      mode = t.enumValue("BillingMode", BillingMode.class);
    } else {
      // Tables created before on-demand existed, and some provisioned ones, have no summary.
      mode =
          t.object("BillingModeSummary", false, "{\"BillingMode\": \"PAY_PER_REQUEST\"}")
              .flatMap(
                  o ->
                      checks
                          .fields(o, "the BillingModeSummary of " + t.what())
                          .enumValue("BillingMode", BillingMode.class));
    }
    // CreateTable's BillingMode defaults to PROVISIONED; so does a table without a summary.
    return mode.orElse(BillingMode.PROVISIONED);
  }

  private Optional<Billing> billing(Fields t, BillingMode mode, Shape shape) {
    Optional<LocatedJson.Obj> throughput =
        t.object(
            "ProvisionedThroughput",
            false,
            "{\"ReadCapacityUnits\": 5, \"WriteCapacityUnits\": 5}");
    if (mode == BillingMode.PAY_PER_REQUEST) {
      if (shape == Shape.INPUT && throughput.isPresent()) {
        throw checks.problem(
            throughput.get().at(),
            t.what()
                + " is PAY_PER_REQUEST (on demand);"
                + " CreateTable rejects \"ProvisionedThroughput\" with it: remove it, or write"
                + " \"BillingMode\": \"PROVISIONED\"");
      }
      // describe-table shows an on-demand table's throughput as 0 units: not read.
      Location at =
          t.node(shape == Shape.INPUT ? "BillingMode" : "BillingModeSummary")
              .map(LocatedJson.Node::at)
              .orElse(t.object().at());
      return Optional.of(Billing.onDemand(at));
    }
    if (throughput.isEmpty()) {
      String modeMember = shape == Shape.INPUT ? "BillingMode" : "BillingModeSummary";
      Location at = t.node(modeMember).map(LocatedJson.Node::at).orElse(t.object().at());
      throw checks.problem(
          at,
          t.what()
              + " is PROVISIONED"
              + (t.has(modeMember) ? "" : " (it has no \"" + modeMember + "\")")
              + " but has no \"ProvisionedThroughput\"; add {\"ReadCapacityUnits\": N,"
              + " \"WriteCapacityUnits\": N}, or make it on demand with \"BillingMode\":"
              + " \"PAY_PER_REQUEST\"");
    }
    return Optional.of(units(throughput.get(), "the ProvisionedThroughput of " + t.what()));
  }

  private Optional<Billing> indexCapacity(Fields index, BillingMode mode, Shape shape) {
    Optional<LocatedJson.Obj> throughput =
        index.object(
            "ProvisionedThroughput",
            false,
            "{\"ReadCapacityUnits\": 5, \"WriteCapacityUnits\": 5}");
    if (mode == BillingMode.PAY_PER_REQUEST) {
      if (shape == Shape.INPUT && throughput.isPresent()) {
        throw checks.problem(
            throughput.get().at(),
            index.what()
                + " is on a PAY_PER_REQUEST"
                + " table; CreateTable rejects \"ProvisionedThroughput\" on its indexes: remove it");
      }
      return Optional.empty();
    }
    if (throughput.isEmpty()) {
      throw checks.problem(
          index.object().at(),
          index.what()
              + " is on a PROVISIONED table but"
              + " has no \"ProvisionedThroughput\"; DynamoDB needs each global index's own"
              + " {\"ReadCapacityUnits\": N, \"WriteCapacityUnits\": N}");
    }
    return Optional.of(units(throughput.get(), "the ProvisionedThroughput of " + index.what()));
  }

  private Billing units(LocatedJson.Obj throughput, String what) {
    Fields f = checks.fields(throughput, what);
    // The minimum is 1 unit each (AWS DG, service quotas); 0 only appears for on-demand tables.
    Long read = orNull(() -> f.count("ReadCapacityUnits", 1));
    Long write = orNull(() -> f.count("WriteCapacityUnits", 1));
    if (read == null || write == null) {
      throw new JsonChecks.Skip();
    }
    return new Billing(false, read, write, throughput.at());
  }

  // ----- stream -----

  private Optional<String> stream(Fields t) {
    Optional<LocatedJson.Obj> spec =
        t.object(
            "StreamSpecification",
            false,
            "{\"StreamEnabled\": true, \"StreamViewType\": \"NEW_AND_OLD_IMAGES\"}");
    if (spec.isEmpty()) {
      return Optional.empty();
    }
    Fields f = checks.fields(spec.get(), "the StreamSpecification of " + t.what());
    Boolean enabled = orNull(() -> f.bool("StreamEnabled", true).orElseThrow());
    Optional<StreamViewType> view = f.enumValue("StreamViewType", StreamViewType.class);
    if (enabled == null) {
      throw new JsonChecks.Skip();
    }
    if (!enabled) {
      return Optional.empty();
    }
    if (view.isEmpty()) {
      throw checks.problem(
          spec.get().at(),
          f.what()
              + " enables a stream without"
              + " \"StreamViewType\"; expected one of "
              + java.util.Arrays.stream(StreamViewType.values())
                  .map(Enum::name)
                  .collect(Collectors.joining(", ")));
    }
    return Optional.of(view.get().name());
  }
}
