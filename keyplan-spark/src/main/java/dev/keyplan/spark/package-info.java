/**
 * keyplan analyze's Apache Spark engine: {@link dev.keyplan.spark.SparkMeasurer} loads the data set
 * with Spark's own readers into one cached table and runs on it the figure queries every engine
 * shares ({@code dev.keyplan.analyze.sql.SqlFigures}), so a cluster gives the figures the embedded
 * engine gives. Found by {@code keyplan analyze --engine spark} through {@code META-INF/services};
 * shipped as keyplan-spark.jar for {@code spark-submit} (docs/analyze.md, "Apache Spark").
 */
package dev.keyplan.spark;
