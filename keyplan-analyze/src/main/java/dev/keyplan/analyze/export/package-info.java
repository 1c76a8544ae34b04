/**
 * Store exports converted into plain JSON Lines before the engine reads them: {@link
 * dev.keyplan.analyze.export.Exports} streams a file (gzip undone by its magic bytes), places every
 * bad line at {@code file:line:column} and counts native types; each store's {@link
 * dev.keyplan.analyze.export.ExportFormat} reads its own lines, and {@link
 * dev.keyplan.analyze.export.ExportFormats} lists them. docs/analyze.md, "Store exports".
 */
package dev.keyplan.analyze.export;
