package dev.keyplan.cassandra.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.keyplan.cassandra.ring.Murmur3Token;
import dev.keyplan.cassandra.ring.PartitionKeyCodec;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Issue 6 §3: the tokens of at least 1,000 random keys of every key type, and of composite keys,
 * equal the token() of a real Cassandra 5.0.6. Each type gets a table; random values from a fixed
 * seed go in, and {@code SELECT token(k), k} comes back. Values are at least one byte: Cassandra
 * refuses an empty partition key ("Key may not be empty"), though a composite's component may be.
 */
class TokenFidelityTest {
  private static final int KEYS = 1_000;
  private static final String KS = "keyplan_verify_tokens";

  /** One key type: its CQL name, a random value as a driver object, and its literal for keyplan. */
  private record Kind(String type, java.util.function.Function<SplittableRandom, Object[]> draw) {}

  private static final List<Kind> KINDS =
      List.of(
          new Kind(
              "int",
              r -> {
                int v = r.nextInt();
                return new Object[] {v, Integer.toString(v)};
              }),
          new Kind(
              "bigint",
              r -> {
                long v = r.nextLong();
                return new Object[] {v, Long.toString(v)};
              }),
          new Kind(
              "smallint",
              r -> {
                short v = (short) r.nextInt();
                return new Object[] {v, Short.toString(v)};
              }),
          new Kind(
              "tinyint",
              r -> {
                byte v = (byte) r.nextInt();
                return new Object[] {v, Byte.toString(v)};
              }),
          new Kind(
              "text",
              r -> {
                String v = text(r);
                return new Object[] {v, v};
              }),
          new Kind(
              "ascii",
              r -> {
                String v = ascii(r);
                return new Object[] {v, v};
              }),
          new Kind(
              "uuid",
              r -> {
                UUID v = new UUID(r.nextLong(), r.nextLong());
                return new Object[] {v, v.toString()};
              }),
          new Kind(
              "timeuuid",
              r -> {
                UUID v =
                    com.datastax.oss.driver.api.core.uuid.Uuids.startOf(r.nextLong(0, 1L << 40));
                return new Object[] {v, v.toString()};
              }),
          new Kind(
              "timestamp",
              r -> {
                long ms = r.nextLong(-1L << 40, 1L << 42);
                return new Object[] {Instant.ofEpochMilli(ms), Long.toString(ms)};
              }),
          new Kind(
              "date",
              r -> {
                LocalDate d = LocalDate.ofEpochDay(r.nextLong(-700_000, 700_000));
                return new Object[] {d, d.toString()};
              }),
          new Kind(
              "boolean",
              r -> {
                boolean v = r.nextBoolean();
                return new Object[] {v, Boolean.toString(v)};
              }),
          new Kind(
              "blob",
              r -> {
                byte[] b = new byte[r.nextInt(1, 40)];
                r.nextBytes(b);
                return new Object[] {ByteBuffer.wrap(b), "0x" + HexFormat.of().formatHex(b)};
              }));

  @Test
  void everyTypeAndCompositeKeys_haveCassandrasToken() {
    try (CqlSession s = LiveCassandra.session()) {
      s.execute("DROP KEYSPACE IF EXISTS " + KS);
      s.execute(
          "CREATE KEYSPACE "
              + KS
              + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
      try {
        SplittableRandom r = new SplittableRandom(6);
        int checked = 0;
        for (Kind k : KINDS) {
          checked += check(s, List.of(k), r);
        }
        // Composites of two and three components, types drawn at random.
        for (int i = 0; i < 8; i++) {
          List<Kind> parts = new ArrayList<>();
          for (int c = 0; c < 2 + i % 2; c++) {
            parts.add(KINDS.get(r.nextInt(KINDS.size())));
          }
          checked += check(s, parts, r);
        }
        assertEquals(KEYS * (KINDS.size() + 8), checked);
      } finally {
        s.execute("DROP KEYSPACE IF EXISTS " + KS);
      }
    }
  }

  /**
   * Inserts {@value #KEYS} random keys of {@code parts} and compares every token; returns how many
   * matched.
   */
  private static int check(CqlSession s, List<Kind> parts, SplittableRandom r) {
    String table =
        "t_"
            + String.join("_", parts.stream().map(Kind::type).toList())
            + "_"
            + Math.abs(r.nextInt(1_000));
    List<String> cols = new ArrayList<>();
    for (int i = 0; i < parts.size(); i++) {
      cols.add("k" + i + " " + parts.get(i).type());
    }
    String key =
        String.join(
            ", ",
            java.util.stream.IntStream.range(0, parts.size()).mapToObj(i -> "k" + i).toList());
    s.execute(
        "CREATE TABLE "
            + KS
            + "."
            + table
            + " ("
            + String.join(", ", cols)
            + ", PRIMARY KEY (("
            + key
            + ")))");
    PreparedStatement insert =
        s.prepare(
            "INSERT INTO "
                + KS
                + "."
                + table
                + " ("
                + key
                + ") VALUES ("
                + String.join(", ", parts.stream().map(p -> "?").toList())
                + ")");
    PreparedStatement token =
        s.prepare(
            "SELECT token("
                + key
                + ") FROM "
                + KS
                + "."
                + table
                + " WHERE "
                + String.join(
                    " AND ",
                    java.util.stream.IntStream.range(0, parts.size())
                        .mapToObj(i -> "k" + i + " = ?")
                        .toList()));
    int matched = 0;
    for (int n = 0; n < KEYS; n++) {
      Object[] values = new Object[parts.size()];
      List<String> literals = new ArrayList<>();
      List<String> types = new ArrayList<>();
      for (int i = 0; i < parts.size(); i++) {
        Object[] v = parts.get(i).draw().apply(r);
        values[i] = v[0];
        literals.add((String) v[1]);
        types.add(parts.get(i).type());
      }
      BoundStatement b = insert.bind(values);
      s.execute(b);
      Row row = s.execute(token.bind(values)).one();
      long expected = row.getLong(0);
      long keyplan = Murmur3Token.token(PartitionKeyCodec.encode(types, literals));
      assertEquals(expected, keyplan, table + " key " + literals);
      matched++;
    }
    return matched;
  }

  private static String text(SplittableRandom r) {
    StringBuilder b = new StringBuilder();
    int n = r.nextInt(1, 24);
    for (int i = 0; i < n; i++) {
      int cp = r.nextInt(4) == 0 ? r.nextInt(0x80, 0x2FFF) : r.nextInt(0x20, 0x7F);
      b.appendCodePoint(cp);
    }
    return new String(b.toString().getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8);
  }

  private static String ascii(SplittableRandom r) {
    StringBuilder b = new StringBuilder();
    int n = r.nextInt(1, 24);
    for (int i = 0; i < n; i++) {
      b.append((char) r.nextInt(0x20, 0x7F));
    }
    return b.toString();
  }
}
