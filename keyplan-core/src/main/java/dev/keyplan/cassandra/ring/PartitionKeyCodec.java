package dev.keyplan.cassandra.ring;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.chrono.IsoChronology;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.time.temporal.ChronoField;
import java.time.temporal.TemporalAccessor;
import java.time.temporal.TemporalQueries;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Serialises partition-key values the way Cassandra does before hashing them into a token.
 *
 * <p>A value is written with the serializer of its CQL type (apache/cassandra {@code
 * src/java/org/apache/cassandra/serializers/}): text and ascii as their UTF-8/ASCII bytes, int,
 * bigint, smallint and tinyint as big-endian two's complement of 4, 8, 2 and 1 bytes, uuid and
 * timeuuid as 16 bytes (a timeuuid must be version 1, {@code TimeUUIDType} validation), timestamp
 * as 8 bytes of milliseconds since the epoch, date as an unsigned 4-byte day count with 1970-01-01
 * at 2<sup>31</sup> ({@code SimpleDateSerializer}), boolean as one byte 0 or 1, blob as is.
 *
 * <p>A one-column partition key hashes that value's bytes ({@code TableMetadata.partitionKeyType}
 * is the column type). A composite key is {@code CompositeType.build}: per component a 2-byte
 * big-endian length, the bytes and an end-of-component byte 0 ({@code db/marshal/CompositeType
 * .java}; the Java driver's {@code RoutingKey.compose} does the same). Cassandra refuses keys
 * longer than 65535 bytes and empty one-column keys ({@code cql3/Validation.validateKey}).
 *
 * <p>Literals are read like {@code nodetool getendpoints} reads them ({@code AbstractType
 * .fromString}), without CQL quotes: {@code hello}, not {@code 'hello'}. Bad literals raise {@link
 * IllegalArgumentException} naming the type and the expected form.
 */
public final class PartitionKeyCodec {
  /** The largest component, and key, Cassandra accepts: lengths are written as unsigned shorts. */
  public static final int MAX_KEY_BYTES = 0xFFFF;

  private static final Pattern INTEGER = Pattern.compile("[+-]?\\d+");
  private static final Pattern UNSIGNED = Pattern.compile("\\d+");
  private static final Pattern UUID_TEXT =
      Pattern.compile(
          "\\p{XDigit}{8}-\\p{XDigit}{4}-\\p{XDigit}{4}-\\p{XDigit}{4}-\\p{XDigit}{12}");
  private static final Pattern DATE_THEN_SPACE = Pattern.compile("\\d{4}-\\d{2}-\\d{2} .*");

  /** ISO-8601 date, optional time (seconds and up to 9 fraction digits optional), offset. */
  private static final DateTimeFormatter TIMESTAMP =
      new DateTimeFormatterBuilder()
          .append(DateTimeFormatter.ISO_LOCAL_DATE)
          .optionalStart()
          .appendLiteral('T')
          .appendValue(ChronoField.HOUR_OF_DAY, 2)
          .appendLiteral(':')
          .appendValue(ChronoField.MINUTE_OF_HOUR, 2)
          .optionalStart()
          .appendLiteral(':')
          .appendValue(ChronoField.SECOND_OF_MINUTE, 2)
          .optionalStart()
          .appendFraction(ChronoField.NANO_OF_SECOND, 1, 9, true)
          .optionalEnd()
          .optionalEnd()
          .optionalEnd()
          .optionalStart()
          .appendOffset("+HH:MM", "Z")
          .optionalEnd()
          .optionalStart()
          .appendOffset("+HHMM", "Z")
          .optionalEnd()
          .toFormatter(Locale.ROOT)
          .withChronology(IsoChronology.INSTANCE)
          .withResolverStyle(ResolverStyle.STRICT);

  private static final String TIMESTAMP_FORM =
      "milliseconds since 1970-01-01T00:00:00Z, or an"
          + " ISO-8601 date-time with a zone offset like 2026-01-02T03:04:05Z or"
          + " '2026-01-02 03:04:05+0000'";

  private PartitionKeyCodec() {}

  /**
   * Returns the bytes Cassandra hashes for a partition key given as CQL type names and one literal
   * per component.
   *
   * @throws IllegalArgumentException for an unknown type, a count mismatch or a bad literal
   */
  public static byte[] encode(List<String> types, List<String> literals) {
    if (types.isEmpty()) {
      throw new IllegalArgumentException("a partition key needs at least one type");
    }
    List<CqlKeyType> parsed = new ArrayList<>();
    for (String type : types) {
      parsed.add(CqlKeyType.fromName(type));
    }
    if (parsed.size() != literals.size()) {
      throw new IllegalArgumentException(
          plural(literals.size(), "value")
              + " given for a partition key of "
              + plural(parsed.size(), "component")
              + " ("
              + joinNames(parsed)
              + "): expected one value per component");
    }
    List<byte[]> components = new ArrayList<>();
    for (int i = 0; i < parsed.size(); i++) {
      components.add(encodeValue(parsed.get(i), literals.get(i)));
    }
    return compose(components);
  }

  /**
   * Returns the key bytes of already serialised components: the single component unchanged, or the
   * {@code CompositeType} form {@code (u16 length, bytes, 0x00)} per component.
   *
   * @throws IllegalArgumentException if a component or the key exceeds 65535 bytes, or a one-column
   *     key is empty
   */
  public static byte[] compose(List<byte[]> components) {
    if (components.isEmpty()) {
      throw new IllegalArgumentException("a partition key needs at least one component");
    }
    if (components.size() == 1) {
      byte[] only = components.get(0);
      if (only.length == 0) {
        throw new IllegalArgumentException(
            "a one-column partition key cannot be empty"
                + " (Cassandra rejects it: Key may not be empty)");
      }
      checkKeyLength(only.length);
      return only.clone();
    }
    var out = new ByteArrayOutputStream();
    for (int i = 0; i < components.size(); i++) {
      byte[] component = components.get(i);
      if (component.length > MAX_KEY_BYTES) {
        throw new IllegalArgumentException(
            "partition-key component "
                + (i + 1)
                + " is "
                + component.length
                + " bytes: expected at most "
                + MAX_KEY_BYTES
                + " (its length is stored in 2 bytes)");
      }
      out.write(component.length >>> 8);
      out.write(component.length);
      out.writeBytes(component);
      out.write(0);
    }
    checkKeyLength(out.size());
    return out.toByteArray();
  }

  /**
   * Returns the serialised bytes of one value of {@code type}.
   *
   * @throws IllegalArgumentException naming the type and the expected form when the literal is not
   *     a value of that type
   */
  public static byte[] encodeValue(CqlKeyType type, String literal) {
    switch (type) {
      case TEXT:
        return utf8(literal);
      case ASCII:
        return ascii(literal);
      case INT:
        return ByteBuffer.allocate(4)
            .putInt((int) integer(type, literal, Integer.MIN_VALUE, Integer.MAX_VALUE))
            .array();
      case BIGINT:
        return ByteBuffer.allocate(8)
            .putLong(integer(type, literal, Long.MIN_VALUE, Long.MAX_VALUE))
            .array();
      case SMALLINT:
        return ByteBuffer.allocate(2)
            .putShort((short) integer(type, literal, Short.MIN_VALUE, Short.MAX_VALUE))
            .array();
      case TINYINT:
        return new byte[] {(byte) integer(type, literal, Byte.MIN_VALUE, Byte.MAX_VALUE)};
      case UUID:
        return uuid(type, literal);
      case TIMEUUID:
        return timeuuid(literal);
      case TIMESTAMP:
        return ByteBuffer.allocate(8).putLong(timestampMillis(literal)).array();
      case DATE:
        return ByteBuffer.allocate(4).putInt(dateDays(literal)).array();
      case BOOLEAN:
        return new byte[] {bool(literal) ? (byte) 1 : (byte) 0};
      case BLOB:
        return blob(literal);
      default:
        throw new AssertionError("unhandled type " + type);
    }
  }

  /**
   * Splits the one-string form {@code nodetool getendpoints} takes for a composite key, {@code
   * a:1}: on every {@code :} not preceded by {@code \}, then {@code \:} becomes {@code :} and one
   * trailing {@code !} is dropped, as {@code AbstractCompositeType.fromString} does (the {@code !}
   * lets a value end in {@code \}).
   */
  public static List<String> splitNodetoolKey(String key) {
    List<String> parts = new ArrayList<>();
    int start = 0;
    for (int i = 0; i < key.length(); i++) {
      if (key.charAt(i) == ':' && (i == 0 || key.charAt(i - 1) != '\\')) {
        parts.add(unescape(key.substring(start, i)));
        start = i + 1;
      }
    }
    parts.add(unescape(key.substring(start)));
    return List.copyOf(parts);
  }

  private static String unescape(String part) {
    String result = part.replace("\\:", ":");
    return result.endsWith("!") ? result.substring(0, result.length() - 1) : result;
  }

  private static void checkKeyLength(int length) {
    if (length > MAX_KEY_BYTES) {
      throw new IllegalArgumentException(
          "the partition key is " + length + " bytes: Cassandra accepts at most " + MAX_KEY_BYTES);
    }
  }

  private static String plural(int count, String noun) {
    return count + " " + noun + (count == 1 ? "" : "s");
  }

  private static String joinNames(List<CqlKeyType> types) {
    List<String> names = new ArrayList<>();
    for (CqlKeyType type : types) {
      names.add(type.cqlName());
    }
    return String.join(", ", names);
  }

  private static IllegalArgumentException bad(CqlKeyType type, String literal, String expected) {
    return new IllegalArgumentException(
        type.cqlName() + " value '" + literal + "' is not valid: expected " + expected);
  }

  private static byte[] utf8(String literal) {
    try {
      // REPORT, not the default REPLACE: a lone surrogate must not silently hash as '?'.
      ByteBuffer bytes =
          StandardCharsets.UTF_8
              .newEncoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .encode(CharBuffer.wrap(literal));
      byte[] out = new byte[bytes.remaining()];
      bytes.get(out);
      return out;
    } catch (CharacterCodingException e) {
      throw bad(
          CqlKeyType.TEXT, literal, "well-formed Unicode text (it has an unpaired surrogate)");
    }
  }

  private static byte[] ascii(String literal) {
    for (int i = 0; i < literal.length(); i++) {
      if (literal.charAt(i) > 0x7F) {
        throw bad(
            CqlKeyType.ASCII,
            literal,
            "US-ASCII characters only (code points 0-127);" + " character " + (i + 1) + " is not");
      }
    }
    return literal.getBytes(StandardCharsets.US_ASCII);
  }

  private static long integer(CqlKeyType type, String literal, long min, long max) {
    String expected = "a whole number from " + min + " to " + max;
    if (!INTEGER.matcher(literal).matches()) {
      throw bad(type, literal, expected);
    }
    try {
      long value = Long.parseLong(literal);
      if (value < min || value > max) {
        throw bad(type, literal, expected);
      }
      return value;
    } catch (NumberFormatException e) {
      throw bad(type, literal, expected);
    }
  }

  private static byte[] uuid(CqlKeyType type, String literal) {
    if (!UUID_TEXT.matcher(literal).matches()) {
      throw bad(
          type,
          literal,
          "32 hex digits grouped 8-4-4-4-12, like 123e4567-e89b-12d3-a456-426614174000");
    }
    java.util.UUID uuid = java.util.UUID.fromString(literal);
    return ByteBuffer.allocate(16)
        .putLong(uuid.getMostSignificantBits())
        .putLong(uuid.getLeastSignificantBits())
        .array();
  }

  private static byte[] timeuuid(String literal) {
    byte[] bytes = uuid(CqlKeyType.TIMEUUID, literal);
    int version = (bytes[6] & 0xF0) >>> 4;
    if (version != 1) {
      throw bad(
          CqlKeyType.TIMEUUID,
          literal,
          "a version 1 (time-based) UUID, as Cassandra"
              + " requires for timeuuid; this one is version "
              + version);
    }
    return bytes;
  }

  private static long timestampMillis(String literal) {
    if (INTEGER.matcher(literal).matches()) {
      try {
        return Long.parseLong(literal);
      } catch (NumberFormatException e) {
        throw bad(CqlKeyType.TIMESTAMP, literal, TIMESTAMP_FORM);
      }
    }
    String iso =
        DATE_THEN_SPACE.matcher(literal).matches()
            ? literal.substring(0, 10) + 'T' + literal.substring(11)
            : literal;
    TemporalAccessor parsed;
    try {
      parsed = TIMESTAMP.parse(iso);
    } catch (DateTimeParseException e) {
      throw bad(CqlKeyType.TIMESTAMP, literal, TIMESTAMP_FORM);
    }
    if (!parsed.isSupported(ChronoField.OFFSET_SECONDS)) {
      // Cassandra would use the coordinator's time zone; keyplan cannot know it.
      throw bad(
          CqlKeyType.TIMESTAMP,
          literal,
          "a zone offset such as Z or +0000, since the server's time zone is unknown here");
    }
    LocalDate date = parsed.query(TemporalQueries.localDate());
    LocalTime time = parsed.query(TemporalQueries.localTime());
    if (time == null) {
      time = LocalTime.MIDNIGHT;
    }
    if (time.getNano() % 1_000_000 != 0) {
      throw bad(
          CqlKeyType.TIMESTAMP,
          literal,
          "at most millisecond precision (a timestamp is a count of milliseconds)");
    }
    return OffsetDateTime.of(date, time, ZoneOffset.from(parsed)).toInstant().toEpochMilli();
  }

  /** Returns the stored int of a date: days since the epoch plus 2^31, kept modulo 2^32. */
  private static int dateDays(String literal) {
    String expected =
        "a date yyyy-mm-dd like 2026-01-02, or a raw day count from 0 to 4294967295"
            + " with 2147483648 = 1970-01-01";
    if (UNSIGNED.matcher(literal).matches()) {
      try {
        long raw = Long.parseLong(literal);
        if (raw > 0xFFFF_FFFFL) {
          throw bad(CqlKeyType.DATE, literal, expected);
        }
        return (int) raw;
      } catch (NumberFormatException e) {
        throw bad(CqlKeyType.DATE, literal, expected);
      }
    }
    try {
      LocalDate date =
          DateTimeFormatter.ISO_LOCAL_DATE
              .withResolverStyle(ResolverStyle.STRICT)
              .parse(literal, LocalDate::from);
      long days = date.toEpochDay();
      if (days < Integer.MIN_VALUE || days > Integer.MAX_VALUE) {
        throw bad(CqlKeyType.DATE, literal, expected);
      }
      return (int) (days - Integer.MIN_VALUE);
    } catch (DateTimeParseException e) {
      throw bad(CqlKeyType.DATE, literal, expected);
    }
  }

  private static boolean bool(String literal) {
    if (literal.equalsIgnoreCase("true")) {
      return true;
    }
    if (literal.equalsIgnoreCase("false")) {
      return false;
    }
    throw bad(CqlKeyType.BOOLEAN, literal, "true or false");
  }

  private static byte[] blob(String literal) {
    String hex = literal.regionMatches(true, 0, "0x", 0, 2) ? literal.substring(2) : literal;
    try {
      return HexFormat.of().parseHex(hex);
    } catch (IllegalArgumentException e) {
      throw bad(CqlKeyType.BLOB, literal, "an even number of hex digits, like 0x00ff");
    }
  }
}
