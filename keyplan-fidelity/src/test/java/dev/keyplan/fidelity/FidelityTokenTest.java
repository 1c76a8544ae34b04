package dev.keyplan.fidelity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.cassandra.ring.CqlKeyType;
import dev.keyplan.cassandra.ring.Murmur3Token;
import dev.keyplan.cassandra.ring.PartitionKeyCodec;
import dev.keyplan.fidelity.KeyValues.Sample;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.apache.cassandra.db.marshal.AbstractType;
import org.apache.cassandra.db.marshal.CompositeType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * keyplan's partition-key bytes ({@link PartitionKeyCodec}) and tokens ({@link Murmur3Token}) equal
 * cassandra-all 5.0.6's for every supported CQL type and for composite keys, on 10,000 seeded
 * random values each plus the edge values of {@link KeyValues#edges}.
 *
 * <p>Three comparisons per value:
 *
 * <ul>
 *   <li><b>bytes</b>: keyplan's serialisation of the literal equals the Cassandra marshal type's
 *       {@code decompose} of the value (for composites, {@code CompositeType.decompose});
 *   <li><b>literal</b>: Cassandra's {@code fromString} of the literal, which {@code nodetool
 *       getendpoints} uses, gives the same bytes, so keyplan reads literals as Cassandra does;
 *   <li><b>token</b>: {@link Murmur3Token#token} of keyplan's bytes equals {@code
 *       Murmur3Partitioner.getToken} of Cassandra's.
 * </ul>
 *
 * <p>CQL's floating-point types cannot be partition keys in keyplan ({@link CqlKeyType} has no
 * float or double), so there are no negative-zero or NaN cases here.
 */
final class FidelityTokenTest {
  private static final int RANDOM_VALUES = 10_000;

  /** Issue 5; any fixed seed would do, as long as a failure can be replayed. */
  private static final long SEED = 5_0_6L;

  @BeforeAll
  static void startCassandra() {
    Cassandra.init();
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(CqlKeyType.class)
  void oneColumnKey_bytesLiteralAndToken_matchCassandra(CqlKeyType type) {
    List<Sample> samples = new ArrayList<>(KeyValues.edges(type));
    int edges = samples.size();
    var random = new SplittableRandom(SEED + type.ordinal());
    for (int i = 0; i < RANDOM_VALUES; i++) {
      samples.add(KeyValues.random(type, random));
    }
    AbstractType<?> cassandraType = KeyValues.cassandraType(type);
    var tally =
        new Tally(
            String.format(
                Locale.ROOT,
                "%s (%s): %,d random and %d edge values",
                type,
                cassandraType.getClass().getSimpleName(),
                RANDOM_VALUES,
                edges));
    for (Sample sample : samples) {
      ByteBuffer expected = Cassandra.decompose(cassandraType, sample.value());
      byte[] keyplan = keyplanOrNull(() -> PartitionKeyCodec.encodeValue(type, sample.literal()));
      tally.check(
          "bytes",
          keyplan != null && Arrays.equals(keyplan, Cassandra.bytes(expected)),
          () -> sample + " keyplan " + hex(keyplan) + ", Cassandra " + hex(expected));
      ByteBuffer parsed = cassandraOrNull(() -> cassandraType.fromString(sample.nodetoolLiteral()));
      tally.check(
          "literal",
          expected.equals(parsed),
          () -> sample + " Cassandra fromString " + hex(parsed) + ", decompose " + hex(expected));
      if (keyplan != null) {
        long token = Murmur3Token.token(keyplan);
        long cassandraToken = Cassandra.token(expected);
        tally.check(
            "token",
            token == cassandraToken,
            () -> sample + " keyplan " + token + ", Cassandra " + cassandraToken);
      }
    }
    tally.assertAllSame();
    assertThat(tally.compared("token")).isEqualTo(RANDOM_VALUES + edges);
  }

  /**
   * Composite keys of 2-3 components of random types; one component in ten is an edge value, so
   * empty text, extreme integers and 0xfe tails also appear inside composites.
   */
  @Test
  void compositeKey_bytesNodetoolFormAndToken_matchCompositeType() {
    var random = new SplittableRandom(SEED ^ 0xC0FFEE);
    CqlKeyType[] types = CqlKeyType.values();
    var tally =
        new Tally(
            String.format(
                Locale.ROOT, "composite keys of 2-3 components: %,d random keys", RANDOM_VALUES));
    int nodetoolSkipped = 0;
    for (int i = 0; i < RANDOM_VALUES; i++) {
      int size = 2 + random.nextInt(2);
      List<Sample> components = new ArrayList<>(size);
      for (int c = 0; c < size; c++) {
        CqlKeyType type = types[random.nextInt(types.length)];
        if (random.nextInt(10) == 0) {
          List<Sample> edges = KeyValues.edges(type);
          components.add(edges.get(random.nextInt(edges.size())));
        } else {
          components.add(KeyValues.random(type, random));
        }
      }
      List<AbstractType<?>> cassandraTypes = new ArrayList<>();
      List<String> typeNames = new ArrayList<>();
      List<String> literals = new ArrayList<>();
      List<String> escaped = new ArrayList<>();
      Object[] values = new Object[size];
      for (int c = 0; c < size; c++) {
        Sample sample = components.get(c);
        cassandraTypes.add(KeyValues.cassandraType(sample.type()));
        typeNames.add(sample.type().cqlName());
        literals.add(sample.literal());
        escaped.add(escape(sample.nodetoolLiteral()));
        values[c] = sample.value();
      }
      CompositeType composite = CompositeType.getInstance(cassandraTypes);
      ByteBuffer expected = composite.decompose(values);
      byte[] keyplan = keyplanOrNull(() -> PartitionKeyCodec.encode(typeNames, literals));
      tally.check(
          "bytes",
          keyplan != null && Arrays.equals(keyplan, Cassandra.bytes(expected)),
          () -> components + " keyplan " + hex(keyplan) + ", Cassandra " + hex(expected));
      if (keyplan != null) {
        long token = Murmur3Token.token(keyplan);
        long cassandraToken = Cassandra.token(expected);
        tally.check(
            "token",
            token == cassandraToken,
            () -> components + " keyplan " + token + ", Cassandra " + cassandraToken);
      }
      // AbstractCompositeType.fromString reads a part of exactly "_" (or an unescaped "!") as
      // an end-of-component marker, so nodetool cannot name such a key; keyplan reads "_" as
      // text. Those keys are left out of this comparison only.
      if (escaped.contains("_")) {
        nodetoolSkipped++;
        continue;
      }
      String nodetoolKey = String.join(":", escaped);
      ByteBuffer parsed = cassandraOrNull(() -> composite.fromString(nodetoolKey));
      byte[] keyplanParsed =
          keyplanOrNull(
              () ->
                  PartitionKeyCodec.encode(
                      typeNames, PartitionKeyCodec.splitNodetoolKey(nodetoolKey)));
      tally.check(
          "nodetool form",
          expected.equals(parsed)
              && keyplanParsed != null
              && Arrays.equals(keyplanParsed, Cassandra.bytes(expected)),
          () ->
              "'"
                  + nodetoolKey
                  + "' Cassandra fromString "
                  + hex(parsed)
                  + ", keyplan "
                  + hex(keyplanParsed)
                  + ", decompose "
                  + hex(expected));
    }
    tally.assertAllSame();
    assertThat(tally.compared("token")).isEqualTo(RANDOM_VALUES);
    // The "_" component needs a one-code-point text or ascii value that is "_": rare.
    assertThat(nodetoolSkipped)
        .as("keys left out of the nodetool-form comparison")
        .isLessThan(RANDOM_VALUES / 100);
  }

  /**
   * {@code AbstractCompositeType.escape}'s rule, written out: ':' becomes "\:", and a part ending
   * in '\' or '!' gets a '!' so the separator after it is not read as escaped.
   */
  private static String escape(String part) {
    if (part.isEmpty()) {
      return part;
    }
    String escaped = part.replace(":", "\\:");
    char last = escaped.charAt(escaped.length() - 1);
    return last == '\\' || last == '!' ? escaped + '!' : escaped;
  }

  /** Returns keyplan's bytes, or null when keyplan rejects the literal (counted as different). */
  private static byte[] keyplanOrNull(Supplier<byte[]> encode) {
    try {
      return encode.get();
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  /** Returns Cassandra's bytes, or null when Cassandra rejects the literal. */
  private static ByteBuffer cassandraOrNull(Supplier<ByteBuffer> parse) {
    try {
      return parse.get();
    } catch (RuntimeException e) {
      return null;
    }
  }

  private static String hex(byte[] bytes) {
    return bytes == null ? "(rejected)" : "0x" + HexFormat.of().formatHex(bytes);
  }

  private static String hex(ByteBuffer bytes) {
    return bytes == null ? "(rejected)" : hex(Cassandra.bytes(bytes));
  }
}
