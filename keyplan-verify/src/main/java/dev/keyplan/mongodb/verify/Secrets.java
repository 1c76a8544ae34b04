package dev.keyplan.mongodb.verify;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Keeps the MongoDB URI's secrets out of every message keyplan verify writes. A URI may carry a
 * user and password ({@code mongodb://user:pass@host/}, percent-encoded), and a server's or the
 * driver's error text might repeat any part of it; every text that leaves goes through {@link
 * #scrub}, which replaces the whole URI, its user-info, the user and the password (as written and
 * decoded) with {@code ***}.
 */
final class Secrets {
  private static final Pattern USER_INFO = Pattern.compile("^mongodb(?:\\+srv)?://([^@/?#]*)@");

  private final List<String> secrets;

  private Secrets(List<String> secrets) {
    this.secrets = secrets;
  }

  /** No secrets: a test gateway, or a URI without credentials. */
  static Secrets none() {
    return new Secrets(List.of());
  }

  /** The secrets of {@code uri}: itself, and its user-info's parts as written and decoded. */
  static Secrets of(String uri) {
    List<String> out = new ArrayList<>();
    out.add(uri);
    Matcher m = USER_INFO.matcher(uri);
    if (m.find() && !m.group(1).isEmpty()) {
      String info = m.group(1);
      out.add(info);
      for (String part : info.split(":", 2)) {
        out.add(part);
        out.add(decode(part));
      }
    }
    // Longest first, so the URI goes before the password inside it.
    out.removeIf(String::isEmpty);
    out.sort(Comparator.comparingInt(String::length).reversed());
    return new Secrets(List.copyOf(out));
  }

  /** Returns {@code text} with every secret replaced by {@code ***}. */
  String scrub(String text) {
    if (text == null) {
      return "";
    }
    String out = text;
    for (String s : secrets) {
      out = out.replace(s, "***");
    }
    return out;
  }

  /** Returns the first line of the exception's message, scrubbed. */
  String reason(Throwable e) {
    String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    return scrub(message.lines().findFirst().orElse(e.getClass().getSimpleName()));
  }

  private static String decode(String s) {
    try {
      return URLDecoder.decode(s, StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return s;
    }
  }
}
