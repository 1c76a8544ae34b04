package dev.keyplan.dynamodb.facts;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Base64;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * One DynamoDB attribute value, one record per type descriptor of the wire format: {@code S},
 * {@code N}, {@code B}, {@code BOOL}, {@code NULL}, {@code L}, {@code M}, {@code SS}, {@code NS},
 * {@code BS}. Source: AWS DynamoDB API Reference, "AttributeValue",
 * https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_AttributeValue.html (read
 * 2026-12-02).
 *
 * <p>Values are immutable. Constructors check what DynamoDB itself rejects in any item (a number
 * out of range, an empty or duplicated set) and throw {@link IllegalArgumentException}; {@link
 * DynamoJson} turns that into a diagnostic at the value's place in the file.
 */
public sealed interface AttributeValue {

  /** Returns the type descriptor as it appears in DynamoDB JSON ({@code "S"}, {@code "NS"}…). */
  String descriptor();

  /** The descriptors, in the order the API reference lists them. */
  List<String> DESCRIPTORS = List.of("S", "N", "B", "BOOL", "NULL", "L", "M", "SS", "NS", "BS");

  /** A string; its size is its UTF-8 byte count. */
  record S(String value) implements AttributeValue {
    public S {
      if (value == null) {
        throw new IllegalArgumentException("a string value cannot be null");
      }
    }

    @Override
    public String descriptor() {
      return "S";
    }
  }

  /**
   * A number, kept as its text (DynamoDB sends numbers as strings) and as its exact value.
   *
   * <p>Rejected as the service rejects them ([quotas] in {@link DynamoDbLimits}): more than 38
   * significant digits, or a magnitude outside 1E-130 to 9.99…E+125.
   */
  record N(String text, BigDecimal value) implements AttributeValue {
    // JSON's number grammar, loosened as BigDecimal reads it: a leading '+', '.5' and '5.'.
    private static final Pattern SYNTAX =
        Pattern.compile("[+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][+-]?\\d+)?");

    public N {
      if (value.signum() != 0) {
        BigDecimal stripped = value.stripTrailingZeros();
        if (stripped.precision() > DynamoDbLimits.MAX_NUMBER_DIGITS) {
          throw new IllegalArgumentException(
              "number '"
                  + text
                  + "' has "
                  + stripped.precision()
                  + " significant digits; DynamoDB keeps at most "
                  + DynamoDbLimits.MAX_NUMBER_DIGITS);
        }
        long exponent = exponentOf(stripped);
        if (exponent < DynamoDbLimits.MIN_NUMBER_EXPONENT
            || exponent > DynamoDbLimits.MAX_NUMBER_EXPONENT) {
          throw new IllegalArgumentException(
              "number '"
                  + text
                  + "' is outside DynamoDB's range"
                  + " (magnitude 1E-130 to 9.9999999999999999999999999999999999999E+125)");
        }
      }
    }

    /** Parses a DynamoDB number such as {@code "12.5"}, {@code "-1E-130"} or {@code "0.001"}. */
    public static N of(String text) {
      if (!SYNTAX.matcher(text).matches()) {
        throw new IllegalArgumentException(
            "'"
                + text
                + "' is not a number"
                + " (expected digits with an optional sign, '.', and exponent, such as \"-12.5E3\")");
      }
      try {
        return new N(text, new BigDecimal(text));
      } catch (NumberFormatException | ArithmeticException e) {
        // Only an exponent beyond an int gets here; it is far outside DynamoDB's range anyway.
        throw new IllegalArgumentException(
            "number '"
                + text
                + "' is outside DynamoDB's range"
                + " (magnitude 1E-130 to 9.9999999999999999999999999999999999999E+125)");
      }
    }

    /** Base-10 exponent of the first significant digit: 3 for 1234, -3 for 0.001. */
    static long exponentOf(BigDecimal nonZeroStripped) {
      return (long) nonZeroStripped.precision() - nonZeroStripped.scale() - 1;
    }

    @Override
    public String descriptor() {
      return "N";
    }
  }

  /** Binary data; DynamoDB JSON carries it base64-encoded, its size is the raw byte count. */
  record B(byte[] bytes) implements AttributeValue {
    public B {
      bytes = bytes.clone();
    }

    /** Decodes standard base64 with padding, as the AWS CLI prints it. */
    public static B ofBase64(String base64) {
      if (base64.length() % 4 != 0) {
        // Java's decoder accepts missing padding; the AWS CLI and SDKs always pad.
        throw new IllegalArgumentException(
            "'"
                + abbreviate(base64)
                + "' is not valid base64"
                + " (its length, "
                + base64.length()
                + ", is not a multiple of 4; pad with '=')");
      }
      try {
        return new B(Base64.getDecoder().decode(base64));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "'" + abbreviate(base64) + "' is not valid base64 (" + e.getMessage() + ")");
      }
    }

    @Override
    public byte[] bytes() {
      return bytes.clone();
    }

    /** Returns the raw length without copying. */
    public int length() {
      return bytes.length;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof B other && Arrays.equals(bytes, other.bytes);
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
      return "B[" + Base64.getEncoder().encodeToString(bytes) + "]";
    }

    @Override
    public String descriptor() {
      return "B";
    }
  }

  /** A Boolean. */
  record Bool(boolean value) implements AttributeValue {
    @Override
    public String descriptor() {
      return "BOOL";
    }
  }

  /** The null value ({@code {"NULL": true}}). */
  record Null() implements AttributeValue {
    @Override
    public String descriptor() {
      return "NULL";
    }
  }

  /** A list of any values, in order. */
  record L(List<AttributeValue> elements) implements AttributeValue {
    public L {
      elements = List.copyOf(elements);
    }

    @Override
    public String descriptor() {
      return "L";
    }
  }

  /** A map of names to values, in the order written. */
  record M(Map<String, AttributeValue> entries) implements AttributeValue {
    public M {
      entries = Collections.unmodifiableMap(new LinkedHashMap<>(entries));
    }

    @Override
    public String descriptor() {
      return "M";
    }
  }

  /** A non-empty set of distinct strings. */
  record SS(List<String> elements) implements AttributeValue {
    public SS {
      elements = List.copyOf(elements);
      requireSet(elements, "SS");
    }

    @Override
    public String descriptor() {
      return "SS";
    }
  }

  /** A non-empty set of distinct numbers ({@code "1"} and {@code "1.0"} are the same number). */
  record NS(List<N> elements) implements AttributeValue {
    public NS {
      elements = List.copyOf(elements);
      requireSet(
          elements.stream()
              .map(n -> n.value().signum() == 0 ? BigDecimal.ZERO : n.value().stripTrailingZeros())
              .toList(),
          "NS");
    }

    @Override
    public String descriptor() {
      return "NS";
    }
  }

  /** A non-empty set of distinct binary values. */
  record BS(List<B> elements) implements AttributeValue {
    public BS {
      elements = List.copyOf(elements);
      requireSet(elements, "BS");
    }

    @Override
    public String descriptor() {
      return "BS";
    }
  }

  private static void requireSet(List<?> elements, String descriptor) {
    if (elements.isEmpty()) {
      // ServiceQuotas: "empty sets are not supported".
      throw new IllegalArgumentException(
          "an empty "
              + descriptor
              + " set; DynamoDB sets must"
              + " have at least one element (remove the attribute instead)");
    }
    if (new java.util.HashSet<>(elements).size() != elements.size()) {
      throw new IllegalArgumentException(
          "the " + descriptor + " set contains duplicates;" + " DynamoDB rejects such an item");
    }
  }

  private static String abbreviate(String s) {
    return s.length() <= 20 ? s : s.substring(0, 17) + "...";
  }
}
