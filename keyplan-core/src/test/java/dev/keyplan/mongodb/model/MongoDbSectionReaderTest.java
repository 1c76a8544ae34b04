package dev.keyplan.mongodb.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.input.InputException;
import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.mongodb.design.MongoDbAnalyzer;
import dev.keyplan.mongodb.facts.MongoDbLimits;
import dev.keyplan.mongodb.model.MongoDbDesign.IndexKey.Kind;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The {@code mongodb:} section: what it reads, and every mistake reported at its line and column
 * with what was expected. Mistakes that need the bound design (a TTL index on a field that is not a
 * date) are found by the analyzer and reported the same way.
 */
final class MongoDbSectionReaderTest {
  /** Lines 1–18 are the workload; the mongodb section starts on line 19. */
  private static final String WORKLOAD =
      """
      model: m
      horizon: 1y
      entities:
        Order:
          attributes:
            order_id: uuid
            customer_id: uuid
            created_at: {type: timestamp, time_ordered: true}
            total: int
          key: [order_id]
        Line:
          attributes:
            order_id: uuid
            sku: {type: text, size: 8B}
      patterns:
        - {id: by-id, rate: 10/s, query: Order where order_id = ?}
        - {id: of-customer, rate: 10/s, query: Order where customer_id = ?}
        - {id: place, rate: 1/s, insert: Order}
      """;

  private static List<String> errors(String section) {
    try {
      Model m = ModelReader.read("m.yaml", WORKLOAD + section, Path.of("."));
      MongoDbAnalyzer.analyze(m);
      return List.of();
    } catch (InputException e) {
      return e.diagnostics().stream().map(Object::toString).collect(Collectors.toList());
    }
  }

  @Test
  void aFullSection_isRead() {
    Model m =
        ModelReader.read(
            "m.yaml",
            WORKLOAD
                + """
        mongodb:
          shards: 3
          shard_budget: 4k/s
          range_size: 64MiB
          collections:
            orders:
              entity: Order
              fields: {order_id: uuid, customer_id: uuid, created_at: {type: string, size: 24B}, total: int}
              embed:
                lines: {entity: Line, by: order_id, max: 50, fields: [sku]}
              indexes:
                - {customer_id: 1, created_at: -1}
                - keys: {lines.sku: 1}
                  name: by_sku
                  sparse: true
                  partial: {total: {$gt: 0}, code: "123"}
                  collation: case-insensitive
              shard_key: {customer_id: hashed}
              validation: true
        """,
            Path.of("."));
    MongoDbDesign d = m.design(MongoDbDesign.class).orElseThrow();
    assertThat(d.shards()).isEqualTo(3);
    assertThat(d.shardBudget()).isEqualTo(4000);
    assertThat(d.rangeSizeBytes()).isEqualTo(64L * 1024 * 1024);
    MongoDbDesign.Collection c = d.collections().get(0);
    assertThat(c.fields())
        .extracting(MongoDbDesign.Field::name)
        .containsExactly("order_id", "customer_id", "created_at", "total");
    assertThat(c.fields().get(2).type()).contains("string");
    assertThat(c.fields().get(2).size()).hasValue(24);
    assertThat(c.embeds().get(0).max()).hasValue(50);
    assertThat(c.embeds().get(0).many()).isTrue();
    assertThat(c.indexes().get(0).effectiveName()).isEqualTo("customer_id_1_created_at_-1");
    assertThat(c.indexes().get(0).keys())
        .extracting(MongoDbDesign.IndexKey::kind)
        .containsExactly(Kind.ASCENDING, Kind.DESCENDING);
    MongoDbDesign.Index bySku = c.indexes().get(1);
    assertThat(bySku.effectiveName()).isEqualTo("by_sku");
    assertThat(bySku.sparse()).isTrue();
    assertThat(bySku.caseInsensitive()).isTrue();
    // The quoted "123" stays a string for the filter MongoDB receives.
    assertThat(bySku.partial()).contains("{total: {$gt: 0}, code: \"123\"}");
    assertThat(
            dev.keyplan.mongodb.facts.PartialFilter.parse(bySku.partial().get())
                .orElseThrow()
                .get("code"))
        .isEqualTo(new org.bson.BsonString("123"));
    assertThat(c.shardKey().orElseThrow().hashed()).isTrue();
    assertThat(c.validation()).isTrue();
  }

  @Test
  void defaults_areOneReplicaSetTenThousandPerSecondAnd128MiB() {
    Model m =
        ModelReader.read(
            "m.yaml",
            WORKLOAD + "mongodb:\n  collections:\n    orders: {entity: Order}\n",
            Path.of("."));
    MongoDbDesign d = m.design(MongoDbDesign.class).orElseThrow();
    assertThat(d.shards()).isEqualTo(1);
    assertThat(d.shardBudget()).isEqualTo(10_000);
    assertThat(d.rangeSizeBytes()).isEqualTo(128L * 1024 * 1024);
    assertThat(d.version()).isEqualTo(MongoDbVersion.V8_0);
  }

  @Test
  void version_isOneOfTheServersKeyplanModels_8point0UnlessWritten() {
    // docs/model.md, "Server version": 6.0, 7.0 and 8.0, default 8.0 (issue 17's decision).
    Model m =
        ModelReader.read(
            "m.yaml",
            WORKLOAD
                + "mongodb:\n  version: \"7.0\"\n  collections:\n    orders: {entity: Order}\n",
            Path.of("."));
    assertThat(m.design(MongoDbDesign.class).orElseThrow().version())
        .isEqualTo(MongoDbVersion.V7_0);
    // Unquoted, YAML's 6.0 is read as written.
    assertThat(errors("mongodb:\n  version: 6.0\n  collections:\n    orders: {entity: Order}\n"))
        .isEmpty();
    // 5.0, 7.1 (a rapid release) or a patch version are not modelled: the error lists the ones
    // that are, at the value (line 20, column 12). A bare 7 is refused too: it could be 7.0 or a
    // 7.x rapid release, whose routing differs (the JSON Schema cannot tell 7 from 7.0).
    for (String v : new String[] {"5.0", "7.1", "8.0.4", "latest", "7"}) {
      assertThat(
              errors(
                  "mongodb:\n  version: " + v + "\n  collections:\n    orders: {entity: Order}\n"))
          .containsExactly(
              "m.yaml:20:12: error: expected a MongoDB server version keyplan models, one of 6.0, 7.0,"
                  + " 8.0, but found '"
                  + v
                  + "'");
    }
  }

  @Test
  void theLimitsTheReaderHoldsValuesTo_areMongoDbLimits() {
    assertThat(MongoDbSectionReader.DEFAULT_RANGE_SIZE)
        .isEqualTo(MongoDbLimits.DEFAULT_RANGE_SIZE_BYTES);
    assertThat(MongoDbSectionReader.MIN_RANGE_SIZE).isEqualTo(MongoDbLimits.MIN_RANGE_SIZE_BYTES);
    assertThat(MongoDbSectionReader.MAX_RANGE_SIZE).isEqualTo(MongoDbLimits.MAX_RANGE_SIZE_BYTES);
    assertThat(MongoDbSectionReader.MAX_FIELD_BYTES).isEqualTo(MongoDbLimits.MAX_DOCUMENT_BYTES);
    assertThat(MongoDbSectionReader.MAX_INDEX_FIELDS)
        .isEqualTo(MongoDbLimits.MAX_COMPOUND_INDEX_FIELDS);
  }

  @Test
  void unknownKeysAndValues_getADidYouMean() {
    assertThat(
            errors(
                """
        mongodb:
          shard: 2
          collections:
            orders:
              entity: Ordr
            lines:
              entity: Line
              fields: {sku: strin}
              indexs: [{sku: 1}]
        """))
        .containsExactly(
            "m.yaml:20:3: error: unknown key 'shard' in the mongodb design (did you mean 'shards'?)",
            "m.yaml:23:15: error: no entity named 'Ordr' (did you mean 'Order'?)",
            "m.yaml:26:21: error: unknown BSON type 'strin' (did you mean 'string'?); expected one of array, binData, bool,"
                + " date, decimal, double, int, long, object, objectId, string, uuid",
            "m.yaml:27:7: error: unknown key 'indexs' in collection 'lines' (did you mean 'indexes'?)");
  }

  @Test
  void indexes_nameFieldsTheDocumentsHold_withDirectionsMongoDbKnows() {
    assertThat(
            errors(
                """
        mongodb:
          collections:
            orders:
              entity: Order
              embed:
                lines: {entity: Line}
              indexes:
                - {customer: 1}
                - {lines.skus: 1}
                - {total: 2}
                - {customer_id: hashed, total: hashed}
                - {keys: {created_at: 1, total: 1}, ttl: 30d}
                - {keys: {total: 1}, collation: turkish}
        """))
        .containsExactly(
            "m.yaml:26:12: error: no field 'customer' in documents of Order (did you mean 'customer_id'?)",
            "m.yaml:27:12: error: no field 'lines.skus' in documents of Order (did you mean 'lines.sku'?)",
            "m.yaml:28:19: error: expected 1, -1, hashed, text or 2dsphere for 'total' but found '2'",
            "m.yaml:29:11: error: an index has at most one hashed field",
            "m.yaml:30:45: error: a TTL index has one key, a date field (MongoDB manual, \"TTL Indexes\")",
            "m.yaml:31:41: error: expected 'case-insensitive' (strength 2) or 'simple' but found 'turkish'");
  }

  @Test
  void aTtlIndex_needsADateField_checkedWhenTheDesignIsBound() {
    // total is an int: MongoDB never expires a document whose indexed field is not a date.
    assertThat(
            errors(
                """
        mongodb:
          collections:
            orders:
              entity: Order
              indexes:
                - {keys: {total: 1}, ttl: 30d}
        """))
        .containsExactly(
            "m.yaml:24:11: error: a TTL index needs a date field; 'total' is stored as int (MongoDB"
                + " manual, \"TTL Indexes\": documents without a date in the field never expire)");
  }

  @Test
  void embeds_needAnEntityAndALinkToTheParent() {
    assertThat(
            errors(
                """
        mongodb:
          collections:
            orders:
              entity: Order
              embed:
                total: {entity: Line}
                lines: {entity: Lines}
                one: {entity: Line, array: false, max: 3}
            lines:
              entity: Line
              embed:
                order: {entity: Order}
        """))
        .containsExactly(
            "m.yaml:24:9: error: 'total' is an attribute of Order; give the embedded field another name",
            "m.yaml:25:25: error: no entity named 'Lines' (did you mean 'Line'?)",
            "m.yaml:26:43: error: 'max' bounds an array; 'one' is one sub-document (array: false)",
            "m.yaml:30:9: error: say which attributes of Order point at its Line with 'by: [...]': Line has no key"
                + " to match them by");
  }

  @Test
  void sharding_needsShardsARangedOrHashedKeyAndZonesOnRangedKeys() {
    assertThat(
            errors(
                """
        mongodb:
          collections:
            orders:
              entity: Order
              shard_key: {customer_id: -1}
              zones:
                - {name: EU, min: DE, max: AT, shards: [0]}
        """))
        .containsExactly(
            "m.yaml:23:7: error: collection 'orders' has a shard key but the cluster has 1 shard; give the mongodb"
                + " design 'shards: N' (at least 2)",
            "m.yaml:23:32: error: a shard key field is 1 (ranged) or hashed, not -1",
            "m.yaml:25:36: error: a zone's max must sort after its min ('DE' … 'AT')");
  }

  @Test
  void zones_mayNotOverlap() {
    // [EU, US) and [FR, MaxKey) share [FR, US): sh.updateZoneKeyRange would refuse the second.
    assertThat(
            errors(
                """
        mongodb:
          shards: 2
          collections:
            orders:
              entity: Order
              shard_key: {customer_id: 1}
              zones:
                - {name: EU, min: EU, max: US, shards: [0]}
                - {name: FR, min: FR, max: MaxKey, shards: [1]}
        """))
        .containsExactly(
            "m.yaml:27:11: error: zone 'FR' [FR, MaxKey) overlaps zone 'EU' [EU, US); zone ranges may not overlap");
  }

  @Test
  void zonesOnANumericField_compareAsNumbers() {
    // 5 < 20 as numbers, though "5" sorts after "20" as text; "x" is not a number at all.
    assertThat(
            errors(
                """
        mongodb:
          shards: 2
          collections:
            orders:
              entity: Order
              fields: {customer_id: int}
              shard_key: {customer_id: 1}
              zones:
                - {name: low, min: 5, max: 20, shards: [0]}
                - {name: high, min: x, max: MaxKey, shards: [1]}
        """))
        .containsExactly(
            "m.yaml:28:29: error: the shard key's first field is a number; expected a number, MinKey or MaxKey but found 'x'");
  }

  @Test
  void rangeSize_isOneOfMongoDbsAllowedChunkSizes() {
    assertThat(
            errors("mongodb:\n  range_size: 2GiB\n  collections:\n    orders: {entity: Order}\n"))
        .containsExactly(
            "m.yaml:20:15: error: expected a range size from 1MiB to 1024MiB (MongoDB's allowed chunk sizes) such as"
                + " 128MiB, but found '2GiB'");
  }

  @Test
  void ignoreCase_namesAttributesTheWhereClauseCompares() {
    String yaml =
        WORKLOAD.replace(
            "- {id: of-customer, rate: 10/s, query: Order where customer_id = ?}",
            "- {id: of-customer, rate: 10/s, query: Order where customer_id = ?, ignore_case: [total, totl]}");
    String section = "mongodb:\n  collections:\n    o: {entity: Order}\n";
    List<String> found;
    try {
      ModelReader.read("m.yaml", yaml + section, Path.of("."));
      found = List.of();
    } catch (InputException e) {
      found = e.diagnostics().stream().map(Object::toString).toList();
    }
    // Line 17, column 85 is 'total' in the list; 92 is 'totl'.
    assertThat(found)
        .containsExactly(
            "m.yaml:17:85: error: 'total' is not restricted by the pattern's where clause; ignore_case names attributes"
                + " it compares",
            "m.yaml:17:92: error: entity 'Order' has no attribute 'totl' (did you mean 'total'?)");
  }
}
