package dev.keyplan.analyze.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Checks that two engines' JSON agree on every figure both compute exactly, so that a timing
 * compares equal work: per key its rows, distinct values, the rows of each top value, and rows and
 * bytes per key value (average, p50, p99, max: {@code quantile_disc} in both, an observed value);
 * per attribute its present share, average and largest size; the row sizes' average and max. Sizes'
 * p99 are not compared: the baseline's is {@code approx_quantile}, as the baseline names.
 */
final class AnalyzeAgreement {
  private AnalyzeAgreement() {}

  /** What {@link #compare} compares, for the summary. */
  static final String COMPARED =
      "per key: rows, distinct, top values' rows, rows and bytes per value avg/p50/p99/max;"
          + " per attribute: present, average and max bytes; item and document bytes avg/max";

  /** Relative difference within which two doubles are the same figure (sums in another order). */
  static final double EPSILON = 1e-9;

  /** The differences between {@code expected} (a baseline) and {@code actual}; empty when none. */
  @SuppressWarnings("unchecked")
  static List<String> compare(Map<String, Object> expected, Map<String, Object> actual) {
    List<String> diffs = new ArrayList<>();
    List<Object> ek = (List<Object>) expected.get("keys");
    List<Object> ak = (List<Object>) actual.get("keys");
    if (ek.size() != ak.size()) {
      diffs.add("keys: " + ek.size() + " against " + ak.size());
      return diffs;
    }
    for (int i = 0; i < ek.size(); i++) {
      Map<String, Object> e = (Map<String, Object>) ek.get(i);
      Map<String, Object> a = (Map<String, Object>) ak.get(i);
      String k = "key " + e.get("attributes");
      same(diffs, k + " rows", e.get("rows"), a.get("rows"));
      same(diffs, k + " distinct", e.get("distinct"), a.get("distinct"));
      List<Object> et = (List<Object>) e.get("top");
      List<Object> at = (List<Object>) a.get("top");
      for (int t = 0; t < Math.min(et.size(), at.size()); t++) {
        same(
            diffs,
            k + " top " + (t + 1) + " rows",
            ((Map<String, Object>) et.get(t)).get("rows"),
            ((Map<String, Object>) at.get(t)).get("rows"));
      }
      if (et.size() != at.size()) {
        diffs.add(k + " top: " + et.size() + " values against " + at.size());
      }
      for (String q : List.of("rowsPerValue", "bytesPerValue")) {
        Map<String, Object> eq = (Map<String, Object>) e.get(q);
        Map<String, Object> aq = (Map<String, Object>) a.get(q);
        for (String f : List.of("average", "p50", "p99", "max")) {
          same(diffs, k + " " + q + "." + f, eq.get(f), aq.get(f));
        }
      }
    }
    for (Object eo : (List<Object>) expected.get("attributes")) {
      Map<String, Object> e = (Map<String, Object>) eo;
      Map<String, Object> a =
          ((List<Object>) actual.get("attributes"))
              .stream()
                  .map(o -> (Map<String, Object>) o)
                  .filter(o -> e.get("name").equals(o.get("name")))
                  .findFirst()
                  .orElse(null);
      if (a == null) {
        diffs.add("attribute " + e.get("name") + " missing");
        continue;
      }
      for (String f : List.of("present", "averageBytes", "maxBytes")) {
        same(diffs, "attribute " + e.get("name") + " " + f, e.get(f), a.get(f));
      }
    }
    Map<String, Object> es = (Map<String, Object>) expected.get("rowSizes");
    Map<String, Object> as = (Map<String, Object>) actual.get("rowSizes");
    for (String size : List.of("itemBytes", "documentBytes")) {
      for (String f : List.of("average", "max")) {
        same(
            diffs,
            size + "." + f,
            ((Map<String, Object>) es.get(size)).get(f),
            ((Map<String, Object>) as.get(size)).get(f));
      }
    }
    return diffs;
  }

  private static void same(List<String> diffs, String what, Object e, Object a) {
    if (!(e instanceof Double x) || !(a instanceof Double y)) {
      if (e == null ? a != null : !e.equals(a)) {
        diffs.add(what + ": " + e + " against " + a);
      }
      return;
    }
    if (Math.abs(x - y) > EPSILON * Math.max(1, Math.max(Math.abs(x), Math.abs(y)))) {
      diffs.add(what + ": " + x + " against " + y);
    }
  }
}
