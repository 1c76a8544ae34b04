package dev.keyplan.cassandra.design;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.keyplan.cassandra.cql.CqlType;
import dev.keyplan.cassandra.cql.UserType;
import dev.keyplan.cassandra.design.SstableFootprint.FootprintColumn;
import dev.keyplan.cassandra.design.SstableFootprint.Place;
import dev.keyplan.cassandra.design.SstableFootprint.Writes;
import dev.keyplan.input.Location;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The on-disk model on partitions small enough to count by hand, byte by byte, from the format
 * described in {@link SstableFootprint} (Cassandra 5.0's UnfilteredSerializer, Cell.Serializer,
 * SerializationHeader). The same three partitions were written to Cassandra 5.0.6 and flushed
 * alone: {@code SstableFootprintLiveTest.handCountedPartitions} (keyplan-verify) asserts that
 * BytesFlushed equals each count here exactly (measured 28, 41 and 52 bytes).
 */
final class SstableFootprintTest {
  /** One write, so every timestamp and deletion-time delta is 0: a 1-byte vint. */
  private static final Writes BURST = Writes.over(0, 0);

  private static FootprintColumn col(String name, Place place, CqlType type, double bytes) {
    return new FootprintColumn(name, place, type, bytes, 1, List.of());
  }

  /**
   * {@code CREATE TABLE t (pk int PRIMARY KEY, v text)} and {@code INSERT (pk, v) VALUES (1,
   * 'abc')}:
   *
   * <pre>
   *   partition header  2 (key length) + 4 (int key) + 12 (live deletion: int + long)   = 18
   *   row   flags 1 + clustering 0 (none) + size vint 1 + previous-size vint 1 (18)     =  3
   *         body: liveness timestamp delta vint 1
   *               cell v: flags 1 (uses the row's timestamp) + length vint 1 + 3 bytes  =  6
   *   end of partition                                                                  =  1
   *                                                                                total 28
   * </pre>
   */
  @Test
  void oneTextCell() {
    List<FootprintColumn> t =
        List.of(
            col("pk", Place.PARTITION_KEY, CqlType.of("int"), 4),
            col("v", Place.REGULAR, CqlType.of("text"), 3));
    assertThat(SstableFootprint.partitionBytes(t, BURST, 1)).isEqualTo(28.0);
  }

  /**
   * {@code CREATE TABLE t (pk bigint, ck int, PRIMARY KEY (pk, ck))}, two rows in one partition:
   * key-only rows still write flags, sizes and their liveness.
   *
   * <pre>
   *   partition header  2 + 8 (bigint key) + 12                                         = 22
   *   row 1  flags 1 + clustering (1 presence header + 4) + size vint 1 + previous 1 (22)
   *          + body: liveness timestamp delta 1                                          =  9
   *   row 2  the same, its previous size 9                                               =  9
   *   end of partition                                                                   =  1
   *                                                                                 total 41
   * </pre>
   */
  @Test
  void twoKeyOnlyRows() {
    List<FootprintColumn> t =
        List.of(
            col("pk", Place.PARTITION_KEY, CqlType.of("bigint"), 8),
            col("ck", Place.CLUSTERING, CqlType.of("int"), 4));
    assertThat(SstableFootprint.partitionBytes(t, BURST, 2)).isEqualTo(41.0);
  }

  /**
   * {@code CREATE TABLE t (pk text, ck int, s int STATIC, tags set<text>, PRIMARY KEY (pk, ck))}
   * and {@code INSERT … VALUES ('k', 1, 7, {'ab', 'cd'}) USING TTL 3600}. The INSERT also deletes
   * the set's old cells (timestamp − 1, at the server's clock): that tombstone is the sstable's
   * smallest timestamp and deletion time, so the row's timestamp is stored as 1 and every expiry
   * time as 3,600 (a 2-byte vint).
   *
   * <pre>
   *   partition header  2 + 1 ('k') + 12                                                 = 15
   *   static row  flags 1 + extended flags 1 (static) + size vint 1 + previous 1 (0)     =  4
   *     cell s: flags 1 + timestamp 1 + expiry 2 + TTL delta 1 + int 4 (no liveness)     =  9
   *   row  flags 1 + clustering 1 + 4 + size vint 1 + previous 1 (28)                    =  8
   *     liveness: timestamp 1 + TTL delta 1 + expiry 2                                   =  4
   *     tags: deletion (timestamp 1 + time 1) + cell count 1                             =  3
   *           2 cells × (flags 1 + path length 1 + 2 bytes, no value)                    =  8
   *   end of partition                                                                   =  1
   *                                                                                 total 52
   * </pre>
   */
  @Test
  void staticSetAndTtl() {
    List<FootprintColumn> t =
        List.of(
            col("pk", Place.PARTITION_KEY, CqlType.of("text"), 1),
            col("ck", Place.CLUSTERING, CqlType.of("int"), 4),
            col("s", Place.STATIC, CqlType.of("int"), 4),
            new FootprintColumn(
                "tags", Place.REGULAR, CqlType.of("set", CqlType.of("text")), 2, 2, List.of()));
    assertThat(SstableFootprint.partitionBytes(t, Writes.over(0, 3600), 1)).isEqualTo(52.0);
  }

  /**
   * VIntCoding: 7 payload bits per byte, so 127 takes 1 byte, 128 two, 2^28 − 1 four; 9 bytes carry
   * a whole long.
   */
  @Test
  void vintWidths() {
    assertThat(SstableFootprint.vint(0)).isEqualTo(1);
    assertThat(SstableFootprint.vint(127)).isEqualTo(1);
    assertThat(SstableFootprint.vint(128)).isEqualTo(2);
    assertThat(SstableFootprint.vint((1 << 28) - 1)).isEqualTo(4);
    assertThat(SstableFootprint.vint(1L << 28)).isEqualTo(5);
    assertThat(SstableFootprint.vint(Long.MAX_VALUE)).isEqualTo(9);
  }

  /**
   * Deltas uniform over 10 minutes of microseconds (0 to 6×10^8): below 2^28 (268,435,456) they
   * take 4 bytes or fewer, above 5. Exactly: (128×1 + (2^14−2^7)×2 + (2^21−2^14)×3 + (2^28−2^21)×4
   * + (6×10^8 − 2^28)×5) / 6×10^8 = 2,729,450,880 / 6×10^8 = 4.5491 bytes; a burst of writes within
   * 100 µs takes 1.
   */
  @Test
  void writeSpreadWidensTimestampDeltas() {
    double expected =
        (128.0 * 1
                + (16_384 - 128) * 2
                + (2_097_152 - 16_384) * 3
                + (268_435_456 - 2_097_152) * 4.0
                + (600_000_000 - 268_435_456) * 5.0)
            / 600_000_000;
    assertThat(SstableFootprint.meanVint(0, 600_000_000)).isCloseTo(expected, within(1e-9));
    assertThat(expected).isCloseTo(4.5491, within(1e-4));
    assertThat(SstableFootprint.meanVint(0, 100)).isEqualTo(1.0);
  }

  /**
   * The same row written by INSERT a minute apart from the others costs a wider timestamp: one row
   * of {@link #oneTextCell()}'s table over a 600-second spread stores a 4.55-byte delta instead of
   * 1, and its row size is unchanged otherwise.
   */
  @Test
  void spreadAddsToEveryRow() {
    List<FootprintColumn> t =
        List.of(
            col("pk", Place.PARTITION_KEY, CqlType.of("int"), 4),
            col("v", Place.REGULAR, CqlType.of("text"), 3));
    double burst = SstableFootprint.partitionBytes(t, BURST, 1);
    double spread = SstableFootprint.partitionBytes(t, Writes.over(600, 0), 1);
    assertThat(spread - burst).isCloseTo(4.5491 - 1, within(1e-3));
  }

  /**
   * Widths stored without a length are the marshal types' fixed ones; tinyint, smallint and date
   * take a length vint on disk although their wire size is fixed (cassandra-all 5.0.6's ByteType,
   * ShortType and SimpleDateType have no fixed length).
   */
  @Test
  void smallTypesCarryALength() {
    assertThat(SstableFootprint.storedWidth(CqlType.of("int"))).hasValue(4);
    assertThat(SstableFootprint.storedWidth(CqlType.of("boolean"))).hasValue(1);
    assertThat(SstableFootprint.storedWidth(CqlType.of("tinyint"))).isEmpty();
    assertThat(SstableFootprint.storedWidth(CqlType.of("smallint"))).isEmpty();
    assertThat(SstableFootprint.storedWidth(CqlType.of("date"))).isEmpty();
  }

  /** hotelier.cql's types (keyplan-verify's realistic fixture): address nests a geo_point. */
  private static final Map<String, UserType> HOTEL_TYPES =
      Map.of(
          "geo_point",
          type("geo_point", "latitude", "double", "longitude", "double"),
          "address",
          new UserType(
              "hotelier",
              "address",
              fields(
                  "street", CqlType.of("text"),
                  "city", CqlType.of("text"),
                  "state_or_province", CqlType.of("text"),
                  "postal_code", CqlType.of("text"),
                  "country", CqlType.of("text"),
                  "position", CqlType.of("frozen", CqlType.of("geo_point"))),
              Location.NONE),
          "phone",
          type("phone", "country_code", "smallint", "number", "text", "kind", "text"));

  private static final Function<String, Optional<UserType>> TYPES =
      n -> Optional.ofNullable(HOTEL_TYPES.get(n));

  private static UserType type(String name, String... fieldsAndTypes) {
    Map<String, CqlType> f = new LinkedHashMap<>();
    for (int i = 0; i < fieldsAndTypes.length; i += 2) {
      f.put(fieldsAndTypes[i], CqlType.of(fieldsAndTypes[i + 1]));
    }
    return new UserType("hotelier", name, f, Location.NONE);
  }

  private static Map<String, CqlType> fields(Object... namesAndTypes) {
    Map<String, CqlType> f = new LinkedHashMap<>();
    for (int i = 0; i < namesAndTypes.length; i += 2) {
      f.put((String) namesAndTypes[i], (CqlType) namesAndTypes[i + 1]);
    }
    return f;
  }

  /**
   * A declared size is the payload of a UDT's leaves, shared by its fields: a fixed-width field (a
   * smallint, a geo_point of two doubles) takes its width, the variable ones share the rest. phone
   * at 24 B: country_code 2, number and kind (24 − 2) / 2 = 11 each. address at 96 B: position 16,
   * five texts (96 − 16) / 5 = 16 each. A map entry of two variable sides is split in half.
   */
  @Test
  void declaredBytesFallToFieldsByFixedWidthThenEqualShares() {
    assertThat(
            SstableFootprint.fieldShares(
                List.copyOf(HOTEL_TYPES.get("phone").fields().values()), 24, TYPES))
        .containsExactly(2, 11, 11);
    assertThat(
            SstableFootprint.fieldShares(
                List.copyOf(HOTEL_TYPES.get("address").fields().values()), 96, TYPES))
        .containsExactly(16, 16, 16, 16, 16, 16);
    CqlType address = CqlType.of("frozen", CqlType.of("address"));
    assertThat(SstableFootprint.entryShares(CqlType.of("text"), address, 96, TYPES))
        .containsExactly(48, 48);
    assertThat(SstableFootprint.entryShares(CqlType.of("int"), CqlType.of("text"), 14, TYPES))
        .containsExactly(4, 10);
  }

  /**
   * UDTs nested in a collection keep their own 4-byte field lengths (hotelier's guests measured
   * ×1.28 when they were left out). {@code frozen<list<frozen<phone>>>}, 2 phones of 24 B:
   *
   * <pre>
   *   phone  (4 + 2 smallint) + (4 + 11 text) + (4 + 11 text)                            = 36
   *   list   4 (count) + 2 × (4 length + 36)                                             = 84
   * </pre>
   *
   * and one entry of {@code map<text, frozen<address>>} at 96 B (key 48, address 48: position 16,
   * five texts (48 − 16) / 5 = 6.4 each):
   *
   * <pre>
   *   address  5 × (4 + 6.4) + 4 + geo_point (4 + 8 + 4 + 8)                             = 80
   *   frozen map of 1 entry  4 + (4 + 48) + (4 + 80)                                     = 140
   * </pre>
   */
  @Test
  void udtsInsideCollectionsHoldTheirFieldLengths() {
    CqlType phones =
        CqlType.of("frozen", CqlType.of("list", CqlType.of("frozen", CqlType.of("phone"))));
    assertThat(SstableFootprint.frozenBytes(phones, 24, 2, TYPES)).isEqualTo(84.0);
    CqlType address = CqlType.of("frozen", CqlType.of("address"));
    assertThat(SstableFootprint.frozenBytes(address, 48, 1, TYPES)).isCloseTo(80.0, within(1e-9));
    CqlType map = CqlType.of("frozen", CqlType.of("map", CqlType.of("text"), address));
    assertThat(SstableFootprint.frozenBytes(map, 96, 1, TYPES)).isCloseTo(140.0, within(1e-9));
  }

  /**
   * A whole row of such a table: {@code (guest_id uuid PRIMARY KEY, phone_numbers
   * frozen<list<frozen<phone>>>, addresses map<text, frozen<address>>)}, one burst, 2 phones of 24
   * B and 2 addresses of 96 B:
   *
   * <pre>
   *   partition header  2 + 16 (uuid) + 12                                               = 30
   *   row  flags 1 + size vint 2 (353 ≥ 128) + previous 1 (30)                       =  4
   *     liveness timestamp delta                                                         =  1
   *     phone_numbers: flags 1 + length vint 1 + 84                                      = 86
   *     addresses: deletion (1 + 1) + cell count 1
   *                + 2 cells × (flags 1 + key vint 1 + 48 + value vint 1 + 80)           = 265
   *   end of partition                                                                   =  1
   *                                                                                 total 387
   * </pre>
   */
  @Test
  void aRowOfUdtCollections() {
    List<FootprintColumn> t =
        List.of(
            new FootprintColumn(
                "guest_id", Place.PARTITION_KEY, CqlType.of("uuid"), 16, 1, List.of(), TYPES),
            new FootprintColumn(
                "phone_numbers",
                Place.REGULAR,
                CqlType.of("frozen", CqlType.of("list", CqlType.of("frozen", CqlType.of("phone")))),
                24,
                2,
                List.of(),
                TYPES),
            new FootprintColumn(
                "addresses",
                Place.REGULAR,
                CqlType.of("map", CqlType.of("text"), CqlType.of("frozen", CqlType.of("address"))),
                96,
                2,
                List.of(),
                TYPES));
    assertThat(SstableFootprint.partitionBytes(t, BURST, 1)).isCloseTo(387.0, within(1e-9));
  }

  /**
   * A value no {@code size} is declared for (a column no attribute holds; Sizer.bytesOf uses the
   * same rule): fixed widths, 8 B a variable leaf, a UDT's fields summed, nested UDTs too, and a
   * collection's element (a map's key and value). address: 5 texts × 8 + geo_point 2 × 8 = 56;
   * {@code list<frozen<address>>} one element of 56 (the list was one 8-byte value before); {@code
   * map<text, frozen<phone>>} 8 + (2 + 8 + 8) = 26.
   */
  @Test
  void undeclaredSizesSumTheTypesLeaves() {
    CqlType address = CqlType.of("frozen", CqlType.of("address"));
    assertThat(SstableFootprint.defaultBytes(address, TYPES)).isEqualTo(56.0);
    assertThat(SstableFootprint.defaultBytes(CqlType.of("list", address), TYPES)).isEqualTo(56.0);
    assertThat(
            SstableFootprint.defaultBytes(
                CqlType.of("map", CqlType.of("text"), CqlType.of("frozen", CqlType.of("phone"))),
                TYPES))
        .isEqualTo(26.0);
    assertThat(SstableFootprint.defaultBytes(CqlType.of("text"), TYPES)).isEqualTo(8.0);
    assertThat(SstableFootprint.defaultBytes(CqlType.of("bigint"), TYPES)).isEqualTo(8.0);
  }
}
