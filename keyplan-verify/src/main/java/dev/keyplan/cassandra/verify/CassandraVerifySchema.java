package dev.keyplan.cassandra.verify;

import dev.keyplan.cassandra.design.BoundTable;
import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.emit.CqlEmitter;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The design's tables and indexes as {@code keyplan emit cql} writes them, moved into the run's
 * keyspace and with compression off (keyplan sizes partitions before compression, and JMX then
 * measures the same bytes). The emitted keyspace statement is replaced by the run's own, and
 * materialized views are left out: Cassandra 5.0 ships with them disabled ({@code
 * materialized_views_enabled: false}).
 */
final class CassandraVerifySchema {
  private CassandraVerifySchema() {}

  /** What verify needs of every table it creates: sizes measured before compression. */
  static final String COMPRESSION_OFF = "compression = {'enabled': 'false'}";

  /** The separator of two table options: {@code AND} before the next option's name. */
  private static final Pattern OPTION_SEPARATOR =
      Pattern.compile("(?i)\\s+AND\\s+(?=(?:[a-z_][a-z0-9_]*\\s*=|CLUSTERING\\s+ORDER))");

  private static final Pattern COMPRESSION = Pattern.compile("(?i)\\s*compression\\s*=");

  static void apply(
      CassandraAnalysis a, List<BoundTable> tables, VerifyKeyspace ks, List<String> notes) {
    String emitted = CqlEmitter.emit(a);
    List<String> statements = statements(emitted);
    for (String s : statements) {
      String upper = s.toUpperCase(java.util.Locale.ROOT);
      if (upper.startsWith("CREATE KEYSPACE")) {
        continue;
      }
      if (upper.startsWith("CREATE MATERIALIZED VIEW")) {
        notes.add(
            "materialized views are not created (disabled by default in Cassandra 5.0): "
                + firstLine(s));
        continue;
      }
      String moved = move(s, tables, ks.name);
      if (upper.startsWith("CREATE TABLE")) {
        String table = tableName(moved);
        ks.createTable(table, withoutCompression(moved));
      } else {
        try {
          ks.execute(moved);
        } catch (RuntimeException e) {
          notes.add("not created: " + firstLine(s) + " (" + CassandraVerifier.firstLine(e) + ")");
        }
      }
    }
  }

  /** The statements of a CQL text, comments dropped, split at the semicolons that end them. */
  static List<String> statements(String cql) {
    StringBuilder body = new StringBuilder();
    for (String line : cql.split("\n")) {
      if (!line.trim().startsWith("--")) {
        body.append(line).append('\n');
      }
    }
    List<String> out = new ArrayList<>();
    for (String s : body.toString().split(";")) {
      if (!s.isBlank()) {
        out.add(s.trim());
      }
    }
    return out;
  }

  /** Replaces the design's keyspace qualifier with the run's, or qualifies an unqualified table. */
  static String move(String statement, List<BoundTable> tables, String keyspace) {
    String out = statement;
    for (BoundTable t : tables) {
      String from = t.table().keyspace();
      if (from != null) {
        out =
            out.replaceAll(
                "\\b" + Pattern.quote(from) + "\\." + Pattern.quote(t.name()) + "\\b",
                keyspace + "." + t.name());
      } else {
        out =
            out.replaceAll(
                "(?i)(TABLE(?: IF NOT EXISTS)?|ON)\\s+" + Pattern.quote(t.name()) + "\\b",
                "$1 " + keyspace + "." + t.name());
      }
    }
    return out;
  }

  static String tableName(String createTable) {
    var m =
        Pattern.compile("(?i)CREATE TABLE(?: IF NOT EXISTS)?\\s+\\w+\\.(\\w+)")
            .matcher(createTable);
    if (!m.find()) {
      throw new IllegalStateException("cannot read the table name of: " + firstLine(createTable));
    }
    return m.group(1);
  }

  /**
   * Returns {@code createTable} with compression off in place of the design's compression option,
   * never beside it: every server-side {@code DESCRIBE} names a compression, and Cassandra refuses
   * a second definition of a property ("Multiple definitions for property 'compression'"). The
   * options are those {@link CqlEmitter} writes, one per {@code AND} line.
   */
  static String withoutCompression(String createTable) {
    String s = createTable.replaceAll("(?i)\\s+IF NOT EXISTS", "");
    java.util.regex.Matcher with = Pattern.compile("(?is)\\)\\s*WITH\\s").matcher(s);
    if (!with.find()) {
      return s + " WITH " + COMPRESSION_OFF;
    }
    List<String> kept = new ArrayList<>();
    for (String option : OPTION_SEPARATOR.split(s.substring(with.end()))) {
      if (!COMPRESSION.matcher(option).lookingAt()) {
        kept.add(option.trim());
      }
    }
    kept.add(COMPRESSION_OFF);
    return s.substring(0, with.end()) + String.join(" AND ", kept);
  }

  private static String firstLine(String s) {
    return s.lines().findFirst().orElse(s);
  }
}
