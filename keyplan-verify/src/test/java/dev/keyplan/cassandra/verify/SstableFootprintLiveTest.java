package dev.keyplan.cassandra.verify;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.ColumnDefinition;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.data.UdtValue;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.UserDefinedType;
import com.datastax.oss.driver.api.core.uuid.Uuids;
import dev.keyplan.cassandra.cql.Column;
import dev.keyplan.cassandra.cql.CqlParser;
import dev.keyplan.cassandra.cql.CqlSchema;
import dev.keyplan.cassandra.cql.CqlTable;
import dev.keyplan.cassandra.cql.CqlType;
import dev.keyplan.cassandra.cql.UserType;
import dev.keyplan.cassandra.design.SstableFootprint;
import dev.keyplan.cassandra.design.SstableFootprint.FootprintColumn;
import dev.keyplan.cassandra.design.SstableFootprint.Place;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Semaphore;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link SstableFootprint} against the real Cassandra 5.0.6: each table of the corpus in
 * src/test/resources/sstable/ (written for this test, one shape per file) is created in a keyspace
 * of its own ({@code keyplan_sst_<file>}, compression off), loaded with the file's partitions and
 * rows, its write timestamps spread evenly over the file's {@code spread} seconds with {@code USING
 * TIMESTAMP} (a memtable holds minutes of writes, not a burst), flushed through JMX, and the growth
 * of {@code BytesFlushed} — the Data.db bytes of that flush — is set beside the model's sum over
 * the partitions. Acceptance (issue 15): within ±10% or ±64 bytes, whichever is larger. Each line
 * printed is a row of the table in docs/verify.md and bench/RESULTS.md.
 *
 * <p>A file's header says how to load it: {@code -- partitions: N}, {@code -- rows: N} (per
 * partition), {@code -- spread: S} (seconds of write timestamps), {@code -- ttl: S}, {@code --
 * size: col=B, …} (average bytes of a variable-size value, or of one collection element) and {@code
 * -- items: col=N, …} (collection elements). Skipped without KEYPLAN_CASSANDRA_ENDPOINT.
 */
final class SstableFootprintLiveTest {
  private static final Path CORPUS = Path.of("keyplan-verify/src/test/resources/sstable");

  /** 2026-01-01T00:00:00Z in microseconds: the first write timestamp of every table. */
  private static final long BASE_MICROS = 1_767_225_600_000_000L;

  private static CqlSession session;
  private static Jmx jmx;

  @BeforeAll
  static void connect() {
    LiveCassandra.endpoint();
    session = LiveCassandra.session();
    String[] why = new String[1];
    String address = System.getenv().getOrDefault("KEYPLAN_CASSANDRA_JMX", "127.0.0.1:7199");
    jmx = Jmx.open(address, why).orElseThrow(() -> new IllegalStateException(why[0]));
  }

  @AfterAll
  static void close() {
    if (jmx != null) {
      jmx.close();
    }
    if (session != null) {
      session.close();
    }
  }

  static Stream<Path> corpus() throws IOException {
    Path dir = Files.isDirectory(CORPUS) ? CORPUS : Path.of("src/test/resources/sstable");
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(p -> p.toString().endsWith(".cql")).sorted().toList().stream();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("corpus")
  void modelMatchesBytesFlushed(Path file) throws Exception {
    Corpus c = Corpus.read(file);
    String ks = LiveCassandra.prefix("keyplan_sst_") + c.name;
    session.execute("DROP KEYSPACE IF EXISTS " + ks);
    session.execute(
        "CREATE KEYSPACE "
            + ks
            + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    try {
      for (String statement : c.statements) {
        session.execute(
            statement.replaceFirst("(?i)^CREATE (TABLE|TYPE) ", "CREATE $1 " + ks + "."));
      }
      long before = jmx.bytesFlushed(ks, c.table.name());
      long started = System.nanoTime();
      load(ks, c);
      // The server's clock spread over the load: expiry and tombstone times, counter timestamps.
      double clockSeconds = (System.nanoTime() - started) / 1e9;
      jmx.flush(ks, c.table.name());
      // From before the load: the server may flush the memtable on its own while it fills (memory
      // is shared with every other table), and those sstables' bytes count too.
      long measured = jmx.bytesFlushed(ks, c.table.name()) - before;
      List<FootprintColumn> columns = c.columns();
      SstableFootprint.Writes writes =
          new SstableFootprint.Writes(c.spreadSeconds, clockSeconds, c.ttlSeconds);
      double predicted =
          c.partitions * SstableFootprint.partitionBytes(columns, writes, c.rowsPerPartition);
      double ratio = predicted / measured;
      System.out.printf(
          Locale.ROOT,
          "| %s | %d × %d | %,.0f | %,d | %.3f |%n",
          c.name,
          c.partitions,
          c.rowsPerPartition,
          predicted,
          measured,
          ratio);
      assertThat(Math.abs(predicted - measured))
          .as("%s: predicted %.0f B, BytesFlushed %d B", c.name, predicted, measured)
          .isLessThanOrEqualTo(Math.max(0.10 * measured, 64));
    } finally {
      session.execute("DROP KEYSPACE IF EXISTS " + ks);
    }
  }

  /**
   * The three partitions counted by hand in keyplan-core's SstableFootprintTest, each written alone
   * at one timestamp and flushed alone: BytesFlushed must equal the hand count to the byte (28, 41
   * and 52). Every write of a partition shares one timestamp, so every delta is 0.
   */
  @Test
  void handCountedPartitions() throws Exception {
    String ks = LiveCassandra.prefix("keyplan_sst_") + "hand";
    session.execute("DROP KEYSPACE IF EXISTS " + ks);
    session.execute(
        "CREATE KEYSPACE "
            + ks
            + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    String off = " WITH compression = {'enabled': 'false'}";
    try {
      session.execute("CREATE TABLE " + ks + ".one_text (pk int PRIMARY KEY, v text)" + off);
      session.execute(
          "INSERT INTO "
              + ks
              + ".one_text (pk, v) VALUES (1, 'abc') USING TIMESTAMP "
              + BASE_MICROS);
      session.execute(
          "CREATE TABLE " + ks + ".key_only_two (pk bigint, ck int, PRIMARY KEY (pk, ck))" + off);
      for (int ck = 1; ck <= 2; ck++) {
        session.execute(
            "INSERT INTO "
                + ks
                + ".key_only_two (pk, ck) VALUES (1, "
                + ck
                + ") USING TIMESTAMP "
                + BASE_MICROS);
      }
      session.execute(
          "CREATE TABLE "
              + ks
              + ".static_set (pk text, ck int, s int STATIC, tags set<text>, PRIMARY KEY (pk, ck))"
              + off);
      session.execute(
          "INSERT INTO "
              + ks
              + ".static_set (pk, ck, s, tags) VALUES ('k', 1, 7, {'ab', 'cd'}) USING TIMESTAMP "
              + BASE_MICROS
              + " AND TTL 3600");
      Map<String, Long> measured = new LinkedHashMap<>();
      for (String table : List.of("one_text", "key_only_two", "static_set")) {
        long before = jmx.bytesFlushed(ks, table);
        jmx.flush(ks, table);
        measured.put(table, jmx.bytesFlushed(ks, table) - before);
      }
      System.out.println("hand-counted partitions, BytesFlushed: " + measured);
      assertThat(measured)
          .containsExactly(
              Map.entry("one_text", 28L),
              Map.entry("key_only_two", 41L),
              Map.entry("static_set", 52L));
    } finally {
      session.execute("DROP KEYSPACE IF EXISTS " + ks);
    }
  }

  /** Writes every row, 64 requests in flight; timestamps evenly spread over the file's spread. */
  private static void load(String ks, Corpus c) throws InterruptedException {
    CqlTable t = c.table;
    boolean counters = t.columns().stream().anyMatch(x -> x.type().isCounter());
    List<Column> keys = new ArrayList<>();
    List<Column> others = new ArrayList<>();
    for (Column col : t.columns()) {
      (t.isKeyColumn(col.name()) ? keys : others).add(col);
    }
    PreparedStatement ps;
    if (counters) {
      String set =
          String.join(
              ", ", others.stream().map(x -> x.name() + " = " + x.name() + " + ?").toList());
      String where = String.join(" AND ", keys.stream().map(x -> x.name() + " = ?").toList());
      ps = session.prepare("UPDATE " + ks + "." + t.name() + " SET " + set + " WHERE " + where);
    } else {
      List<String> names = t.columns().stream().map(Column::name).toList();
      ps =
          session.prepare(
              "INSERT INTO "
                  + ks
                  + "."
                  + t.name()
                  + " ("
                  + String.join(", ", names)
                  + ") VALUES ("
                  + String.join(", ", names.stream().map(n -> "?").toList())
                  + ") USING TIMESTAMP ?"
                  + (c.ttlSeconds > 0 ? " AND TTL " + c.ttlSeconds : ""));
    }
    // The server's type of each bound column: what a nested UDT or a vector is built from.
    Map<String, DataType> driverTypes = new LinkedHashMap<>();
    for (ColumnDefinition d : ps.getVariableDefinitions()) {
      driverTypes.put(d.getName().asInternal(), d.getType());
    }
    long total = (long) c.partitions * c.rowsPerPartition;
    long step = total > 1 ? Math.round(c.spreadSeconds * 1e6 / (total - 1)) : 0;
    Semaphore inFlight = new Semaphore(64);
    List<Throwable> failures = new ArrayList<>();
    long n = 0;
    for (int p = 0; p < c.partitions; p++) {
      for (int r = 0; r < c.rowsPerPartition; r++, n++) {
        List<Object> values = new ArrayList<>();
        if (counters) {
          others.forEach(x -> values.add(1L));
          for (Column key : keys) {
            values.add(c.value(ks, key, p, r, driverTypes));
          }
        } else {
          for (Column col : t.columns()) {
            values.add(c.value(ks, col, p, r, driverTypes));
          }
          values.add(BASE_MICROS + n * step);
        }
        BoundStatement b = ps.bind(values.toArray());
        inFlight.acquire();
        CompletionStage<AsyncResultSet> f = session.executeAsync(b);
        f.whenComplete(
            (rs, e) -> {
              if (e != null) {
                synchronized (failures) {
                  failures.add(e);
                }
              }
              inFlight.release();
            });
      }
    }
    inFlight.acquire(64);
    inFlight.release(64);
    assertThat(failures).as("writes that failed").isEmpty();
  }

  /** One corpus file: its statements, its table and how to load it. */
  private static final class Corpus {
    private static final Pattern HEADER = Pattern.compile("^--\\s*(\\w+):\\s*(.+)$");

    final String name;
    final List<String> statements;
    final CqlSchema schema;
    final CqlTable table;
    final int partitions;
    final int rowsPerPartition;
    final double spreadSeconds;
    final long ttlSeconds;
    final Map<String, Integer> sizes;
    final Map<String, Integer> items;

    private Corpus(Path file, String text) {
      this.name = file.getFileName().toString().replace(".cql", "");
      Map<String, String> header = new LinkedHashMap<>();
      for (String line : text.split("\n")) {
        Matcher m = HEADER.matcher(line.trim());
        if (m.matches()) {
          header.put(m.group(1), m.group(2).trim());
        }
      }
      this.partitions = Integer.parseInt(header.get("partitions"));
      this.rowsPerPartition = Integer.parseInt(header.get("rows"));
      this.spreadSeconds = Double.parseDouble(header.getOrDefault("spread", "0"));
      this.ttlSeconds = Long.parseLong(header.getOrDefault("ttl", "0"));
      this.sizes = pairs(header.getOrDefault("size", ""));
      this.items = pairs(header.getOrDefault("items", ""));
      this.statements = new ArrayList<>();
      StringBuilder body = new StringBuilder();
      for (String line : text.split("\n")) {
        if (!line.trim().startsWith("--")) {
          body.append(line).append('\n');
        }
      }
      for (String s : body.toString().split(";")) {
        if (!s.isBlank()) {
          statements.add(s.trim());
        }
      }
      this.schema = CqlParser.parse(file.toString(), text);
      this.table = schema.allTables().get(0);
    }

    static Corpus read(Path file) throws IOException {
      return new Corpus(file, Files.readString(file));
    }

    private static Map<String, Integer> pairs(String list) {
      Map<String, Integer> out = new LinkedHashMap<>();
      for (String pair : list.split(",")) {
        if (!pair.isBlank()) {
          String[] kv = pair.trim().split("=");
          out.put(kv[0].trim(), Integer.parseInt(kv[1].trim()));
        }
      }
      return out;
    }

    /** The model's columns: the sizes and element counts the header gives, else fixed widths. */
    List<FootprintColumn> columns() {
      List<FootprintColumn> out = new ArrayList<>();
      for (Column c : table.columns()) {
        Place place =
            table.partitionKey().contains(c.name())
                ? Place.PARTITION_KEY
                : table.isKeyColumn(c.name())
                    ? Place.CLUSTERING
                    : c.isStatic() ? Place.STATIC : Place.REGULAR;
        List<CqlType> fields =
            userType(c.type()).map(u -> List.copyOf(u.fields().values())).orElse(List.of());
        double bytes =
            sizes.containsKey(c.name())
                ? sizes.get(c.name())
                : SstableFootprint.defaultBytes(c.type(), schema::type);
        double count = c.type().isCollection() ? items.getOrDefault(c.name(), 1) : 1;
        out.add(new FootprintColumn(c.name(), place, c.type(), bytes, count, fields, schema::type));
      }
      return out;
    }

    private java.util.Optional<UserType> userType(CqlType t) {
      CqlType u = t.unfrozen();
      return u.isUserType() ? schema.type(u.name()) : java.util.Optional.empty();
    }

    /** The value of column {@code c} in row {@code r} of partition {@code p}. */
    Object value(String ks, Column c, int p, int r, Map<String, DataType> driverTypes) {
      boolean isKey = table.partitionKey().contains(c.name());
      long n = isKey ? p : r;
      int size = sizes.getOrDefault(c.name(), 8);
      CqlType t = c.type().unfrozen();
      if (nested(t)) {
        // UDTs inside collections and vectors: verify's own generator, whose values CqlValuesTest
        // pins to the model's sizes, so this table measures both.
        return CqlValues.of(
            driverTypes.get(c.name()),
            c.type(),
            columns().stream()
                .filter(f -> f.name().equals(c.name()))
                .findFirst()
                .orElseThrow()
                .bytes(),
            items.getOrDefault(c.name(), 1),
            n,
            schema::type);
      }
      if (t.isUserType()) {
        UserDefinedType udt =
            session
                .getMetadata()
                .getKeyspace(ks)
                .flatMap(k -> k.getUserDefinedType(t.name()))
                .orElseThrow();
        UserType def = schema.type(t.name()).orElseThrow();
        // The header's size is the fields' bytes together; variable fields share what fixed ones
        // leave.
        long variable = def.fields().values().stream().filter(f -> f.fixedSize().isEmpty()).count();
        int fixed = def.fields().values().stream().mapToInt(f -> f.fixedSize().orElse(0)).sum();
        int each = variable == 0 ? 0 : (int) ((size - fixed) / variable);
        UdtValue v = udt.newValue();
        int i = 0;
        for (Map.Entry<String, CqlType> f : def.fields().entrySet()) {
          Object x = scalar(f.getValue(), each, n);
          if (x instanceof String str) {
            v = v.setString(i++, str);
          } else if (x instanceof Integer in) {
            v = v.setInt(i++, in);
          } else {
            v = v.setLong(i++, (Long) x);
          }
        }
        return v;
      }
      if (t.isCollection()) {
        int count = items.getOrDefault(c.name(), 1);
        List<CqlType> args = t.arguments();
        switch (t.name()) {
          case "list" -> {
            List<Object> out = new ArrayList<>();
            for (int i = 0; i < count; i++) {
              out.add(scalar(args.get(0), size, n * 100 + i));
            }
            return out;
          }
          case "set" -> {
            LinkedHashSet<Object> out = new LinkedHashSet<>();
            for (int i = 0; i < count; i++) {
              out.add(scalar(args.get(0), size, n * 100 + i));
            }
            return out;
          }
          default -> {
            int k = args.get(0).fixedSize().orElse(-1);
            int v = args.get(1).fixedSize().orElse(-1);
            int keyBytes = k >= 0 ? k : v >= 0 ? size - v : size / 2;
            int valueBytes = v >= 0 ? v : size - keyBytes;
            Map<Object, Object> out = new LinkedHashMap<>();
            for (int i = 0; i < count; i++) {
              out.put(
                  scalar(args.get(0), keyBytes, n * 100 + i),
                  scalar(args.get(1), valueBytes, n * 100 + i));
            }
            return out;
          }
        }
      }
      return scalar(t, size, n);
    }

    /** True for a vector, or a collection holding a user type: built by verify's generator. */
    private static boolean nested(CqlType t) {
      return t.name().equals("vector")
          || (t.isCollection() && t.arguments().stream().anyMatch(a -> a.unfrozen().isUserType()));
    }

    /**
     * A value of type {@code t}, distinct for each {@code n}, of {@code size} bytes if variable.
     */
    static Object scalar(CqlType t, int size, long n) {
      return switch (t.name()) {
        case "boolean" -> n % 2 == 0;
        case "tinyint" -> (byte) n;
        case "smallint" -> (short) n;
        case "int" -> (int) n;
        case "bigint", "counter" -> n;
        case "date" -> LocalDate.ofEpochDay(19_000 + n);
        case "timestamp" -> Instant.ofEpochMilli(1_767_225_600_000L + n);
        case "double" -> n + 0.5;
        case "uuid" -> java.util.UUID.nameUUIDFromBytes(Long.toString(n).getBytes(UTF8));
        case "timeuuid" -> Uuids.startOf(1_767_225_600_000L + n);
        case "blob" -> ByteBuffer.wrap(padded(n, size).getBytes(UTF8));
        // A decimal is a 4-byte scale and the unscaled value's two's complement bytes.
        case "decimal" ->
            new BigDecimal(
                BigInteger.ONE.shiftLeft(8 * (size - 4) - 2).add(BigInteger.valueOf(n)), 2);
        case "text", "varchar", "ascii" -> padded(n, size);
        // varint: its two's complement bytes; inet: 4 (IPv4) or 16 (IPv6) bytes, mixed to average
        // size; duration: three zigzag vints (verify's generator, sizes pinned by CqlValuesTest).
        case "varint" -> CqlValues.integer(size, n);
        case "inet" -> CqlValues.inet(size, n);
        case "duration" -> CqlValues.duration(size, n);
        default -> throw new IllegalArgumentException("corpus type " + t + " is not loaded");
      };
    }

    private static final java.nio.charset.Charset UTF8 = StandardCharsets.UTF_8;

    /** {@code n} in decimal, left-padded with zeros to {@code size} ASCII characters. */
    private static String padded(long n, int size) {
      String s = Long.toString(n);
      return s.length() >= size
          ? s.substring(s.length() - size)
          : "0".repeat(size - s.length()) + s;
    }
  }
}
