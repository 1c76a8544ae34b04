package dev.keyplan.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.CheckResult;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeTraversor;
import org.junit.jupiter.api.Test;

/**
 * Every model string in the HTML report is isolated, so a bidi control in a name cannot reorder the
 * page around it (issue 18; the Trojan-source trick, CVE-2021-42574, https://trojansource.codes/).
 * The page is parsed as a browser parses it (jsoup follows the HTML standard's tree construction),
 * and each text node is judged by where it stands in the tree, not by searching the markup.
 */
final class BidiIsolationTest {
  /** The explicit bidi formatting characters of UAX #9 (https://www.unicode.org/reports/tr9/). */
  private static final Pattern BIDI =
      Pattern.compile("[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]");

  /**
   * A hostile model: every name the page shows carries U+202E (RIGHT-TO-LEFT OVERRIDE), the
   * isolates U+2066–U+2069 or the marks U+200E/U+200F, as CVE-2021-42574's proof of concept does in
   * source code. Without isolation, "evil\u202Eredro" would show the rest of its line reversed.
   */
  private static final String HOSTILE =
      """
      model: "shop \\u202Ereversed"
      horizon: 1y
      entities:
        Order:
          attributes:
            id: uuid
          key: [id]
          count: 1M
          growth: 1/s
        "Evil\\u202Edi":
          attributes:
            "id\\u2066x": uuid
            "body\\u200F": {type: text, size: 20B}
          key: ["id\\u2066x"]
          count: 10
      patterns:
        - id: "get\\u202Eredro"
          says: "reads \\u2067one\\u2069 order \\u200E by id"
          rate: 10/s
          query: Order where id = ?
      mongodb:
        collections:
          orders:
            entity: Order
      """;

  @Test
  void hostileNames_everyBidiControlShownIsInsideAnIsolate() {
    String page =
        HtmlReport.render(CheckResult.of(ModelReader.read("hostile.yaml", HOSTILE, Path.of("."))));
    Document doc = Jsoup.parse(page);
    List<String> bare = new ArrayList<>();
    List<String> isolated = new ArrayList<>();
    NodeTraversor.traverse(
        (node, depth) -> {
          if (node instanceof TextNode t && BIDI.matcher(t.getWholeText()).find()) {
            (BIDI.matcher(exposed(t)).find() ? bare : isolated)
                .add(path(t) + ": " + visible(t.getWholeText()));
          }
        },
        doc);
    assertThat(bare).as("text with a bidi control outside any isolate").isEmpty();
    // It can fail: the names do reach the page (heading, pattern cell, finding, schema, title).
    assertThat(isolated).hasSizeGreaterThan(5);
    assertThat(doc.select("h1 > bdi")).hasSize(1);
    assertThat(doc.title()).startsWith(Html.FSI + "keyplan report: ").endsWith("" + Html.PDI);
  }

  @Test
  void everyExample_everyTextNodeNamingTheModelIsIsolated() throws IOException {
    List<String> bare = new ArrayList<>();
    List<Path> examples;
    try (Stream<Path> s = Files.list(Path.of("../examples"))) {
      examples = s.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
    }
    assertThat(examples).hasSizeGreaterThan(20);
    for (Path example : examples) {
      Model m = ModelReader.read(example);
      Pattern names = namesOf(m);
      Document doc = Jsoup.parse(HtmlReport.render(CheckResult.of(m)));
      // A finding's "Why it matters" is the rule's own page, carried along: keyplan's text, which
      // quotes its seeds' examples ("status", "Order"), not the model's.
      doc.select("details.why").remove();
      NodeTraversor.traverse(
          (node, depth) -> {
            if (node instanceof TextNode t && names.matcher(exposed(t)).find()) {
              bare.add(example.getFileName() + " " + path(t) + ": " + t.getWholeText().strip());
            }
          },
          doc.body());
    }
    assertThat(bare).as("model strings outside any isolate").isEmpty();
  }

  /**
   * The model's names as whole words: entity, attribute and pattern ids, and the model's name.
   * Names shorter than four characters ("id", "ts") are left out: fixed labels contain them as
   * words, and the hostile test covers every name whatever its length.
   */
  private static Pattern namesOf(Model m) {
    Set<String> names = new TreeSet<>();
    names.add(m.name());
    for (Entity e : m.entities().values()) {
      names.add(e.name());
      names.addAll(e.attributes().keySet());
    }
    m.patterns().forEach(p -> names.add(p.id()));
    names.removeIf(n -> n.length() < 4 || FIXED_WORDS.contains(n));
    return Pattern.compile(
        "(?<![\\w-])("
            + String.join("|", names.stream().map(Pattern::quote).toList())
            + ")(?![\\w-])");
  }

  /**
   * The part of {@code t} that could reorder its surroundings: none of it when it stands inside a
   * {@code bdi} or an element with {@code dir="auto"}; else what lies outside its FSI…PDI runs,
   * which stand in for {@code bdi} where no element may (the page title, SVG text).
   */
  private static String exposed(TextNode t) {
    for (Node n = t.parent(); n != null; n = n.parent()) {
      if (n instanceof Element e
          && (e.normalName().equals("bdi") || e.attr("dir").equalsIgnoreCase("auto"))) {
        return "";
      }
    }
    return outsideIsolates(t.getWholeText());
  }

  /** The text of {@code s} that lies outside every FSI…PDI run. */
  private static String outsideIsolates(String s) {
    StringBuilder out = new StringBuilder();
    int depth = 0;
    for (char c : s.toCharArray()) {
      if (c == Html.FSI) {
        depth++;
      } else if (c == Html.PDI && depth > 0) {
        depth--;
      } else if (depth == 0) {
        out.append(c);
      }
    }
    return out.toString();
  }

  /**
   * Words the page prints as its own labels ("total" heads the cost row): a name equal to one
   * cannot be told from the label by its text, so it is checked by the hostile test instead.
   */
  private static final Set<String> FIXED_WORDS = Set.of("total");

  private static String path(TextNode t) {
    StringBuilder out = new StringBuilder();
    for (Node n = t.parent(); n instanceof Element e; n = n.parent()) {
      out.insert(0, "/" + e.normalName());
    }
    return out.toString();
  }

  private static String visible(String s) {
    StringBuilder out = new StringBuilder();
    s.codePoints()
        .forEach(
            c ->
                out.append(
                    BIDI.matcher(Character.toString(c)).matches()
                        ? String.format(Locale.ROOT, "<U+%04X>", c)
                        : Character.toString(c)));
    return out.toString().strip();
  }
}
