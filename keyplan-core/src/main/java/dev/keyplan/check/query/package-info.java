/**
 * The query rules over several stores: patterns no table, item type or collection serves ({@link
 * dev.keyplan.check.query.PatternNotServed}), and scans on the hot path ({@link
 * dev.keyplan.check.query.ScanOnHotPath}). Each store checks its own designs in its part; the query
 * rules over one store live in its {@code check} package.
 */
package dev.keyplan.check.query;
