package dev.keyplan.report;

import dev.keyplan.check.CheckResult;
import dev.keyplan.check.Finding;
import dev.keyplan.check.Severity;
import dev.keyplan.input.BidiControls;

/**
 * The text form of {@code keyplan check}: compiler-style findings ({@code file:line:column:
 * severity: [RuleId] message}, then the fix), then the patterns, sizing, heat and consistency
 * tables.
 */
public final class TextReport {
  private TextReport() {}

  /** Returns the whole report. */
  public static String render(CheckResult result) {
    StringBuilder out = new StringBuilder();
    // With two stores side by side, each finding says which store it is about.
    boolean both = result.analyses().size() > 1;
    for (Finding f : result.findings()) {
      out.append(
          both
              ? finding(f)
                  .replaceFirst("\\[" + f.rule() + "]", "[" + f.rule() + ", " + f.store() + "]")
              : finding(f));
    }
    if (!result.findings().isEmpty()) {
      out.append('\n');
    }
    result.analyses().forEach(a -> StoreReports.text(a, out));
    out.append(summary(result)).append('\n');
    // A model's names reach a terminal here; a bidi control in one (a Trojan-source name) would
    // reorder the line shown, so each is printed as <U+202E>, as the errors print them.
    return BidiControls.visible(out.toString());
  }

  /** Returns one finding in compiler style, with its fix on the next line. */
  public static String finding(Finding f) {
    return f.location()
        + ": "
        + f.severity().word()
        + ": ["
        + f.rule()
        + "] "
        + f.message()
        + "\n"
        + "  fix: "
        + f.fix()
        + "\n";
  }

  /** Returns the one-line summary: counts by severity. */
  public static String summary(CheckResult r) {
    return plural(r.count(Severity.ERROR), "error")
        + ", "
        + plural(r.count(Severity.WARNING), "warning")
        + ", "
        + plural(r.count(Severity.INFO), "info");
  }

  private static String plural(long n, String word) {
    return n + " " + word + (n == 1 || word.equals("info") ? "" : "s");
  }
}
