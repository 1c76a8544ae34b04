package dev.keyplan.cassandra.verify;

import dev.keyplan.cassandra.cql.Column;
import dev.keyplan.cassandra.cql.CqlSchema;
import dev.keyplan.cassandra.cql.CqlType;
import dev.keyplan.cassandra.cql.SecondaryIndex;
import dev.keyplan.cassandra.cql.UserType;
import dev.keyplan.cassandra.design.BoundTable;
import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.emit.CqlEmitter;
import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
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

  /**
   * Refuses, before anything is created or loaded, what Cassandra would refuse when verify applies
   * the tables, each at the schema's {@code file:line:column}: a column of a user-defined type the
   * schema does not declare ("Unknown type"), and a vector whose dimension is not a positive number
   * (Cassandra: "vectors may only have positive dimensions"; types:
   * https://cassandra.apache.org/doc/latest/cassandra/developing/cql/types.html#vectors), and an
   * SAI index on a vector whose elements are not {@code float} (Cassandra 5.0.6: "SAI ANN indexes
   * are only allowed on vector columns with float elements";
   * https://cassandra.apache.org/doc/latest/cassandra/developing/cql/indexing/sai/sai-concepts.html).
   * Every other type Cassandra accepts is loaded ({@link CqlValues#of}).
   *
   * @throws InputException listing every refused column
   */
  static void preflight(CqlSchema schema, List<BoundTable> tables) {
    List<Diagnostic> refused = new ArrayList<>();
    for (BoundTable t : tables) {
      for (Column c : t.table().columns()) {
        check(schema, t, c, c.type(), refused);
      }
      for (SecondaryIndex i : schema.indexesOn(t.name())) {
        CqlType type = t.table().column(i.column()).map(c -> c.type().unfrozen()).orElse(null);
        if (i.kind() == SecondaryIndex.Kind.SAI
            && type != null
            && type.vectorDimension().isPresent()
            && !type.arguments().get(0).name().equals("float")) {
          // Measured on Cassandra 5.0.6: "SAI ANN indexes are only allowed on vector columns with
          // float elements".
          refused.add(
              new Diagnostic(
                  i.location(),
                  "index "
                      + i.name()
                      + " is an SAI index on "
                      + t.name()
                      + "."
                      + i.column()
                      + " ("
                      + type
                      + "): Cassandra allows SAI (ANN) indexes only on vectors of float"));
        }
      }
    }
    if (!refused.isEmpty()) {
      throw new InputException(refused);
    }
  }

  private static void check(
      CqlSchema schema, BoundTable t, Column c, CqlType type, List<Diagnostic> refused) {
    if (type.name().equals("vector")) {
      if (type.vectorDimension().orElse(0) < 1) {
        refused.add(
            new Diagnostic(
                c.location(),
                "column "
                    + t.name()
                    + "."
                    + c.name()
                    + " is "
                    + type
                    + ": Cassandra expects vector<type, N> with a dimension N of at least 1"));
      }
      check(schema, t, c, type.arguments().get(0), refused);
      return;
    }
    if (type.isUserType()) {
      if (schema.type(type.name()).isEmpty()) {
        refused.add(
            new Diagnostic(
                c.location(),
                "column "
                    + t.name()
                    + "."
                    + c.name()
                    + " has type "
                    + type.name()
                    + ", which the schema does not declare: Cassandra refuses the table (Unknown"
                    + " type); add its CREATE TYPE to the schema"));
        return;
      }
      for (CqlType f : schema.type(type.name()).get().fields().values()) {
        check(schema, t, c, f, refused);
      }
      return;
    }
    for (CqlType argument : type.arguments()) {
      check(schema, t, c, argument, refused);
    }
  }

  /**
   * The user-defined types the tables use, each after the types its fields use (Cassandra refuses a
   * type that names one not yet created), in the order the schema declares them otherwise.
   */
  static List<UserType> typesInOrder(CqlSchema schema, List<BoundTable> tables) {
    java.util.LinkedHashMap<String, UserType> out = new java.util.LinkedHashMap<>();
    for (BoundTable t : tables) {
      for (Column c : t.table().columns()) {
        addTypes(schema, c.type(), out, new java.util.HashSet<>());
      }
    }
    return List.copyOf(out.values());
  }

  private static void addTypes(
      CqlSchema schema,
      CqlType type,
      java.util.Map<String, UserType> out,
      java.util.Set<String> visiting) {
    for (CqlType argument : type.arguments()) {
      addTypes(schema, argument, out, visiting);
    }
    if (!type.isUserType() || out.containsKey(type.name()) || !visiting.add(type.name())) {
      return;
    }
    var u = schema.type(type.name());
    if (u.isPresent()) {
      for (CqlType f : u.get().fields().values()) {
        addTypes(schema, f, out, visiting);
      }
      out.put(type.name(), u.get());
    }
  }

  /** {@code CREATE TYPE keyspace.name (field type, …)}, in the run's keyspace. */
  static String createType(UserType u, String keyspace) {
    List<String> fields = new ArrayList<>();
    u.fields().forEach((name, type) -> fields.add(quoted(name) + " " + type));
    return "CREATE TYPE "
        + keyspace
        + "."
        + quoted(u.name())
        + " ("
        + String.join(", ", fields)
        + ")";
  }

  /** A name as CQL reads it: unquoted when lower-case, else in double quotes. */
  private static String quoted(String name) {
    return name.matches("[a-z][a-z0-9_]*") ? name : '"' + name.replace("\"", "\"\"") + '"';
  }

  static void apply(
      CassandraAnalysis a, List<BoundTable> tables, VerifyKeyspace ks, List<String> notes) {
    for (UserType u : typesInOrder(a.schema(), tables)) {
      ks.createType(u.name(), createType(u, ks.name));
    }
    Set<String> known = ks.tableProperties();
    String emitted = CqlEmitter.emit(a);
    List<String> statements = statements(emitted);
    for (String s : statements) {
      String upper = s.toUpperCase(java.util.Locale.ROOT);
      if (upper.startsWith("CREATE KEYSPACE") || upper.startsWith("CREATE TYPE")) {
        // The run's keyspace replaces the design's; its types were created above, in order.
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
        createTable(ks, moved, known, notes);
      } else {
        try {
          ks.execute(moved);
        } catch (RuntimeException e) {
          notes.add("not created: " + firstLine(s) + " (" + CassandraVerifier.firstLine(e) + ")");
        }
      }
    }
  }

  /** Cassandra's message for a table property it does not have. */
  private static final Pattern UNKNOWN_PROPERTY =
      Pattern.compile("Unknown property '([A-Za-z0-9_]+)'");

  /**
   * Creates one table: with the design's options the server knows. Its {@code system_schema.tables}
   * lists each property it stores, but Cassandra 5.0.6 still stores {@code read_repair_chance} and
   * {@code dclocal_read_repair_chance} there (from 3.x) while CREATE TABLE refuses them ("Unknown
   * property"): each option the server names so is dropped and the statement sent again. If the
   * server refuses it for another reason (a value it does not take), once more with only the
   * options verify measures ({@link #measuredOptionsOnly}). Each dropped option is named in the
   * notes, with the server's reason for the last attempt.
   */
  private static void createTable(
      VerifyKeyspace ks, String ddl, Set<String> known, List<String> notes) {
    String table = tableName(ddl);
    Set<String> allowed = new java.util.HashSet<>(known);
    List<String> unknown = new ArrayList<>();
    String statement = forServer(ddl, allowed, unknown);
    while (true) {
      try {
        ks.createTable(table, statement);
        break;
      } catch (com.datastax.oss.driver.api.core.servererrors.QueryValidationException e) {
        var named = UNKNOWN_PROPERTY.matcher(String.valueOf(e.getMessage()));
        if (named.find() && allowed.remove(named.group(1).toLowerCase(java.util.Locale.ROOT))) {
          unknown.clear();
          statement = forServer(ddl, allowed, unknown);
          continue;
        }
        List<String> dropped = new ArrayList<>();
        ks.createTable(table, measuredOptionsOnly(statement, dropped));
        notes.add(
            "table "
                + table
                + ": the server refused its options ("
                + CassandraVerifier.firstLine(e)
                + "), so it was created with only the clustering order and default_time_to_live;"
                + " dropped: "
                + String.join(", ", dropped));
        break;
      }
    }
    if (!unknown.isEmpty()) {
      notes.add(
          "table "
              + table
              + ": options this server does not know were dropped: "
              + String.join(", ", unknown));
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
    return forServer(createTable, null, new ArrayList<>());
  }

  /**
   * Returns {@code createTable} as the server will take it: compression off in place of the
   * design's (see {@link #withoutCompression}), and without the options the server does not know,
   * each added to {@code dropped}. A DESCRIBE from another server names options Cassandra 5.0 has
   * no property for: ScyllaDB's {@code tombstone_gc} and {@code paxos_grace_seconds}, Cassandra
   * 3.x's {@code read_repair_chance} and {@code dclocal_read_repair_chance} (removed in 4.0, see
   * https://cassandra.apache.org/doc/4.0/cassandra/new/index.html), DataStax's {@code nodesync};
   * Cassandra refuses each ("Unknown property"). {@code id} is dropped too: it names the design's
   * own table, and the run creates new ones. {@code known} is the server's list (the columns of its
   * {@code system_schema.tables}, one per table property); null keeps every option.
   */
  static String forServer(String createTable, Set<String> known, List<String> dropped) {
    return withOptions(
        createTable,
        name ->
            known == null
                || name.equals("clustering")
                || known.contains(name) && !name.equals("id"),
        dropped);
  }

  /**
   * Returns {@code createTable} with only the options that change what verify measures: the
   * clustering order (the order reads return rows in) and {@code default_time_to_live} (an expiring
   * cell writes its TTL and local deletion time, so it changes the bytes flushed), and compression
   * off. Used when the server refuses a value it has a property for: ScyllaDB's {@code cdc} is a
   * map where Cassandra's is a boolean, and a compaction class such as ScyllaDB's {@code
   * IncrementalCompactionStrategy} does not exist in Cassandra. Every other option is added to
   * {@code dropped}.
   */
  static String measuredOptionsOnly(String createTable, List<String> dropped) {
    return withOptions(
        createTable,
        name -> name.equals("clustering") || name.equals("default_time_to_live"),
        dropped);
  }

  /**
   * Returns {@code createTable} without {@code IF NOT EXISTS}, keeping the options whose name
   * {@code keep} accepts (the others added to {@code dropped}), and compression off in place of the
   * design's.
   */
  private static String withOptions(
      String createTable, java.util.function.Predicate<String> keep, List<String> dropped) {
    String s = createTable.replaceAll("(?i)\\s+IF NOT EXISTS", "");
    java.util.regex.Matcher with = Pattern.compile("(?is)\\)\\s*WITH\\s").matcher(s);
    if (!with.find()) {
      return s + " WITH " + COMPRESSION_OFF;
    }
    List<String> kept = new ArrayList<>();
    for (String option : OPTION_SEPARATOR.split(s.substring(with.end()))) {
      String name = optionName(option);
      if (name.equals("compression")) {
        continue;
      }
      if (keep.test(name)) {
        kept.add(option.trim());
      } else {
        dropped.add(name);
      }
    }
    kept.add(COMPRESSION_OFF);
    return s.substring(0, with.end()) + String.join(" AND ", kept);
  }

  /** The option's name in lower case, {@code clustering} for {@code CLUSTERING ORDER BY}. */
  private static String optionName(String option) {
    var m = Pattern.compile("\\s*\"?([A-Za-z_][A-Za-z0-9_]*)").matcher(option);
    return m.lookingAt() ? m.group(1).toLowerCase(java.util.Locale.ROOT) : "";
  }

  private static String firstLine(String s) {
    return s.lines().findFirst().orElse(s);
  }
}
