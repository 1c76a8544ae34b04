package dev.keyplan.dynamodb.simulate;

import java.util.List;

/**
 * What the model asks of one copy of the data (a table with its local indexes, or a global index):
 * the tracked key values, hottest first, and the even tail.
 *
 * @param copy the table, or {@code table.index}
 * @param keys the values tracked one by one, by {@link KeyLoad#heat()} descending
 * @param tail the rest
 * @param notes what the workload had to assume, said plainly
 */
record CopyWorkload(String copy, List<KeyLoad> keys, TailLoad tail, List<String> notes) {
  CopyWorkload {
    keys = List.copyOf(keys);
    notes = List.copyOf(notes);
  }

  /** Returns the bytes the copy stores at {@code second}. */
  double bytesAt(long second) {
    return tail.bytesAt(second) + keys.stream().mapToDouble(k -> k.bytesAt(second)).sum();
  }
}
