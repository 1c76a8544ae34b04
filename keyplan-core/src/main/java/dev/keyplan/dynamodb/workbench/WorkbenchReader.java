package dev.keyplan.dynamodb.workbench;

import static dev.keyplan.input.JsonChecks.didYouMean;
import static dev.keyplan.input.JsonChecks.orElseEmpty;
import static dev.keyplan.input.JsonChecks.orNull;

import dev.keyplan.dynamodb.facts.AttributeValue;
import dev.keyplan.dynamodb.facts.DynamoJson;
import dev.keyplan.dynamodb.workbench.WorkbenchCapacity.AutoScaling;
import dev.keyplan.dynamodb.workbench.WorkbenchIndex.Projection;
import dev.keyplan.dynamodb.workbench.WorkbenchTable.BillingMode;
import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import dev.keyplan.input.JsonChecks;
import dev.keyplan.input.JsonChecks.Fields;
import dev.keyplan.input.LocatedJson;
import dev.keyplan.input.Location;
import dev.keyplan.input.Suggest;
import dev.keyplan.input.TextInput;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Reads a NoSQL Workbench for DynamoDB model file (the JSON its data modeler exports) into a {@link
 * WorkbenchModel}.
 *
 * <p>Both layouts found in public files are read: Version "1.0" (2020 exports, sample items kept
 * per facet, no {@code AWSService}; e.g. aws-samples/amazon-dynamodb-design-patterns,
 * examples/an-online-shop/json/AnOnlineShop_facets.json) and Version "3.0" (Workbench 3.x, with
 * {@code ModelMetadata.AWSService}, table-level {@code TableData}, {@code BillingMode} and {@code
 * ProvisionedCapacitySettings}; e.g. aws-samples/aws-dynamodb-examples,
 * schema_design/SchemaExamples/SessionManagement/SessionManagementSchema.json). Facet rules come
 * from the AWS Developer Guide page "Editing an existing data model" (workbench.Modeler.Edit):
 * facet names are unique across the model, and a facet's {@code NonKeyAttributes} "must map to the
 * attribute names that are defined for the table". Field by field: docs/workbench-import.md.
 *
 * <p>The format evolves, so unknown members ({@code DataAccess}, {@code SampleDataFormats}, {@code
 * Author}…) are ignored. Missing required members, values of the wrong JSON type, unknown enum
 * values, and dangling references (an index or facet naming an attribute the table does not
 * declare) are errors. Every problem found is reported at its {@code file:line:column} in one
 * {@link InputException}; only a JSON syntax error stops reading at once.
 *
 * <p>The file is parsed by {@link LocatedJson}, whose tree keeps every value's place and span.
 * Sample items are DynamoDB JSON and are read by {@link DynamoJson}, so they are checked exactly as
 * {@code keyplan} checks any item; each is handed over with its original line and column, so its
 * diagnostics point into the model file.
 */
public final class WorkbenchReader {

  /** The {@code AWSService} value of DynamoDB models; Workbench also models other services. */
  static final String DYNAMODB_SERVICE = "Amazon DynamoDB";

  // Hard limit from the DynamoDB quotas page; the GSI limit (20) is adjustable, so not checked.
  private static final int MAX_LSIS = 5;

  private static final List<String> KEY_TYPES = List.of("S", "N", "B");

  /** How a model file's JSON is read; see {@link LocatedJson}. */
  private static final LocatedJson.Options SYNTAX =
      new LocatedJson.Options(
          "the file is empty; expected a NoSQL Workbench model, an object with \"ModelName\" and"
              + " \"DataModel\"",
          "member",
          "\\n",
          false);

  private final String file;
  private final String source;
  private final JsonChecks checks = new JsonChecks();

  private WorkbenchReader(String file, String source) {
    this.file = file;
    this.source = source;
  }

  /** Reads the model at {@code path}; a missing or unreadable file is an input error. */
  public static WorkbenchModel read(Path path) {
    return read(path.toString(), TextInput.read(path, "the NoSQL Workbench model"));
  }

  /** Reads model {@code text}; {@code file} names it in diagnostics. */
  public static WorkbenchModel read(String file, String text) {
    LocatedJson.Node root = LocatedJson.parse(file, text, SYNTAX);
    var reader = new WorkbenchReader(file, LocatedJson.source(text));
    WorkbenchModel model = reader.model(root);
    reader.checks.throwIfAny();
    return model;
  }

  // ----- the model -----

  private WorkbenchModel model(LocatedJson.Node root) {
    if (!(root instanceof LocatedJson.Obj object)) {
      throw new InputException(
          root.at(),
          "expected a NoSQL Workbench model, an object with"
              + " \"ModelName\" and \"DataModel\", found "
              + LocatedJson.describe(root));
    }
    Fields f = checks.fields(object, "the model");
    String name = orNull(() -> f.string("ModelName", true).orElseThrow());
    Optional<String> version = Optional.empty();
    Optional<String> service = Optional.empty();
    Optional<String> description = Optional.empty();
    Optional<Fields> meta =
        orNull(
            () ->
                f.object("ModelMetadata", false, "")
                    .map(m -> checks.fields(m, "\"ModelMetadata\"")));
    if (meta != null && meta.isPresent()) {
      Fields m = meta.get();
      version = orElseEmpty(() -> m.string("Version", false));
      service = orElseEmpty(() -> m.string("AWSService", false));
      description = orElseEmpty(() -> m.string("Description", false)).filter(d -> !d.isBlank());
      service
          .filter(s -> !s.equals(DYNAMODB_SERVICE))
          .ifPresent(
              s ->
                  checks.problem(
                      m.node("AWSService").orElseThrow().at(),
                      "this is a model for '"
                          + s
                          + "'; keyplan reads NoSQL Workbench models for '"
                          + DYNAMODB_SERVICE
                          + "'"));
    }
    var tables = new ArrayList<WorkbenchTable>();
    LocatedJson.Arr dataModel =
        orNull(
            () ->
                f.array(
                        "DataModel",
                        true,
                        "an array of tables such as [{\"TableName\": \"Orders\", \"KeyAttributes\": {…}}]")
                    .orElseThrow());
    if (dataModel != null) {
      for (LocatedJson.Node element : dataModel.elements()) {
        WorkbenchTable table = orNull(() -> table(element));
        if (table != null) {
          tables.add(table);
        }
      }
    }
    checks.checkUnique(tables, WorkbenchTable::name, WorkbenchTable::location, "table");
    checks.checkUnique(
        tables.stream().flatMap(t -> t.facets().stream()).toList(),
        Facet::name,
        Facet::location,
        "facet");
    return new WorkbenchModel(
        name == null ? "" : name, version, service, description, tables, object.at());
  }

  private WorkbenchTable table(LocatedJson.Node node) {
    LocatedJson.Obj object =
        checks.expectObject(
            node, "a table, an object with \"TableName\" and" + " \"KeyAttributes\"");
    String name =
        orNull(() -> checks.fields(object, "a table").string("TableName", true).orElseThrow());
    Fields f = checks.fields(object, name == null ? "the table" : "table '" + name + "'");
    String what = f.what();

    KeyAttribute[] keys = orNull(() -> tableKeys(f));
    var declared = new LinkedHashMap<String, AttributeDefinition>();
    if (keys != null) {
      for (KeyAttribute k : keys) {
        if (k != null) {
          declared.put(k.name(), k.asDefinition());
        }
      }
    }
    var nonKey = new ArrayList<AttributeDefinition>();
    Optional<LocatedJson.Arr> nonKeyArray =
        orElseEmpty(
            () ->
                f.array(
                    "NonKeyAttributes",
                    false,
                    "an array of {\"AttributeName\": …, \"AttributeType\": …}"));
    for (LocatedJson.Node element : nonKeyArray.map(LocatedJson.Arr::elements).orElse(List.of())) {
      AttributeDefinition a = orNull(() -> attribute(element, what));
      if (a == null) {
        continue;
      }
      AttributeDefinition earlier = declared.putIfAbsent(a.name(), a);
      if (earlier != null) {
        checks.report(
            a.location(),
            "attribute '"
                + a.name()
                + "' of "
                + what
                + " is declared twice (first at line "
                + earlier.location().line()
                + ", column "
                + earlier.location().column()
                + ")");
      } else {
        nonKey.add(a);
      }
    }
    // Without the key the declared set is incomplete; checking names against it would only echo
    // the KeyAttributes problem already reported.
    Attributes attributes = new Attributes(declared, keys != null);
    KeyAttribute pk = keys == null ? null : keys[0];
    Optional<KeyAttribute> sk = keys == null ? Optional.empty() : Optional.ofNullable(keys[1]);

    // Sample data never stops an import (issue 16 Decisions): what cannot be read is a warning.
    var sampleWarnings = new ArrayList<Diagnostic>();
    var facets = new ArrayList<Facet>();
    for (LocatedJson.Node element : f.list("TableFacets", "an array of facets")) {
      Facet facet = orNull(() -> facet(element, what, attributes, pk, sk, sampleWarnings));
      if (facet != null) {
        facets.add(facet);
      }
    }
    var gsis = indexes(f, "GlobalSecondaryIndexes", false, attributes, pk, sk);
    var lsis = indexes(f, "LocalSecondaryIndexes", true, attributes, pk, sk);
    if (lsis.size() > MAX_LSIS) {
      checks.report(
          lsis.get(MAX_LSIS).location(),
          what
              + " has "
              + lsis.size()
              + " local secondary indexes; DynamoDB allows at most "
              + MAX_LSIS);
    }
    var allIndexes = new ArrayList<WorkbenchIndex>(gsis);
    allIndexes.addAll(lsis);
    checks.checkUnique(allIndexes, WorkbenchIndex::name, WorkbenchIndex::location, "index");

    Optional<BillingMode> billing =
        orElseEmpty(() -> f.enumValue("BillingMode", BillingMode.class));
    Optional<WorkbenchCapacity> provisioned =
        orElseEmpty(
            () ->
                f.object("ProvisionedCapacitySettings", false, "").map(o -> provisioned(o, what)));
    var tableData = items(sampleItems(f, sampleWarnings), pk, sk, sampleWarnings);
    sampleWarnings.sort(
        java.util.Comparator.comparingInt((Diagnostic d) -> d.location().line())
            .thenComparingInt(d -> d.location().column()));

    if (name == null || pk == null) {
      return null;
    }
    return new WorkbenchTable(
        name,
        pk,
        sk,
        nonKey,
        facets,
        gsis,
        lsis,
        billing,
        provisioned,
        tableData,
        sampleWarnings,
        object.at());
  }

  /** Returns {partition key, sort key or null}; a missing partition key skips the table's key. */
  private KeyAttribute[] tableKeys(Fields table) {
    String shape =
        "{\"PartitionKey\": {\"AttributeName\": \"PK\", \"AttributeType\": \"S\"},"
            + " \"SortKey\": {…}}";
    LocatedJson.Obj keys = table.object("KeyAttributes", true, shape).orElseThrow();
    Fields k = checks.fields(keys, "\"KeyAttributes\" of " + table.what());
    KeyAttribute pk =
        orNull(
            () ->
                key(
                    k.object(
                            "PartitionKey",
                            true,
                            "{\"AttributeName\": \"PK\", \"AttributeType\": \"S\"}")
                        .orElseThrow(),
                    k.what()));
    Optional<KeyAttribute> sk =
        orElseEmpty(() -> k.object("SortKey", false, "").map(o -> key(o, k.what())));
    if (pk == null) {
      throw new JsonChecks.Skip();
    }
    if (sk.isPresent() && sk.get().name().equals(pk.name())) {
      throw checks.problem(
          sk.get().location(),
          "the sort key of "
              + table.what()
              + " is '"
              + pk.name()
              + "', the same attribute as its partition key");
    }
    return new KeyAttribute[] {pk, sk.orElse(null)};
  }

  private KeyAttribute key(LocatedJson.Obj object, String what) {
    Fields f = checks.fields(object, "a key of " + what);
    String name = orNull(() -> f.nonEmptyString("AttributeName"));
    String type = orNull(() -> f.string("AttributeType", true).orElseThrow());
    if (type != null && !KEY_TYPES.contains(type)) {
      Location at = f.node("AttributeType").orElseThrow().at();
      String hint =
          AttributeValue.DESCRIPTORS.contains(type)
              ? " (DynamoDB keys are scalar)"
              : didYouMean(type, KEY_TYPES);
      throw checks.problem(
          at, "a key attribute's type must be S, N or B, found '" + type + "'" + hint);
    }
    if (name == null || type == null) {
      throw new JsonChecks.Skip();
    }
    return new KeyAttribute(name, type, object.at());
  }

  private AttributeDefinition attribute(LocatedJson.Node node, String what) {
    LocatedJson.Obj object =
        checks.expectObject(
            node,
            "an attribute such as {\"AttributeName\":" + " \"Email\", \"AttributeType\": \"S\"}");
    Fields f = checks.fields(object, "an attribute of " + what);
    String name = orNull(() -> f.nonEmptyString("AttributeName"));
    String type = f.string("AttributeType", true).orElseThrow();
    if (!AttributeValue.DESCRIPTORS.contains(type)) {
      throw checks.problem(
          f.node("AttributeType").orElseThrow().at(),
          "unknown attribute type '"
              + type
              + "'"
              + didYouMean(type, AttributeValue.DESCRIPTORS)
              + " (expected one of "
              + String.join(", ", AttributeValue.DESCRIPTORS)
              + ")");
    }
    if (name == null) {
      throw new JsonChecks.Skip();
    }
    return new AttributeDefinition(name, type, object.at());
  }

  // ----- facets -----

  private Facet facet(
      LocatedJson.Node node,
      String table,
      Attributes attributes,
      KeyAttribute pk,
      Optional<KeyAttribute> sk,
      List<Diagnostic> sampleWarnings) {
    LocatedJson.Obj object =
        checks.expectObject(
            node, "a facet, an object with \"FacetName\" and" + " \"KeyAttributeAlias\"");
    String name =
        orNull(() -> checks.fields(object, "a facet of " + table).nonEmptyString("FacetName"));
    Fields f = checks.fields(object, name == null ? "a facet of " + table : "facet '" + name + "'");
    String[] aliases =
        orNull(
            () -> {
              LocatedJson.Obj alias =
                  f.object(
                          "KeyAttributeAlias",
                          true,
                          "{\"PartitionKeyAlias\": \"…\", \"SortKeyAlias\": \"…\"}")
                      .orElseThrow();
              Fields a = checks.fields(alias, "\"KeyAttributeAlias\" of " + f.what());
              String partition = orNull(() -> a.string("PartitionKeyAlias", true).orElseThrow());
              String sort = orElseEmpty(() -> a.string("SortKeyAlias", false)).orElse(null);
              if (partition == null) {
                throw new JsonChecks.Skip();
              }
              return new String[] {partition, sort};
            });
    var nonKey = new ArrayList<String>();
    for (LocatedJson.Node element : f.list("NonKeyAttributes", "an array of attribute names")) {
      String attribute = orNull(() -> attributes.reference(element, "attribute name", f.what()));
      if (attribute != null) {
        nonKey.add(attribute);
      }
    }
    var data = items(sampleItems(f, sampleWarnings), pk, sk, sampleWarnings);
    if (name == null || aliases == null) {
      throw new JsonChecks.Skip();
    }
    return new Facet(name, aliases[0], Optional.ofNullable(aliases[1]), nonKey, data, object.at());
  }

  // ----- indexes -----

  private List<WorkbenchIndex> indexes(
      Fields table,
      String member,
      boolean local,
      Attributes attributes,
      KeyAttribute pk,
      Optional<KeyAttribute> sk) {
    var out = new ArrayList<WorkbenchIndex>();
    for (LocatedJson.Node element : table.list(member, "an array of indexes")) {
      WorkbenchIndex index = orNull(() -> index(element, table.what(), local, attributes, pk, sk));
      if (index != null) {
        out.add(index);
      }
    }
    return out;
  }

  private WorkbenchIndex index(
      LocatedJson.Node node,
      String table,
      boolean local,
      Attributes attributes,
      KeyAttribute tablePk,
      Optional<KeyAttribute> tableSk) {
    String kind = local ? "LSI" : "GSI";
    LocatedJson.Obj object =
        checks.expectObject(
            node,
            "an index, an object with \"IndexName\"," + " \"KeyAttributes\" and \"Projection\"");
    String name =
        orNull(() -> checks.fields(object, "an index of " + table).nonEmptyString("IndexName"));
    Fields f =
        checks.fields(
            object,
            name == null ? "a " + kind + " of " + table : kind + " '" + name + "' of " + table);
    KeyAttribute[] keys =
        orNull(
            () -> {
              LocatedJson.Obj k =
                  f.object(
                          "KeyAttributes",
                          true,
                          "{\"PartitionKey\": {\"AttributeName\": …, \"AttributeType\": …}}")
                      .orElseThrow();
              Fields kf = checks.fields(k, "\"KeyAttributes\" of " + f.what());
              KeyAttribute pk =
                  orNull(
                      () ->
                          indexKey(
                              kf.object(
                                      "PartitionKey",
                                      true,
                                      "{\"AttributeName\": …, \"AttributeType\": …}")
                                  .orElseThrow(),
                              kf,
                              f.what(),
                              attributes));
              KeyAttribute sk =
                  orElseEmpty(
                          () ->
                              kf.object(
                                      "SortKey",
                                      local,
                                      "{\"AttributeName\": …, \"AttributeType\": …} (an LSI needs a sort key)")
                                  .map(o -> indexKey(o, kf, f.what(), attributes)))
                      .orElse(null);
              if (pk == null) {
                throw new JsonChecks.Skip();
              }
              return new KeyAttribute[] {pk, sk};
            });
    if (local && keys != null && tablePk != null) {
      // An LSI shares the table's partition key and only re-sorts it (CreateTable API).
      if (!keys[0].name().equals(tablePk.name())) {
        checks.report(
            keys[0].location(),
            "the partition key of "
                + f.what()
                + " is '"
                + keys[0].name()
                + "'; a local secondary index must use the table's"
                + " partition key '"
                + tablePk.name()
                + "'");
      }
      if (tableSk.isEmpty()) {
        checks.report(object.at(), f.what() + " needs a table with a sort key");
      }
    }
    Projection projection = orNull(() -> projection(f, attributes));
    if (name == null || keys == null || projection == null) {
      throw new JsonChecks.Skip();
    }
    List<KeyAttribute> sorts = keys[1] == null ? List.of() : List.of(keys[1]);
    return new WorkbenchIndex(name, List.of(keys[0]), sorts, projection, object.at());
  }

  private KeyAttribute indexKey(
      LocatedJson.Obj object, Fields keys, String index, Attributes attributes) {
    KeyAttribute key = key(object, keys.what());
    if (!attributes.checkable) {
      return key;
    }
    Fields f = checks.fields(object, "a key of " + keys.what());
    AttributeDefinition declared = attributes.byName.get(key.name());
    if (declared == null) {
      String hint =
          Suggest.closest(key.name(), attributes.byName.keySet())
              .map(s -> " (did you mean '" + s + "'?)")
              .orElse("");
      throw checks.problem(
          f.node("AttributeName").orElseThrow().at(),
          index
              + " is keyed on '"
              + key.name()
              + "', which the table does not declare"
              + hint
              + "; add it to the"
              + " table's \"NonKeyAttributes\"");
    }
    if (!declared.type().equals(key.type())) {
      throw checks.problem(
          f.node("AttributeType").orElseThrow().at(),
          index
              + " gives key attribute '"
              + key.name()
              + "' type "
              + key.type()
              + ", but the table declares it "
              + declared.type()
              + " (line "
              + declared.location().line()
              + ", column "
              + declared.location().column()
              + ")");
    }
    return key;
  }

  private Projection projection(Fields index, Attributes attributes) {
    LocatedJson.Obj object =
        index.object("Projection", true, "{\"ProjectionType\": \"ALL\"}").orElseThrow();
    Fields f = checks.fields(object, "\"Projection\" of " + index.what());
    Projection.Type type =
        f.enumValue("ProjectionType", Projection.Type.class)
            .orElseThrow(
                () ->
                    checks.problem(
                        object.at(),
                        f.what()
                            + " has no \"ProjectionType\"; expected one of ALL, KEYS_ONLY, INCLUDE"));
    if (type != Projection.Type.INCLUDE) {
      return new Projection(type, List.of());
    }
    LocatedJson.Arr names =
        f.array(
                "NonKeyAttributes",
                true,
                "the array of attribute names that" + " INCLUDE copies into the index")
            .orElseThrow();
    if (names.elements().isEmpty()) {
      throw checks.problem(names.at(), "an INCLUDE projection needs at least one attribute name");
    }
    var out = new ArrayList<String>();
    for (LocatedJson.Node element : names.elements()) {
      // DynamoDB lets INCLUDE name attributes the table never declares, so no reference check.
      String name = orNull(() -> attributes.name(element, "attribute name"));
      if (name != null) {
        out.add(name);
      }
    }
    if (out.size() != names.elements().size()) {
      throw new JsonChecks.Skip();
    }
    return new Projection(type, out);
  }

  // ----- capacity -----

  private WorkbenchCapacity provisioned(LocatedJson.Obj object, String table) {
    Fields f = checks.fields(object, "\"ProvisionedCapacitySettings\" of " + table);
    LocatedJson.Obj throughput =
        f.object(
                "ProvisionedThroughput",
                true,
                "{\"ReadCapacityUnits\": 5, \"WriteCapacityUnits\": 5}")
            .orElseThrow();
    Fields t = checks.fields(throughput, "\"ProvisionedThroughput\" of " + table);
    Long read = orNull(() -> t.count("ReadCapacityUnits", 1));
    Long write = orNull(() -> t.count("WriteCapacityUnits", 1));
    Optional<AutoScaling> autoRead =
        orElseEmpty(
            () ->
                f.object("AutoScalingRead", false, "")
                    .map(o -> autoScaling(o, "\"AutoScalingRead\" of " + table)));
    Optional<AutoScaling> autoWrite =
        orElseEmpty(
            () ->
                f.object("AutoScalingWrite", false, "")
                    .map(o -> autoScaling(o, "\"AutoScalingWrite\" of " + table)));
    if (read == null || write == null) {
      throw new JsonChecks.Skip();
    }
    return new WorkbenchCapacity(read, write, autoRead, autoWrite);
  }

  private AutoScaling autoScaling(LocatedJson.Obj object, String what) {
    Fields f = checks.fields(object, what);
    LocatedJson.Obj target =
        f.object("ScalableTargetRequest", true, "{\"MinCapacity\": 1, \"MaxCapacity\": 10}")
            .orElseThrow();
    Fields t = checks.fields(target, "\"ScalableTargetRequest\" of " + what);
    Long min = orNull(() -> t.count("MinCapacity", 1));
    Long max = orNull(() -> t.count("MaxCapacity", 1));
    LocatedJson.Obj policy =
        f.object("ScalingPolicyConfiguration", true, "{\"TargetValue\": 70}").orElseThrow();
    Fields p = checks.fields(policy, "\"ScalingPolicyConfiguration\" of " + what);
    LocatedJson.Node value =
        p.node("TargetValue")
            .orElseThrow(
                () ->
                    checks.problem(
                        policy.at(),
                        p.what()
                            + " has no \"TargetValue\"; expected the target utilisation in percent,"
                            + " such as 70"));
    if (!(value instanceof LocatedJson.Num n)) {
      throw checks.problem(
          value.at(), "\"TargetValue\" must be a number, found " + LocatedJson.describe(value));
    }
    if (min == null || max == null) {
      throw new JsonChecks.Skip();
    }
    if (min > max) {
      throw checks.problem(
          target.at(), "\"MinCapacity\" " + min + " is greater than \"MaxCapacity\" " + max);
    }
    return new AutoScaling(min, max, Double.parseDouble(n.text()));
  }

  // ----- sample items -----

  /**
   * Returns the elements of an object's {@code TableData}; anything but an array is a warning,
   * since sample data never stops an import.
   */
  private static List<LocatedJson.Node> sampleItems(Fields f, List<Diagnostic> warnings) {
    Optional<LocatedJson.Node> data = f.node("TableData");
    if (data.isEmpty()) {
      return List.of();
    }
    if (data.get() instanceof LocatedJson.Arr array) {
      return array.elements();
    }
    warnings.add(
        new Diagnostic(
            data.get().at(),
            "\"TableData\" of "
                + f.what()
                + " is not an array of DynamoDB JSON items but "
                + LocatedJson.describe(data.get())));
    return List.of();
  }

  /**
   * Reads sample items leniently with {@link DynamoJson#readItem}: an attribute that is not
   * DynamoDB JSON (plain JSON inside an {@code M}, an object whose member names are no type
   * descriptor, such as {@code {"HP": "100"}}) is left out of its item and reported as a warning,
   * and an item without the table's key attributes, or with another type than the declared one, is
   * left out with a warning. Sample data is for people looking at the model in Workbench; DynamoDB
   * never sees it, so nothing in it is an error (issue 16 Decisions). Each item's text is preceded
   * by as many line breaks and spaces as put it at its place in the file, so the locations,
   * including those inside DynamoJson's messages, are the model file's.
   */
  private List<Map<String, AttributeValue>> items(
      List<LocatedJson.Node> nodes,
      KeyAttribute pk,
      Optional<KeyAttribute> sk,
      List<Diagnostic> warnings) {
    var out = new ArrayList<Map<String, AttributeValue>>();
    for (LocatedJson.Node node : nodes) {
      String padded =
          "\n".repeat(node.at().line() - 1)
              + " ".repeat(node.at().column() - 1)
              + source.substring(node.start(), node.end());
      DynamoJson.Lenient read;
      try {
        read = DynamoJson.readItem(file, padded);
      } catch (InputException e) {
        // Only a string with no UTF-8 form gets here: the file itself parsed.
        warnings.addAll(e.diagnostics());
        continue;
      }
      warnings.addAll(read.problems());
      if (!(node instanceof LocatedJson.Obj)) {
        continue;
      }
      Map<String, AttributeValue> item = read.item();
      boolean ok = pk == null || checkKey(node, item, pk, "partition", warnings);
      ok &= pk == null || sk.isEmpty() || checkKey(node, item, sk.get(), "sort", warnings);
      if (ok) {
        out.add(item);
      }
    }
    return out;
  }

  private static boolean checkKey(
      LocatedJson.Node node,
      Map<String, AttributeValue> item,
      KeyAttribute key,
      String which,
      List<Diagnostic> warnings) {
    AttributeValue value = item.get(key.name());
    Optional<LocatedJson.Member> written =
        ((LocatedJson.Obj) node)
            .members().stream().filter(m -> m.name().equals(key.name())).findFirst();
    if (value == null) {
      if (written.isEmpty()) {
        warnings.add(
            new Diagnostic(
                node.at(),
                "the sample item has no "
                    + which
                    + " key '"
                    + key.name()
                    + "'; DynamoDB needs every key attribute in an item"));
      }
      // A key written but unreadable has its warning from DynamoJson already.
      return false;
    }
    if (!value.descriptor().equals(key.type())) {
      warnings.add(
          new Diagnostic(
              written.orElseThrow().value().at(),
              "the "
                  + which
                  + " key '"
                  + key.name()
                  + "' is declared "
                  + key.type()
                  + " but this sample item gives it type "
                  + value.descriptor()));
      return false;
    }
    return true;
  }

  // ----- helpers -----

  /** A table's declared attributes, for reference checks. */
  private final class Attributes {
    final Map<String, AttributeDefinition> byName;
    final boolean checkable;

    Attributes(Map<String, AttributeDefinition> byName, boolean checkable) {
      this.byName = Map.copyOf(byName);
      this.checkable = checkable;
    }

    String name(LocatedJson.Node node, String what) {
      if (!(node instanceof LocatedJson.Str s)) {
        throw checks.problem(
            node.at(), "expected an " + what + " (a string), found " + LocatedJson.describe(node));
      }
      return s.value();
    }

    /** Returns a name that must be one of the table's attributes. */
    String reference(LocatedJson.Node node, String what, String owner) {
      String name = name(node, what);
      if (checkable && !byName.containsKey(name)) {
        throw checks.problem(
            node.at(),
            owner
                + " names attribute '"
                + name
                + "', which the table does not declare"
                + didYouMean(name, byName.keySet())
                + " (declared: "
                + byName.keySet().stream().sorted().collect(Collectors.joining(", "))
                + ")");
      }
      return name;
    }
  }
}
