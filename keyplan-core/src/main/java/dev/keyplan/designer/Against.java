package dev.keyplan.designer;

import dev.keyplan.analysis.Grade;
import dev.keyplan.analysis.Hotspot;
import dev.keyplan.analysis.PlanSummary;
import dev.keyplan.analysis.StoreAnalysis;
import dev.keyplan.check.Finding;
import dev.keyplan.check.Severity;
import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Model;
import dev.keyplan.model.StoreId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * A proposal against the design the model already has for its store (issue 20: "where the model
 * already has a design for a store, design keeps it and reports what it would change, with the
 * numbers"): error and warning counts, the patterns each serves in one partition, the busiest key
 * against its ceiling, and every pattern whose access changes. Computed once, from the two analyses
 * and their findings; each output format renders it.
 *
 * @param store the store
 * @param errors errors of the existing design, then of the proposal
 * @param warnings warnings, the same way
 * @param onePartition patterns served in one partition or shard ({@link Grade#GOOD}), the same way
 * @param hottest the busiest key of the existing design, then of the proposal, when one is sized
 * @param changes each pattern whose access differs, in model order
 */
public record Against(
    StoreId store,
    Count errors,
    Count warnings,
    Count onePartition,
    List<Optional<Hot>> hottest,
    List<Change> changes) {

  public Against {
    hottest = List.copyOf(hottest);
    changes = List.copyOf(changes);
  }

  /** A figure of the existing design and of the proposal. */
  public record Count(long before, long after) {}

  /** A key's share of its ceiling. */
  public record Hot(String key, double share) {}

  /** A pattern's access in the existing design and in the proposal, each with its detail. */
  public record Change(String pattern, String before, String after) {}

  /** Compares {@code p} with {@code existing}, whose findings are {@code existingFindings}. */
  public static Against of(
      Model model, StoreAnalysis existing, List<Finding> existingFindings, Proposal p) {
    List<Change> changes = new ArrayList<>();
    long[] good = new long[2];
    for (AccessPattern x : model.patterns()) {
      PlanSummary a = existing.summary(x);
      PlanSummary b = p.analysis().summary(x);
      good[0] += a.grade() == Grade.GOOD ? 1 : 0;
      good[1] += b.grade() == Grade.GOOD ? 1 : 0;
      if (!a.access().equals(b.access())) {
        changes.add(new Change(x.id(), access(a), access(b)));
      }
    }
    return new Against(
        p.store(),
        new Count(count(existingFindings, Severity.ERROR), count(p.findings(), Severity.ERROR)),
        new Count(count(existingFindings, Severity.WARNING), count(p.findings(), Severity.WARNING)),
        new Count(good[0], good[1]),
        List.of(hottest(existing), hottest(p.analysis())),
        changes);
  }

  private static String access(PlanSummary s) {
    return s.access() + (s.detail().isEmpty() ? "" : " (" + s.detail() + ")");
  }

  private static long count(List<Finding> findings, Severity s) {
    return findings.stream().filter(f -> f.severity() == s).count();
  }

  /** The busiest sized key of {@code a} and its share of its ceiling, if any is sized. */
  public static Optional<Hot> hottest(StoreAnalysis a) {
    return a.hotspots().stream()
        .filter(h -> !Double.isNaN(h.load()))
        .max(Comparator.comparingDouble(Hotspot::share))
        .map(h -> new Hot(h.key(), h.share()));
  }
}
