package dev.keyplan.fidelity;

import dev.keyplan.cassandra.ring.CqlKeyType;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Date;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.UUID;
import org.apache.cassandra.db.marshal.AbstractType;
import org.apache.cassandra.db.marshal.AsciiType;
import org.apache.cassandra.db.marshal.BooleanType;
import org.apache.cassandra.db.marshal.ByteType;
import org.apache.cassandra.db.marshal.BytesType;
import org.apache.cassandra.db.marshal.Int32Type;
import org.apache.cassandra.db.marshal.LongType;
import org.apache.cassandra.db.marshal.ShortType;
import org.apache.cassandra.db.marshal.SimpleDateType;
import org.apache.cassandra.db.marshal.TimeUUIDType;
import org.apache.cassandra.db.marshal.TimestampType;
import org.apache.cassandra.db.marshal.UTF8Type;
import org.apache.cassandra.db.marshal.UUIDType;
import org.apache.cassandra.serializers.SimpleDateSerializer;
import org.apache.cassandra.utils.TimeUUID;

/**
 * Partition-key values of every {@link CqlKeyType}, each as the literal keyplan reads, the literal
 * {@code nodetool getendpoints} reads ({@code AbstractType.fromString}) and the Java value
 * Cassandra's marshal type serialises ({@code AbstractType.decompose}).
 *
 * <p>The values are built without keyplan's code: dates and timestamps through {@code java.time}
 * and Cassandra's own {@code SimpleDateSerializer}, time UUIDs through Cassandra's {@code
 * TimeUUID}, so a test comparing keyplan with {@code decompose} compares two independent
 * serialisations, and {@code fromString} checks keyplan reads literals as Cassandra does.
 */
final class KeyValues {
  /** One value: keyplan's literal, Cassandra's literal and Cassandra's Java value. */
  record Sample(CqlKeyType type, String literal, String nodetoolLiteral, Object value) {
    Sample(CqlKeyType type, String literal, Object value) {
      this(type, literal, literal, value);
    }

    @Override
    public String toString() {
      return type + " '" + literal + "'";
    }
  }

  /** 0001-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z: four-digit years, as the forms print. */
  private static final long FIRST_MILLI = -62_135_596_800_000L;

  private static final long LAST_MILLI = 253_402_300_799_999L;
  private static final long DAY_MILLIS = 86_400_000L;

  /**
   * ISO-8601 forms keyplan documents and Cassandra's {@code TimestampSerializer} parses, each with
   * the unit it keeps: a form without seconds can only name a whole minute.
   */
  private record TimestampForm(DateTimeFormatter format, ChronoUnit precision) {}

  private static final List<TimestampForm> TIMESTAMP_FORMS =
      List.of(
          form("uuuu-MM-dd'T'HH:mm:ss.SSSXXX", ChronoUnit.MILLIS),
          form("uuuu-MM-dd HH:mm:ss.SSSxx", ChronoUnit.MILLIS),
          form("uuuu-MM-dd HH:mm:ssxx", ChronoUnit.SECONDS),
          form("uuuu-MM-dd'T'HH:mm:ssXXX", ChronoUnit.SECONDS),
          form("uuuu-MM-dd'T'HH:mmXXX", ChronoUnit.MINUTES),
          form("uuuu-MM-ddXXX", ChronoUnit.DAYS));

  private KeyValues() {}

  /** Returns the Cassandra marshal type a partition-key column of {@code type} has. */
  static AbstractType<?> cassandraType(CqlKeyType type) {
    // An exhaustive switch: a new CqlKeyType does not compile here until it has an oracle.
    return switch (type) {
      case TEXT -> UTF8Type.instance;
      case ASCII -> AsciiType.instance;
      case INT -> Int32Type.instance;
      case BIGINT -> LongType.instance;
      case SMALLINT -> ShortType.instance;
      case TINYINT -> ByteType.instance;
      case UUID -> UUIDType.instance;
      case TIMEUUID -> TimeUUIDType.instance;
      case TIMESTAMP -> TimestampType.instance;
      case DATE -> SimpleDateType.instance;
      case BOOLEAN -> BooleanType.instance;
      case BLOB -> BytesType.instance;
    };
  }

  /** Returns a random value of {@code type} drawn from {@code random}. */
  static Sample random(CqlKeyType type, SplittableRandom random) {
    return switch (type) {
      case TEXT -> text(type, random, /* maxCodePoint= */ Character.MAX_CODE_POINT);
      case ASCII -> text(type, random, /* maxCodePoint= */ 0x7F);
      case INT -> integer(type, random.nextInt(), random);
      case BIGINT -> integer(type, random.nextLong(), random);
      case SMALLINT -> integer(type, (short) random.nextInt(), random);
      case TINYINT -> integer(type, (byte) random.nextInt(), random);
      case UUID -> uuid(new UUID(random.nextLong(), random.nextLong()), random);
      case TIMEUUID -> timeuuid(random);
      case TIMESTAMP -> timestamp(random);
      case DATE -> date(random);
      case BOOLEAN -> bool(random.nextBoolean(), random);
      case BLOB -> blob(random);
    };
  }

  /** Returns the boundary values of {@code type}: empty, extremes, zero, signs and odd text. */
  static List<Sample> edges(CqlKeyType type) {
    var random = new SplittableRandom(0);
    List<Sample> edges = new ArrayList<>();
    switch (type) {
      case TEXT -> {
        // Empty, NUL, two-, three- and four-byte UTF-8, combining marks, and the composite
        // separators nodetool escapes.
        for (String s :
            List.of(
                "",
                "\0",
                "h\u00e9llo",
                "\u65e5\u672c\u8a9e",
                "\uD83C\uDF89",
                "e\u0301",
                "\uFFFF",
                "\uDBFF\uDFFF",
                "a:b",
                "a\\",
                "a!",
                "\\:!")) {
          edges.add(new Sample(type, s, s));
        }
      }
      case ASCII -> {
        for (String s : List.of("", "\0", "\u007F", "a:b", "~")) {
          edges.add(new Sample(type, s, s));
        }
      }
      case INT -> {
        for (int v : new int[] {Integer.MIN_VALUE, Integer.MAX_VALUE, 0, -1, 1}) {
          edges.add(new Sample(type, Integer.toString(v), v));
        }
      }
      case BIGINT -> {
        for (long v : new long[] {Long.MIN_VALUE, Long.MAX_VALUE, 0, -1, 1}) {
          edges.add(new Sample(type, Long.toString(v), v));
        }
      }
      case SMALLINT -> {
        for (short v : new short[] {Short.MIN_VALUE, Short.MAX_VALUE, 0, -1}) {
          edges.add(new Sample(type, Short.toString(v), v));
        }
      }
      case TINYINT -> {
        for (byte v : new byte[] {Byte.MIN_VALUE, Byte.MAX_VALUE, 0, -1}) {
          edges.add(new Sample(type, Byte.toString(v), v));
        }
      }
      case UUID -> {
        edges.add(uuid(new UUID(0, 0), random));
        edges.add(uuid(new UUID(-1, -1), random));
        edges.add(uuid(new UUID(Long.MIN_VALUE, Long.MAX_VALUE), random));
      }
      case TIMEUUID -> {
        // The smallest and largest time UUIDs of the Unix epoch (Cassandra's minTimeuuid and
        // maxTimeuuid of 0), and of the Gregorian epoch of UUID time, 1582-10-15.
        edges.add(timeuuid(TimeUUID.minAtUnixMillis(0)));
        edges.add(timeuuid(TimeUUID.maxAtUnixMillis(0)));
        edges.add(timeuuid(TimeUUID.minAtUnixMillis(TimeUUID.UUID_EPOCH_UNIX_MILLIS)));
      }
      case TIMESTAMP -> {
        for (long ms : new long[] {Long.MIN_VALUE, Long.MAX_VALUE, 0, -1, 1}) {
          edges.add(new Sample(type, Long.toString(ms), new Date(ms)));
        }
        edges.add(new Sample(type, "1970-01-01T00:00:00.000Z", new Date(0)));
        edges.add(new Sample(type, "0001-01-01T00:00:00.000Z", new Date(FIRST_MILLI)));
        edges.add(new Sample(type, "9999-12-31T23:59:59.999Z", new Date(LAST_MILLI)));
        edges.add(new Sample(type, "1969-12-31 23:59:59.999+0000", new Date(-1)));
      }
      case DATE -> {
        // The raw forms are the stored unsigned day count: 2^31 is 1970-01-01.
        for (long raw : new long[] {0, 1L << 31, (1L << 31) - 1, (1L << 32) - 1}) {
          edges.add(new Sample(type, Long.toString(raw), (int) raw));
        }
        for (String d :
            List.of(
                "1970-01-01",
                "1969-12-31",
                "0001-01-01",
                "9999-12-31",
                "2000-02-29",
                "1582-10-14")) {
          edges.add(date(LocalDate.parse(d)));
        }
      }
      case BOOLEAN -> {
        edges.add(new Sample(type, "true", true));
        edges.add(new Sample(type, "FALSE", false));
      }
      case BLOB -> {
        // Empty, and the tail lengths 1-15 and a whole block of bytes >= 0x80, which Cassandra's
        // hash sign-extends (notes §3.2).
        for (int length = 0; length <= 16; length++) {
          byte[] bytes = new byte[length];
          Arrays.fill(bytes, (byte) 0xFE);
          edges.add(blob(bytes, random));
        }
      }
      default -> throw new AssertionError("no edge values for " + type);
    }
    return edges;
  }

  /** Text of 0-24 code points up to {@code maxCodePoint}, with ':', '\' and '!' mixed in. */
  private static Sample text(CqlKeyType type, SplittableRandom random, int maxCodePoint) {
    int length = random.nextInt(25);
    var sb = new StringBuilder();
    for (int i = 0; i < length; i++) {
      int kind = random.nextInt(maxCodePoint > 0x7F ? 5 : 2);
      int codePoint =
          switch (kind) {
            case 0 -> ":\\!".charAt(random.nextInt(3));
            case 1 -> random.nextInt(0x80);
            case 2 -> random.nextInt(0x80, 0x800);
            // Three-byte UTF-8 outside the surrogate block, which only pairs may use.
            case 3 ->
                random.nextBoolean()
                    ? random.nextInt(0x800, Character.MIN_SURROGATE)
                    : random.nextInt(Character.MAX_SURROGATE + 1, 0x10000);
            default -> random.nextInt(0x10000, maxCodePoint + 1);
          };
      sb.appendCodePoint(codePoint);
    }
    String s = sb.toString();
    return new Sample(type, s, s);
  }

  /**
   * An integer of the type's width; one literal in ten with a '+' and one in ten zero-padded, both
   * of which {@code Integer.parseInt} and keyplan accept.
   */
  private static Sample integer(CqlKeyType type, long value, SplittableRandom random) {
    String digits = Long.toString(Math.abs(value));
    if (value == Long.MIN_VALUE) {
      digits = digits.substring(1);
    }
    String sign = value < 0 ? "-" : "";
    int style = random.nextInt(10);
    if (style == 0 && value >= 0) {
      sign = "+";
    } else if (style == 1) {
      digits = "00" + digits;
    }
    Object boxed =
        switch (type) {
          case INT -> (int) value;
          case SMALLINT -> (short) value;
          case TINYINT -> (byte) value;
          default -> value;
        };
    return new Sample(type, sign + digits, boxed);
  }

  private static Sample uuid(UUID uuid, SplittableRandom random) {
    String s = uuid.toString();
    return new Sample(
        CqlKeyType.UUID, random.nextInt(4) == 0 ? s.toUpperCase(Locale.ROOT) : s, uuid);
  }

  /**
   * A version 1 UUID at a random microsecond from 1582-10-15 to about 4700, the span of UUID time's
   * 60 bits of 100 ns, with random clock sequence and node bits.
   */
  private static Sample timeuuid(SplittableRandom random) {
    long firstMicro = TimeUUID.UUID_EPOCH_UNIX_MILLIS * 1000;
    long micros = random.nextLong(firstMicro, firstMicro + (1L << 60) / 10);
    return timeuuid(TimeUUID.atUnixMicrosWithLsb(micros, random.nextLong()));
  }

  private static Sample timeuuid(TimeUUID uuid) {
    return new Sample(CqlKeyType.TIMEUUID, uuid.asUUID().toString(), uuid);
  }

  /**
   * A timestamp: a third of them as a count of milliseconds anywhere in the 64-bit range, the rest
   * in one of {@link #TIMESTAMP_FORMS} between years 1 and 9999 at a random offset.
   */
  private static Sample timestamp(SplittableRandom random) {
    if (random.nextInt(3) == 0) {
      long ms = random.nextLong();
      return new Sample(CqlKeyType.TIMESTAMP, Long.toString(ms), new Date(ms));
    }
    // A day's margin at each end keeps every offset's local date within four-digit years.
    long ms = random.nextLong(FIRST_MILLI + DAY_MILLIS, LAST_MILLI - DAY_MILLIS);
    ZoneOffset offset =
        switch (random.nextInt(3)) {
          case 0 -> ZoneOffset.UTC;
          case 1 -> ZoneOffset.ofTotalSeconds(15 * 60 * random.nextInt(-12 * 4, 14 * 4 + 1));
          default -> ZoneOffset.ofTotalSeconds(60 * random.nextInt(-18 * 60, 18 * 60 + 1));
        };
    TimestampForm form = TIMESTAMP_FORMS.get(random.nextInt(TIMESTAMP_FORMS.size()));
    OffsetDateTime at = Instant.ofEpochMilli(ms).atOffset(offset).truncatedTo(form.precision());
    return new Sample(CqlKeyType.TIMESTAMP, form.format().format(at), Date.from(at.toInstant()));
  }

  /** A date: half as the raw unsigned day count, half as yyyy-mm-dd in years 1 to 9999. */
  private static Sample date(SplittableRandom random) {
    if (random.nextBoolean()) {
      long raw = random.nextLong(1L << 32);
      return new Sample(CqlKeyType.DATE, Long.toString(raw), (int) raw);
    }
    long first = LocalDate.of(1, 1, 1).toEpochDay();
    long last = LocalDate.of(9999, 12, 31).toEpochDay();
    return date(LocalDate.ofEpochDay(random.nextLong(first, last + 1)));
  }

  private static Sample date(LocalDate date) {
    // Cassandra's own conversion from an instant to the stored day count.
    int stored = SimpleDateSerializer.timeInMillisToDay(date.toEpochDay() * DAY_MILLIS);
    return new Sample(CqlKeyType.DATE, date.toString(), stored);
  }

  private static Sample bool(boolean value, SplittableRandom random) {
    String s = Boolean.toString(value);
    return new Sample(
        CqlKeyType.BOOLEAN, random.nextBoolean() ? s.toUpperCase(Locale.ROOT) : s, value);
  }

  /** 0-48 random bytes: every tail length 0-15, with zero to three whole 16-byte blocks. */
  private static Sample blob(SplittableRandom random) {
    byte[] bytes = new byte[random.nextInt(49)];
    for (int i = 0; i < bytes.length; i++) {
      bytes[i] = (byte) random.nextInt(256);
    }
    return blob(bytes, random);
  }

  /** keyplan also takes CQL's 0x prefix; nodetool's {@code BytesType.fromString} does not. */
  private static Sample blob(byte[] bytes, SplittableRandom random) {
    String hex =
        random.nextBoolean()
            ? HexFormat.of().formatHex(bytes)
            : HexFormat.of().withUpperCase().formatHex(bytes);
    String literal = random.nextInt(3) == 0 ? "0x" + hex : hex;
    return new Sample(CqlKeyType.BLOB, literal, hex, ByteBuffer.wrap(bytes));
  }

  private static TimestampForm form(String pattern, ChronoUnit precision) {
    return new TimestampForm(DateTimeFormatter.ofPattern(pattern, Locale.ROOT), precision);
  }
}
