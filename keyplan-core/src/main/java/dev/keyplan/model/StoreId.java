package dev.keyplan.model;

import java.util.Objects;

/**
 * A store keyplan designs for, as the model names it: its id (the model's section key, the {@code
 * store} of a finding, the {@code --store} value) and the name a page prints. A value, not an enum:
 * a store plugs in through the registry ({@code dev.keyplan.store.Stores}), and a test can register
 * one of its own with an id of its own.
 *
 * <p>The built-in ids are the one place the spine spells a concrete store; everything else asks the
 * registry.
 *
 * @param id lower case, as in the model ({@code cassandra:}) and in JSON output
 * @param displayName as a heading prints it
 */
public record StoreId(String id, String displayName) implements Comparable<StoreId> {
  public static final StoreId CASSANDRA = new StoreId("cassandra", "Apache Cassandra");
  public static final StoreId SCYLLADB = new StoreId("scylladb", "ScyllaDB");
  public static final StoreId DYNAMODB = new StoreId("dynamodb", "Amazon DynamoDB");
  public static final StoreId MONGODB = new StoreId("mongodb", "MongoDB");

  public StoreId {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(displayName, "displayName");
    if (!id.matches("[a-z][a-z0-9]*")) {
      throw new IllegalArgumentException(
          "a store id is lower-case letters and digits, not '" + id + "'");
    }
  }

  @Override
  public int compareTo(StoreId other) {
    return id.compareTo(other.id);
  }

  @Override
  public String toString() {
    return id;
  }
}
