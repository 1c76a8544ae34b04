package dev.keyplan.analyze.export;

import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What one attribute's values were in an export, by native type: how many records held it as each
 * type ({@code S} 99, {@code NULL} 1), how many of those were whole numbers within 64 bits, and the
 * model type its format reads that as.
 *
 * @param counts records per native type, by type name
 * @param wholeNumbers records whose value was a number with no fraction that fits a 64-bit integer
 * @param modelType the model type ({@code text}, {@code bigint}…) by {@link ExportFormat#modelType}
 */
public record NativeTypes(SortedMap<String, Long> counts, long wholeNumbers, String modelType) {

  public NativeTypes {
    counts = Collections.unmodifiableSortedMap(new TreeMap<>(counts));
  }

  /**
   * The types of two files of one data set together: counts and whole numbers added, the model type
   * read again by {@code format} from the sums (one file of whole {@code N}s and one of fractions
   * make a {@code decimal}).
   */
  public NativeTypes plus(NativeTypes other, ExportFormat format) {
    SortedMap<String, Long> sum = new TreeMap<>(counts);
    other.counts.forEach((k, v) -> sum.merge(k, v, Long::sum));
    NativeTypes partial = new NativeTypes(sum, wholeNumbers + other.wholeNumbers, "");
    return new NativeTypes(sum, partial.wholeNumbers, format.modelType(partial));
  }

  /** Returns the records that held the attribute, whatever its type. */
  public long present() {
    return counts.values().stream().mapToLong(Long::longValue).sum();
  }

  /** Returns the records that held it as {@code type}. */
  public long count(String type) {
    return counts.getOrDefault(type, 0L);
  }

  /**
   * Returns the type most records held, leaving out {@code ignored} (a null type): the lowest name
   * among equals, so the answer does not depend on the order of the records. Empty when only
   * ignored types were seen.
   */
  public java.util.Optional<String> mostCommon(String ignored) {
    return counts.entrySet().stream()
        .filter(e -> !e.getKey().equals(ignored))
        .max(
            Map.Entry.<String, Long>comparingByValue()
                .thenComparing(Map.Entry.<String, Long>comparingByKey().reversed()))
        .map(Map.Entry::getKey);
  }
}
