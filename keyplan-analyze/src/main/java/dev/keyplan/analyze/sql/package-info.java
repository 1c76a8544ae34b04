/**
 * The figure queries every engine runs once it has loaded the data: one aggregate for the
 * attributes and the row sizes, one grouping per candidate key. Written once, in the SQL both
 * DuckDB and Spark SQL read, with the few words that differ asked of the engine ({@link
 * dev.keyplan.analyze.sql.SqlEngine}).
 */
package dev.keyplan.analyze.sql;
