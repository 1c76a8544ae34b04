package dev.keyplan.input;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The size limits of every reader of a user's file, in this one place (docs/reliability.md, "Input
 * size"; nesting depth is {@link NestingDepth}'s). Issue 18: "limits, each documented on one page
 * with how to override it: model file size and code points (well above the 20,000-pattern benchmark
 * model the design issue needs, about 5 MB), … aliases, document size".
 *
 * <p>{@code fileBytes} bounds every file and standard input keyplan reads: the reader stops after
 * that many bytes, so {@code /dev/zero} or an endless pipe is an error, not a heap exhausted. The
 * YAML engine's own code point limit is set to the same figure: a file within the byte limit has no
 * more code points than bytes (UTF-8 spends at least one byte on each), so only text handed to a
 * reader without a file (the benchmark's) can meet it.
 *
 * @param fileBytes the most bytes a file may hold
 */
public record InputLimits(long fileBytes) {

  /**
   * 64 MiB: twelve times the 20,000-pattern benchmark model (about 5 MB), and four times MongoDB's
   * largest document (16 MiB of BSON, https://www.mongodb.com/docs/manual/reference/limits/), whose
   * Extended JSON for {@code doc-size} is larger than its BSON (binary as base64 is 4/3 of its
   * bytes, RFC 4648 section 4, plus the {@code $binary} wrapping).
   */
  public static final long DEFAULT_FILE_BYTES = 64L << 20;

  /**
   * The largest override: 1 GiB. A Java array and snakeyaml-engine's code point count are 32-bit
   * ints, and the decoded text takes up to two bytes a character besides the bytes read.
   */
  public static final long MAX_FILE_BYTES = 1L << 30;

  /** The smallest override, 1 KiB: below it no shipped example reads. */
  public static final long MIN_FILE_BYTES = 1L << 10;

  /** The Java system property that overrides {@link #fileBytes}: {@code 256MiB} or bytes. */
  public static final String FILE_BYTES_PROPERTY = "keyplan.input.maxBytes";

  /**
   * Aliases (YAML {@code *name}) to lists and mappings per YAML file: snakeyaml-engine's default,
   * kept (its {@code LoadSettingsBuilder.setMaxAliasesForCollections}). Each such alias copies its
   * collection, so a few nested ones make billions of values (the "billion laughs" document).
   */
  public static final int YAML_ALIASES = 50;

  /** The limits when nothing overrides them. */
  public static final InputLimits DEFAULT = new InputLimits(DEFAULT_FILE_BYTES);

  private static final Pattern SIZE = Pattern.compile("([0-9]{1,10})\\s*(B|KiB|MiB|GiB)?");

  public InputLimits {
    if (fileBytes < MIN_FILE_BYTES || fileBytes > MAX_FILE_BYTES) {
      throw new IllegalArgumentException("fileBytes out of range: " + fileBytes);
    }
  }

  /**
   * Returns the limits of this run: the defaults, or {@code fileBytes} from the system property
   * {@value #FILE_BYTES_PROPERTY}. Read on each call (a property lookup and a short match), so a
   * test or an embedding program that sets it is obeyed; a bad value is an input error placed at
   * the property's name, exit 2, and never a silent default.
   */
  public static InputLimits current() {
    return Optional.ofNullable(System.getProperty(FILE_BYTES_PROPERTY))
        .map(InputLimits::parse)
        .orElse(DEFAULT);
  }

  /** Returns the limits with {@code fileBytes} written as {@code 256MiB} or a count of bytes. */
  static InputLimits parse(String value) {
    Matcher m = SIZE.matcher(value.trim());
    if (m.matches()) {
      long unit =
          switch (Optional.ofNullable(m.group(2)).orElse("B")) {
            case "KiB" -> 1L << 10;
            case "MiB" -> 1L << 20;
            case "GiB" -> 1L << 30;
            default -> 1;
          };
      long bytes = Long.parseLong(m.group(1)) * unit;
      if (bytes >= MIN_FILE_BYTES && bytes <= MAX_FILE_BYTES) {
        return new InputLimits(bytes);
      }
    }
    throw new InputException(
        new Location("-D" + FILE_BYTES_PROPERTY, 0, 0),
        "expected a size from 1KiB to 1GiB such as 256MiB or 268435456 (bytes), not '"
            + value
            + "'");
  }

  /** Returns {@code bytes} as people read it: {@code 64 MiB (67,108,864 bytes)}. */
  static String shown(long bytes) {
    String exact = String.format(Locale.ROOT, "%,d bytes", bytes);
    if (bytes % (1L << 20) == 0) {
      return (bytes >> 20) + " MiB (" + exact + ")";
    }
    if (bytes % (1L << 10) == 0) {
      return (bytes >> 10) + " KiB (" + exact + ")";
    }
    return exact;
  }
}
