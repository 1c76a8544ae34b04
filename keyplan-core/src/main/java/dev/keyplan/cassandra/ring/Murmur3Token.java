package dev.keyplan.cassandra.ring;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The token Cassandra's {@code Murmur3Partitioner} gives a serialised partition key.
 *
 * <p>The hash is Cassandra's variant of MurmurHash3_x64_128 with seed 0, of which only the first
 * 64-bit half ({@code h1}) becomes the token. The variant differs from canonical MurmurHash3 in the
 * tail: bytes past the last 16-byte block are widened from signed Java bytes, so a byte of 0x80 or
 * more sets every bit above its position. Cassandra's Javadoc calls this a "sign bug" that cannot
 * be fixed without moving every partition; ScyllaDB and the drivers reproduce it.
 *
 * <p>Sources: apache/cassandra {@code src/java/org/apache/cassandra/utils/MurmurHash.java} ({@code
 * hash3_x64_128}) and {@code src/java/org/apache/cassandra/dht/Murmur3Partitioner.java} ({@code
 * getToken}, {@code normalize}); the deviation is discussed in apache/cassandra-gocql-driver issue
 * #1033 and PR #1035, scylladb/scylla-rust-driver PR #96.
 */
public final class Murmur3Token {
  /** {@code Murmur3Partitioner.MINIMUM}: the token of the empty key, which no real key gets. */
  public static final long MINIMUM = Long.MIN_VALUE;

  /** The largest token; {@link #normalize} moves a hash of {@link #MINIMUM} here. */
  public static final long MAXIMUM = Long.MAX_VALUE;

  private static final long C1 = 0x87c37b91114253d5L;
  private static final long C2 = 0x4cf5ad432745937fL;

  /** The lowest bit of each of a long's eight bytes. */
  private static final long LOW_BITS = 0x0101_0101_0101_0101L;

  /** Eight bytes of an array as one little-endian long, as Cassandra's block reads assemble. */
  private static final VarHandle LONG_LE =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private Murmur3Token() {}

  /** Returns the token of {@code key}, the bytes Cassandra hashes for a partition key. */
  public static long token(byte[] key) {
    if (key.length == 0) {
      return MINIMUM;
    }
    return normalize(h1(key));
  }

  /**
   * Returns {@code value} as a token: {@link #MINIMUM} is reserved (ranges {@code (MINIMUM, t]}
   * select all data up to {@code t}), so Cassandra maps it to {@link #MAXIMUM}. Random tokens go
   * through the same function ({@code Murmur3Partitioner.getRandomToken}).
   */
  public static long normalize(long value) {
    return value == MINIMUM ? MAXIMUM : value;
  }

  private static long h1(byte[] key) {
    int length = key.length;
    int blocks = length >>> 4;
    long h1 = 0;
    long h2 = 0;
    for (int i = 0; i < blocks; i++) {
      // Block bytes are read unsigned in Cassandra too; only the tail differs.
      int at = i << 4;
      h1 ^= mixK1((long) LONG_LE.get(key, at));
      h1 = Long.rotateLeft(h1, 27) + h2;
      h1 = h1 * 5 + 0x52dce729;
      h2 ^= mixK2((long) LONG_LE.get(key, at + 8));
      h2 = Long.rotateLeft(h2, 31) + h1;
      h2 = h2 * 5 + 0x38495ab5;
    }
    int tail = blocks << 4;
    int rest = length & 15;
    if (rest > 8) {
      h2 ^= mixK2(signExtended(tailBytes(key, tail + 8, rest - 8)));
    }
    if (rest > 0) {
      h1 ^= mixK1(signExtended(tailBytes(key, tail, Math.min(rest, 8))));
    }
    h1 ^= length;
    h2 ^= length;
    h1 += h2;
    h2 += h1;
    h1 = fmix(h1);
    h2 = fmix(h2);
    return h1 + h2;
  }

  /**
   * Returns the {@code n} (1 to 8) bytes of {@code key} from {@code from} as an unsigned
   * little-endian long. Unless {@code n} is 8 they are the key's last bytes, so a key of 8 bytes or
   * more is read as one long ending at its end, shifted down; only shorter keys go by byte.
   */
  private static long tailBytes(byte[] key, int from, int n) {
    if (n == 8) {
      return (long) LONG_LE.get(key, from);
    }
    if (key.length >= 8) {
      return (long) LONG_LE.get(key, key.length - 8) >>> (64 - 8 * n);
    }
    long value = 0;
    for (int i = n - 1; i >= 0; i--) {
      value = (value << 8) | (key[from + i] & 0xffL);
    }
    return value;
  }

  /**
   * Returns Cassandra's tail word for the unsigned tail bytes {@code u}. Cassandra XORs in each
   * tail byte as {@code (long) b << 8j}, a signed byte: one of 0x80 or more also XORs ones into
   * every bit above its own byte. So byte k of the result is byte k of {@code u}, flipped once for
   * each such byte below it, i.e. flipped when their count is odd. That count's parity, for all
   * eight bytes at once, is a prefix XOR of the bytes' top bits; no branch, no loop.
   */
  static long signExtended(long u) {
    long high = (u >>> 7) & LOW_BITS;
    // Byte k of parity: the parity of the high bytes among bytes 0..k.
    long parity = high ^ (high << 8);
    parity ^= parity << 16;
    parity ^= parity << 32;
    // Byte k is flipped by the high bytes below it (bytes 0..k-1); * 0xff widens 1 to 0xff.
    return u ^ (((parity << 8) & LOW_BITS) * 0xff);
  }

  private static long mixK1(long k1) {
    return Long.rotateLeft(k1 * C1, 31) * C2;
  }

  private static long mixK2(long k2) {
    return Long.rotateLeft(k2 * C2, 33) * C1;
  }

  private static long fmix(long k) {
    k ^= k >>> 33;
    k *= 0xff51afd7ed558ccdL;
    k ^= k >>> 33;
    k *= 0xc4ceb9fe1a85ec53L;
    k ^= k >>> 33;
    return k;
  }
}
