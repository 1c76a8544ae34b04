package dev.keyplan.fidelity;

import java.nio.ByteBuffer;
import org.apache.cassandra.config.DatabaseDescriptor;
import org.apache.cassandra.db.marshal.AbstractType;
import org.apache.cassandra.dht.Murmur3Partitioner;

/**
 * cassandra-all 5.0.6 in-process, as the oracle keyplan is compared with.
 *
 * <p>{@code DatabaseDescriptor.clientInitialization()} loads the configuration a client tool needs
 * (partitioner, marshal types) without a cassandra.yaml, data directories or a node; the
 * partitioner is then pinned to {@code Murmur3Partitioner}, the default since 1.2 and the only one
 * keyplan models. Notes: shared/notes/cassandra.md §4.4.
 */
final class Cassandra {
  static {
    DatabaseDescriptor.clientInitialization();
    DatabaseDescriptor.setPartitionerUnsafe(Murmur3Partitioner.instance);
  }

  private Cassandra() {}

  /** Makes sure the static initialisation above has run; call it before any other Cassandra use. */
  static void init() {
    // The work is in the static block, so it runs once however many test classes call this.
  }

  /** Returns Cassandra's token of {@code key}, the serialised partition key. */
  static long token(ByteBuffer key) {
    return Murmur3Partitioner.instance.getToken(key.duplicate()).token;
  }

  /** Returns {@code value} serialised by {@code type}, whose Java class it must have. */
  @SuppressWarnings("unchecked")
  static ByteBuffer decompose(AbstractType<?> type, Object value) {
    return ((AbstractType<Object>) type).decompose(value);
  }

  /** Returns the remaining bytes of {@code buffer}, leaving its position alone. */
  static byte[] bytes(ByteBuffer buffer) {
    byte[] out = new byte[buffer.remaining()];
    buffer.duplicate().get(out);
    return out;
  }
}
