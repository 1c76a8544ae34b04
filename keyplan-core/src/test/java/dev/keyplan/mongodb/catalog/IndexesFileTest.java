package dev.keyplan.mongodb.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import dev.keyplan.input.Location;
import dev.keyplan.mongodb.model.MongoDbDesign.Index;
import dev.keyplan.mongodb.model.MongoDbDesign.IndexKey;
import dev.keyplan.mongodb.model.MongoDbDesign.IndexKey.Kind;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shapes of getIndexes() output keyplan reads, and each problem at its file:line:column. */
final class IndexesFileTest {
  private static List<ImportedIndexes> read(String text) {
    return IndexesFile.read("ix.json", text);
  }

  private static List<String> errors(String text) {
    try {
      read(text);
    } catch (InputException e) {
      return e.diagnostics().stream().map(Diagnostic::toString).toList();
    }
    throw new AssertionError("no error");
  }

  @Test
  void mongoshOutputForOneCollection_isReadWithoutItsIdIndex() {
    // What mongosh prints for db.customers.getIndexes(): shell syntax, single quotes, bare names.
    var out =
        read(
            """
        [
          { v: 2, key: { _id: 1 }, name: '_id_' },
          {
            v: 2,
            key: { email: 1 },
            name: 'email_1',
            unique: true,
            collation: { locale: 'en', caseLevel: false, strength: 2, version: '57.1' }
          }
        ]
        """);
    assertThat(out).hasSize(1);
    assertThat(out.get(0).collection()).isEmpty();
    assertThat(out.get(0).location()).isEqualTo(new Location("ix.json", 1, 1));
    assertThat(out.get(0).indexes())
        .containsExactly(
            new Index(
                Optional.of("email_1"),
                List.of(new IndexKey("email", Kind.ASCENDING)),
                true,
                false,
                Optional.empty(),
                0,
                true,
                new Location("ix.json", 3, 3)));
  }

  @Test
  void documentOfCollections_readsEveryOption() {
    var out =
        read(
            """
        {"orders": [{"v": 2, "key": {"_id": 1}, "name": "_id_"},
                    {"v": 2, "key": {"customer_id": 1, "created_at": -1}, "name": "customer_id_1_created_at_-1"},
                    {"v": 2, "key": {"status": 1}, "name": "open", "partialFilterExpression": {"status": "open"},
                     "sparse": true},
                    {"v": 2, "key": {"created_at": 1}, "name": "expiry", "expireAfterSeconds": 2592000}],
         "products": [{"v": 2, "key": {"product_id": "hashed"}, "name": "h"},
                      {"v": 2, "key": {"_fts": "text", "_ftsx": 1}, "name": "name_text", "weights": {"name": 1},
                       "default_language": "english", "language_override": "language", "textIndexVersion": 3},
                      {"v": 2, "key": {"lost": 1}, "name": "lost_1", "hidden": true}]}
        """);
    assertThat(out)
        .extracting(i -> i.collection().orElseThrow())
        .containsExactly("orders", "products");
    assertThat(out.get(0).location()).isEqualTo(new Location("ix.json", 1, 2));
    List<Index> orders = out.get(0).indexes();
    assertThat(orders)
        .extracting(Index::effectiveName)
        .containsExactly("customer_id_1_created_at_-1", "open", "expiry");
    assertThat(orders.get(0).keys())
        .containsExactly(
            new IndexKey("customer_id", Kind.ASCENDING),
            new IndexKey("created_at", Kind.DESCENDING));
    assertThat(orders.get(0).location()).isEqualTo(new Location("ix.json", 2, 13));
    assertThat(orders.get(1).partial()).contains("{\"status\": \"open\"}");
    assertThat(orders.get(1).sparse()).isTrue();
    // 30 days = 30 × 86,400 s = 2,592,000 s.
    assertThat(orders.get(2).ttlSeconds()).isEqualTo(2_592_000);
    List<Index> products = out.get(1).indexes();
    // The text index's key is its weights' fields; the hidden index is not used, so not read.
    assertThat(products)
        .extracting(Index::keys)
        .containsExactly(
            List.of(new IndexKey("product_id", Kind.HASHED)),
            List.of(new IndexKey("name", Kind.TEXT)));
  }

  @Test
  void serversBefore44_nameTheCollectionOfABareArray() {
    var out =
        read(
            "[{v: 2, key: {_id: 1}, name: '_id_', ns: 'shop.reviews'},"
                + " {v: 2, key: {product_id: NumberLong(1), created_at: -1.0}, name: 'p', ns: 'shop.reviews'}]");
    assertThat(out.get(0).collection()).contains("reviews");
    assertThat(out.get(0).indexes().get(0).keys())
        .containsExactly(
            new IndexKey("product_id", Kind.ASCENDING),
            new IndexKey("created_at", Kind.DESCENDING));
  }

  @Test
  void onePerLine_isOneCollection() {
    var out =
        read(
            "{\"v\": 2, \"key\": {\"_id\": 1}, \"name\": \"_id_\"}\n{\"v\": 2, \"key\": {\"a\": 1}, \"name\": \"a_1\"}\n");
    assertThat(out.get(0).indexes())
        .extracting(Index::location)
        .containsExactly(new Location("ix.json", 2, 1));
  }

  @Test
  void onePerLine_reportsEachBadLineAtItsOwnLine() {
    assertThat(
            errors(
                "{\"v\": 2, \"key\": {\"a\": 1}}\n{\"v\": 2, \"key\": {\"b\": }}\n\n{\"v\": 2, \"key\": {\"c\" 1}}\n"))
        .containsExactly(
            "ix.json:2:23: error: invalid Extended JSON: expected a value, found '}'",
            "ix.json:4:22: error: invalid Extended JSON: expected ':', found '1'");
  }

  @Test
  void aByteOrderMark_andACompoundTextIndex_areRead() {
    // {category: 1, _fts: "text", _ftsx: 1} with weights {name: 10, text: 1}: category, then the
    // two text fields where _fts stands.
    var out =
        read(
            "\uFEFF[{v: 2, key: {category: 1, _fts: 'text', _ftsx: 1}, name: 't',"
                + " weights: {name: 10, text: 1}}]");
    assertThat(out.get(0).indexes().get(0).keys())
        .containsExactly(
            new IndexKey("category", Kind.ASCENDING),
            new IndexKey("name", Kind.TEXT),
            new IndexKey("text", Kind.TEXT));
    assertThat(out.get(0).indexes().get(0).location()).isEqualTo(new Location("ix.json", 1, 2));
  }

  @Test
  void indexWithoutKey_isReportedAtItsDocument() {
    assertThat(errors("[\n  {v: 2, key: {_id: 1}, name: '_id_'},\n  {v: 2, name: 'email_1'}\n]"))
        .containsExactly(
            "ix.json:3:3: error: an index document needs 'key', its key pattern such as key:"
                + " {email: 1}; found the members v, name");
  }

  @Test
  void badValues_areEachReportedAtTheirMember() {
    assertThat(
            errors(
                """
        {"orders": [
          {"key": {"a": "up", "b": 0}, "name": 7},
          {"key": "a_1", "unique": "yes"},
          {"key": {"c": 1}, "expireAfterSeconds": -5, "collation": "en"},
          {"key": {}}
        ],
         "customers": {"key": {"a": 1}}}
        """))
        .containsExactly(
            "ix.json:2:12: error: expected 1, -1, \"hashed\", \"text\" or \"2dsphere\" for 'a', found the string 'up'",
            "ix.json:2:23: error: expected 1, -1, \"hashed\", \"text\" or \"2dsphere\" for 'b', found the int32 0",
            "ix.json:2:32: error: 'name' must be a string, found the int32 7",
            "ix.json:3:4: error: 'key' must be a document such as {email: 1}, found the string 'a_1'",
            "ix.json:3:18: error: 'unique' must be true or false, found the string 'yes'",
            "ix.json:4:21: error: 'expireAfterSeconds' must be a whole number of seconds, 0 or more, found the int32 -5",
            "ix.json:4:47: error: 'collation' must be a document such as {locale: \"en\", strength: 2}, found the string 'en'",
            "ix.json:5:4: error: an index needs at least one key",
            "ix.json:7:2: error: expected the indexes of collection 'customers', an array of index documents, found a document");
  }

  @Test
  void anotherValue_isNotGetIndexesOutput() {
    assertThat(errors("  42"))
        .containsExactly(
            "ix.json:1:3: error: expected " + IndexesFile.SHAPE + ", found the int32 42");
    assertThat(errors("[1]"))
        .containsExactly(
            "ix.json:1:2: error: expected an index document such as {v: 2, key:"
                + " {email: 1}, name: \"email_1\"}, found the int32 1");
  }

  @Test
  void invalidJson_isReportedWhereTheReaderStopped() {
    assertThat(errors("[\n  {v: 2, key: {a: 1}, name: 'a_1'},\n  {v: 2, key: {b: }}\n]"))
        .containsExactly("ix.json:3:19: error: invalid Extended JSON: expected a value, found '}'");
    // A document not closed before the next one: the library takes '{' for a field name.
    assertThat(errors("[\n  {v: 2, key: {a: 1}, name: 'a_1'\n  {v: 2, key: {b: 1}}\n]"))
        .containsExactly(
            "ix.json:3:3: error: invalid Extended JSON: expected a field name, found '{'");
  }

  @Test
  void mongoshLong_isReadAsTheNumberItPrints() {
    // mongosh 2 prints an int64 as Long('1') (a key direction an application gave as a long, a
    // TTL read back from a server); the bson library reads NumberLong(1) but not that, so keyplan
    // rewrites it first (MongoshText): a positive number is ascending
    // ("db.collection.createIndex()").
    // This file was an error ("found 'Long'") before the rewrite.
    var out = read("[{v: 2, key: {a: Long('1'), b: Int32(-1)}, name: 'a_1_b_-1'}]");
    assertThat(out.get(0).indexes().get(0).keys())
        .containsExactly(new IndexKey("a", Kind.ASCENDING), new IndexKey("b", Kind.DESCENDING));
  }

  @Test
  void missingFile_isAnErrorAtTheModelsValue(@TempDir Path dir) {
    Location at = new Location("m.yaml", 40, 18);
    assertThatThrownBy(() -> IndexesFile.read(dir.resolve("none.json"), at))
        .isInstanceOf(InputException.class)
        .hasMessage(
            "m.yaml:40:18: error: cannot read the mongodb indexes file "
                + dir.resolve("none.json")
                + ": no such file");
  }
}
