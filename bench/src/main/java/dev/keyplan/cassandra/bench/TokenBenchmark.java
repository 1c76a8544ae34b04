package dev.keyplan.cassandra.bench;

import dev.keyplan.cassandra.ring.CqlKeyType;
import dev.keyplan.cassandra.ring.Murmur3Token;
import dev.keyplan.cassandra.ring.PartitionKeyCodec;
import java.nio.ByteBuffer;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.apache.cassandra.dht.Murmur3Partitioner;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The token of one serialised partition key: keyplan's {@link Murmur3Token#token} against the named
 * baseline {@link #cassandra}, cassandra-all 5.0.6's {@code
 * Murmur3Partitioner.instance.getToken(ByteBuffer)}.
 *
 * <p>Both hash the same pool of {@value #KEYS} keys, serialised once in {@link #keys} (the bytes
 * are the input; serialising is not measured) and taken in turn, so neither benchmark hashes one
 * key the JIT could fold. {@link #keyType}:
 *
 * <ul>
 *   <li>{@code bigint}: random 64-bit values, 8 bytes each: no 16-byte block, only the tail;
 *   <li>{@code text}: random letters and digits, 1-48 characters, so every tail length and zero to
 *       three 16-byte blocks occur (24.5 bytes on average).
 * </ul>
 *
 * Targets (bench/RESULTS.md, issue 5): keyplan at least 1.5 times as fast, and no allocation per
 * token ({@code -prof gc}: {@code gc.alloc.rate.norm} about 0 B/op). Run with {@code bench/run.sh
 * cassandra}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
// A token takes nanoseconds, so 1 s iterations hold ~10^8 of them; 3 warm-up iterations reached
// the steady score on the 2-core machine of bench/RESULTS.md.
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class TokenBenchmark {
  /** A power of two, so the next key is an AND away; 1,024 keys of ≤ 48 bytes stay in cache. */
  static final int KEYS = 1 << 10;

  private static final long SEED = 5_0_6L;
  private static final String LETTERS_AND_DIGITS =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

  @Param({"bigint", "text"})
  public String keyType;

  private byte[][] keys;

  /** The same bytes as {@link #keys}, in buffers of their own for Cassandra. */
  private ByteBuffer[] buffers;

  private int next;

  @Setup(Level.Trial)
  public void keys() {
    CassandraClient.init();
    var random = new SplittableRandom(SEED);
    keys = new byte[KEYS][];
    buffers = new ByteBuffer[KEYS];
    for (int i = 0; i < KEYS; i++) {
      keys[i] =
          switch (keyType) {
            case "bigint" ->
                PartitionKeyCodec.encodeValue(CqlKeyType.BIGINT, Long.toString(random.nextLong()));
            case "text" -> PartitionKeyCodec.encodeValue(CqlKeyType.TEXT, text(random));
            default ->
                throw new IllegalArgumentException("keyType is bigint or text, not " + keyType);
          };
      buffers[i] = ByteBuffer.wrap(keys[i].clone());
    }
    // A benchmark of two different functions would be meaningless: fail the trial instead.
    for (int i = 0; i < KEYS; i++) {
      long keyplan = Murmur3Token.token(keys[i]);
      long cassandra = Murmur3Partitioner.instance.getToken(buffers[i]).token;
      if (keyplan != cassandra) {
        throw new IllegalStateException(
            "key " + i + ": keyplan token " + keyplan + ", Cassandra " + cassandra);
      }
    }
  }

  /** keyplan: the token of the next key's bytes. */
  @Benchmark
  public long keyplan() {
    return Murmur3Token.token(keys[nextKey()]);
  }

  /** Baseline: Cassandra's token of the same bytes, as a long like keyplan's. */
  @Benchmark
  public long cassandra() {
    return Murmur3Partitioner.instance.getToken(buffers[nextKey()]).token;
  }

  private int nextKey() {
    int i = next;
    next = (i + 1) & (KEYS - 1);
    return i;
  }

  private static String text(SplittableRandom random) {
    var sb = new StringBuilder();
    int length = random.nextInt(1, 49);
    for (int i = 0; i < length; i++) {
      sb.append(LETTERS_AND_DIGITS.charAt(random.nextInt(LETTERS_AND_DIGITS.length())));
    }
    return sb.toString();
  }
}
