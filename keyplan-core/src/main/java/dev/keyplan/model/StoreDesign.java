package dev.keyplan.model;

import dev.keyplan.input.Location;

/**
 * One store's design in a model: the part of a model file under a store's section key, read by that
 * store's plug-in. The spine keeps designs as this type and never looks inside; each store's code
 * asks the model for its own ({@link Model#design(Class)}).
 */
public interface StoreDesign {
  /** The store this design is for ({@code scylladb} for a {@code scylladb:} section). */
  StoreId store();

  /** Where the design's section starts in the model file. */
  Location location();
}
