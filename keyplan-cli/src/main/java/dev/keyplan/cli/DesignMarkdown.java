package dev.keyplan.cli;

import dev.keyplan.check.Severity;
import dev.keyplan.designer.Against;
import dev.keyplan.designer.MonthlyCost;
import dev.keyplan.designer.Proposal;
import dev.keyplan.designer.RelationalBaseline;
import dev.keyplan.designer.Verdict;
import dev.keyplan.model.Model;
import dev.keyplan.model.Units;
import java.util.List;

/**
 * {@code keyplan design --format markdown}: the proposals and the verdict as a page for a design
 * review or a pull request: the verdict first, then the costs side by side, then each store's
 * decisions, what it does not support, and its section.
 */
final class DesignMarkdown {
  private DesignMarkdown() {}

  static String render(
      Model model,
      List<Proposal> proposals,
      List<String[]> skipped,
      RelationalBaseline relational,
      Verdict verdict,
      List<Against> against) {
    StringBuilder m =
        new StringBuilder("# keyplan design: ").append(cell(model.name())).append("\n\n");
    if (verdict != null) {
      m.append("**Verdict: ")
          .append(verdict.choice().equals("relational") ? "stay relational" : verdict.choice())
          .append("**\n\n");
      verdict.reasons().forEach(r -> m.append("- ").append(cell(r)).append('\n'));
      m.append('\n');
      verdict.sensitivity().forEach(r -> m.append("- ").append(cell(r)).append('\n'));
      m.append(
          "\n## Costs a month\n\n| store | offer | ×1 | ×2 | ×10 | basis |\n|---|---|---|---|---|---|\n");
      for (Proposal p : proposals) {
        for (MonthlyCost c : p.costs()) {
          row(m, p.store().displayName(), c);
        }
      }
      row(m, "relational", relational.cost());
      m.append('\n');
    }
    for (String[] s : skipped) {
      m.append("- ").append(cell(s[0])).append(": ").append(cell(s[1])).append('\n');
    }
    for (Against a : against) {
      m.append("\n## Against the model's own ")
          .append(a.store().displayName())
          .append(" design\n\n| | existing | proposed |\n|---|---|---|\n")
          .append("| errors | ")
          .append(a.errors().before())
          .append(" | ")
          .append(a.errors().after())
          .append(" |\n| warnings | ")
          .append(a.warnings().before())
          .append(" | ")
          .append(a.warnings().after())
          .append(" |\n| patterns in one partition | ")
          .append(a.onePartition().before())
          .append(" | ")
          .append(a.onePartition().after())
          .append(" |\n| busiest key of its ceiling | ")
          .append(cell(DesignText.hot(a.hottest().get(0))))
          .append(" | ")
          .append(cell(DesignText.hot(a.hottest().get(1))))
          .append(" |\n");
      for (Against.Change c : a.changes()) {
        m.append("| ")
            .append(cell(c.pattern()))
            .append(" | ")
            .append(cell(c.before()))
            .append(" | ")
            .append(cell(c.after()))
            .append(" |\n");
      }
    }
    for (Proposal p : proposals) {
      long errors = p.findings().stream().filter(f -> f.severity() == Severity.ERROR).count();
      long warnings = p.findings().stream().filter(f -> f.severity() == Severity.WARNING).count();
      m.append("\n## ")
          .append(p.store().displayName())
          .append("\n\n")
          .append(errors)
          .append(" errors, ")
          .append(warnings)
          .append(
              " warnings as keyplan check checks it.\n\n| decision | chosen | patterns | why |\n|---|---|---|---|\n");
      for (Proposal.Decision d : p.decisions()) {
        m.append("| ")
            .append(cell(d.target()))
            .append(" | ")
            .append(cell(d.chosen()))
            .append(" | ")
            .append(cell(String.join(", ", d.patterns())))
            .append(" | ")
            .append(cell(String.join("; ", d.reasons())))
            .append(" |\n");
      }
      if (!p.unsupported().isEmpty()) {
        m.append("\nNot supported:\n\n");
        p.unsupported()
            .forEach(
                u ->
                    m.append("- ")
                        .append(cell(u.pattern()))
                        .append(": ")
                        .append(cell(u.reason()))
                        .append('\n'));
      }
      if (!p.unmet().isEmpty()) {
        m.append("\nConstraints not met:\n\n");
        p.unmet().forEach(u -> m.append("- ").append(cell(u)).append('\n'));
      }
      m.append("\n```yaml\n").append(p.section().replace("```", "` ` `")).append("```\n");
    }
    return m.toString();
  }

  private static void row(StringBuilder m, String store, MonthlyCost c) {
    m.append("| ")
        .append(cell(store))
        .append(" | ")
        .append(cell(c.offer()))
        .append(" | ")
        .append(money(c.monthly(1)))
        .append(" | ")
        .append(money(c.monthly(2)))
        .append(" | ")
        .append(money(c.monthly(10)))
        .append(" | ")
        .append(cell(c.basis() + (c.note().isEmpty() ? "" : "; " + c.note())))
        .append(" |\n");
  }

  private static String money(double usd) {
    return Double.isNaN(usd) ? "not priced" : Units.money(usd, "USD");
  }

  /** Text for a table cell: pipes escaped, lines joined, HTML's angle brackets escaped. */
  static String cell(String s) {
    return s.replace("\\", "\\\\")
        .replace("|", "\\|")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\r", " ")
        .replace("\n", " ");
  }
}
