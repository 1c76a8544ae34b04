package dev.keyplan.cassandra.verify;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import dev.keyplan.verify.VerifyException;
import dev.keyplan.verify.VerifyOptions;
import java.util.ArrayList;
import java.util.List;

/**
 * The one keyspace a run works in: {@code <prefix><model keyspace>}, created by keyplan unless
 * {@code --reuse} lets it use one that exists. Tables are created only where no table of that name
 * exists; at the end keyplan drops exactly what it created (unless {@code --keep}), so anything
 * that was there before is left as it was.
 */
final class VerifyKeyspace {
  /** Cassandra's limit on keyspace names (SchemaConstants.NAME_LENGTH). */
  static final int MAX_NAME = 48;

  final String name;
  final boolean created;
  private final List<String> createdTables = new ArrayList<>();
  private final List<String> createdTypes = new ArrayList<>();
  private final CqlSession session;

  private VerifyKeyspace(CqlSession session, String name, boolean created) {
    this.session = session;
    this.name = name;
    this.created = created;
  }

  static String nameFor(VerifyOptions o, String modelKeyspace) {
    String n =
        (o.prefix() + modelKeyspace)
            .toLowerCase(java.util.Locale.ROOT)
            .replaceAll("[^a-z0-9_]", "_");
    return n.length() > MAX_NAME ? n.substring(0, MAX_NAME) : n;
  }

  /**
   * Creates (or, with reuse, adopts) the keyspace, replicated {@code rf} times in {@code dc}.
   *
   * @throws VerifyException if it exists and reuse was not asked for
   */
  static VerifyKeyspace open(CqlSession session, VerifyOptions o, String name, String dc, int rf) {
    boolean exists =
        session.getMetadata().getKeyspace(CqlIdentifier.fromInternal(name)).isPresent();
    if (exists && !o.reuse()) {
      throw new VerifyException(
          "keyspace "
              + name
              + " already exists; keyplan verify works only in what it creates:"
              + " pass --reuse to work in it (keyplan then adds and drops only its own tables), or --prefix for another name");
    }
    if (!exists) {
      session.execute(
          "CREATE KEYSPACE "
              + name
              + " WITH replication = {'class': 'NetworkTopologyStrategy', '"
              + dc
              + "': "
              + rf
              + "}");
    }
    return new VerifyKeyspace(session, name, !exists);
  }

  /** Creates {@code table} with {@code ddl}, refusing if a table of that name exists. */
  void createTable(String table, String ddl) {
    boolean exists =
        session
            .getMetadata()
            .getKeyspace(CqlIdentifier.fromInternal(name))
            .flatMap(k -> k.getTable(CqlIdentifier.fromInternal(table)))
            .isPresent();
    if (exists) {
      throw new VerifyException(
          "table "
              + name
              + "."
              + table
              + " already exists; keyplan verify never touches a table"
              + " it did not create: drop it, or choose another --prefix");
    }
    session.execute(ddl);
    createdTables.add(table);
  }

  /**
   * Creates user-defined type {@code type} with {@code ddl}; one that exists (a reused keyspace's)
   * is left as it is and used.
   */
  void createType(String type, String ddl) {
    boolean exists =
        session
            .getMetadata()
            .getKeyspace(CqlIdentifier.fromInternal(name))
            .flatMap(k -> k.getUserDefinedType(CqlIdentifier.fromInternal(type)))
            .isPresent();
    if (!exists) {
      session.execute(ddl);
      createdTypes.add(type);
    }
  }

  /**
   * The table properties this server knows: the columns of its {@code system_schema.tables}, where
   * Cassandra stores each property of every table (bloom_filter_fp_chance, caching, compaction, …;
   * see
   * https://cassandra.apache.org/doc/latest/cassandra/developing/cql/ddl.html#create-table-options).
   */
  java.util.Set<String> tableProperties() {
    java.util.Set<String> out = new java.util.TreeSet<>();
    for (var row :
        session.execute(
            "SELECT column_name FROM system_schema.columns"
                + " WHERE keyspace_name = 'system_schema' AND table_name = 'tables'")) {
      out.add(row.getString("column_name"));
    }
    return out;
  }

  /** Runs a DDL statement that belongs to a created table (an index). */
  void execute(String ddl) {
    session.execute(ddl);
  }

  /** Drops what this run created: the keyspace if it made it, else its own tables. */
  void dropCreated() {
    if (created) {
      session.execute("DROP KEYSPACE IF EXISTS " + name);
      return;
    }
    for (String t : createdTables) {
      session.execute("DROP TABLE IF EXISTS " + name + "." + t);
    }
    // Types after the tables that use them, each after the types that use it.
    for (int i = createdTypes.size() - 1; i >= 0; i--) {
      session.execute("DROP TYPE IF EXISTS " + name + "." + createdTypes.get(i));
    }
  }
}
