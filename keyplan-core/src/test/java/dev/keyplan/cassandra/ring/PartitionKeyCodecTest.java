package dev.keyplan.cassandra.ring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

final class PartitionKeyCodecTest {

  // Keyplan research notes §3.4: int 1 hashes 00000001 (cassandra-dtest replication_test.py) and
  // gets -4069959284402364209.
  @Test
  void encode_singleInt_isRawBigEndianValue() {
    byte[] key = PartitionKeyCodec.encode(List.of("int"), List.of("1"));
    assertThat(hex(key)).isEqualTo("00000001");
    assertThat(Murmur3Token.token(key)).isEqualTo(-4069959284402364209L);
  }

  // Notes §3.3, run on cassandra-all 5.0.6: CompositeType(Int32Type, Int32Type).decompose(1, 2)
  // is 0004000000010000040000000200, token 4881097376275569167 (notes §3.4).
  @Test
  void encode_compositeIntInt_matchesCompositeTypeBuild() {
    byte[] key = PartitionKeyCodec.encode(List.of("int", "int"), List.of("1", "2"));
    assertThat(hex(key)).isEqualTo("0004000000010000040000000200");
    assertThat(Murmur3Token.token(key)).isEqualTo(4881097376275569167L);
  }

  // Notes §3.4, run on cassandra-all 5.0.6: composite (text 'a', int 1) gets
  // 8247712171917364652, and so does CompositeType.fromString("a:1") (the nodetool form).
  @Test
  void encode_compositeTextInt_matchesCassandra506AndNodetoolForm() {
    byte[] key = PartitionKeyCodec.encode(List.of("text", "int"), List.of("a", "1"));
    byte[] fromNodetool =
        PartitionKeyCodec.encode(List.of("text", "int"), PartitionKeyCodec.splitNodetoolKey("a:1"));
    assertThat(Murmur3Token.token(key)).isEqualTo(8247712171917364652L);
    assertThat(fromNodetool).isEqualTo(key);
  }

  // apache/cassandra-gocql-driver internal/murmur/murmur_test.go: the regression key is a
  // (uuid, int) composite; decoding its bytes gives uuid 4327529f-b645-dd00-b883-ec39ae448bb8
  // and int 0x00066a6b = 420459. Re-encoding must give the same bytes and token.
  @Test
  void encode_gocqlUuidIntComposite_reproducesBytesAndToken() {
    byte[] key =
        PartitionKeyCodec.encode(
            List.of("uuid", "int"), List.of("4327529f-b645-dd00-b883-ec39ae448bb8", "420459"));
    assertThat(hex(key)).isEqualTo("00104327529fb645dd00b883ec39ae448bb800000400066a6b00");
    assertThat(Murmur3Token.token(key)).isEqualTo(-9223371632693506265L);
  }

  // Notes §3.4 (cassandra-all 5.0.6): bigint 1 and text 'hello'; python-driver
  // tests/unit/test_metadata.py: text '123'.
  @ParameterizedTest
  @CsvSource({
    "bigint, 1, 6292367497774912474",
    "text, hello, -3758069500696749310",
    "varchar, hello, -3758069500696749310",
    "text, 123, -7468325962851647638",
  })
  void encode_singleValues_hashToPublishedTokens(String type, String value, long token) {
    assertThat(Murmur3Token.token(PartitionKeyCodec.encode(List.of(type), List.of(value))))
        .isEqualTo(token);
  }

  // Fixed-width integer serializers (apache/cassandra serializers/{Short,Byte,Int32,Long}
  // Serializer): big-endian two's complement.
  @ParameterizedTest
  @CsvSource({
    "smallint, 1, 0001",
    "smallint, -2, fffe",
    "tinyint, -1, ff",
    "tinyint, 127, 7f",
    "int, -1, ffffffff",
    "int, +7, 00000007",
    "bigint, -9223372036854775808, 8000000000000000",
    "boolean, true, 01",
    "boolean, FALSE, 00",
    "blob, 0x00FF, 00ff",
    "blob, cafe, cafe",
    "ascii, AZ, 415a",
    "text, é, c3a9",
  })
  void encodeValue_simpleTypes_matchCassandraSerializers(String type, String value, String hex) {
    assertThat(hex(PartitionKeyCodec.encodeValue(CqlKeyType.fromName(type), value))).isEqualTo(hex);
  }

  // apache/cassandra serializers/SimpleDateSerializer.java: days since the epoch shifted by
  // 2^31 ("epoch sitting in the center @ 2^31"); a bare number is the raw unsigned day count.
  @ParameterizedTest
  @CsvSource({
    "1970-01-01, 80000000",
    "1969-12-31, 7fffffff",
    "1970-01-02, 80000001",
    "2147483648, 80000000",
    "0, 00000000",
    "4294967295, ffffffff",
  })
  void encodeValue_date_isEpochDayPlus2To31(String value, String hex) {
    assertThat(hex(PartitionKeyCodec.encodeValue(CqlKeyType.DATE, value))).isEqualTo(hex);
  }

  // apache/cassandra serializers/TimestampSerializer.java: 8 bytes of epoch milliseconds; the
  // ISO forms and the bare millisecond count must agree (java.time computes the expected value).
  @ParameterizedTest
  @CsvSource({
    "2026-01-02T03:04:05Z",
    "'2026-01-02 03:04:05+0000'",
    "2026-01-02T05:04:05+02:00",
    "2026-01-02T03:04:05.000Z",
  })
  void encodeValue_timestampIsoForms_equalEpochMillis(String value) {
    long millis = Instant.parse("2026-01-02T03:04:05Z").toEpochMilli();
    assertThat(PartitionKeyCodec.encodeValue(CqlKeyType.TIMESTAMP, value))
        .isEqualTo(PartitionKeyCodec.encodeValue(CqlKeyType.TIMESTAMP, Long.toString(millis)));
  }

  @Test
  void encodeValue_timestampZero_isEightZeroBytes() {
    assertThat(hex(PartitionKeyCodec.encodeValue(CqlKeyType.TIMESTAMP, "0")))
        .isEqualTo("0000000000000000");
  }

  @Test
  void encodeValue_timestampWithoutOffset_isRejectedNamingTheOffset() {
    assertThatThrownBy(
            () -> PartitionKeyCodec.encodeValue(CqlKeyType.TIMESTAMP, "2026-01-02 03:04:05"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("timestamp")
        .hasMessageContaining("zone offset");
  }

  // apache/cassandra TimeUUIDType / TimeUUIDSerializer validate: byte 6 & 0xf0 must be 0x10.
  @Test
  void encodeValue_timeuuidVersion1_isAccepted() {
    assertThat(
            hex(
                PartitionKeyCodec.encodeValue(
                    CqlKeyType.TIMEUUID, "50554d6e-29bb-11e5-b345-feff819cdc9f")))
        .isEqualTo("50554d6e29bb11e5b345feff819cdc9f");
  }

  @Test
  void encodeValue_timeuuidVersion4_isRejectedNamingTheVersion() {
    assertThatThrownBy(
            () ->
                PartitionKeyCodec.encodeValue(
                    CqlKeyType.TIMEUUID, "123e4567-e89b-42d3-a456-426614174000"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("timeuuid")
        .hasMessageContaining("version 4");
  }

  @ParameterizedTest
  @CsvSource({
    "int, 2147483648, int value '2147483648' is not valid: expected a whole number from",
    "int, abc, int value 'abc' is not valid",
    "tinyint, 128, tinyint value '128'",
    "uuid, 1-2-3-4-5, expected 32 hex digits",
    "boolean, yes, expected true or false",
    "blob, 0xabc, expected an even number of hex digits",
    "date, 2026-02-30, expected a date yyyy-mm-dd",
    "date, 4294967296, expected a date yyyy-mm-dd",
    "ascii, é, US-ASCII",
    "timestamp, tomorrow, expected milliseconds since",
  })
  void encodeValue_badLiteral_namesTypeAndExpectation(String type, String value, String message) {
    assertThatThrownBy(() -> PartitionKeyCodec.encodeValue(CqlKeyType.fromName(type), value))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(message);
  }

  @Test
  void encode_wrongValueCount_explainsOnePerComponent() {
    assertThatThrownBy(() -> PartitionKeyCodec.encode(List.of("int", "text"), List.of("1")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "1 value given for a partition key of 2 components (int, text):"
                + " expected one value per component");
  }

  // apache/cassandra cql3/Validation.validateKey: "Key may not be empty".
  @Test
  void encode_emptySingleKey_isRejected() {
    assertThatThrownBy(() -> PartitionKeyCodec.encode(List.of("text"), List.of("")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("cannot be empty");
  }

  // An empty component is fine inside a composite: length 0000, no bytes, end-of-component 00.
  @Test
  void encode_emptyComponentInComposite_isLengthZero() {
    assertThat(hex(PartitionKeyCodec.encode(List.of("text", "int"), List.of("", "1"))))
        .isEqualTo("00000000040000000100");
  }

  // CompositeType writes component lengths as unsigned shorts (ByteBufferUtil.writeShortLength).
  @Test
  void compose_componentOver65535Bytes_isRejected() {
    assertThatThrownBy(() -> PartitionKeyCodec.compose(List.of(new byte[65536], new byte[1])))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("component 1 is 65536 bytes");
  }

  // apache/cassandra cql3/Validation.validateKey: "Key length of ... is longer than maximum of
  // 65535".
  @Test
  void compose_keyOver65535Bytes_isRejected() {
    assertThatThrownBy(() -> PartitionKeyCodec.compose(List.of(new byte[65536])))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("at most 65535");
    var halves = new ArrayList<byte[]>(List.of(new byte[40_000], new byte[40_000]));
    assertThatThrownBy(() -> PartitionKeyCodec.compose(halves)).hasMessageContaining("80006 bytes");
  }

  @Test
  void compose_componentOf65535Bytes_isAccepted() {
    assertThat(PartitionKeyCodec.compose(List.of(new byte[65535]))).hasSize(65535);
  }

  // apache/cassandra db/marshal/AbstractCompositeType.java split/unescape: split on ':' not
  // preceded by '\', turn '\:' into ':', drop one trailing '!'.
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "a:1|a,1",
        "a\\:b:1|a:b,1",
        "x\\!:1|x\\,1",
        "one|one",
      })
  void splitNodetoolKey_escapes_followAbstractCompositeType(String key, String parts) {
    assertThat(PartitionKeyCodec.splitNodetoolKey(key)).containsExactly(parts.split(","));
  }

  private static String hex(byte[] bytes) {
    return HexFormat.of().formatHex(bytes);
  }
}
