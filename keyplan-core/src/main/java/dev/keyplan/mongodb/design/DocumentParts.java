package dev.keyplan.mongodb.design;

import dev.keyplan.mongodb.model.MongoDbDesign;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;

/**
 * The bytes each top-level field adds to a collection's document, measured like the whole document
 * ({@link DocumentShape}: the BSON library, arrays past {@value DocumentShape#BUILT} elements
 * extended by the array rule), for rules that ask which part of a document is large.
 *
 * <p>A field adds its type byte, its name and NUL, and its value: a 400 B string {@code text} adds
 * 1 + 5 + 4 + 400 + 1 = 411 B; an array of 3 elements of 30 B each adds 1 + name + NUL + the array
 * document 4 + 3 × (1 + 2 + 30) + 1. The parts add up to the document's size less the 5 bytes of
 * its length and final NUL.
 */
public final class DocumentParts {
  private DocumentParts() {}

  /**
   * Returns the bytes each top-level field adds to the document of {@code c} ({@code _id} first,
   * then the held fields, then the embeds), with every array at {@code typical} elements, or at the
   * busiest parent's when {@code busiest}.
   */
  public static Map<String, Long> of(MongoDbAnalysis a, MongoDbCollection c, boolean busiest) {
    Map<String, Long> out = new LinkedHashMap<>();
    MongoDbDesign.Collection d = design(a, c);
    BsonDocument held = DocumentShape.fields(c.entity(), d.fields(), d.allFields(), List.of());
    out.put(
        "_id", DocumentShape.fieldBytes("_id", DocumentShape.id(c.entity(), c.idField(), held)));
    held.forEach(
        (k, v) -> {
          if (!c.idField().map(k::equals).orElse(false)) {
            out.put(k, DocumentShape.fieldBytes(k, v));
          }
        });
    for (MongoDbEmbed em : c.embeds()) {
      out.put(em.field(), embedBytes(a, c, em, busiest ? em.busiest() : em.typical()));
    }
    return out;
  }

  /**
   * Returns the bytes field {@code em} adds to a document when it holds {@code elements} elements
   * (one sub-document when it is not an array).
   */
  public static long embedBytes(
      MongoDbAnalysis a, MongoDbCollection c, MongoDbEmbed em, double elements) {
    MongoDbDesign.Embed d =
        design(a, c).embeds().stream()
            .filter(x -> x.field().equals(em.field()))
            .findFirst()
            .orElseThrow();
    BsonDocument element = DocumentShape.fields(em.entity(), d.fields(), d.allFields(), d.by());
    if (!em.many()) {
      return DocumentShape.fieldBytes(em.field(), element);
    }
    BsonDocument empty = new BsonDocument();
    return DocumentShape.size(empty, List.of(em.field()), List.of(element), List.of(elements))
        - DocumentShape.size(empty);
  }

  /**
   * Returns the most elements array {@code em} can hold while the document stays within {@code
   * limit} bytes, its other fields taking {@code rest} bytes: the largest n with {@code rest +
   * embedBytes(n) ≤ limit}, found by bisection since the array's bytes grow with n. Elements of 33
   * B beside 100 B of other fields fit about (16,777,216 − 100) / 33 ≈ 508,000 times in 16 MiB (a
   * little fewer: keys past "99999" take 6 bytes). Returns −1 when even an empty array does not
   * fit.
   */
  public static double elementsWithin(
      MongoDbAnalysis a, MongoDbCollection c, MongoDbEmbed em, long rest, long limit) {
    if (rest + embedBytes(a, c, em, 0) > limit) {
      return -1;
    }
    double low = 0;
    double high = limit;
    while (high - low > 1) {
      double mid = Math.floor((low + high) / 2);
      if (rest + embedBytes(a, c, em, mid) <= limit) {
        low = mid;
      } else {
        high = mid;
      }
    }
    return low;
  }

  private static MongoDbDesign.Collection design(MongoDbAnalysis a, MongoDbCollection c) {
    return a.design().collections().stream()
        .filter(x -> x.name().equals(c.name()))
        .findFirst()
        .orElseThrow();
  }
}
