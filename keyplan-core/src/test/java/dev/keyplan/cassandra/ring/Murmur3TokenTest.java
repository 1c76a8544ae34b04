package dev.keyplan.cassandra.ring;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

final class Murmur3TokenTest {

  /** Composite (uuid, int) key of the gocql regression; bytes from the gocql test file. */
  private static final String GOCQL_COMPOSITE =
      "00104327529fb645dd00b883ec39ae448bb800000400066a6b00";

  /** "prefix" in hex, the start of every gocql prefix-series key. */
  private static final String PREFIX_HEX =
      HexFormat.of().formatHex("prefix".getBytes(StandardCharsets.UTF_8));

  // apache/cassandra-dtest replication_test.py, murmur3_hashes: tokens of int keys 1..20 (the
  // 4-byte big-endian value is the key). int 1 is also in ScyllaDB's docs
  // (docs/troubleshooting/large-partition-table.rst, token:-4069959284402364209).
  @ParameterizedTest
  @CsvSource({
    "1, -4069959284402364209",
    "2, -3248873570005575792",
    "3, 9010454139840013625",
    "4, -2729420104000364805",
    "5, -7509452495886106294",
    "6, 2705480034054113608",
    "7, 1634052884888577606",
    "8, -3799847372828181882",
    "9, 3728482343045213994",
    "10, -6715243485458697746",
    "11, -4156302194539278891",
    "12, 8582886034424406875",
    "13, -5034495173465742853",
    "14, 4279681877540623768",
    "15, -1191135763843456182",
    "16, -5477287129830487822",
    "17, 5467144456125416399",
    "18, -2695747960476065067",
    "19, -3974532302236993209",
    "20, 1388667306199997068",
  })
  void token_intKeyFromDtest_matchesCassandra(int key, long expected) {
    assertThat(Murmur3Token.token(ByteBuffer.allocate(4).putInt(key).array())).isEqualTo(expected);
  }

  // datastax/python-driver tests/unit/test_metadata.py, _verify_hash: text '123' and
  // str(MAX_LONG) are the UTF-8 bytes of the string.
  @ParameterizedTest
  @CsvSource({
    "123, -7468325962851647638",
    "9223372036854775807, 7162290910810015547",
  })
  void token_textFromPythonDriver_matchesCassandra(String text, long expected) {
    assertThat(Murmur3Token.token(text.getBytes(StandardCharsets.UTF_8))).isEqualTo(expected);
  }

  // datastax/python-driver tests/unit/test_metadata.py, _verify_hash: b'\x00\xff\x10\xfa\x99' * 10
  // (50 bytes: three full blocks and a 2-byte tail), b'\xfe' * 8 (an all-high-byte tail: the
  // sign-extension path) and b'\x10' * 8.
  @ParameterizedTest
  @CsvSource({
    "00ff10fa99, 10, 5837342703291459765",
    "fe, 8, -8927430733708461935",
    "10, 8, 1446172840243228796",
  })
  void token_repeatedBytesFromPythonDriver_matchesCassandra(String unit, int times, long expected) {
    assertThat(Murmur3Token.token(hex(unit.repeat(times)))).isEqualTo(expected);
  }

  // Keyplan research notes §3.4, run in-process on cassandra-all 5.0.6
  // (Murmur3Partitioner.instance.getToken(LongType/UTF8Type.decompose(...))).
  @Test
  void token_bigintOne_matchesCassandra506() {
    assertThat(Murmur3Token.token(hex("0000000000000001"))).isEqualTo(6292367497774912474L);
  }

  // Same source: UTF8Type.decompose("hello") on cassandra-all 5.0.6.
  @Test
  void token_textHello_matchesCassandra506() {
    assertThat(Murmur3Token.token("hello".getBytes(StandardCharsets.UTF_8)))
        .isEqualTo(-3758069500696749310L);
  }

  // Same source: CompositeType(Int32Type, Int32Type).decompose(1, 2) on cassandra-all 5.0.6;
  // bytes 0004 00000001 00 0004 00000002 00.
  @Test
  void token_compositeIntInt_matchesCassandra506() {
    assertThat(Murmur3Token.token(hex("0004000000010000040000000200")))
        .isEqualTo(4881097376275569167L);
  }

  // Keyplan research notes §3.4 (int 0, -1 computed by an independent implementation that
  // reproduced every published vector; 42 also run on cassandra-all 5.0.6).
  @ParameterizedTest
  @CsvSource({"0, -3485513579396041028", "-1, 7297452126230313552", "42, -7160136740246525330"})
  void token_moreIntKeys_matchNotes(int key, long expected) {
    assertThat(Murmur3Token.token(ByteBuffer.allocate(4).putInt(key).array())).isEqualTo(expected);
  }

  // apache/cassandra-gocql-driver internal/murmur/murmur_test.go (TestMurmur3H1ForCassandra), from
  // issue #1033: the composite (uuid, int) key whose 10-byte tail has high bytes.
  @Test
  void token_gocqlCompositeRegressionKey_matchesCassandra() {
    assertThat(Murmur3Token.token(hex(GOCQL_COMPOSITE))).isEqualTo(-9223371632693506265L);
  }

  // Keyplan research notes §3.4: canonical MurmurHash3 (unsigned tail bytes) gives
  // 8117980653506862255 for the gocql key; matching it would mean the sign bug was "fixed".
  @Test
  void token_gocqlCompositeRegressionKey_differsFromCanonicalMurmur3() {
    byte[] key = hex(GOCQL_COMPOSITE);
    assertThat(canonicalH1(key)).isEqualTo(8117980653506862255L);
    assertThat(Murmur3Token.token(key)).isNotEqualTo(canonicalH1(key));
  }

  // apache/cassandra-gocql-driver internal/murmur/murmur_test.go: "prefix\x00", "prefix\x00\x01",
  // ... "prefix\x00..\x0f" (16 strings, every tail length 7..15 and one full block), then + "\xc8".
  @Test
  void token_gocqlPrefixSeries_matchesCassandra() {
    List<Long> expected =
        List.of(
            -5156414768376541762L,
            3700033067394128583L,
            -3973852022020331202L,
            3038655072509758878L,
            -5681686890369564299L,
            8960422816272944721L,
            -1104872167714568090L,
            -9199676315897541990L,
            4847624695450664884L,
            -2737291859101550625L,
            -1154133289533387924L,
            5781349077088505981L,
            -681021187788781932L,
            -3787130296809111096L,
            -3115393326357146996L,
            -2684252762052835206L,
            -278181328349571586L);
    var key = new StringBuilder(PREFIX_HEX);
    for (int i = 0; i < expected.size(); i++) {
      key.append(i < 16 ? String.format("%02x", i) : "c8");
      assertThat(Murmur3Token.token(hex(key.toString())))
          .as("key %s", key)
          .isEqualTo(expected.get(i));
    }
  }

  // apache/cassandra-gocql-driver internal/murmur/murmur_test.go: prefix2 =
  // "prefix\x00..\x0f\xc8\xc9", then prefix2 + "\xca", ... + "\xca..\xd7": tails of high bytes.
  @Test
  void token_gocqlPrefix2Series_matchesCassandra() {
    List<Long> expected =
        List.of(
            -5319761130493488577L,
            -4593148434938707926L,
            -575713103357290760L,
            4290743753678124926L,
            9164754117279683406L,
            -107668053986278786L,
            64887291506465003L,
            6241282934480161521L,
            5150183507841894143L,
            5645797256444299552L,
            -908235285856554578L,
            -1785405279637408062L,
            5343233714768265848L,
            4936964276934412722L,
            2294903531026336836L);
    var key =
        new StringBuilder(PREFIX_HEX).append("000102030405060708090a0b0c0d0e0f").append("c8c9");
    for (int i = 0; i < expected.size(); i++) {
      if (i > 0) {
        key.append(String.format("%02x", 0xc9 + i));
      }
      assertThat(Murmur3Token.token(hex(key.toString())))
          .as("key %s", key)
          .isEqualTo(expected.get(i));
    }
  }

  // apache/cassandra Murmur3Partitioner.getToken: an empty key is MINIMUM (notes §3.4, run 5.0.6).
  @Test
  void token_emptyKey_isMinimum() {
    assertThat(Murmur3Token.token(new byte[0])).isEqualTo(Long.MIN_VALUE);
  }

  // apache/cassandra Murmur3Partitioner.normalize: MINIMUM is reserved and becomes MAXIMUM.
  @Test
  void normalize_minimum_becomesMaximum() {
    assertThat(Murmur3Token.normalize(Long.MIN_VALUE)).isEqualTo(Long.MAX_VALUE);
    assertThat(Murmur3Token.normalize(-1L)).isEqualTo(-1L);
  }

  // The tail word is computed with a mask rather than byte by byte (Murmur3Token.signExtended);
  // it must equal Cassandra's bytewise form, k ^= ((long) b_j) << 8j with b_j a signed byte, for
  // every byte value in every position and for random mixes of high and low bytes.
  @Test
  void signExtended_equalsCassandrasBytewiseWidening() {
    for (int position = 0; position < 8; position++) {
      for (int b = 0; b < 256; b++) {
        long u = (long) b << (8 * position);
        assertThat(Murmur3Token.signExtended(u))
            .as("byte %02x at %d", b, position)
            .isEqualTo(bytewise(u));
      }
    }
    var random = new SplittableRandom(3);
    for (int i = 0; i < 100_000; i++) {
      long u = random.nextLong();
      assertThat(Murmur3Token.signExtended(u)).as("%016x", u).isEqualTo(bytewise(u));
    }
  }

  /** Cassandra's tail loop (MurmurHash.hash3_x64_128), over the 8 bytes of {@code u}. */
  private static long bytewise(long u) {
    long k = 0;
    for (int j = 7; j >= 0; j--) {
      k ^= ((long) (byte) (u >>> (8 * j))) << (8 * j);
    }
    return k;
  }

  private static byte[] hex(String hex) {
    return HexFormat.of().parseHex(hex);
  }

  /** Canonical MurmurHash3_x64_128 h1, seed 0: the tail bytes are unsigned. Test-only. */
  private static long canonicalH1(byte[] key) {
    long c1 = 0x87c37b91114253d5L;
    long c2 = 0x4cf5ad432745937fL;
    long h1 = 0;
    long h2 = 0;
    int blocks = key.length / 16;
    ByteBuffer le = ByteBuffer.wrap(key).order(java.nio.ByteOrder.LITTLE_ENDIAN);
    for (int i = 0; i < blocks; i++) {
      long k1 = le.getLong(i * 16);
      long k2 = le.getLong(i * 16 + 8);
      h1 ^= Long.rotateLeft(k1 * c1, 31) * c2;
      h1 = (Long.rotateLeft(h1, 27) + h2) * 5 + 0x52dce729;
      h2 ^= Long.rotateLeft(k2 * c2, 33) * c1;
      h2 = (Long.rotateLeft(h2, 31) + h1) * 5 + 0x38495ab5;
    }
    long k1 = 0;
    long k2 = 0;
    int tail = blocks * 16;
    for (int j = 0; j < (key.length & 15); j++) {
      long b = key[tail + j] & 0xffL;
      if (j < 8) {
        k1 |= b << (8 * j);
      } else {
        k2 |= b << (8 * (j - 8));
      }
    }
    if ((key.length & 15) > 8) {
      h2 ^= Long.rotateLeft(k2 * c2, 33) * c1;
    }
    if ((key.length & 15) > 0) {
      h1 ^= Long.rotateLeft(k1 * c1, 31) * c2;
    }
    h1 ^= key.length;
    h2 ^= key.length;
    h1 += h2;
    h2 += h1;
    h1 = fmix(h1);
    h2 = fmix(h2);
    return h1 + h2;
  }

  private static long fmix(long k) {
    k = (k ^ (k >>> 33)) * 0xff51afd7ed558ccdL;
    k = (k ^ (k >>> 33)) * 0xc4ceb9fe1a85ec53L;
    return k ^ (k >>> 33);
  }
}
