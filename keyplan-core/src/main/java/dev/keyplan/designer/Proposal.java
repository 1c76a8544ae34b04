package dev.keyplan.designer;

import dev.keyplan.analysis.StoreAnalysis;
import dev.keyplan.check.Finding;
import dev.keyplan.check.Severity;
import dev.keyplan.model.StoreId;
import java.util.List;
import java.util.Map;

/**
 * One store's proposed design, with why.
 *
 * @param store the store
 * @param section the store's model section as YAML text, its key ({@code cassandra:}) included, to
 *     append to the workload's model file
 * @param files the files the section names, by file name, with their text (a CQL schema)
 * @param decisions each decision, in the order made
 * @param unsupported the patterns no candidate serves, each with its proof
 * @param findings what the built-in rules say of the proposed design, as {@code keyplan check}
 *     would, in the checker's order
 * @param analysis the store's analysis of the proposed design, the one the findings come from,
 *     handed on to the comparison of stores
 * @param storedBytes the bytes the store keeps at the horizon, every copy it keeps included (a
 *     Cassandra table × its replicas, a MongoDB collection on every member; DynamoDB's billed
 *     storage), NaN when a size is unknown
 * @param storedAtLeastBytes a lower bound of {@code storedBytes}: the same figure when it is known,
 *     else what the sized part holds (a Cassandra table of unsized partitions counted as its rows ×
 *     their bytes, ClusterCapacity.bytesAtLeast), NaN when not even that is known
 * @param costs the monthly cost on each offer priced, self-managed first
 * @param requests each pattern's request as the store runs it (a CQL statement, a DynamoDB call
 *     with its key condition, a MongoDB operation with its index), by pattern id in model order
 * @param unmet the caller's constraints ({@link Constraints}) the proposal does not meet, each with
 *     its figures (a fixed node count under what the load needs); a proposal with one does not pass
 */
public record Proposal(
    StoreId store,
    String section,
    Map<String, String> files,
    List<Decision> decisions,
    List<Unsupported> unsupported,
    List<Finding> findings,
    StoreAnalysis analysis,
    double storedBytes,
    double storedAtLeastBytes,
    List<MonthlyCost> costs,
    Map<String, String> requests,
    List<String> unmet) {

  public Proposal {
    unmet = List.copyOf(unmet);
    files = Map.copyOf(files);
    decisions = List.copyOf(decisions);
    unsupported = List.copyOf(unsupported);
    findings = List.copyOf(findings);
    costs = List.copyOf(costs);
    requests = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(requests));
  }

  /** A proposal that meets every constraint given. */
  public Proposal(
      StoreId store,
      String section,
      Map<String, String> files,
      List<Decision> decisions,
      List<Unsupported> unsupported,
      List<Finding> findings,
      StoreAnalysis analysis,
      double storedBytes,
      List<MonthlyCost> costs,
      Map<String, String> requests) {
    this(
        store,
        section,
        files,
        decisions,
        unsupported,
        findings,
        analysis,
        storedBytes,
        storedBytes,
        costs,
        requests,
        List.of());
  }

  /**
   * Whether the proposal passes: every pattern served, no error finding, every constraint met (the
   * budget is the verdict's, judged at each rate multiplier).
   */
  public boolean passes() {
    return unsupported.isEmpty()
        && unmet.isEmpty()
        && findings.stream().noneMatch(f -> f.severity() == Severity.ERROR);
  }

  /** Each pattern's request as {@code analysis} plans it ({@code Plan.request}), in model order. */
  public static Map<String, String> requestsOf(StoreAnalysis analysis) {
    Map<String, String> out = new java.util.LinkedHashMap<>();
    for (var p : analysis.plans()) {
      out.put(p.pattern().id(), p.request());
    }
    return out;
  }

  /**
   * One decision: what was chosen, for which patterns, and the figures that chose it.
   *
   * @param target what it decides (a table, an index, a key)
   * @param patterns the access patterns that drove it, by id
   * @param chosen what was chosen, in the store's terms ({@code PRIMARY KEY ((channel_id, bucket),
   *     message_id)})
   * @param reasons why, each with its figures, and each alternative tried with why it lost
   */
  public record Decision(
      String target, List<String> patterns, String chosen, List<String> reasons) {
    public Decision {
      patterns = List.copyOf(patterns);
      reasons = List.copyOf(reasons);
    }
  }

  /**
   * A pattern the store cannot serve within its limits, and why: the candidates tried and the limit
   * each broke (issue 20: "the patterns we do not support").
   */
  public record Unsupported(String pattern, String reason) {}
}
