package dev.keyplan.report;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.keyplan.analysis.StoreAnalysis;
import java.io.IOException;
import java.util.List;

/**
 * How one store's analysis reads in each format of {@code keyplan check}. The renderers ({@link
 * TextReport}, {@link JsonReport}, {@link MarkdownReport}) write what every store shares (the
 * findings, the summary) and ask the store's sections, found in {@link StoreReports}, for the rest;
 * they name no store.
 *
 * @param <A> the store's analysis
 */
public interface StoreReport<A extends StoreAnalysis> {
  /** The analysis type these sections render. */
  Class<A> analysisType();

  /** Appends the store's tables to {@code check}'s text. */
  void text(A analysis, StringBuilder out);

  /** Appends the store's section of the Markdown document. */
  void markdown(A analysis, StringBuilder out);

  /** Appends the store's section of the HTML page ({@link HtmlReport}). */
  void html(A analysis, StringBuilder out);

  /** Appends the store's schema, as a tool would deploy it, to the page's schema section. */
  void htmlSchema(A analysis, StringBuilder out);

  /**
   * The charts of the store's simulation on the page, in order; empty to chart every series column
   * over every subject.
   */
  default List<SimulationPlots.Plot> simulationPlots() {
    return List.of();
  }

  /**
   * Writes the store's elements of the JSON array {@code section}; nothing when it has none there.
   */
  void json(JsonSection section, JsonGenerator g, A analysis) throws IOException;
}
