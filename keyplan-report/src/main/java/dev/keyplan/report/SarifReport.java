package dev.keyplan.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.keyplan.check.BuiltInRules;
import dev.keyplan.check.CheckResult;
import dev.keyplan.check.Checker;
import dev.keyplan.check.Finding;
import dev.keyplan.check.Rule;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.input.Location;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The SARIF 2.1.0 form of {@code keyplan check}, for code-scanning tools (docs/output.md, "SARIF").
 *
 * <p>One run; its rules are every registered rule in {@link BuiltInRules} order, with the rule's
 * page as help, so a viewer can explain a finding without keyplan. Files are named relative to the
 * working directory under the base id {@code %SRCROOT%}, which is how code scanning maps them to
 * the repository. The same model and working directory always give the same bytes.
 *
 * <p>A finding's fix goes in its message: SARIF's {@code fixes} must carry artifact changes
 * (replacement text), and keyplan's fixes are advice, not edits.
 */
public final class SarifReport {
  /** The base id of the working directory, the name GitHub code scanning documents. */
  static final String SRCROOT = "%SRCROOT%";

  private SarifReport() {}

  /**
   * Returns the SARIF log as pretty-printed JSON with a trailing newline.
   *
   * @param workingDirectory what file names are made relative to (absolute)
   * @param toolVersion keyplan's version, as {@code keyplan --version} prints it
   */
  public static String render(CheckResult result, Path workingDirectory, String toolVersion) {
    Path base = workingDirectory.toAbsolutePath().normalize();
    List<Class<? extends Rule>> rules = BuiltInRules.all();
    Map<String, Integer> index = new HashMap<>();
    for (int i = 0; i < rules.size(); i++) {
      index.put(rules.get(i).getSimpleName(), i);
    }
    var w = new StringWriter();
    try (JsonGenerator g = new JsonFactory().createGenerator(w)) {
      g.useDefaultPrettyPrinter();
      g.writeStartObject();
      g.writeStringField("$schema", "https://json.schemastore.org/sarif-2.1.0.json");
      g.writeStringField("version", "2.1.0");
      g.writeArrayFieldStart("runs");
      g.writeStartObject();
      g.writeObjectFieldStart("tool");
      g.writeObjectFieldStart("driver");
      g.writeStringField("name", "keyplan");
      g.writeStringField("version", toolVersion);
      g.writeArrayFieldStart("rules");
      for (Class<? extends Rule> r : rules) {
        rule(g, r);
      }
      g.writeEndArray();
      g.writeEndObject();
      g.writeEndObject();
      g.writeObjectFieldStart("originalUriBaseIds");
      g.writeObjectFieldStart(SRCROOT);
      g.writeStringField("uri", directoryUri(base));
      g.writeEndObject();
      g.writeEndObject();
      // Code scanning keeps one alert category per id, so two models' logs do not close each
      // other's alerts.
      g.writeObjectFieldStart("automationDetails");
      g.writeStringField("id", "keyplan/" + result.model().name() + "/");
      g.writeEndObject();
      g.writeArrayFieldStart("invocations");
      g.writeStartObject();
      g.writeBooleanField("executionSuccessful", true);
      g.writeEndObject();
      g.writeEndArray();
      g.writeArrayFieldStart("results");
      Map<String, Integer> seen = new HashMap<>();
      for (Finding f : result.findings()) {
        String identity = f.rule() + "|" + f.store() + "|" + f.target();
        int occurrence = seen.merge(identity, 1, Integer::sum);
        finding(g, f, index.get(f.rule()), base, fingerprint(identity + "|" + occurrence));
      }
      g.writeEndArray();
      g.writeEndObject();
      g.writeEndArray();
      g.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return w + "\n";
  }

  /** Returns the SARIF level of a severity: SARIF has no "info", its "note" is advice. */
  static String level(Severity s) {
    switch (s) {
      case ERROR:
        return "error";
      case WARNING:
        return "warning";
      default:
        return "note";
    }
  }

  private static void rule(JsonGenerator g, Class<? extends Rule> rule) throws IOException {
    String id = rule.getSimpleName();
    RuleSpec spec = Checker.spec(rule);
    String page = RulePage.markdown(id);
    g.writeStartObject();
    g.writeStringField("id", id);
    message(g, "shortDescription", spec.summary());
    message(g, "fullDescription", RulePage.whyItMatters(page));
    g.writeObjectFieldStart("help");
    // Viewers that render Markdown show the whole page; plain text gets the gist and where the rest
    // is.
    g.writeStringField(
        "text",
        RulePage.whyItMatters(page)
            + " The rule's page: docs/rules/"
            + id
            + ".md, or run keyplan explain "
            + id
            + ".");
    g.writeStringField("markdown", page);
    g.writeEndObject();
    g.writeObjectFieldStart("defaultConfiguration");
    g.writeStringField("level", level(spec.severity()));
    g.writeEndObject();
    g.writeObjectFieldStart("properties");
    // helpUri must be an absolute URI and keyplan has no published site; the page's path in the
    // repository is the stable name, and the page itself is in help.
    g.writeStringField("page", "docs/rules/" + id + ".md");
    JsonFields.strings(g, "tags", List.of(category(rule)));
    JsonFields.strings(g, "stores", Checker.stores(rule));
    g.writeEndObject();
    g.writeEndObject();
  }

  /**
   * Returns a finding's fingerprint: the SHA-256 of its rule, store, target and occurrence. It
   * leaves out the line, so an alert survives an edit above it, and the message, whose figures
   * change with the model.
   */
  static String fingerprint(String identity) {
    try {
      byte[] hash =
          java.security.MessageDigest.getInstance("SHA-256")
              .digest(identity.getBytes(java.nio.charset.StandardCharsets.UTF_8));
      return java.util.HexFormat.of().formatHex(hash);
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }

  private static void finding(
      JsonGenerator g, Finding f, Integer ruleIndex, Path base, String fingerprint)
      throws IOException {
    g.writeStartObject();
    g.writeStringField("ruleId", f.rule());
    if (ruleIndex != null) {
      g.writeNumberField("ruleIndex", ruleIndex);
    }
    g.writeStringField("level", level(f.severity()));
    message(
        g, "message", f.fix().isBlank() ? f.message() : sentence(f.message()) + " Fix: " + f.fix());
    Location at = f.location();
    if (!at.file().isEmpty()) {
      g.writeArrayFieldStart("locations");
      g.writeStartObject();
      g.writeObjectFieldStart("physicalLocation");
      artifact(g, at.file(), base);
      if (at.line() > 0) {
        g.writeObjectFieldStart("region");
        g.writeNumberField("startLine", at.line());
        if (at.column() > 0) {
          g.writeNumberField("startColumn", at.column());
        }
        g.writeEndObject();
      }
      g.writeEndObject();
      g.writeEndObject();
      g.writeEndArray();
    }
    g.writeObjectFieldStart("partialFingerprints");
    g.writeStringField("keyplanFinding/v1", fingerprint);
    g.writeEndObject();
    g.writeObjectFieldStart("properties");
    g.writeStringField("store", f.store());
    g.writeStringField("target", f.target());
    g.writeStringField("fix", f.fix());
    g.writeEndObject();
    g.writeEndObject();
  }

  /** Writes the file as a URI relative to {@code %SRCROOT%}, or absolute when it lies outside. */
  private static void artifact(JsonGenerator g, String file, Path base) throws IOException {
    // A finding names its file as the user did (relative to where keyplan runs, or absolute).
    Path abs = Path.of(file).toAbsolutePath().normalize();
    g.writeObjectFieldStart("artifactLocation");
    if (abs.startsWith(base)) {
      g.writeStringField("uri", relativeUri(base.relativize(abs)));
      g.writeStringField("uriBaseId", SRCROOT);
    } else {
      g.writeStringField("uri", abs.toUri().toString());
    }
    g.writeEndObject();
  }

  /** Returns a relative path as a URI reference: '/' separators, spaces and the like escaped. */
  static String relativeUri(Path relative) {
    String slashed = relative.toString().replace(relative.getFileSystem().getSeparator(), "/");
    try {
      return new URI(null, null, slashed, null).toASCIIString();
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException("not a path: " + relative, e);
    }
  }

  /** Returns a directory's file URI with the trailing '/' SARIF requires of a base. */
  static String directoryUri(Path dir) {
    String uri = dir.toUri().toString();
    return uri.endsWith("/") ? uri : uri + "/";
  }

  /** Returns {@code text} ending with a full stop, so the fix reads as the next sentence. */
  private static String sentence(String text) {
    return text.endsWith(".") ? text : text + ".";
  }

  private static void message(JsonGenerator g, String name, String text) throws IOException {
    g.writeObjectFieldStart(name);
    g.writeStringField("text", text);
    g.writeEndObject();
  }

  /**
   * Returns a rule's category, as its {@code @RuleSpec} says and {@code keyplan rules} prints it.
   */
  private static String category(Class<?> rule) {
    return Checker.spec(rule).category().word();
  }
}
