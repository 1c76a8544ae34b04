package dev.keyplan.dynamodb.simulate;

import java.util.ArrayList;
import java.util.List;

/**
 * A key value's requests and rows while {@link WorkloadPlanner} adds them up, then its {@link
 * KeyLoad}.
 */
final class KeyAccumulator {
  private final String name;
  private Divisible divisible;
  private double readOps;
  private double readUnits;
  private double writeOps;
  private double writeUnits;
  final List<SizeTerm> size = new ArrayList<>();

  KeyAccumulator(String name, Divisible divisible) {
    this.name = name;
    this.divisible = divisible;
  }

  /**
   * Keeps the stricter of the rules of the item types sharing the value: it splits only if all may.
   */
  void restrict(Divisible other) {
    boolean size = divisible.size() && other.size();
    boolean heat = divisible.heat() && other.heat();
    String because = !divisible.because().isEmpty() ? divisible.because() : other.because();
    divisible = new Divisible(size, heat, heat ? "" : because);
  }

  /** Adds {@code ops} reads a second of {@code unitsPerOp} units each. */
  void read(double ops, double unitsPerOp) {
    readOps += ops;
    readUnits += ops * unitsPerOp;
  }

  /** Adds {@code ops} writes a second of {@code unitsPerOp} units each. */
  void write(double ops, double unitsPerOp) {
    writeOps += ops;
    writeUnits += ops * unitsPerOp;
  }

  /** Returns the key's load: its operations, their mean units, its rows and where it hashes. */
  KeyLoad load() {
    return new KeyLoad(
        name,
        name.isEmpty() ? 0 : HashSpace.start(name),
        divisible.size(),
        divisible.heat(),
        divisible.because(),
        readOps,
        readOps > 0 ? readUnits / readOps : 0,
        writeOps,
        writeOps > 0 ? writeUnits / writeOps : 0,
        size);
  }

  /**
   * Whether a key's item collection may be split by sort key, for size and for heat, and why not.
   *
   * @param because the reason it may not be split for heat; empty when it may
   */
  record Divisible(boolean size, boolean heat, String because) {
    static final Divisible ANY = new Divisible(true, true, "");
  }
}
