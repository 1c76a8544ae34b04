package dev.keyplan.dynamodb.verify;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Values of an exact size, as {@link dev.keyplan.dynamodb.facts.ItemSize} counts it, so that an
 * item built from them is as big as keyplan's analysis says its item type is. Each value is a
 * function of the seed, the attribute's name and a tag (which key, which item), never of a clock.
 *
 * <ul>
 *   <li>S: ASCII text (so UTF-8 bytes, UTF-16 units and characters agree, and dynalite, which
 *       counts UTF-16 units, counts what DynamoDB counts): seeded letters, then the tag;
 *   <li>N of b bytes: an integer of 2(b − 1) digits with no trailing zero, which is 1 + (b − 1)
 *       bytes; 1 byte is 0; 21 bytes is a negative number of 38 digits;
 *   <li>B: seeded bytes ending with the tag's;
 *   <li>L and M of v bytes: 3 + Σ (1 + element), with the model's number of elements, each an S (a
 *       map's keys are {@code a}, {@code b}, …);
 *   <li>SS, NS, BS: that many distinct elements whose sizes add up to v.
 * </ul>
 *
 * <p>Where a size cannot be made (a set of 0 bytes, a list under 3) the nearest value that can is
 * made, and the size comparison shows the difference.
 */
final class Filler {
  private static final String LETTERS = "abcdefghijklmnopqrstuvwxyz";
  private static final int MAX_NUMBER_BYTES = 21;

  private final long seed;

  Filler(long seed) {
    this.seed = seed;
  }

  /**
   * Returns ASCII text of exactly {@code bytes} characters ending with {@code tag} (cut from the
   * left if longer).
   */
  String text(String attribute, String tag, long bytes) {
    int n = (int) Math.max(0, bytes);
    if (tag.length() >= n) {
      return tag.substring(tag.length() - n);
    }
    SplittableRandom r = random(attribute, tag);
    StringBuilder s = new StringBuilder(n);
    for (int i = 0; i < n - tag.length(); i++) {
      s.append(LETTERS.charAt(r.nextInt(LETTERS.length())));
    }
    return s.append(tag).toString();
  }

  /** Returns a number of exactly {@code bytes} bytes (1 to 21), different for different tags. */
  String number(String attribute, String tag, long bytes) {
    long b = Math.max(1, Math.min(MAX_NUMBER_BYTES, bytes));
    if (b == 1) {
      return "0";
    }
    boolean negative = b == MAX_NUMBER_BYTES;
    int digits = (int) (negative ? 38 : 2 * (b - 1));
    SplittableRandom r = random(attribute, tag);
    StringBuilder s = new StringBuilder(digits);
    s.append((char) ('1' + r.nextInt(9)));
    for (int i = 1; i < digits - 1; i++) {
      s.append((char) ('0' + r.nextInt(10)));
    }
    if (digits > 1) {
      s.append((char) ('1' + r.nextInt(9)));
    }
    return negative ? "-" + s : s.toString();
  }

  /** Returns {@code bytes} seeded bytes. */
  byte[] binary(String attribute, String tag, long bytes) {
    byte[] out = new byte[(int) Math.max(0, bytes)];
    random(attribute, tag).nextBytes(out);
    byte[] t = tag.getBytes(StandardCharsets.US_ASCII);
    System.arraycopy(
        t,
        Math.max(0, t.length - out.length),
        out,
        Math.max(0, out.length - t.length),
        Math.min(t.length, out.length));
    return out;
  }

  /**
   * Returns a value of type {@code descriptor} and {@code bytes} bytes with {@code items} elements
   * (for collections).
   */
  AttributeValue value(String descriptor, String attribute, String tag, long bytes, int items) {
    switch (descriptor) {
      case "S":
        return AttributeValue.fromS(text(attribute, tag, bytes));
      case "N":
        return AttributeValue.fromN(number(attribute, tag, bytes));
      case "B":
        return AttributeValue.fromB(SdkBytes.fromByteArray(binary(attribute, tag, bytes)));
      case "BOOL":
        return AttributeValue.fromBool(true);
      case "NULL":
        return AttributeValue.fromNul(true);
      case "L":
        return AttributeValue.fromL(list(attribute, tag, bytes, items));
      case "M":
        return AttributeValue.fromM(map(attribute, tag, bytes, items));
      case "SS":
        return AttributeValue.fromSs(distinctTexts(attribute, tag, bytes, items));
      case "NS":
        return AttributeValue.fromNs(distinctNumbers(attribute, tag, bytes, items));
      case "BS":
        {
          List<SdkBytes> out = new ArrayList<>();
          for (String s : distinctTexts(attribute, tag, bytes, items)) {
            out.add(SdkBytes.fromString(s, StandardCharsets.US_ASCII));
          }
          return AttributeValue.fromBs(out);
        }
      default:
        throw new IllegalArgumentException(
            "unknown DynamoDB type " + descriptor + " of attribute " + attribute);
    }
  }

  /** 3 + Σ (1 + element): n elements share what is left after the overheads. */
  private List<AttributeValue> list(String attribute, String tag, long bytes, int items) {
    long rest = Math.max(0, bytes - 3);
    int n = (int) Math.min(Math.max(1, items), rest);
    List<AttributeValue> out = new ArrayList<>();
    for (long size : split(rest - n, n)) {
      out.add(AttributeValue.fromS(text(attribute, tag + "." + out.size(), size)));
    }
    return out;
  }

  /** 3 + Σ (1 + key + value), keys a, b, … (one byte each while there are 26 or fewer). */
  private Map<String, AttributeValue> map(String attribute, String tag, long bytes, int items) {
    long rest = Math.max(0, bytes - 3);
    int n = (int) Math.min(Math.min(Math.max(1, items), LETTERS.length()), rest / 2);
    Map<String, AttributeValue> out = new LinkedHashMap<>();
    for (long size : split(rest - 2L * n, n)) {
      String key = String.valueOf(LETTERS.charAt(out.size()));
      out.put(key, AttributeValue.fromS(text(attribute, tag + "." + key, size)));
    }
    return out;
  }

  private List<String> distinctTexts(String attribute, String tag, long bytes, int items) {
    int n = (int) Math.max(1, Math.min(Math.max(1, items), bytes));
    List<String> out = new ArrayList<>();
    for (long size : split(Math.max(n, bytes), n)) {
      // The element's position leads, so elements of one size differ even when cut short.
      String t = Integer.toString(out.size(), 36);
      String s = text(attribute, tag + "." + out.size(), size);
      out.add(size >= t.length() ? t + s.substring(t.length()) : s);
    }
    return out;
  }

  private List<String> distinctNumbers(String attribute, String tag, long bytes, int items) {
    // A number is 2 to 20 bytes here, so a big set needs more elements than the model's.
    int n = (int) Math.max(1, Math.min(Math.max(Math.max(1, items), (bytes + 19) / 20), bytes / 2));
    List<String> out = new ArrayList<>();
    int attempt = 0;
    for (long size : split(Math.max(2L * n, bytes), n)) {
      String x = number(attribute, tag + "." + out.size(), size);
      // Short numbers can repeat (two digits have 81 values): try other seeds for a distinct one.
      while (out.contains(x) && attempt < 1_000) {
        x = number(attribute, tag + "." + out.size() + "#" + ++attempt, size);
      }
      out.add(x);
    }
    return out;
  }

  /** Returns {@code n} sizes adding up to {@code total}, the first ones one larger. */
  private static List<Long> split(long total, int n) {
    List<Long> out = new ArrayList<>();
    if (n <= 0) {
      return out;
    }
    long each = total / n;
    long extra = total % n;
    for (int i = 0; i < n; i++) {
      out.add(each + (i < extra ? 1 : 0));
    }
    return out;
  }

  private SplittableRandom random(String attribute, String tag) {
    return new SplittableRandom(seed * 31 + (attribute + "\u0000" + tag).hashCode());
  }
}
