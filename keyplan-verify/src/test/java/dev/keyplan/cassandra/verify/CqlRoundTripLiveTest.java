package dev.keyplan.cassandra.verify;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.keyplan.cassandra.cql.Column;
import dev.keyplan.cassandra.cql.CqlKeyspace;
import dev.keyplan.cassandra.cql.CqlParser;
import dev.keyplan.cassandra.cql.CqlSchema;
import dev.keyplan.cassandra.cql.CqlTable;
import dev.keyplan.cassandra.cql.CqlType;
import dev.keyplan.cassandra.cql.Identifiers;
import dev.keyplan.cassandra.cql.MaterializedView;
import dev.keyplan.cassandra.cql.SecondaryIndex;
import dev.keyplan.cassandra.cql.UserType;
import dev.keyplan.cassandra.emit.CqlEmitter;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code emit cql} against the real Cassandra (issue 15 §2): a schema file is parsed, emitted, the
 * CQL applied to fresh keyspaces of this test's own ({@code keyplan_emit_rt_...}, dropped before
 * and after), the server's {@code DESCRIBE KEYSPACE} read back (Cassandra 5.0's server-side
 * DESCRIBE, the {@code create_statement} column of its rows:
 * https://cassandra.apache.org/doc/latest/cassandra/managing/tools/cqlsh.html#describe) and parsed
 * by keyplan's CqlParser, and the result must be the same schema as the file.
 *
 * <p>"The same schema", modulo what the server adds or normalises (issue 15, Decisions: "Round trip
 * equality is modulo server defaults"), is {@link #differences}: the same keyspaces (strategy,
 * replication, durable writes); the same user-defined types with the same fields in the same order
 * and types; the same tables and views, each with the same columns (name, type, static; DESCRIBE
 * lists them in its own order, so order is not compared), the same partition key in order and the
 * same clustering columns in order with their directions, a view the same base table; every option
 * the file stated with an equal value (a map option: each stated entry, a compaction or compression
 * class by its simple name, since DESCRIBE writes the full class name and adds the strategy's
 * default sub-options); the same indexes by name, each on the same table and column with the same
 * target ({@code keys}, {@code values}, {@code entries}, {@code full} or the column), the same kind
 * (2i, SAI, other class) and exactly the same options. Type names compare after the one alias
 * DESCRIBE rewrites, {@code varchar} as {@code text}. What DESCRIBE adds (the options the file did
 * not state) is not compared.
 *
 * <p>Excluded, and why: nothing in the fixtures. The server this runs on (scripts/engines/
 * cassandra.sh) enables materialized views and SASI, which Cassandra 5.0 turns off by default
 * ({@code materialized_views_enabled}, {@code sasi_indexes_enabled}); on a server with them off,
 * the view and SASI statements are refused and this test fails rather than skip them.
 */
class CqlRoundTripLiveTest {
  private static final Pattern MAP_ENTRY =
      Pattern.compile("'((?:[^']|'')*)'\\s*:\\s*'((?:[^']|'')*)'");

  @ParameterizedTest
  @ValueSource(strings = {"videos.cql", "hotel.cql", "quoted.cql", "designed.cql"})
  void emitted_appliedToCassandra_describesAsTheSameSchema(String fixture) {
    LiveCassandra.endpoint(); // skips without a Cassandra (fails under CI)
    CqlSchema source = CqlParser.parse(fixture, read(fixture));
    String emitted = CqlEmitter.schema(source);
    try (CqlSession session = LiveCassandra.session()) {
      dropKeyspaces(session, source);
      try {
        for (String statement : emitted.split(";\n")) {
          if (!statement.isBlank()) {
            session.execute(statement);
          }
        }
        StringBuilder described = new StringBuilder();
        for (CqlKeyspace k : source.keyspaces()) {
          for (Row row :
              session.execute("DESCRIBE KEYSPACE " + Identifiers.quoteIfNeeded(k.name()))) {
            described.append(row.getString("create_statement")).append("\n\n");
          }
        }
        CqlSchema server = CqlParser.parse("DESCRIBE of " + fixture, described.toString());
        assertThat(differences(source, server)).as(described.toString()).isEmpty();
      } finally {
        dropKeyspaces(session, source);
      }
    }
  }

  @Test
  void differences_nameEachWayTheDescribedSchemaDiffers_andIgnoreServerDefaults() {
    // Without a server: the comparison itself must be able to fail. The "described" text differs
    // from the stated one in five ways, and adds two things a server adds (a default option and
    // the full compaction class with its default sub-options), which are not differences.
    CqlSchema stated =
        CqlParser.parse(
            "stated.cql",
            """
            CREATE TABLE ks.t (id int, ts int, v varchar, PRIMARY KEY (id, ts))
              WITH CLUSTERING ORDER BY (ts DESC) AND gc_grace_seconds = 3600
              AND compaction = {'class': 'LeveledCompactionStrategy'};
            CREATE INDEX v_sai ON ks.t (v) USING 'sai' WITH OPTIONS = {'case_sensitive': 'false'};
            """);
    CqlSchema described =
        CqlParser.parse(
            "described.cql",
            """
            CREATE TABLE ks.t (id int, ts int, v text STATIC, PRIMARY KEY (id, ts))
              WITH CLUSTERING ORDER BY (ts ASC) AND gc_grace_seconds = 864000
              AND compaction = {'class':
                'org.apache.cassandra.db.compaction.LeveledCompactionStrategy',
                'max_threshold': '32', 'min_threshold': '4'}
              AND bloom_filter_fp_chance = 0.1;
            CREATE INDEX v_sai ON ks.t (v);
            """);

    assertThat(differences(stated, described))
        .containsExactly(
            "table t columns: stated {id=int, ts=int, v=text}, described {id=int, ts=int, v=text"
                + " static}",
            "table t clustering: stated [ClusteringColumn[name=ts, descending=true]], described"
                + " [ClusteringColumn[name=ts, descending=false]]",
            "table t option gc_grace_seconds: stated 3600, described 864000",
            "index v_sai kind: stated SAI, described LEGACY",
            "index v_sai options: stated {case_sensitive=false}, described {}");
    assertThat(differences(stated, stated)).isEmpty();
  }

  /** The ways {@code described} is not the same schema as {@code source}; see the class comment. */
  static List<String> differences(CqlSchema source, CqlSchema described) {
    List<String> out = new ArrayList<>();
    same(
        out,
        "keyspaces",
        names(source.keyspaces(), CqlKeyspace::name),
        names(described.keyspaces(), CqlKeyspace::name));
    for (CqlKeyspace k : source.keyspaces()) {
      described.keyspaces().stream()
          .filter(d -> d.name().equals(k.name()))
          .findFirst()
          .ifPresent(
              d -> {
                same(
                    out,
                    "keyspace " + k.name() + " strategy",
                    k.strategyClass(),
                    d.strategyClass());
                same(
                    out, "keyspace " + k.name() + " replication", k.replication(), d.replication());
                same(
                    out,
                    "keyspace " + k.name() + " durable_writes",
                    k.durableWrites(),
                    d.durableWrites());
              });
    }
    same(
        out,
        "types",
        names(source.types(), u -> u.keyspace() + "." + u.name()),
        names(described.types(), u -> u.keyspace() + "." + u.name()));
    for (UserType u : source.types()) {
      described.types().stream()
          .filter(d -> d.name().equals(u.name()) && Objects.equals(d.keyspace(), u.keyspace()))
          .findFirst()
          .ifPresent(
              d ->
                  same(
                      out,
                      "type " + u.name() + " fields",
                      fieldTypes(u.fields()),
                      fieldTypes(d.fields())));
    }
    same(
        out,
        "tables and views",
        names(source.allTables(), CqlRoundTripLiveTest::key),
        names(described.allTables(), CqlRoundTripLiveTest::key));
    for (CqlTable t : source.allTables()) {
      described.table(t.keyspace(), t.name()).ifPresent(d -> sameTable(out, t, d));
    }
    same(
        out,
        "indexes",
        names(source.indexes(), i -> i.keyspace() + "." + i.name()),
        names(described.indexes(), i -> i.keyspace() + "." + i.name()));
    for (SecondaryIndex i : source.indexes()) {
      described.indexes().stream()
          .filter(d -> d.name().equals(i.name()) && Objects.equals(d.keyspace(), i.keyspace()))
          .findFirst()
          .ifPresent(
              d -> {
                String what = "index " + i.name();
                same(out, what + " table", i.table(), d.table());
                same(out, what + " column", i.column(), d.column());
                same(out, what + " target", i.target(), d.target());
                same(out, what + " kind", i.kind(), d.kind());
                same(
                    out, what + " options", new TreeMap<>(i.options()), new TreeMap<>(d.options()));
              });
    }
    for (MaterializedView v : source.views()) {
      described.views().stream()
          .filter(d -> d.name().equals(v.name()) && Objects.equals(d.keyspace(), v.keyspace()))
          .findFirst()
          .ifPresent(d -> same(out, "view " + v.name() + " base", v.baseTable(), d.baseTable()));
    }
    return out;
  }

  private static void sameTable(List<String> out, CqlTable t, CqlTable d) {
    String what = (t.isView() ? "view " : "table ") + t.name();
    same(out, what + " columns", columns(t), columns(d));
    same(out, what + " partition key", t.partitionKey(), d.partitionKey());
    same(out, what + " clustering", t.clustering(), d.clustering());
    for (Map.Entry<String, String> option : t.options().entrySet()) {
      String stated = option.getValue();
      Optional<String> server = Optional.ofNullable(d.options().get(option.getKey()));
      if (server.isEmpty()) {
        out.add(what + " lost option " + option.getKey());
      } else if (stated.trim().startsWith("{")) {
        Map<String, String> statedMap = mapOption(stated);
        Map<String, String> serverMap = mapOption(server.get());
        statedMap.forEach(
            (k, v) -> {
              String s = serverMap.get(k);
              if (s == null || !simpleClassName(k, s).equals(simpleClassName(k, v))) {
                out.add(
                    what
                        + " option "
                        + option.getKey()
                        + " '"
                        + k
                        + "': stated "
                        + v
                        + ", described "
                        + s);
              }
            });
      } else if (!sameScalar(stated, server.get())) {
        out.add(
            what
                + " option "
                + option.getKey()
                + ": stated "
                + stated
                + ", described "
                + server.get());
      }
    }
  }

  /** The columns by name: type (aliases read as DESCRIBE writes them) and whether static. */
  private static Map<String, String> columns(CqlTable t) {
    Map<String, String> out = new TreeMap<>();
    for (Column c : t.columns()) {
      out.put(c.name(), normalised(c.type()) + (c.isStatic() ? " static" : ""));
    }
    return out;
  }

  private static List<String> fieldTypes(Map<String, CqlType> fields) {
    return fields.entrySet().stream()
        .map(f -> f.getKey() + " " + normalised(f.getValue()))
        .toList();
  }

  /** The type as DESCRIBE writes it: {@code varchar} is an alias of {@code text} (types.html). */
  private static String normalised(CqlType type) {
    return type.toString().replaceAll("\\bvarchar\\b", "text");
  }

  /** Numbers compare by value ({@code 1} and {@code 1.0}); anything else as text. */
  private static boolean sameScalar(String a, String b) {
    try {
      return Double.parseDouble(a) == Double.parseDouble(b);
    } catch (NumberFormatException e) {
      return a.trim().equals(b.trim());
    }
  }

  /** A {@code class} entry by its simple name: DESCRIBE writes the fully qualified class. */
  private static String simpleClassName(String key, String value) {
    return key.equals("class") ? value.substring(value.lastIndexOf('.') + 1) : value;
  }

  /**
   * Reads an option map such as {@code {'class': 'X', 'max_threshold': '32'}}: quoted keys and
   * values, as DESCRIBE writes them and as the fixtures state them.
   */
  private static Map<String, String> mapOption(String text) {
    Map<String, String> out = new TreeMap<>();
    Matcher m = MAP_ENTRY.matcher(text);
    while (m.find()) {
      out.put(m.group(1).replace("''", "'"), m.group(2).replace("''", "'"));
    }
    return out;
  }

  private static String key(CqlTable t) {
    return t.keyspace() + "." + t.name();
  }

  private static <T> List<String> names(List<T> items, Function<T, String> name) {
    return items.stream().map(name).sorted().collect(Collectors.toList());
  }

  private static void same(List<String> out, String what, Object stated, Object described) {
    if (!Objects.equals(stated, described)) {
      out.add(what + ": stated " + stated + ", described " + described);
    }
  }

  private static void dropKeyspaces(CqlSession session, CqlSchema schema) {
    for (CqlKeyspace k : schema.keyspaces()) {
      session.execute("DROP KEYSPACE IF EXISTS " + Identifiers.quoteIfNeeded(k.name()));
    }
  }

  private static String read(String name) {
    try (InputStream in = CqlRoundTripLiveTest.class.getResourceAsStream("/roundtrip/" + name)) {
      if (in == null) {
        throw new IllegalStateException("missing test resource roundtrip/" + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
