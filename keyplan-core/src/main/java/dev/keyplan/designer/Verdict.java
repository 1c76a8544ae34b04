package dev.keyplan.designer;

import dev.keyplan.check.Severity;
import dev.keyplan.model.Model;
import dev.keyplan.model.Units;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Which store to use, or to stay relational, with the patterns and figures that decide it (issue
 * 20; seed 000: "if those costs are unacceptable, I'd say so and stay relational"; seed 003,
 * "Choose PostgreSQL (relational) when … complex ad-hoc queries", "Using Cassandra for &lt; 1M
 * rows: PostgreSQL or DynamoDB at small scale"). In order:
 *
 * <ol>
 *   <li><b>stay relational</b> when a pattern is served by no store proposed: a query no key
 *       answers is an ad hoc query;
 *   <li><b>stay relational</b> when one primary with replicas serves the workload ({@link
 *       RelationalBaseline#misfit}) and costs no more than the cheapest store whose proposal has no
 *       error finding and nothing unsupported, or when no such proposal exists;
 *   <li>else the store whose proposal has no error finding and nothing unsupported and whose
 *       cheapest offer costs least a month (ties: the order stores are proposed in);
 *   <li>else none: the reasons name each store's errors.
 * </ol>
 *
 * With a monthly budget ({@link Constraints#budget}), an option that costs more is left out at
 * steps 2 and 3, and when every passing proposal costs more the verdict is none, with each one's
 * figure; a proposal that does not meet a constraint ({@link Proposal#unmet}) does not pass.
 *
 * <p>The same is decided again with every rate × 2 and × 10 ({@link MonthlyCost#monthly}): the
 * units and use-billed parts grow, the data does not; the proposals' heat is not checked again at
 * those rates, which the sensitivity says.
 *
 * @param choice the store's name, {@code relational}, or {@code none}
 * @param reasons why, with figures
 * @param sensitivity the choice at × 2 and × 10 the rates, each with its figures
 */
public record Verdict(String choice, List<String> reasons, List<String> sensitivity) {

  public Verdict {
    reasons = List.copyOf(reasons);
    sensitivity = List.copyOf(sensitivity);
  }

  /** The rate multipliers the verdict is decided again at. */
  public static final double[] SENSITIVITY = {2, 10};

  /** Decides for {@code model} among {@code proposals}, against {@code relational}, no budget. */
  public static Verdict of(Model model, List<Proposal> proposals, RelationalBaseline relational) {
    return of(model, proposals, relational, Constraints.NONE);
  }

  /**
   * Decides for {@code model} among {@code proposals}, against {@code relational}, within the
   * budget of {@code constraints} when it has one: an option (a store's cheapest offer, or the
   * relational primary) that costs more a month is not chosen, and when none is left the verdict is
   * none, with each option's figure against the budget.
   */
  public static Verdict of(
      Model model,
      List<Proposal> proposals,
      RelationalBaseline relational,
      Constraints constraints) {
    Decided one = decide(model, proposals, relational, constraints, 1);
    List<String> sensitivity = new ArrayList<>();
    for (double k : SENSITIVITY) {
      Decided d = decide(model, proposals, relational, constraints, k);
      sensitivity.add(
          "×"
              + Units.count(k)
              + " the rates: "
              + (d.choice.equals(one.choice) ? "still " : "")
              + label(d.choice)
              + " ("
              + d.reasons.get(0)
              + ")");
    }
    if (!proposals.isEmpty()) {
      sensitivity.add(
          "at those rates the units and use-billed throughput grow and the data does not; the"
              + " proposals' partitions and keys are not checked again at them");
    }
    return new Verdict(one.choice, one.reasons, sensitivity);
  }

  private record Decided(String choice, List<String> reasons) {}

  private static String label(String choice) {
    return choice.equals("relational") ? "stay relational" : choice;
  }

  private static Decided decide(
      Model model,
      List<Proposal> proposals,
      RelationalBaseline relational,
      Constraints constraints,
      double k) {
    List<String> reasons = new ArrayList<>();
    // 1. A pattern no store serves.
    Set<String> unserved = new LinkedHashSet<>();
    if (!proposals.isEmpty()) {
      proposals.get(0).unsupported().forEach(u -> unserved.add(u.pattern()));
      for (Proposal p : proposals) {
        Set<String> here = new LinkedHashSet<>();
        p.unsupported().forEach(u -> here.add(u.pattern()));
        unserved.retainAll(here);
      }
    }
    Optional<String> misfit = relational.misfit(k);
    String rel =
        "one primary with "
            + (relational.cost().units(k) - 1)
            + (relational.cost().units(k) - 1 == 1 ? " read replica: " : " read replicas: ")
            + Units.rate(relational.writesPerSecond() * k)
            + " writes, "
            + Units.rate(relational.readsPerSecond() * k)
            + " reads, "
            + Units.bytes(relational.bytes())
            + " of data, "
            + money(relational.cost().monthly(k))
            + " a month";
    if (!unserved.isEmpty()) {
      reasons.add(
          String.join(", ", unserved)
              + (unserved.size() == 1 ? " is" : " are")
              + " served by no store's key: an ad hoc query, which SQL answers (seed 003: \"Complex"
              + " ad-hoc queries\")");
      reasons.add(misfit.map(m -> "relational does not fit as sized: " + m).orElse(rel));
      return new Decided("relational", reasons);
    }
    // The stores whose proposals pass, cheapest offer first; then those within the budget.
    List<Proposal> priced =
        proposals.stream()
            .filter(Proposal::passes)
            .filter(p -> !Double.isNaN(cheapest(p, k)))
            .sorted(Comparator.comparingDouble(p -> cheapest(p, k)))
            .toList();
    List<Proposal> passing =
        priced.stream().filter(p -> constraints.affords(cheapest(p, k))).toList();
    Optional<Proposal> best = passing.stream().findFirst();
    if (!constraints.affords(relational.cost().monthly(k)) && misfit.isEmpty()) {
      misfit =
          Optional.of(
              money(relational.cost().monthly(k))
                  + " a month, over the budget of "
                  + money(constraints.budget().getAsDouble()));
    }
    if (misfit.isEmpty()
        && (best.isEmpty() || relational.cost().monthly(k) <= cheapest(best.get(), k))) {
      reasons.add(
          rel
              + (best.isEmpty()
                  ? ", and no store's proposal passes without an error, an unsupported pattern or an unmet constraint"
                  : ", against "
                      + money(cheapest(best.get(), k))
                      + " for "
                      + best.get().store().displayName()
                      + " ("
                      + offer(best.get(), k)
                      + ")"));
      return new Decided("relational", reasons);
    }
    if (best.isPresent()) {
      Proposal p = best.get();
      reasons.add(
          p.store().displayName()
              + ", "
              + money(cheapest(p, k))
              + " a month ("
              + offer(p, k)
              + "), the cheapest proposal with no error finding and every pattern served");
      for (Proposal o : passing.subList(1, passing.size())) {
        reasons.add(
            o.store().displayName() + " " + money(cheapest(o, k)) + " (" + offer(o, k) + ")");
      }
      reasons.add(misfit.map(m -> "relational does not fit: " + m).orElse("relational: " + rel));
      return new Decided(p.store().id(), reasons);
    }
    if (!priced.isEmpty()) {
      reasons.add(
          "no proposal passes within the budget of "
              + money(constraints.budget().orElse(Double.NaN))
              + " a month: "
              + String.join(
                  "; ",
                  priced.stream()
                      .map(p -> p.store().displayName() + " " + money(cheapest(p, k)))
                      .toList()));
      reasons.add(
          misfit.map(m -> "relational does not fit either: " + m).orElse("relational: " + rel));
      return new Decided("none", reasons);
    }
    reasons.add(
        "no proposal passes: "
            + String.join(
                "; ",
                proposals.stream()
                    .map(
                        p ->
                            p.store().displayName()
                                + " "
                                + p.findings().stream()
                                    .filter(f -> f.severity() == Severity.ERROR)
                                    .count()
                                + " errors, "
                                + p.unsupported().size()
                                + " unsupported"
                                + (p.unmet().isEmpty() ? "" : ", " + String.join("; ", p.unmet())))
                    .toList()));
    reasons.add(
        misfit.map(m -> "relational does not fit either: " + m).orElse("relational: " + rel));
    return new Decided("none", reasons);
  }

  /** The proposal's cheapest offer at {@code k}, US dollars a month. */
  static double cheapest(Proposal p, double k) {
    return p.costs().stream()
        .mapToDouble(c -> c.monthly(k))
        .filter(x -> !Double.isNaN(x))
        .min()
        .orElse(Double.NaN);
  }

  private static String offer(Proposal p, double k) {
    MonthlyCost c =
        p.costs().stream()
            .filter(x -> !Double.isNaN(x.monthly(k)))
            .min(Comparator.comparingDouble(x -> x.monthly(k)))
            .orElseThrow();
    long units = c.units(k);
    return c.offer()
        + (units > 0 ? ", " + Units.count(units) + " " + c.unit() + (units == 1 ? "" : "s") : "");
  }

  static String money(double usd) {
    return Units.money(usd, "USD");
  }
}
