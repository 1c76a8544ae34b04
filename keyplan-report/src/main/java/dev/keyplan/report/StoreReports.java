package dev.keyplan.report;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.keyplan.analysis.StoreAnalysis;
import dev.keyplan.cassandra.report.CassandraSections;
import dev.keyplan.dynamodb.report.DynamoDbSections;
import dev.keyplan.mongodb.report.MongoDbSections;
import dev.keyplan.store.Stores;
import java.io.IOException;
import java.util.List;

/**
 * Each store's report sections, one line per store, sorted: the report module's registry, as {@code
 * dev.keyplan.store.Stores} is the core's.
 */
public final class StoreReports {
  private static final List<StoreReport<?>> ALL =
      List.of(
          // keep-sorted start
          new CassandraSections(), new DynamoDbSections(), new MongoDbSections()
          // keep-sorted end
          );

  private StoreReports() {}

  /** Returns the sections of every store. */
  public static List<StoreReport<?>> all() {
    return ALL;
  }

  /** Appends {@code a}'s text sections. */
  public static void text(StoreAnalysis a, StringBuilder out) {
    text(of(a), a, out);
  }

  /** Appends {@code a}'s Markdown section. */
  public static void markdown(StoreAnalysis a, StringBuilder out) {
    markdown(of(a), a, out);
  }

  /** Appends {@code a}'s section of the HTML page. */
  public static void html(StoreAnalysis a, StringBuilder out) {
    html(of(a), a, out);
  }

  /** Appends {@code a}'s schema to the HTML page's schema section. */
  public static void htmlSchema(StoreAnalysis a, StringBuilder out) {
    htmlSchema(of(a), a, out);
  }

  /** Writes {@code a}'s elements of the JSON array {@code section}. */
  public static void json(JsonSection section, JsonGenerator g, StoreAnalysis a)
      throws IOException {
    json(of(a), section, g, a);
  }

  /**
   * Returns the simulation charts of the store that reads section {@code storeId}, if it has its
   * own.
   */
  public static List<SimulationPlots.Plot> simulationPlots(String storeId) {
    return Stores.builtIn()
        .id(storeId)
        .map(id -> Stores.builtIn().owning(id))
        .flatMap(
            st -> ALL.stream().filter(r -> r.analysisType().equals(st.analysisType())).findFirst())
        .map(StoreReport::simulationPlots)
        .orElse(List.of());
  }

  private static StoreReport<?> of(StoreAnalysis a) {
    return ALL.stream()
        .filter(r -> r.analysisType().isInstance(a))
        .findFirst()
        .orElseThrow(() -> new IllegalStateException("no report sections for " + a.store().id()));
  }

  private static <A extends StoreAnalysis> void text(
      StoreReport<A> r, StoreAnalysis a, StringBuilder out) {
    r.text(r.analysisType().cast(a), out);
  }

  private static <A extends StoreAnalysis> void html(
      StoreReport<A> r, StoreAnalysis a, StringBuilder out) {
    r.html(r.analysisType().cast(a), out);
  }

  private static <A extends StoreAnalysis> void htmlSchema(
      StoreReport<A> r, StoreAnalysis a, StringBuilder out) {
    r.htmlSchema(r.analysisType().cast(a), out);
  }

  private static <A extends StoreAnalysis> void markdown(
      StoreReport<A> r, StoreAnalysis a, StringBuilder out) {
    r.markdown(r.analysisType().cast(a), out);
  }

  private static <A extends StoreAnalysis> void json(
      StoreReport<A> r, JsonSection s, JsonGenerator g, StoreAnalysis a) throws IOException {
    r.json(s, g, r.analysisType().cast(a));
  }
}
