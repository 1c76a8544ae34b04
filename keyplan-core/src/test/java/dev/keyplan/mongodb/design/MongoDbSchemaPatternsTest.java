package dev.keyplan.mongodb.design;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.keyplan.input.InputException;
import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.mongodb.design.MongoDbSchemaPattern.Kind;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * MongoDB's own schema patterns (issue 17 §2; docs/model.md, "Schema patterns"), on four designs
 * written for these tests in the shape of the examples of MongoDB's pattern pages
 * (https://www.mongodb.com/docs/manual/data-modeling/design-patterns/): a catalogue with Subset
 * reviews, Attribute specifications and Extended Reference order lines; IoT readings in hourly
 * buckets; book buyers with Outlier overflow documents; movies with Computed totals (the files
 * under {@code src/test/resources/dev/keyplan/mongodb/patterns/}).
 *
 * <p>Every figure is derived in the comment from the manual's rules and the fixture's numbers. No
 * MongoDB server runs here: keys and documents examined are what {@code explain("executionStats")}
 * would report by those rules, not measured.
 */
final class MongoDbSchemaPatternsTest {

  private static String fixture(String name) {
    try (InputStream in =
        MongoDbSchemaPatternsTest.class.getResourceAsStream(
            "/dev/keyplan/mongodb/patterns/" + name + ".yaml")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static MongoDbAnalysis analyze(String yaml) {
    Model m = ModelReader.read("m.yaml", yaml, Path.of("."));
    return MongoDbAnalyzer.analyze(m);
  }

  private static List<String> errors(String yaml) {
    try {
      analyze(yaml);
      return List.of();
    } catch (InputException e) {
      return e.diagnostics().stream().map(Object::toString).collect(Collectors.toList());
    }
  }

  private static MongoDbRelationship relationship(
      MongoDbAnalysis a, String collection, String child) {
    return a.relationships().stream()
        .filter(r -> r.collection().equals(collection) && r.child().equals(child))
        .findFirst()
        .orElseThrow();
  }

  /**
   * The Subset pattern
   * (https://www.mongodb.com/docs/manual/data-modeling/design-patterns/group-data/subset-pattern/):
   * products keep their 10 newest reviews ({@code max: 10}); every review is a document of reviews,
   * indexed {@code {product_id: 1, date: -1}}. 1M reviews over 10k products: 100 a typical product,
   * the busiest 1% = 10,000, so the array holds only some reviews.
   */
  @Nested
  final class Subset {
    private final String catalogue = fixture("catalogue");

    @Test
    void theTenNewest_areReadFromTheArray_oneDocumentByItsId_noSort() {
      // product-page: Review where product_id = ? order by date desc limit 10. 10 ≤ max 10, in the
      // order the array keeps (newest by date: the $push's $sort/$slice, assumed from Review's
      // time_ordered date, since the fixture writes no keeps:), restricted by the parent's key
      // only ⇒ the array answers it: the product document by _id_, 1 key and 1 document, and no
      // in-memory sort (the elements are kept in that order). From reviews it would be 10 keys
      // and 10 documents.
      MongoDbPlan plan = analyze(catalogue).plan("product-page").orElseThrow();
      assertThat(plan.collection()).contains("products");
      assertThat(plan.index()).contains("_id_");
      assertThat(plan.keysExamined().typical()).isEqualTo(1);
      assertThat(plan.docsExamined().typical()).isEqualTo(1);
      assertThat(plan.blockingSort()).isFalse();
      assertThat(plan.notes())
          .contains(
              "served by the products.reviews array, which keeps the 10 newest Review by date"
                  + " (assumed: say keeps: if the $push sorts otherwise): the read needs no more"
                  + " than it keeps");
    }

    @Test
    void fiftyReviews_areReadFromTheFullCollection_notFromTheTenKept() {
      // more-reviews: limit 50 > max 10. Before issue 17's fix the array served it (1 document,
      // wrong results: 10 reviews where 50 were asked). Now the array is refused and reviews
      // serves it: equality on product_id, the order from the index's date: -1, the limit stops
      // the scan ⇒ 50 keys, 50 documents (MongoDB manual, "The ESR Guideline").
      MongoDbPlan plan = analyze(catalogue).plan("more-reviews").orElseThrow();
      assertThat(plan.collection()).contains("reviews");
      assertThat(plan.index()).contains("product_id_1_date_-1");
      assertThat(plan.keysExamined().typical()).isEqualTo(50);
      assertThat(plan.docsExamined().typical()).isEqualTo(50);
      assertThat(plan.notes())
          .contains(
              "Subset: products.reviews keeps the 10 newest Review by date (assumed: say keeps:"
                  + " if the $push sorts otherwise) (max: 10): the read needs 50; read from"
                  + " reviews");
    }

    @Test
    void anArrayKeptInAnotherOrder_cannotServeTheNewest() {
      // keeps: date asc (the 10 oldest, a $push with $sort: {date: 1}, $slice: 10): the 10 newest
      // are not among them ⇒ reviews serves product-page: 10 keys, 10 documents.
      MongoDbAnalysis a =
          analyze(
              catalogue.replace(
                  "reviews: {entity: Review, by: product_id, max: 10}",
                  "reviews: {entity: Review, by: product_id, max: 10, keeps: date asc}"));
      MongoDbPlan plan = a.plan("product-page").orElseThrow();
      assertThat(plan.collection()).contains("reviews");
      assertThat(plan.keysExamined().typical()).isEqualTo(10);
      assertThat(plan.notes())
          .anyMatch(
              n ->
                  n.startsWith("Subset: products.reviews keeps the 10 oldest Review by date")
                      && n.contains("the read orders by date desc, the array keeps by date asc"));
    }

    @Test
    void withoutTheFullCollection_aReadPastTheCapIsNotServed_andSaysWhy() {
      // Only the array holds reviews: 50 cannot come from 10 ⇒ not served, rather than wrong.
      String noCollection =
          catalogue.replace(
              """
                  reviews:
                    entity: Review
                    indexes:
                      - {product_id: 1, date: -1}
              """,
              "");
      MongoDbPlan plan = analyze(noCollection).plan("more-reviews").orElseThrow();
      assertThat(plan.access().served()).isFalse();
      assertThat(plan.notes())
          .containsExactly(
              "products.reviews keeps the 10 newest Review by date (assumed: say keeps: if the"
                  + " $push sorts otherwise) (max: 10): the read needs 50: add a collection of"
                  + " every Review (the Subset pattern keeps both)");
    }

    @Test
    void theAdvice_keepsBothCopies_andSaysWhichReadsEachServes() {
      // Seed 003's rule alone would say "reference" for the array (Review is stored in two places,
      // and grows without bound: 10,000 for the busiest product). Two copies are the point of the
      // Subset pattern: the advice is "keep", on both sides, naming what each copy serves.
      MongoDbAnalysis a = analyze(catalogue);
      String why =
          "Subset pattern: keep both; the embedded 10 serve product-page, the reviews collection"
              + " serves more-reviews";
      MongoDbRelationship embedded = relationship(a, "products", "Review");
      assertThat(embedded.advice()).isEqualTo("keep");
      assertThat(embedded.followsAdvice()).isTrue();
      assertThat(embedded.reasons().get(0)).isEqualTo(why);
      MongoDbRelationship referenced = relationship(a, "reviews", "Review");
      assertThat(referenced.advice()).isEqualTo("keep");
      assertThat(referenced.reasons().get(0)).isEqualTo(why);
      assertThat(a.schemaPatterns())
          .anyMatch(
              p ->
                  p.kind() == Kind.SUBSET
                      && p.text()
                          .equals(
                              "Subset: products.reviews keeps the 10 newest Review by date"
                                  + " (assumed: say keeps: if the $push sorts otherwise); every"
                                  + " Review is in reviews"));
    }
  }

  /**
   * The Attribute pattern
   * (https://www.mongodb.com/docs/manual/data-modeling/design-patterns/group-data/attribute-pattern/):
   * a product's specifications are name/value pairs in {@code specs}, indexed {@code {"specs.k": 1,
   * "specs.v": 1}}. 200k specs over 10k products: 20 a product, 200k index entries (one per
   * element: a multikey index).
   */
  @Nested
  final class Attribute {
    @Test
    void aNameValuePair_examinesTheMatchingElementsKeys_andTheirDocuments_notEveryEntry() {
      // by-spec: Spec where k = ? and v = ?. k has 100 values and v 1,000, independent: 100,000
      // pairs, 200,000 / 100,000 = 2 specs a pair. Queried with $elemMatch, both bounds apply to
      // the one array (MongoDB manual, "Multikey Index Bounds": compound bounds on fields of the
      // same array need $elemMatch) ⇒ 2 keys; each in its own product ⇒ 2 documents. Before the
      // fix every one of the 200,000 entries was counted, as keys and as documents (more
      // documents than the 10k the collection holds).
      MongoDbAnalysis a = analyze(fixture("catalogue"));
      MongoDbPlan plan = a.plan("by-spec").orElseThrow();
      assertThat(plan.index()).contains("specs.k_1_specs.v_1");
      assertThat(plan.keysExamined().typical()).isEqualTo(2, within(1e-9));
      assertThat(plan.docsExamined().typical()).isEqualTo(2, within(1e-9));
      assertThat(plan.notes())
          .contains(
              "Attribute: products.specs holds name/value pairs, indexed by specs.k_1_specs.v_1"
                  + " (one multikey index for every name; query a pair with $elemMatch)");
      assertThat(a.schemaPatterns())
          .anyMatch(p -> p.kind() == Kind.ATTRIBUTE && p.field().equals("specs"));
      // No read goes through the product to its specs, which seed 003 reads as "reference"; the
      // pairs are the point of the pattern: keep.
      assertThat(relationship(a, "products", "Spec").advice()).isEqualTo("keep");
    }
  }

  @Nested
  final class ExtendedReference {
    @Test
    void copiesOfAnotherCollectionsAttributes_areRecognised_andReadWithoutLookup() {
      // An order line holds copies of the product's name and price (copy_of), and products stores
      // Product: the Extended Reference pattern
      // (https://www.mongodb.com/blog/post/building-with-patterns-the-extended-reference-pattern).
      // order-lines selects name and price: both are in the order document, so no $lookup.
      MongoDbAnalysis a = analyze(fixture("catalogue"));
      assertThat(a.schemaPatterns())
          .anyMatch(
              p ->
                  p.kind() == Kind.EXTENDED_REFERENCE
                      && p.text()
                          .equals(
                              "Extended Reference: orders.lines copies name, price of Product"
                                  + " (products): read with its Order, no $lookup; an update of"
                                  + " those attributes also writes orders"));
      MongoDbPlan plan = a.plan("order-lines").orElseThrow();
      assertThat(plan.lookups()).isEmpty();
      assertThat(plan.operation()).isEqualTo("find");
      // The plan says which pattern served it, for the user to see.
      assertThat(plan.notes())
          .anyMatch(n -> n.startsWith("Extended Reference: orders.lines copies name, price"));
    }
  }

  /**
   * The Bucket pattern (MongoDB manual, "Model IoT Data",
   * https://www.mongodb.com/docs/manual/tutorial/model-iot-data/): one document per device and
   * hour, {@code by: [device_id, hour]}, holds the hour's readings, one a minute (432M readings
   * over 10k devices × 720 hours = 60 a bucket), indexed {@code {device_id: 1, hour: -1}}. 7.2M
   * buckets: 720 a device over the 30-day horizon.
   */
  @Nested
  final class Bucket {
    private final MongoDbAnalysis a = analyze(fixture("iot-bucket"));

    @Test
    void theLastDayOfOneDevice_examines24Buckets() {
      // last-day: Reading where device_id = ? and ts > ?, range: {ts: 24h}. The application asks
      // the buckets by their hour (a bucket holds its hour's readings), so the range on ts is a
      // range on hour with ts's width. The device's 720 buckets span the 30-day horizon; 24 h of
      // 720 h is 1/30 of them (docs/model.md, "Range width") ⇒ 720 / 30 = 24 keys of
      // {device_id: 1, hour: -1}, 24 documents. Before the fix: 720 (the range on ts was a filter
      // on every bucket of the device).
      MongoDbPlan plan = a.plan("last-day").orElseThrow();
      assertThat(plan.index()).contains("device_id_1_hour_-1");
      assertThat(plan.keysExamined().typical()).isEqualTo(24, within(1e-9));
      assertThat(plan.docsExamined().typical()).isEqualTo(24, within(1e-9));
      assertThat(plan.notes())
          .contains(
              "Bucket: buckets.readings groups Reading by device_id and hour: documents examined"
                  + " are buckets, not elements; the range or order on ts is asked of the buckets'"
                  + " hour (ts's range: width with it)");
    }

    @Test
    void the120LatestReadings_areTwoBuckets_newestFirstFromTheIndex() {
      // latest: order by ts desc limit 120. Buckets newest first are the index's hour: -1 order;
      // 120 readings at 60 a bucket are ⌈120 / 60⌉ = 2 buckets: 2 keys, 2 documents, no sort.
      // Before the fix: a blocking sort of the device's 720 buckets.
      MongoDbPlan plan = a.plan("latest").orElseThrow();
      assertThat(plan.keysExamined().typical()).isEqualTo(2);
      assertThat(plan.docsExamined().typical()).isEqualTo(2);
      assertThat(plan.blockingSort()).isFalse();
    }

    @Test
    void aMultikeyIndexFromTheParentIntoTheArray_readsEveryElementsKey_butEachDocumentOnce() {
      // Indexed {device_id: 1, "readings.value": 1} instead: multikey, 60 entries a bucket, 7.2M ×
      // 60 = 432M entries. Reading where device_id = ?: the device's 720 buckets, each with its
      // 60 readings' keys inside the bounds: 720 × 60 = 43,200 keys; a multikey scan fetches a
      // document once however many of its keys it reads (MongoDB manual, "Multikey Indexes") ⇒
      // 720 documents. Before the fix: 43,200 documents, elements counted as documents.
      MongoDbAnalysis multikey =
          analyze(
              fixture("iot-bucket")
                  .replace("- {device_id: 1, hour: -1}", "- {device_id: 1, readings.value: 1}")
                  .replace(
                      "mongodb:\n",
                      "  - {id: all, rate: 1/s, query: Reading where device_id = ?}\nmongodb:\n"));
      MongoDbPlan plan = multikey.plan("all").orElseThrow();
      assertThat(plan.index()).contains("device_id_1_readings.value_1");
      assertThat(plan.keysExamined().typical()).isEqualTo(43_200, within(1e-6));
      assertThat(plan.docsExamined().typical()).isEqualTo(720, within(1e-9));
    }

    @Test
    void aBucketDocument_isMeasuredWithItsSixtyReadings_andTheAdviceKeepsIt() {
      // The element leaves out device_id and hour (its bucket's): ts date 1 + "ts\0" 3 + 8 = 12,
      // value double 1 + 6 + 8 = 15: 4 + 12 + 15 + 1 = 32 B. In the array, type 1 + key "i\0":
      // i = 0…9 → 35 B (10 × 35 = 350), 10…59 → 36 B (50 × 36 = 1,800): 4 + 2,150 + 1 = 2,155;
      // readings = 1 + "readings\0" 9 + 2,155 = 2,165. The bucket: 4 + _id ObjectId (1 + 4 + 12)
      // 17 + device_id long (1 + 10 + 8) 19 + hour date (1 + 5 + 8) 14 + count int (1 + 6 + 4)
      // 11 + 2,165 + 1 = 2,231 B.
      assertThat(a.collection("buckets").orElseThrow().typicalBytes()).isEqualTo(2_231);
      MongoDbRelationship r = relationship(a, "buckets", "Reading");
      assertThat(r.advice()).isEqualTo("keep");
      assertThat(r.reasons().get(0)).startsWith("Bucket pattern: keep it; the bounded bucket is");
    }
  }

  /**
   * The Outlier pattern
   * (https://www.mongodb.com/docs/manual/data-modeling/design-patterns/group-data/outlier-pattern/):
   * a book keeps 50 buyers ({@code max: 50, overflow: true}); 2M purchases over 100k books are 20 a
   * typical book, the busiest 0.5% = 10,000.
   */
  @Nested
  final class Outlier {
    private final String books = fixture("books-outlier");

    @Test
    void theBusiestBooksBuyers_examineItsOverflowDocuments() {
      // buyers: every buyer of a book. A typical book: its document by _id_, 1 key, 1 document.
      // The busiest: the 10,000 − 50 = 9,950 past the cap are in ⌈9,950 / 50⌉ = 199 overflow
      // documents, each found by the book's key: 1 + 199 = 200 keys and documents.
      MongoDbPlan plan = analyze(books).plan("buyers").orElseThrow();
      assertThat(plan.keysExamined().typical()).isEqualTo(1);
      assertThat(plan.docsExamined().typical()).isEqualTo(1);
      assertThat(plan.keysExamined().busiest()).isEqualTo(200);
      assertThat(plan.docsExamined().busiest()).isEqualTo(200);
    }

    @Test
    void theDocumentIsSizedAtTheCap_andTheAdviceKeepsIt() {
      // An element: customer_id binData(4) 1 + "customer_id\0" 12 + 4 + 1 + 16 = 34: 4 + 34 + 1 =
      // 39 B; in the array 1 + key + 39: "0\0"…"9\0" 42 B, "10\0"…"49\0" 43 B. At the cap, 50:
      // 420 + 1,720 = 2,140, array 4 + 2,140 + 1 = 2,145, field 1 + "customers_purchased\0" 20 +
      // 2,145 = 2,166. The book: 4 + _id 26 + title (1 + 6 + 4 + 40 + 1) 52 + 2,166 + 1 =
      // 2,249 B, held against 16 MiB, not 10,000 buyers.
      MongoDbAnalysis a = analyze(books);
      assertThat(a.collection("books").orElseThrow().largestBytes()).isEqualTo(2_249);
      MongoDbRelationship r = relationship(a, "books", "Purchase");
      assertThat(r.advice()).isEqualTo("keep");
      assertThat(r.reasons().get(0))
          .isEqualTo(
              "Outlier pattern: keep it; the cap keeps the document small, the overflow documents"
                  + " hold the rest (Outlier: books.customers_purchased keeps 50 Purchase in the"
                  + " document; the busiest Book's other 9,950 are in 199 overflow documents of"
                  + " 50)");
    }

    @Test
    void withoutOverflow_theCappedArrayCannotListEveryBuyer() {
      // The same array without overflow: true keeps 50 and drops the rest; "every buyer" needs
      // all of them, and no other collection holds Purchase ⇒ not served.
      MongoDbPlan plan =
          analyze(books.replace(", overflow: true", "")).plan("buyers").orElseThrow();
      assertThat(plan.access().served()).isFalse();
    }
  }

  /**
   * The Computed pattern
   * (https://www.mongodb.com/docs/manual/data-modeling/design-patterns/computed-values/computed-schema-pattern/):
   * movies keep their screenings' count and revenue ({@code computed:}); 10M screenings over 10k
   * movies: 1,000 a movie.
   */
  @Nested
  final class Computed {
    private final MongoDbAnalysis a = analyze(fixture("movies-computed"));

    @Test
    void aCountTheMovieKeeps_readsOneDocument_notItsThousandScreenings() {
      // count Screening where movie_id = ?: counting through movie_id_1 examines the movie's
      // 1,000 keys and documents; the movie's kept count is 1 key and 1 document by _id_.
      MongoDbPlan plan = a.plan("screenings-of-movie").orElseThrow();
      assertThat(plan.collection()).contains("movies");
      assertThat(plan.keysExamined().typical()).isEqualTo(1);
      assertThat(plan.docsExamined().typical()).isEqualTo(1);
    }

    @Test
    void eachScreeningWritten_alsoUpdatesItsMovie() {
      // record-screening: insertOne into screenings, and the updateOne that keeps the movie's
      // totals: a write on movies per request, 20/s.
      MongoDbPlan plan = a.plan("record-screening").orElseThrow();
      assertThat(plan.operation()).isEqualTo("insertOne screenings + updateOne movies");
      assertThat(plan.touches())
          .anyMatch(t -> t.collection().equals("movies") && t.write() && t.operations() == 1);
      assertThat(a.shard("movies").orElseThrow().writes()).isCloseTo(20, within(1e-9));
    }
  }

  @Nested
  final class Syntax {
    private static final String BASE =
        """
        model: m
        horizon: 1y
        entities:
          Product:
            attributes: {product_id: uuid, reviews: bigint}
            key: [product_id]
          Review:
            attributes: {review_id: uuid, product_id: uuid, date: timestamp}
            key: [review_id]
        patterns:
          - {id: p, rate: 1/s, query: Product where product_id = ?}
        mongodb:
          collections:
            products:
              entity: Product
        """;

    @Test
    void mistakesInKeepsOverflowAndComputed_areReportedWhereWritten() {
      assertThat(
              errors(
                  BASE
                      + "      embed:\n"
                      + "        latest: {entity: Review, keeps: date desc, overflow: true}\n"))
          .containsExactly(
              "m.yaml:17:34: error: 'keeps' says which elements a capped array keeps; give"
                  + " 'latest' a 'max: N'",
              "m.yaml:17:52: error: 'overflow' says the elements past 'max' live in overflow"
                  + " documents (the Outlier pattern); give 'latest' a 'max: N'");
      assertThat(
              errors(
                  BASE
                      + "      embed:\n"
                      + "        latest: {entity: Review, max: 10, keeps: date sideways}\n"))
          .containsExactly(
              "m.yaml:17:50: error: expected an attribute and a direction, such as 'date desc',"
                  + " but found 'date sideways'");
      assertThat(errors(BASE + "      computed: {reviews: Reveiw}\n"))
          .singleElement()
          .asString()
          .startsWith("m.yaml:16:27: error: no entity named 'Reveiw' (did you mean 'Review'?)");
    }
  }
}
