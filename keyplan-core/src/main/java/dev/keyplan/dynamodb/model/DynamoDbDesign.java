package dev.keyplan.dynamodb.model;

import dev.keyplan.input.Location;
import dev.keyplan.model.KeyTemplate;
import dev.keyplan.model.StoreDesign;
import dev.keyplan.model.StoreId;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code dynamodb:} section of a model: the tables, their indexes and capacity, and how each
 * entity is laid out as items ("item types", the facets of NoSQL Workbench) with key templates such
 * as {@code PK: "C#{customer_id}"}. Grammar and defaults: docs/model.md.
 *
 * <p>Tables may come from a file ({@code schema:}: a NoSQL Workbench model, {@code aws dynamodb
 * describe-table} output or CreateTable input); the section then adds what such a file cannot say,
 * the item types. Until the file is read, a table's keys may be absent here.
 *
 * @param schema the imported table definitions, resolved against the model file's folder
 * @param tables the tables written in the section, in file order
 * @param prices a price table overriding the built-in one, resolved like {@code schema}
 * @param averageLoad the average request rate as a share of the patterns' peak rates, for monthly
 *     costs (1 = the peak all month, the default)
 * @param access per pattern id, the table or index and operation the application uses, where the
 *     user pins them instead of letting keyplan choose
 */
public record DynamoDbDesign(
    Optional<Path> schema,
    Location schemaLocation,
    List<Table> tables,
    Optional<Path> prices,
    Location pricesLocation,
    double averageLoad,
    Map<String, Access> access,
    Location location)
    implements StoreDesign {
  /** Returns the store this design is for. */
  @Override
  public StoreId store() {
    return StoreId.DYNAMODB;
  }

  public DynamoDbDesign {
    tables = List.copyOf(tables);
    access = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(access));
  }

  /** Returns the table called {@code name}, as written in the section. */
  public Optional<Table> table(String name) {
    return tables.stream().filter(t -> t.name().equals(name)).findFirst();
  }

  /**
   * One table.
   *
   * @param partitionKey the partition key attribute's name; empty when {@code schema:} gives it
   * @param sortKey the sort key attribute's name, if the table has one
   * @param billing on-demand or provisioned capacity; empty when {@code schema:} gives it (else the
   *     default, on-demand)
   * @param ttl the TTL attribute (epoch seconds), if TTL is enabled
   * @param stream the stream view type ({@code NEW_AND_OLD_IMAGES}…), if a stream is enabled
   */
  public record Table(
      String name,
      Optional<String> partitionKey,
      Optional<String> sortKey,
      List<Index> indexes,
      Optional<Billing> billing,
      Optional<String> ttl,
      Optional<String> stream,
      List<ItemType> items,
      Location location) {

    public Table {
      indexes = List.copyOf(indexes);
      items = List.copyOf(items);
    }
  }

  /**
   * A secondary index. A global index may have up to four partition and four sort key attributes
   * (multi-attribute keys); a local one shares the table's partition key and has one sort key.
   *
   * @param partitionKey the index's partition key attributes; empty for a local index
   * @param projection which attributes the index copies
   * @param capacity a global index's own provisioned capacity, on a provisioned table
   */
  public record Index(
      String name,
      boolean local,
      List<String> partitionKey,
      List<String> sortKey,
      Projection projection,
      Optional<Billing> capacity,
      Location location) {

    public Index {
      partitionKey = List.copyOf(partitionKey);
      sortKey = List.copyOf(sortKey);
    }
  }

  /**
   * An index projection: {@code ALL}, {@code KEYS_ONLY}, or {@code INCLUDE} with its attributes.
   */
  public record Projection(Type type, List<String> include) {
    public Projection {
      include = List.copyOf(include);
    }

    /** The API's ProjectionType values. */
    public enum Type {
      ALL,
      KEYS_ONLY,
      INCLUDE
    }

    /** Projects every attribute (the default, as NoSQL Workbench and CloudFormation write it). */
    public static final Projection ALL = new Projection(Type.ALL, List.of());
  }

  /**
   * Capacity mode: on demand (pay per request) or provisioned with read and write capacity units.
   */
  public record Billing(boolean onDemand, double readUnits, double writeUnits, Location location) {
    /** On-demand, the default of new tables since NoSQL Workbench 3.13.5 and of the console. */
    public static Billing onDemand(Location at) {
      return new Billing(true, 0, 0, at);
    }
  }

  /**
   * How one entity is stored as items of a table.
   *
   * @param name the item type's name (a facet), unique in the table
   * @param entity the entity it stores; the item type's name unless written
   * @param keys the value of each key attribute (of the table and of its indexes) as a template
   * @param attributes the entity attributes the item holds besides its keys, with their DynamoDB
   *     type where written; empty means every attribute of the entity
   * @param without the key attributes the item type says it does not carry ({@code keys: {GSI1PK:
   *     ~}}), each where it is said: the item is in no index keyed by one, and does not store the
   *     entity attribute of that name
   */
  public record ItemType(
      String name,
      String entity,
      Map<String, KeyTemplate> keys,
      List<StoredAttribute> attributes,
      boolean allAttributes,
      Map<String, Location> without,
      Location location) {

    public ItemType {
      keys = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(keys));
      attributes = List.copyOf(attributes);
      without = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(without));
    }

    /** An item type that leaves out no key attribute. */
    public ItemType(
        String name,
        String entity,
        Map<String, KeyTemplate> keys,
        List<StoredAttribute> attributes,
        boolean allAttributes,
        Location location) {
      this(name, entity, keys, attributes, allAttributes, Map.of(), location);
    }

    /**
     * Returns true if the item type stores entity attribute {@code attribute} as a DynamoDB
     * attribute of its own name or as a key of that name: it stores every attribute (no {@code
     * attributes:}) or lists it, and does not leave it out with {@code ~}.
     */
    public boolean stores(String attribute) {
      return !without.containsKey(attribute)
          && (allAttributes || attributes.stream().anyMatch(a -> a.name().equals(attribute)));
    }
  }

  /**
   * An entity attribute as an item holds it, with the DynamoDB type ({@code S}, {@code N}, {@code
   * B}, {@code BOOL}, {@code L}, {@code M}, {@code SS}, {@code NS}, {@code BS}) and the value size
   * where the user overrides the ones keyplan derives from the entity's type.
   *
   * @param storedName the attribute's name in DynamoDB, where it differs from the entity's, which
   *     must be an identifier: {@code follower#} for {@code follower_count}
   */
  public record StoredAttribute(
      String name,
      Optional<String> type,
      java.util.OptionalLong size,
      Optional<String> storedName,
      Location location) {

    /** An attribute stored under the entity attribute's own name. */
    public StoredAttribute(
        String name, Optional<String> type, java.util.OptionalLong size, Location location) {
      this(name, type, size, Optional.empty(), location);
    }
  }

  /**
   * Where the user pins a pattern: the table or index it uses and the operation the application
   * calls ({@code GetItem}, {@code Query}, {@code Scan}, {@code BatchGetItem}).
   *
   * @param via a table or index name; empty to let keyplan choose the path
   */
  public record Access(
      String pattern, Optional<String> via, Optional<String> operation, Location location) {}
}
