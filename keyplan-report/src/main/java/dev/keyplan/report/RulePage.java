package dev.keyplan.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** A rule's documentation page, docs/rules/&lt;Id&gt;.md, which keyplan-core ships in its jar. */
public final class RulePage {
  private RulePage() {}

  /** Returns the Markdown of the page of rule {@code id}. */
  public static String markdown(String id) {
    try (InputStream in =
        RulePage.class.getResourceAsStream("/dev/keyplan/docs/rules/" + id + ".md")) {
      if (in == null) {
        throw new IllegalStateException("the page of rule " + id + " is missing from the jar");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Returns the first paragraph under "## Why it matters" as one line of plain text, or the empty
   * string when the page has no such section. Every page has it (BuiltInRulesTest checks the
   * headings).
   */
  public static String whyItMatters(String markdown) {
    int start = markdown.indexOf("## Why it matters");
    if (start < 0) {
      return "";
    }
    StringBuilder out = new StringBuilder();
    for (String line : markdown.substring(start).lines().skip(1).toList()) {
      if (line.isBlank()) {
        if (out.length() > 0) {
          break;
        }
        continue;
      }
      if (line.startsWith("#")) {
        break;
      }
      out.append(out.length() > 0 ? " " : "").append(line.strip());
    }
    return out.toString();
  }
}
