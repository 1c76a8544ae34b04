/**
 * The renderers of keyplan's results: {@code keyplan check} as text, JSON, Markdown and SARIF
 * ({@link dev.keyplan.report.TextReport}, {@link dev.keyplan.report.JsonReport}, {@link
 * dev.keyplan.report.MarkdownReport}, {@link dev.keyplan.report.SarifReport}) and as the
 * self-contained HTML page of {@code keyplan report} with inline SVG charts ({@link
 * dev.keyplan.report.HtmlReport}), and simulation runs as text, JSON, CSV and HTML (verification
 * results are printed by the same text and JSON renderers). The text, JSON and Markdown renderers
 * write what every store shares and ask each store's {@link dev.keyplan.report.StoreReport}, listed
 * in {@link dev.keyplan.report.StoreReports} and kept in the store's own {@code report} package,
 * for the rest.
 */
package dev.keyplan.report;
