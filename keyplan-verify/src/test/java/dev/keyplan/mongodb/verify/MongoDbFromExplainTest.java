package dev.keyplan.mongodb.verify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.input.InputException;
import dev.keyplan.mongodb.catalog.PastedJson;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.simulate.SimulationResult.Table;
import dev.keyplan.verify.VerifyResult;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code keyplan verify mongodb MODEL --from-explain FILE}: keyplan's plans of the shipped shop and
 * tenants beside {@code explain("executionStats")} output written by hand in the shapes the manual
 * documents ("Explain Results", https://www.mongodb.com/docs/manual/reference/explain-results/: the
 * classic stage tree, the slot-based engine's {@code queryPlan}, 8.0's {@code EXPRESS_IXSCAN}, a
 * mongos' {@code SINGLE_SHARD} and {@code SHARD_MERGE} with {@code shards}), as mongosh 2 prints
 * them. No MongoDB server runs here, so none of these came from one; each figure below is
 * keyplan's, derived in MongoDbComparisonTest and docs/model.md, against what the written explain
 * says.
 */
final class MongoDbFromExplainTest {
  private final MongoDbAnalysis shop = Examples.analysis("shop-mongodb.yaml");
  private final MongoDbAnalysis tenants = Examples.analysis("tenants-mongodb.yaml");

  private static VerifyResult run(MongoDbAnalysis a, String text) {
    return MongoDbFromExplain.run(a, "e.txt", PastedJson.read("e.txt", text));
  }

  private static List<String> errors(MongoDbAnalysis a, String text) {
    try {
      run(a, text);
      return List.of();
    } catch (InputException e) {
      return e.diagnostics().stream().map(Object::toString).toList();
    }
  }

  private static Object cell(Table t, int row, String column) {
    return t.rows().get(row).get(MongoDbComparison.READ_COLUMNS.indexOf(column));
  }

  /** A find's explain on one server: {@code plan} is the winning plan's stage tree. */
  private static String explain(
      String command, String plan, long returned, long keys, long docs, String version) {
    return "{explainVersion: '1', queryPlanner: {winningPlan: "
        + plan
        + "}, executionStats: {executionSuccess: true, nReturned: "
        + returned
        + ", executionTimeMillis: 2, totalKeysExamined: "
        + keys
        + ", totalDocsExamined: "
        + docs
        + "}, command: "
        + command
        + ", serverInfo: {host: 'db1', port: 27017, version: '"
        + version
        + "'}, ok: 1}\n";
  }

  private static final String CUSTOMER_ORDERS =
      "{find: 'orders', filter: {customer_id: UUID('3b241101-e2bb-4255-8caf-4136c566a962')},"
          + " sort: {created_at: -1}, limit: 20}";

  @Test
  void theShippedExplains_ofTheShop_agree_exitZero() throws Exception {
    // examples/shop-mongodb-explain.txt: four explains as mongosh 2 prints them (Long('0'),
    // Timestamp({ t, i }), Binary.createFromBase64 in $clusterTime), one after another.
    // customer-orders, matched by its query: IXSCAN customer_id_1_created_at_-1 under LIMIT 20, no
    // SORT, 20 keys and 20 documents, as keyplan plans (a typical customer's 168 orders, stopped at
    // 20). newest-reviews, labelled by its comment for the busiest product, in the slot-based
    // engine's queryPlan: 5 keys, keyplan's limit 5. product: 8.0's EXPRESS_IXSCAN on _id_, 1 and
    // 1. sign-in: the case-insensitive email_1, 1 and 1.
    VerifyResult r = MongoDbFromExplain.run(shop, Path.of("examples", "shop-mongodb-explain.txt"));
    assertThat(r.mismatches()).isZero();
    Table reads = r.table("reads");
    assertThat(reads.rows()).hasSize(4);
    assertThat(reads.rows().stream().map(row -> row.get(0) + " " + row.get(1)).toList())
        .containsExactly(
            "customer-orders typical",
            "newest-reviews busiest",
            "product typical",
            "sign-in typical");
    for (int i = 0; i < 4; i++) {
      assertThat(cell(reads, i, "chosen_index")).isEqualTo(cell(reads, i, "keyplan_index"));
      assertThat(cell(reads, i, "verdict")).isEqualTo("ok");
    }
    assertThat(cell(reads, 0, "keys_examined")).isEqualTo(20.0);
    assertThat(cell(reads, 1, "keys_examined")).isEqualTo(5.0);
    assertThat(r.findings().get(0)).startsWith("keyplan's predictions match");
    assertThat(r.notes())
        .contains(
            "read patterns with no explain in examples/shop-mongodb-explain.txt, not compared:"
                + " order, order-lines")
        .anyMatch(
            n ->
                n.startsWith(
                    "newest-reviews (busiest): the explain at examples/shop-mongodb-explain.txt:75:1, by its comment"));
    assertThat(r.table("writes").rows()).isEmpty();
  }

  @Test
  void aCollectionScanWhereKeyplanPlansTheIndex_isFourMismatches() {
    // The server scanned every order (2,000,000 documents, no index: no key), sorted them in
    // memory and returned 20. keyplan: customer_id_1_created_at_-1, no SORT, 20 keys and 20
    // documents. 0 keys is 20 away from 20 (more than 10% or 1); 2,000,000 documents are far
    // past 20 + 2; 4 mismatches, each with its finding.
    VerifyResult r =
        run(
            shop,
            explain(
                CUSTOMER_ORDERS,
                "{stage: 'SORT', sortPattern: {created_at: -1}, limitAmount: 20, inputStage:"
                    + " {stage: 'COLLSCAN', direction: 'forward'}}",
                20,
                0,
                2_000_000,
                "8.0.4"));
    assertThat(r.mismatches()).isEqualTo(4);
    assertThat(cell(r.table("reads"), 0, "verdict")).isEqualTo("MISMATCH: index, sort, keys, docs");
    assertThat(r.findings())
        .contains(
            "customer-orders (typical): keyplan plans customer_id_1_created_at_-1; MongoDB chose"
                + " COLLSCAN",
            "customer-orders (typical): keyplan's 20 documents examined come to 20 on the data"
                + " loaded; MongoDB examined 2000000");
  }

  @Test
  void tenThousandKeysWhereKeyplanPlansTen_isTwoMismatches_keysAndDocuments() {
    // issue 17's first defect, seen from the server's side: the right index, no SORT, but 10,000
    // keys and documents examined for 5 returned (the index does not bound the scan). keyplan's
    // newest-reviews plans 5 and 5 (limit 5 on {product_id: 1, created_at: -1}): 10,000 is past
    // 5 + 1, twice.
    VerifyResult r =
        run(
            shop,
            explain(
                "{find: 'reviews', filter: {product_id: 'p1'}, sort: {created_at: -1}, limit: 5}",
                "{stage: 'LIMIT', inputStage: {stage: 'FETCH', inputStage: {stage: 'IXSCAN',"
                    + " indexName: 'product_id_1_created_at_-1'}}}",
                5,
                10_000,
                10_000,
                "8.0.4"));
    assertThat(r.mismatches()).isEqualTo(2);
    assertThat(cell(r.table("reads"), 0, "verdict")).isEqualTo("MISMATCH: keys, docs");
    assertThat(cell(r.table("reads"), 0, "keys_ratio")).isEqualTo(2_000.0);
  }

  @Test
  void fewerReturnedThanTheLimit_holdsKeyplansFigureToWhatTheFilterMatched() {
    // A customer with 7 orders: the query returned 7 of its limit 20, so the filter matched 7
    // on this server; keyplan's 20 keys come to min(20, 7) = 7, and 7 keys examined agree.
    VerifyResult r =
        run(
            shop,
            explain(
                CUSTOMER_ORDERS,
                "{stage: 'LIMIT', inputStage: {stage: 'FETCH', inputStage: {stage: 'IXSCAN',"
                    + " indexName: 'customer_id_1_created_at_-1'}}}",
                7,
                7,
                7,
                "8.0.4"));
    assertThat(r.mismatches()).isZero();
    assertThat(cell(r.table("reads"), 0, "keyplan_keys_loaded")).isEqualTo(7.0);
  }

  @Test
  void aMapOfPatternIds_saysWhichPatternEachExplainIs_andTheRoleFromTheKey() {
    // order and order-lines run the same query ({_id: ?} on orders, the order's lines embedded):
    // the explain's query alone cannot tell them apart, a map's keys can.
    String byId =
        explain("{find: 'orders', filter: {_id: 'o1'}}", "{stage: 'IDHACK'}", 1, 1, 1, "7.0.12");
    VerifyResult r =
        run(shop, "{\"order\": " + byId + ", \"order-lines (busiest)\": " + byId + "}");
    assertThat(r.mismatches()).isZero();
    Table reads = r.table("reads");
    assertThat(reads.rows().stream().map(row -> row.get(0) + " " + row.get(1)).toList())
        .containsExactly("order typical", "order-lines busiest");
    // IDHACK is 6.0's and 7.0's _id lookup, the _id_ index. The model plans for 8.0 (no
    // version:), and the note says the explain is not from it.
    assertThat(cell(reads, 0, "chosen_index")).isEqualTo("_id_");
    assertThat(r.notes())
        .anyMatch(
            n ->
                n.startsWith(
                    "order: the explain at e.txt:1:11 comes from MongoDB 7.0.12; the model plans for 8.0"));
  }

  @Test
  void aModelOf70_beside8point0sExpressPath_saysSo_andAgreesOnTheFigures() throws Exception {
    // Release notes 8.0: an _id equality takes the express path, EXPRESS_IXSCAN, where 7.0 plans
    // IDHACK. The index (_id_) and figures (1 key, 1 document) are the same, so nothing differs;
    // the notes say the explain is from another server than the model's version: "7.0".
    String yaml =
        java.nio.file.Files.readString(Path.of("examples", "shop-mongodb.yaml"))
            .replace("mongodb:\n  collections:", "mongodb:\n  version: \"7.0\"\n  collections:");
    MongoDbAnalysis on70 =
        dev.keyplan.mongodb.design.MongoDbAnalyzer.analyze(
            dev.keyplan.model.yaml.ModelReader.read("shop.yaml", yaml, Path.of("examples")));
    VerifyResult r =
        run(
            on70,
            explain(
                "{find: 'products', filter: {_id: 'p1'}}",
                "{stage: 'EXPRESS_IXSCAN', keyPattern: '{ _id: 1 }', indexName: '_id_'}",
                1,
                1,
                1,
                "8.0.4"));
    assertThat(r.mismatches()).isZero();
    assertThat(r.notes())
        .contains(
            "product: the explain at e.txt:1:1 took 8.0's express path (an EXPRESS_ stage), which"
                + " the model's version: 7.0 does not have: there an _id equality is IDHACK and any"
                + " other a planned IXSCAN (docs/model.md \"Server version\")",
            "product: the explain at e.txt:1:1 comes from MongoDB 8.0.4; the model plans for 7.0"
                + " (version:, docs/model.md \"Server version\")");
    assertThat(r.settings().stream().map(s -> s.name() + ": " + s.value()))
        .contains("model version: 7.0");
    // The same explain under the default 8.0: no note.
    assertThat(
            run(
                    shop,
                    explain(
                        "{find: 'products', filter: {_id: 'p1'}}",
                        "{stage: 'EXPRESS_IXSCAN', keyPattern: '{ _id: 1 }', indexName: '_id_'}",
                        1,
                        1,
                        1,
                        "8.0.4"))
                .notes())
        .noneMatch(n -> n.startsWith("product: the explain at"));
  }

  @Test
  void anExplainTwoPatternsFit_isAnErrorAtItsPlace_sayingHowToLabelIt() {
    assertThat(
            errors(
                shop,
                "\n"
                    + explain(
                        "{find: 'orders', filter: {_id: 'o1'}}",
                        "{stage: 'IDHACK'}",
                        1,
                        1,
                        1,
                        "8.0.4")))
        .containsExactly(
            "e.txt:2:1: error: this explain's query (orders: find {_id: eq}) is the one keyplan"
                + " plans for order and order-lines; say which pattern it is: put it under the"
                + " pattern's id in a map ({\"order\": <explain>, …}) or run it with"
                + " .comment(\"<pattern id>\")");
  }

  @Test
  void mistakesInTheFile_areErrorsAtTheirPlace() {
    // A syntax error: the library's reading, placed (line 1, column 16: the '}' where a value
    // is expected).
    assertThat(errors(shop, "{queryPlanner: }"))
        .singleElement()
        .asString()
        .startsWith("e.txt:1:16: error: invalid Extended JSON: expected a value");
    // Not an explain: what it has instead.
    assertThat(errors(shop, "[{ok: 0, errmsg: 'ns not found'}]"))
        .containsExactly(
            "e.txt:1:2: error: expected the output of explain(\"executionStats\") of a find or"
                + " count, with queryPlanner.winningPlan, but this document has the keys ok, errmsg");
    // explain() at its default verbosity, queryPlanner: nothing was executed.
    assertThat(
            errors(
                shop,
                "{queryPlanner: {winningPlan: {stage: 'COLLSCAN'}}, command: "
                    + CUSTOMER_ORDERS
                    + "}"))
        .containsExactly(
            "e.txt:1:1: error: this explain has no executionStats, so keys and documents examined"
                + " cannot be compared: run it as explain(\"executionStats\")");
    // A map key that is no read pattern (place-order is a write).
    assertThat(
            errors(
                shop,
                "{\n  \"place-order\": "
                    + explain(CUSTOMER_ORDERS, "{stage: 'COLLSCAN'}", 1, 0, 1, "8.0.4")
                    + "}"))
        .singleElement()
        .asString()
        .startsWith(
            "e.txt:2:3: error: expected a read pattern keyplan plans as one find, optionally with"
                + " (busiest) or (typical), such as customer-orders, order, order-lines, product,"
                + " newest-reviews, sign-in, but found 'place-order'");
    // A query keyplan plans for no pattern: the patterns on that collection are listed.
    assertThat(
            errors(
                shop,
                explain(
                    "{find: 'reviews', filter: {user_id: 'u1'}}",
                    "{stage: 'COLLSCAN'}",
                    1,
                    0,
                    9,
                    "8.0.4")))
        .containsExactly(
            "e.txt:1:1: error: this explain's query (reviews: find {user_id: eq}) is not the"
                + " query keyplan plans for any read pattern: newest-reviews (reviews: find"
                + " {product_id: eq} sort {created_at: -1} limit 5); say which pattern it is: put"
                + " it under the pattern's id in a map ({\"customer-orders\": <explain>, …}) or run it"
                + " with .comment(\"<pattern id>\")");
  }

  @Test
  void onAMongos_aSingleShardReadThatReachesOneShard_agrees_andOneThatReachesThree_doesNot() {
    // tenants-mongodb: sharded on {country_code: 1} over 4 shards; "tenants of a country" gives
    // the whole shard key, so keyplan routes it to one shard, 100 keys (its limit 100).
    String command = "{find: 'tenants', filter: {country_code: 'DE'}, limit: 100}";
    String shard =
        "{shardName: '%s', serverInfo: {version: '8.0.4'}, namespace: 'saas.tenants', winningPlan:"
            + " {stage: 'LIMIT', inputStage: {stage: 'FETCH', inputStage: {stage: 'SHARDING_FILTER',"
            + " inputStage: {stage: 'IXSCAN', indexName: 'country_code_1'}}}}}";
    String single =
        "{queryPlanner: {mongosPlannerVersion: 1, winningPlan: {stage: 'SINGLE_SHARD', shards: ["
            + shard.formatted("shard-1")
            + "]}}, executionStats: {nReturned: 100, executionTimeMillis: 1, totalKeysExamined: 100,"
            + " totalDocsExamined: 100}, command: "
            + command
            + ", ok: 1}";
    VerifyResult r = run(tenants, single);
    assertThat(r.mismatches()).isZero();
    assertThat(cell(r.table("reads"), 0, "shards_reached")).isEqualTo("1");
    assertThat(r.settings().stream().map(s -> s.name() + ": " + s.value()))
        .contains("server: MongoDB 8.0.4, through a mongos");
    // The same query sent to three shards (SHARD_MERGE), each examining its part: keyplan's one
    // shard is contradicted, one mismatch; the totals, given per shard only, are 40 + 30 + 30 =
    // 100 keys, as planned.
    String merged =
        "{queryPlanner: {winningPlan: {stage: 'SHARD_MERGE', shards: ["
            + shard.formatted("shard-0")
            + ", "
            + shard.formatted("shard-1")
            + ", "
            + shard.formatted("shard-2")
            + "]}}, executionStats: {executionStages: {stage: 'SHARD_MERGE', shards: ["
            + "{shardName: 'shard-0', nReturned: 40, totalKeysExamined: 40, totalDocsExamined: 40},"
            + "{shardName: 'shard-1', nReturned: 30, totalKeysExamined: 30, totalDocsExamined: 30},"
            + "{shardName: 'shard-2', nReturned: 30, totalKeysExamined: 30, totalDocsExamined: 30}]}},"
            + " command: "
            + command
            + ", ok: 1}";
    VerifyResult three = run(tenants, merged);
    assertThat(three.mismatches()).isEqualTo(1);
    assertThat(three.findings())
        .contains(
            "tenants-of-country (typical): keyplan routes it to one shard; mongos sent it to 3");
    assertThat(cell(three.table("reads"), 0, "keys_examined")).isEqualTo(100.0);
  }
}
