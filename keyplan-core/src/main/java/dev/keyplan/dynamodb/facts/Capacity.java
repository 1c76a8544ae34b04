package dev.keyplan.dynamodb.facts;

import java.util.Collection;

/**
 * Provisioned-capacity arithmetic: the read and write capacity units (RCU, WCU) one DynamoDB
 * request consumes, computed from item sizes ({@link ItemSize}). On-demand request units (RRU, WRU)
 * follow the same rounding.
 *
 * <p>Sources (read 2026-12-02): AWS DynamoDB Developer Guide, "DynamoDB read and write operations"
 * (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/read-write-operations.html) and
 * its archived predecessor doc_source/ProvisionedThroughput.md; doc_source/GSI.md ("Provisioned
 * throughput considerations for Global Secondary Indexes"); doc_source/ transaction-apis.md
 * ("Capacity management for transactions"); mhart/dynalite {@code db/index.js} {@code
 * capacityUnits}.
 *
 * <p>Reads. One RCU is one strongly consistent read of up to 4 KB per second; an eventually
 * consistent read costs half, a transactional read double. Sizes round up to the next 4 KB:
 *
 * <ul>
 *   <li>GetItem and each item of BatchGetItem and TransactGetItems round on their own: a batch of
 *       1.5 KB and 6.5 KB items is 4 + 8 = 12 KB, <b>3 RCU</b> strongly consistent, not the 2 that
 *       8 KB would give;
 *   <li>Query and Scan add the sizes of every item they evaluate, before any filter expression, and
 *       round once: ten items totalling 40.8 KB round to 44 KB, <b>11 RCU</b> strongly consistent,
 *       5.5 eventually consistent;
 *   <li>"If you perform a read operation on an item that does not exist, DynamoDB still consumes
 *       provisioned read throughput: a strongly consistent read request consumes one read capacity
 *       unit, while an eventually consistent read request consumes 0.5": every read here costs at
 *       least one 4 KB unit.
 * </ul>
 *
 * <p>Writes. One WCU is one write of up to 1 KB per second; sizes round up to the next 1 KB and a
 * transactional write costs double (prepare and commit). PutItem, UpdateItem and DeleteItem are
 * charged on the larger of the item before and after: an update of one small attribute of a 3 KB
 * item costs 3 WCU. BatchWriteItem rounds each item: 500 B and 3.5 KB are 1 + 4 = <b>5 WCU</b>, not
 * 4. A transaction writing three 500 B items costs 3 × 2 = <b>6 WCU</b>.
 *
 * <p>Rates. Seed 000's example: 400 eventually consistent reads per second of 3 KB items need 400 ×
 * 0.5 = <b>200 RCU</b>; a strongly consistent read of a 20 KB item costs 20 / 4 = <b>5 RCU</b>.
 */
public final class Capacity {
  private Capacity() {}

  /** How a read is made, and what it costs per 4 KB unit. */
  public enum Read {
    /** The default of GetItem, Query and Scan, and the only mode of GSIs: half a unit. */
    EVENTUAL(0.5),
    /** {@code ConsistentRead: true}: one unit. */
    STRONG(1),
    /** TransactGetItems: two units, one to prepare and one to commit. */
    TRANSACTIONAL(2);

    private final double unitsPer4Kb;

    Read(double unitsPer4Kb) {
      this.unitsPer4Kb = unitsPer4Kb;
    }

    /** Returns the capacity units one 4 KB block costs in this mode. */
    public double unitsPer4Kb() {
      return unitsPer4Kb;
    }
  }

  /** How a write is made, and what it costs per 1 KB unit. */
  public enum Write {
    /** PutItem, UpdateItem, DeleteItem, BatchWriteItem: one unit. */
    STANDARD(1),
    /** TransactWriteItems: two units, one to prepare and one to commit. */
    TRANSACTIONAL(2);

    private final int unitsPer1Kb;

    Write(int unitsPer1Kb) {
      this.unitsPer1Kb = unitsPer1Kb;
    }

    /** Returns the capacity units one 1 KB block costs in this mode. */
    public int unitsPer1Kb() {
      return unitsPer1Kb;
    }
  }

  /**
   * Returns the 4 KB blocks a read of {@code bytes} is charged for: ⌈bytes / 4,096⌉, and at least
   * one, because a read that finds nothing is still charged a unit.
   */
  public static long readBlocks(long bytes) {
    requireSize(bytes);
    return Math.max(1, ceilDiv(bytes, DynamoDbLimits.READ_UNIT_BYTES));
  }

  /**
   * Returns the 1 KB blocks a write of {@code bytes} is charged for: ⌈bytes / 1,024⌉, at least one
   * (a DeleteItem of a missing item still costs 1 WCU, as dynalite charges it).
   */
  public static long writeBlocks(long bytes) {
    requireSize(bytes);
    return Math.max(1, ceilDiv(bytes, DynamoDbLimits.WRITE_UNIT_BYTES));
  }

  /** GetItem: 4,096 B is 0.5 RCU eventually consistent, 4,097 B is 1; a missing item is 0 B. */
  public static double getItem(long itemBytes, Read read) {
    return readBlocks(itemBytes) * read.unitsPer4Kb();
  }

  /**
   * BatchGetItem (and TransactGetItems with {@link Read#TRANSACTIONAL}): each item rounds alone.
   */
  public static double batchGetItem(Collection<Long> itemBytes, Read read) {
    long blocks = 0;
    for (long bytes : itemBytes) {
      blocks += readBlocks(bytes);
    }
    return blocks * read.unitsPer4Kb();
  }

  /**
   * Query or Scan: the sizes of all items evaluated (before any filter; a GSI query counts index
   * entries) are added and rounded once. Scanning 8 GSI entries of 2,000 B reads 16,000 B, four
   * blocks, 2 RCU (GSI reads are eventually consistent).
   */
  public static double query(Collection<Long> evaluatedItemBytes, Read read) {
    long total = 0;
    for (long bytes : evaluatedItemBytes) {
      requireSize(bytes);
      total += bytes;
    }
    return query(total, read);
  }

  /** Query or Scan when only the total of the evaluated items is known. */
  public static double query(long evaluatedBytes, Read read) {
    if (read == Read.TRANSACTIONAL) {
      throw new IllegalArgumentException("Query and Scan cannot be transactional");
    }
    return readBlocks(evaluatedBytes) * read.unitsPer4Kb();
  }

  /**
   * Query or Scan over several 1 MB pages: each page is a call of its own, billed and rounded on
   * its own ("DynamoDB ... returns the results in pages ... each Query or Scan request consumes
   * capacity for the data it read", Developer Guide, "Paginating table query results" and "Read
   * consumption for Query"). {@code evaluatedBytes} of items averaging {@code itemBytes} fill
   * {@code ⌊evaluatedBytes / pageBytes⌋} full pages of {@link #itemsPerPage} items, {@code
   * pageBytes = itemsPerPage × itemBytes}, and one page with the rest; one page alone is {@link
   * #query(long, Read)}. Worked: 10,000 items of 400 B eventually consistent: a page holds
   * ⌈1,048,576 / 400⌉ = 2,622 items, 1,048,800 B, 257 blocks (128.5 RCU, as the measured 1 MB Scan
   * page above); 3 full pages and 2,134 items (853,600 B, 209 blocks) give (3 × 257 + 209) / 2 =
   * 490 RCU, where rounding the 4,000,000 B once gives 977 blocks, 488.5 RCU.
   */
  public static double pagedQuery(double evaluatedBytes, double itemBytes, Read read) {
    if (read == Read.TRANSACTIONAL) {
      throw new IllegalArgumentException("Query and Scan cannot be transactional");
    }
    if (!(evaluatedBytes >= 0) || !(itemBytes > 0)) {
      return query((long) Math.ceil(Math.max(0, evaluatedBytes)), read);
    }
    double pageBytes = pageBytes(itemBytes);
    double full = Math.floor(evaluatedBytes / pageBytes);
    if (full < 1) {
      return query((long) Math.ceil(evaluatedBytes), read);
    }
    double rest = evaluatedBytes - full * pageBytes;
    double blocks =
        full * readBlocks((long) Math.ceil(pageBytes))
            + (rest > 0 ? readBlocks((long) Math.ceil(rest)) : 0);
    return blocks * read.unitsPer4Kb();
  }

  /**
   * Returns the calls (pages) a Query or Scan of {@code evaluatedBytes} in items averaging {@code
   * itemBytes} makes: ⌈evaluatedBytes / pageBytes⌉, at least one, pages as in {@link #pagedQuery}.
   */
  public static double pages(double evaluatedBytes, double itemBytes) {
    if (!(evaluatedBytes > 0) || !(itemBytes > 0)) {
      return 1;
    }
    return Math.max(1, Math.ceil(evaluatedBytes / pageBytes(itemBytes) - 1e-9));
  }

  /**
   * Returns the bytes of one full page of items averaging {@code itemBytes}: {@link #itemsPerPage}
   * items of that size, the last one reaching 1 MB: 2,622 × 400 B = 1,048,800 B.
   */
  private static double pageBytes(double itemBytes) {
    return (double) itemsPerPage((long) Math.ceil(itemBytes)) * itemBytes;
  }

  /**
   * PutItem, UpdateItem or DeleteItem: charged on the larger of the item before and after (0 when
   * there is none). Shrinking a 1,025 B item to 11 B still costs 2 WCU (dynalite "larger item").
   */
  public static long write(long bytesBefore, long bytesAfter, Write write) {
    return writeBlocks(Math.max(bytesBefore, bytesAfter)) * write.unitsPer1Kb();
  }

  /**
   * BatchWriteItem (or TransactWriteItems with {@link Write#TRANSACTIONAL}): each item rounds
   * alone.
   */
  public static long batchWrite(Collection<Long> itemBytes, Write write) {
    long blocks = 0;
    for (long bytes : itemBytes) {
      blocks += writeBlocks(bytes);
    }
    return blocks * write.unitsPer1Kb();
  }

  /** Sustained RCU for {@code perSecond} GetItems: 400/s of 3 KB eventually consistent = 200. */
  public static double readRate(double perSecond, long itemBytes, Read read) {
    return perSecond * getItem(itemBytes, read);
  }

  /** Sustained WCU for {@code perSecond} writes of {@code itemBytes}: 100/s of 512 B = 100. */
  public static double writeRate(double perSecond, long itemBytes, Write write) {
    return perSecond * write(0, itemBytes, write);
  }

  /**
   * What one base-table write does to one global secondary index entry (GSI.md). "Entry" is the
   * item as projected into the index: base and index keys plus projected attributes.
   *
   * @param indexedBefore the item had the index key attributes before the write
   * @param indexedAfter the item has them after it
   * @param keyChanged an index key attribute's value changed (counts if indexed both times)
   * @param projectionChanged a projected non-key attribute's value changed
   */
  public record IndexChange(
      boolean indexedBefore, boolean indexedAfter, boolean keyChanged, boolean projectionChanged) {

    /** A new item, or an update that first defines the index key: one put into the index. */
    public static IndexChange newEntry() {
      return new IndexChange(false, true, false, false);
    }

    /** An update that changes an index key value A → B: delete A's entry, put B's. */
    public static IndexChange keyValueChange() {
      return new IndexChange(true, true, true, false);
    }

    /** A write that removes the index key attribute (or deletes the item): one delete. */
    public static IndexChange entryRemoved() {
      return new IndexChange(true, false, false, false);
    }

    /** An item in the index neither before nor after (a sparse index skips it). */
    public static IndexChange neverIndexed() {
      return new IndexChange(false, false, false, false);
    }

    /** An update that changes only projected non-key attributes: one write to refresh them. */
    public static IndexChange projectedOnlyChange() {
      return new IndexChange(true, true, false, true);
    }

    /**
     * Returns the index writes GSI.md names for this case: 1 added, 2 key changed, 1 removed, 0 not
     * indexed, 1 projection changed; and 0 when an indexed item's key and projection are untouched
     * (derived: nothing in the index changes).
     */
    public int writes() {
      if (!indexedBefore && !indexedAfter) {
        return 0;
      }
      if (indexedBefore != indexedAfter) {
        return 1;
      }
      if (keyChanged) {
        return 2;
      }
      return projectionChanged ? 1 : 0;
    }

    /**
     * Returns the WCU the index consumes, each write rounded to 1 KB on its own entry: the delete
     * of an A → B change is sized by the old entry and the put by the new one; a refresh by the
     * larger, as an UpdateItem is. GSI.md's "1 write" cases assume entries of at most 1 KB.
     */
    public long units(long entryBytesBefore, long entryBytesAfter) {
      if (writes() == 0) {
        return 0;
      }
      if (!indexedBefore) {
        return writeBlocks(entryBytesAfter);
      }
      if (!indexedAfter) {
        return writeBlocks(entryBytesBefore);
      }
      if (keyChanged) {
        return writeBlocks(entryBytesBefore) + writeBlocks(entryBytesAfter);
      }
      return writeBlocks(Math.max(entryBytesBefore, entryBytesAfter));
    }
  }

  /**
   * Returns how many items of {@code itemBytes} one Query or Scan page holds. A page stops once the
   * items read reach 1 MB, the last one included, so a 1 MB page of small items overshoots slightly
   * (a measured eventually consistent 1 MB Scan page consumed 128.5 RCU, not 128: dbi-services.com,
   * "DynamoDB Scan pagination"): ⌈1,048,576 / itemBytes⌉, 256 items of 4 KB or 1,024 of 1,024 B.
   */
  public static long itemsPerPage(long itemBytes) {
    if (itemBytes <= 0) {
      throw new IllegalArgumentException("an item has at least one byte, not " + itemBytes);
    }
    return ceilDiv(DynamoDbLimits.MAX_QUERY_PAGE_BYTES, itemBytes);
  }

  /**
   * Returns the Query (or Scan) calls needed to read {@code items} items of {@code itemBytes}:
   * ⌈items / itemsPerPage⌉, and at least one. 1,000 items of 4 KB need ⌈1,000 / 256⌉ = 4 calls. A
   * client can make one more, empty call when the last page was exactly full and DynamoDB still
   * returned a LastEvaluatedKey.
   */
  public static long queryCalls(long items, long itemBytes) {
    if (items < 0) {
      throw new IllegalArgumentException("a negative number of items: " + items);
    }
    return Math.max(1, ceilDiv(items, itemsPerPage(itemBytes)));
  }

  private static void requireSize(long bytes) {
    if (bytes < 0) {
      throw new IllegalArgumentException("a size cannot be negative: " + bytes);
    }
  }

  private static long ceilDiv(long a, long b) {
    return -Math.floorDiv(-a, b);
  }
}
