package dev.keyplan.check.design;

import dev.keyplan.analysis.StoreAnalysis;
import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.Rule;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.input.BidiControls;
import dev.keyplan.input.Location;
import dev.keyplan.model.Attribute;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Model;
import dev.keyplan.store.Stores;
import java.util.List;
import java.util.Locale;

/**
 * Reports an identifier of the model (an entity, an attribute, a pattern id) holding a Unicode bidi
 * control. Such a character is invisible and reorders the text after it, so a name can read one way
 * and be another: the Trojan-source attack on source code (CVE-2021-42574,
 * https://trojansource.codes/, Boucher and Anderson 2021), here on the names a schema, a query and
 * a review page repeat. The controls are the explicit formatting characters of UAX #9 (the
 * embeddings and overrides U+202A–U+202E, the isolates U+2066–U+2069) and the implicit marks
 * U+200E, U+200F and U+061C (https://www.unicode.org/reports/tr9/#Explicit_Directional_Embeddings);
 * the same set the Rust compiler's {@code text_direction_codepoint_in_literal} lint refuses.
 *
 * <p>An identifier has no reason to hold one, so the finding is an error: it is an attack or a
 * paste accident. The message names the code point and its position (the n-th character of the
 * name, counted in code points from 1), so the reader can find what the page does not show.
 */
@RuleSpec(
    category = Category.DESIGN,
    summary = "Identifier holding an invisible bidi control (Trojan-source style)",
    severity = Severity.ERROR)
public final class BidiControlInIdentifier implements Rule.OnStores {
  /**
   * The model's own names (every store repeats them), then each store's part for the names only its
   * section or an imported schema gives: tables, collections, indexes and key attributes ({@code
   * <Store>BidiControlInIdentifier} in the store's {@code check} package).
   */
  @Override
  public List<Rule.OnStore<?>> parts() {
    List<Rule.OnStore<?>> out = new java.util.ArrayList<>();
    out.add(new Names());
    out.addAll(Stores.builtIn().ruleParts(BidiControlInIdentifier.class));
    return out;
  }

  /**
   * Reports {@code name}, a {@code kind} of identifier ("table", "index", …) written at {@code at},
   * if it holds a bidi control; {@code target} is what the finding is about. The stores' parts
   * report their names through this, so every finding of the rule reads alike.
   */
  public static void report(String kind, String target, String name, Location at, Findings out) {
    Names.report(kind, target, name, at, out);
  }

  /** Returns true if {@code cp} is a bidi control of UAX #9 (see the class comment). */
  static boolean isBidiControl(int cp) {
    return BidiControls.isControl(cp);
  }

  /**
   * Returns "U+202E at character 4" for the first bidi control in {@code name}, or null: the first
   * is enough to act on, and removing it shows the next.
   */
  static String firstControl(String name) {
    int[] cps = name.codePoints().toArray();
    for (int i = 0; i < cps.length; i++) {
      if (isBidiControl(cps[i])) {
        return String.format(Locale.ROOT, "U+%04X at character %d", cps[i], i + 1);
      }
    }
    return null;
  }

  /**
   * The one part: it reads the model every store analysis carries, so each store's findings say
   * that its design repeats the name.
   */
  private static final class Names implements Rule.OnStore<StoreAnalysis> {
    @Override
    public Class<StoreAnalysis> analysisType() {
      return StoreAnalysis.class;
    }

    @Override
    public void check(StoreAnalysis analysis, Findings out) {
      Model m = analysis.model();
      for (Entity e : m.entities().values()) {
        report("entity", e.name(), e.name(), e.location(), out);
        for (Attribute a : e.attributes().values()) {
          report("attribute", e.name() + "." + a.name(), a.name(), a.location(), out);
        }
      }
      m.patterns().forEach(p -> report("pattern id", p.id(), p.id(), p.location(), out));
    }

    private static void report(String kind, String target, String name, Location at, Findings out) {
      String control = firstControl(name);
      if (control == null) {
        return;
      }
      out.report(
          Severity.ERROR,
          target,
          at,
          kind
              + " '"
              + BidiControls.visible(name)
              + "' holds the invisible bidi control "
              + control
              + ": it reorders the text shown after it, so the name can read as another",
          "remove the control character from the "
              + kind
              + " (and from every place that repeats it: queries, key lists, the schema)");
    }
  }
}
