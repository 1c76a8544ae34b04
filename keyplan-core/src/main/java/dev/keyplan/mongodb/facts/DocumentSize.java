package dev.keyplan.mongodb.facts;

import java.io.OutputStream;
import java.util.List;
import java.util.function.IntFunction;
import org.bson.BsonBinary;
import org.bson.BsonBinaryWriter;
import org.bson.BsonDocument;
import org.bson.BsonDocumentWriter;
import org.bson.BsonTimestamp;
import org.bson.BsonValue;
import org.bson.BsonWriter;
import org.bson.ByteBuf;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.EncoderContext;
import org.bson.io.OutputBuffer;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;

/**
 * The BSON size of a document, the figure MongoDB's 16 MB limit ({@link
 * MongoDbLimits#MAX_DOCUMENT_BYTES}) applies to, measured by the {@code org.mongodb:bson} library:
 * the document is encoded with its {@link BsonBinaryWriter} and the bytes it writes are counted.
 * Nothing here re-implements BSON's encoding.
 *
 * <p>What the library writes (the BSON specification, https://bsonspec.org/spec.html): a document
 * is an int32 total size, its elements and a closing NUL; an element is a type byte, the field name
 * and a NUL, and the value. Worked example, the manual's {@code {_id: ObjectId(…), item:
 * "Chocolates", qty: 25}}: 4 + (1 + 4 + 12) + (1 + 5 + 4 + 10 + 1) + (1 + 4 + 4) + 1 = <b>52
 * bytes</b>. An array is a document whose names are "0", "1", …, so the names grow with the index:
 * elements 0–9 of int32 cost 7 bytes each, 10–99 cost 8 ("10" and its NUL), 100–999 cost 9.
 *
 * <p>For a design that exists only as a model, {@link #of(List)} measures a representative document
 * built from field shapes ({@link FieldSpec}, {@link ValueSpec}); {@link #build} returns the same
 * document as a {@link BsonDocument} to look at. Both write the same values through the library's
 * writers. The measurement streams the document into a counter, so an array of millions of elements
 * costs time in proportion to its length, and no memory.
 */
public final class DocumentSize {
  private DocumentSize() {}

  private static final BsonDocumentCodec CODEC = new BsonDocumentCodec();

  /** The ObjectId of representative documents; every ObjectId has the same 12 bytes. */
  private static final ObjectId REPRESENTATIVE_ID = new ObjectId("000000000000000000000000");

  /** Returns the BSON size of {@code document} in bytes: 52 for the manual's chocolates. */
  public static long of(BsonDocument document) {
    if (document instanceof RawBsonDocument raw) {
      // Already encoded: its bytes are the document.
      return raw.getByteBuffer().remaining();
    }
    var counter = new ByteCounter();
    try (var writer = new BsonBinaryWriter(counter)) {
      CODEC.encode(writer, document, EncoderContext.builder().build());
    }
    return counter.count();
  }

  /** Returns the BSON size of the representative document of {@code fields}. */
  public static long of(List<FieldSpec> fields) {
    var counter = new ByteCounter();
    try (var writer = new BsonBinaryWriter(counter)) {
      writeDocument(writer, fields);
    }
    return counter.count();
  }

  /**
   * Returns the representative document of {@code fields}: an ObjectId of zeros, a string of {@code
   * x}s of the given length, zero for numbers and dates, false, and binary of zero bytes.
   */
  public static BsonDocument build(List<FieldSpec> fields) {
    var writer = new BsonDocumentWriter(new BsonDocument());
    writeDocument(writer, fields);
    return writer.getDocument();
  }

  /** Returns whether MongoDB stores a document of this size: 16,777,216 bytes still fits. */
  public static boolean fits(long bytes) {
    return bytes <= MongoDbLimits.MAX_DOCUMENT_BYTES;
  }

  /**
   * Returns the largest {@code n} for which the document {@code shape.apply(n)} fits 16 MB, or −1
   * when even {@code shape.apply(0)} does not; {@code shape} must grow with {@code n}, as an array
   * of {@code n} elements does. Found by doubling then halving, each step measured.
   *
   * <p>Example: {@code {_id: ObjectId, items: [n int32s]}} has room for 1,376,022 items (16,777,210
   * bytes; one more is 16,777,223), not the 16 MB / 4 bytes a count of values suggests: each
   * element also costs its type byte and its name, "1376021" and a NUL being 8 bytes.
   */
  public static int largestFitting(IntFunction<List<FieldSpec>> shape) {
    if (!fits(of(shape.apply(0)))) {
      return -1;
    }
    int low = 0;
    int high = 1;
    while (fits(of(shape.apply(high)))) {
      low = high;
      if (high > Integer.MAX_VALUE / 2) {
        return Integer.MAX_VALUE;
      }
      high *= 2;
    }
    // fits(low) and !fits(high).
    while (high - low > 1) {
      int mid = low + (high - low) / 2;
      if (fits(of(shape.apply(mid)))) {
        low = mid;
      } else {
        high = mid;
      }
    }
    return low;
  }

  /**
   * Returns the nesting depth of {@code document} as the server counts it for {@link
   * MongoDbLimits#MAX_NESTING_DEPTH}: the document itself is level 1, and each non-empty embedded
   * document or array adds one; an empty one adds none. {@code {a: {b: [1]}}} is 3, {@code {a: {}}}
   * is 1.
   */
  public static int nestingDepth(BsonDocument document) {
    return 1 + childDepth(document.values());
  }

  private static int childDepth(Iterable<BsonValue> values) {
    int deepest = 0;
    for (BsonValue v : values) {
      if (v.isDocument() && !v.asDocument().isEmpty()) {
        deepest = Math.max(deepest, 1 + childDepth(v.asDocument().values()));
      } else if (v.isArray() && !v.asArray().isEmpty()) {
        deepest = Math.max(deepest, 1 + childDepth(v.asArray().getValues()));
      }
    }
    return deepest;
  }

  // ----- representative values, written through the library's writers -----

  private static void writeDocument(BsonWriter writer, List<FieldSpec> fields) {
    writer.writeStartDocument();
    for (FieldSpec field : fields) {
      writer.writeName(field.name());
      writeValue(writer, field.value());
    }
    writer.writeEndDocument();
  }

  private static void writeValue(BsonWriter writer, ValueSpec spec) {
    if (spec instanceof ValueSpec.Fixed fixed) {
      writeFixed(writer, fixed);
    } else if (spec instanceof ValueSpec.Text text) {
      writer.writeString("x".repeat(text.utf8Bytes()));
    } else if (spec instanceof ValueSpec.Binary binary) {
      writer.writeBinaryData(new BsonBinary(binary.subtype(), new byte[binary.bytes()]));
    } else if (spec instanceof ValueSpec.Array array) {
      writer.writeStartArray();
      for (int i = 0; i < array.count(); i++) {
        writeValue(writer, array.element());
      }
      writer.writeEndArray();
    } else if (spec instanceof ValueSpec.Document document) {
      writeDocument(writer, document.fields());
    } else {
      throw new AssertionError("unknown value shape " + spec);
    }
  }

  private static void writeFixed(BsonWriter writer, ValueSpec.Fixed fixed) {
    switch (fixed.type()) {
      case DOUBLE:
        writer.writeDouble(0);
        return;
      case INT32:
        writer.writeInt32(0);
        return;
      case INT64:
        writer.writeInt64(0);
        return;
      case DECIMAL128:
        writer.writeDecimal128(Decimal128.POSITIVE_ZERO);
        return;
      case OBJECT_ID:
        writer.writeObjectId(REPRESENTATIVE_ID);
        return;
      case BOOLEAN:
        writer.writeBoolean(false);
        return;
      case DATE_TIME:
        writer.writeDateTime(0);
        return;
      case TIMESTAMP:
        writer.writeTimestamp(new BsonTimestamp(0L));
        return;
      case NULL:
        writer.writeNull();
        return;
      case UNDEFINED:
        writer.writeUndefined();
        return;
      case MIN_KEY:
        writer.writeMinKey();
        return;
      case MAX_KEY:
        writer.writeMaxKey();
        return;
      default:
        throw new AssertionError("not a fixed-size type: " + fixed.type());
    }
  }

  /**
   * An output for {@link BsonBinaryWriter} that counts the bytes written and keeps none. The writer
   * goes back to fill in each document's size once it is known; those writes land on bytes already
   * counted, so they are skipped.
   */
  private static final class ByteCounter extends OutputBuffer {
    private long count;

    long count() {
      return count;
    }

    @Override
    public int getPosition() {
      // The writer only subtracts positions, which stays right even past 2 GiB (mod 2^32).
      return (int) count;
    }

    @Override
    public int getSize() {
      return (int) count;
    }

    @Override
    public void writeBytes(byte[] bytes, int offset, int length) {
      count += length;
    }

    @Override
    public void writeByte(int value) {
      count++;
    }

    @Override
    protected void write(int absolutePosition, int value) {
      // A size filled in after the fact: already counted.
    }

    @Override
    public void truncateToPosition(int newPosition) {
      throw new UnsupportedOperationException("a byte counter cannot be truncated");
    }

    @Override
    public int pipe(OutputStream out) {
      throw new UnsupportedOperationException("a byte counter keeps no bytes");
    }

    @Override
    public List<ByteBuf> getByteBuffers() {
      throw new UnsupportedOperationException("a byte counter keeps no bytes");
    }
  }
}
