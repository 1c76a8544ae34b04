package dev.keyplan.mongodb.check;

import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.model.Units;
import dev.keyplan.mongodb.design.DocumentParts;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbCollection;
import dev.keyplan.mongodb.design.MongoDbEmbed;
import dev.keyplan.mongodb.facts.MongoDbLimits;

/**
 * Flags an embedded array with no {@code max} whose child entity grows: seed 003 lists "Unbounded
 * arrays — Document grows &gt; 16MB; slow reads — Reference in separate collection", and its
 * product whose reviews "could grow to thousands". Every {@code $push} rewrites a larger document
 * and every read of the parent fetches the whole array.
 *
 * <p>The busiest parent holds {@link MongoDbEmbed#busiest()} elements at the horizon and gains
 * {@link MongoDbEmbed#growthPerDocumentPerSecond()} a second; its document is the collection's
 * largest ({@link MongoDbCollection#largestBytes()}). The array fits {@code n*} elements within 16
 * MiB ({@link DocumentParts#elementsWithin}), so the document passes the limit {@code horizon −
 * (busiest − n*) / growth} seconds from now.
 *
 * <ul>
 *   <li><b>error</b> when the busiest document passes {@link MongoDbLimits#MAX_DOCUMENT_BYTES}
 *       within the horizon: the next {@code $push} then fails ("BSON document too large");
 *   <li><b>warning</b> otherwise: over {@link MongoDbLimits#ATLAS_UNBOUNDED_ARRAY_ENTRIES} entries
 *       Atlas flags it ({@code DOCS_CONTAIN_UNBOUNDED_ARRAY}), and below that it still grows
 *       without a bound.
 * </ul>
 *
 * <p>Worked number (seed 003's product embedding its reviews, elements of 460 B, 467 B in the array
 * at a 5-digit index): the busiest product takes 2% of 1M + 1/s × 1 year = 650,720 reviews at the
 * horizon, 304,425,864 B; it has 20,000 today and gains 0.02 a second; 35,949 fit in 16 MiB,
 * reached after (35,949 − 20,000) / 0.02 = 797,450 s = 9.23 days: an error.
 *
 * <p>DocumentNearSizeLimit leaves collections with an unbounded array to this rule, so one
 * document's growth is reported once, here, with its cause.
 */
@RuleSpec(
    category = Category.SIZE,
    summary = "An embedded array grows without bound toward the 16 MiB document limit",
    severity = Severity.ERROR)
public final class UnboundedArray implements MongoDbRule {
  @Override
  public void check(MongoDbAnalysis a, Findings out) {
    long horizon = a.model().horizonSeconds();
    for (MongoDbCollection c : a.collections()) {
      for (MongoDbEmbed em : c.embeds()) {
        // An unknown count (no parents to share the rows) gives no figure to report.
        if (!em.many() || em.bounded() || Double.isNaN(em.busiest())) {
          continue;
        }
        long array = DocumentParts.embedBytes(a, c, em, em.busiest());
        long rest = c.largestBytes() - array;
        double fit = DocumentParts.elementsWithin(a, c, em, rest, MongoDbLimits.MAX_DOCUMENT_BYTES);
        double growth = em.growthPerDocumentPerSecond();
        // The busiest parent had busiest − growth × horizon elements today; it reaches fit after:
        double secondsToLimit =
            growth > 0 ? horizon - (em.busiest() - fit) / growth : Double.POSITIVE_INFINITY;
        boolean over = c.largestBytes() > MongoDbLimits.MAX_DOCUMENT_BYTES;
        boolean atlas = em.busiest() > MongoDbLimits.ATLAS_UNBOUNDED_ARRAY_ENTRIES;
        String where = c.name() + "." + em.field();
        String when =
            over
                ? ", past MongoDB's 16 MiB (16,777,216 B) document limit "
                    + (secondsToLimit <= 0
                        ? "already today"
                        : "after " + Units.duration(secondsToLimit))
                    + " (about "
                    + Units.count(fit)
                    + " entries fit):"
                    + " from then every $push to it fails with \"BSON document too large\""
                : ", "
                    + Units.percent(c.largestBytes() / (double) MongoDbLimits.MAX_DOCUMENT_BYTES)
                    + " of MongoDB's 16 MiB document limit"
                    + (Double.isInfinite(secondsToLimit)
                        ? ""
                        : ", which it passes after about "
                            + Units.duration(secondsToLimit)
                            + " at this rate");
        String atlasNote =
            atlas
                ? "; over the "
                    + Units.count(MongoDbLimits.ATLAS_UNBOUNDED_ARRAY_ENTRIES)
                    + " entries Atlas flags (DOCS_CONTAIN_UNBOUNDED_ARRAY)"
                : "";
        out.report(
            over ? Severity.ERROR : Severity.WARNING,
            where,
            em.location(),
            "array "
                + where
                + " embeds "
                + em.entity().name()
                + " with no max, and "
                + em.entity().name()
                + " grows: the busiest document holds "
                + Units.count(Math.ceil(em.busiest()))
                + " entries at the"
                + " horizon ("
                + Units.count(growth * 86_400)
                + " more a day), an array of "
                + Units.count(array)
                + " B in a document of "
                + Units.count(c.largestBytes())
                + " B"
                + when
                + atlasNote,
            "store "
                + em.entity().name()
                + " in a collection of its own whose documents reference the parent by "
                + String.join(", ", em.by().isEmpty() ? c.entity().key() : em.by())
                + ", with an index on it (seed 003's"
                + " reviews: \"Reference from review to product\"); or keep only the newest few in the parent (subset"
                + " pattern: $push with $slice, and declare max:), or bucket them into documents of a fixed count");
      }
    }
  }
}
