package dev.keyplan.mongodb.design;

import java.util.List;

/**
 * One parent–child relationship and whether to embed the child or reference it, by seed 003's rule
 * ("Embed vs. Reference") and seed 000's ("data accessed together should be stored together",
 * "reviews grow without limit, so each review is its own document"): embed when the child is read
 * with its parent, bounded (1-to-few) and owned by it; reference when the children are unbounded,
 * shared or updated on their own.
 *
 * @param embedded the design embeds the child today (else it is a collection of its own)
 * @param readTogether a pattern reads the children through their parent's key
 * @param bounded the children per parent cannot grow without bound
 * @param owned the child is stored in one place only (not embedded elsewhere nor a collection too)
 * @param updatedAlone patterns update or delete children one by one
 * @param typicalElements children of a typical parent at the horizon
 * @param busiestElements children of the busiest parent at the horizon
 * @param advice "embed", "reference", or "keep" where the design uses one of MongoDB's schema
 *     patterns on purpose (Subset: both copies are the point; Bucket: the bounded bucket is;
 *     Outlier: the cap is), which the advice never tells a user to undo (docs/model.md, "Schema
 *     patterns")
 * @param reasons why, in words
 */
public record MongoDbRelationship(
    String collection,
    String parent,
    String child,
    String field,
    boolean embedded,
    boolean readTogether,
    boolean bounded,
    boolean owned,
    boolean updatedAlone,
    double typicalElements,
    double busiestElements,
    String advice,
    List<String> reasons) {

  public MongoDbRelationship {
    reasons = List.copyOf(reasons);
  }

  /** Returns true if the design does what the advice says. */
  public boolean followsAdvice() {
    return advice.equals("keep") || embedded == advice.equals("embed");
  }
}
