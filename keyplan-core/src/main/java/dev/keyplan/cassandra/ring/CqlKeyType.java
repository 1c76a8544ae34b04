package dev.keyplan.cassandra.ring;

import dev.keyplan.input.Suggest;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The CQL types keyplan can serialise as a partition-key component, with their CQL names.
 *
 * <p>Each maps to the Cassandra marshal type whose serialised bytes are hashed: {@code UTF8Type},
 * {@code AsciiType}, {@code Int32Type}, {@code LongType}, {@code ShortType}, {@code ByteType},
 * {@code UUIDType}, {@code TimeUUIDType}, {@code TimestampType}, {@code SimpleDateType}, {@code
 * BooleanType} and {@code BytesType} (apache/cassandra {@code src/java/org/apache/cassandra/
 * db/marshal/}). {@link PartitionKeyCodec} does the serialising.
 */
public enum CqlKeyType {
  TEXT("text", "varchar"),
  ASCII("ascii"),
  INT("int"),
  BIGINT("bigint"),
  SMALLINT("smallint"),
  TINYINT("tinyint"),
  UUID("uuid"),
  TIMEUUID("timeuuid"),
  TIMESTAMP("timestamp"),
  DATE("date"),
  BOOLEAN("boolean"),
  BLOB("blob");

  private final String cqlName;
  private final List<String> aliases;

  CqlKeyType(String cqlName, String... aliases) {
    this.cqlName = cqlName;
    this.aliases = List.of(aliases);
  }

  /** Returns the CQL name, as written in {@code CREATE TABLE}. */
  public String cqlName() {
    return cqlName;
  }

  /**
   * Returns the type named {@code name} (case-insensitive; {@code varchar} is CQL's alias of {@code
   * text}).
   *
   * @throws IllegalArgumentException naming the supported types when {@code name} is not one
   */
  public static CqlKeyType fromName(String name) {
    String wanted = name.trim().toLowerCase(Locale.ROOT);
    List<String> known = new ArrayList<>();
    for (CqlKeyType type : values()) {
      if (type.cqlName.equals(wanted) || type.aliases.contains(wanted)) {
        return type;
      }
      known.add(type.cqlName);
      known.addAll(type.aliases);
    }
    throw new IllegalArgumentException(
        "unknown partition-key type '"
            + name
            + "'"
            + Suggest.closest(wanted, known).map(s -> "; did you mean '" + s + "'?").orElse("")
            + " (supported: "
            + String.join(", ", known)
            + ")");
  }

  @Override
  public String toString() {
    return cqlName;
  }
}
