package dev.keyplan.mongodb.design;

/**
 * One of MongoDB's own schema patterns that a design uses, as keyplan recognised it from the
 * design's structure or from a declaration (docs/model.md, "Schema patterns"). The plans, the
 * embed-or-reference advice and the rules read it so that they do not tell a user to undo a pattern
 * chosen on purpose.
 *
 * @param kind which pattern
 * @param collection the collection that uses it
 * @param field the embedded field or computed attribute it is about
 * @param text what keyplan recognised and what follows, in words
 */
public record MongoDbSchemaPattern(Kind kind, String collection, String field, String text) {

  /**
   * The patterns of the "Building with Patterns" series that a design's structure can show or a
   * model can declare, each with its manual page (MongoDB manual, "Schema Design Patterns",
   * https://www.mongodb.com/docs/manual/data-modeling/design-patterns/).
   */
  public enum Kind {
    /**
     * A capped embedded array beside a collection of every element: the array keeps the few a
     * common read needs
     * (https://www.mongodb.com/docs/manual/data-modeling/design-patterns/group-data/subset-pattern/).
     */
    SUBSET("Subset"),
    /**
     * An embedded array of name/value pairs with one multikey index on both paths
     * (https://www.mongodb.com/docs/manual/data-modeling/design-patterns/group-data/attribute-pattern/).
     */
    ATTRIBUTE("Attribute"),
    /**
     * An embedded array of a series grouped by a time attribute of the parent document
     * (https://www.mongodb.com/docs/manual/data-modeling/design-patterns/group-data/bucket-pattern/).
     */
    BUCKET("Bucket"),
    /**
     * An embedded sub-document holding copies of another entity's attributes, read without a {@code
     * $lookup}
     * (https://www.mongodb.com/blog/post/building-with-patterns-the-extended-reference-pattern).
     */
    EXTENDED_REFERENCE("Extended Reference"),
    /**
     * An attribute maintained from another entity's writes, read instead of aggregating them
     * (https://www.mongodb.com/docs/manual/data-modeling/design-patterns/computed-values/computed-schema-pattern/).
     */
    COMPUTED("Computed"),
    /**
     * A capped array whose few busiest parents keep the rest in overflow documents
     * (https://www.mongodb.com/docs/manual/data-modeling/design-patterns/group-data/outlier-pattern/).
     */
    OUTLIER("Outlier");

    private final String label;

    Kind(String label) {
      this.label = label;
    }

    /** Returns the pattern's name as MongoDB's pages write it. */
    public String label() {
      return label;
    }
  }
}
