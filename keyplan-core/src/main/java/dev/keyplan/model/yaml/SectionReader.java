package dev.keyplan.model.yaml;

import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.Location;
import dev.keyplan.input.SourceSpan;
import dev.keyplan.input.Suggest;
import dev.keyplan.model.Quantities;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What every part of the model reader shares: the file, its source index, the problems found so
 * far, and the readers of scalar values (rates, counts, durations, levels) that report a wrong
 * value at its place and carry on.
 */
public abstract class SectionReader {
  protected final String file;
  protected final SourceSpan source;
  protected final List<Diagnostic> problems;

  protected SectionReader(String file, SourceSpan source, List<Diagnostic> problems) {
    this.file = file;
    this.source = source;
    this.problems = problems;
  }

  protected SectionReader(SectionReader other) {
    this(other.file, other.source, other.problems);
  }

  /**
   * Reads a level; {@code role} "read" rejects ANY, "write" rejects the serial levels, as Cassandra
   * does.
   */
  protected Optional<String> consistencyLevel(String s, Location at, String role) {
    String level = s.trim().toUpperCase(Locale.ROOT);
    if (role.equals("read") && level.equals("ANY")) {
      problems.add(
          new Diagnostic(
              at, "ANY applies to writes only; expected a read level such as LOCAL_QUORUM"));
      return Optional.empty();
    }
    if (role.equals("write") && (level.equals("SERIAL") || level.equals("LOCAL_SERIAL"))) {
      problems.add(
          new Diagnostic(
              at,
              level
                  + " is the Paxos level of reads and of IF conditions;"
                  + " expected a write level such as LOCAL_QUORUM"));
      return Optional.empty();
    }
    if (!ModelReader.CONSISTENCY_LEVELS.contains(level)) {
      problems.add(
          new Diagnostic(
              at,
              "unknown consistency level '"
                  + s
                  + "'"
                  + Suggest.closest(level, ModelReader.CONSISTENCY_LEVELS)
                      .map(x -> " (did you mean '" + x + "'?)")
                      .orElse("")
                  + "; expected one of ONE, LOCAL_ONE, QUORUM, LOCAL_QUORUM, EACH_QUORUM, ALL"));
      return Optional.empty();
    }
    return Optional.of(level);
  }

  protected double rate(String s, Location at, String expected, boolean zeroAllowed) {
    var r = Quantities.perSecond(s);
    if (r.isEmpty()) {
      problems.add(new Diagnostic(at, "expected " + expected + " but found '" + s + "'"));
      return 0;
    }
    double v = r.getAsDouble();
    if ((v <= 0 && !zeroAllowed) || v > ModelReader.MAX_RATE) {
      problems.add(
          new Diagnostic(
              at,
              "expected "
                  + expected
                  + (zeroAllowed ? ", at least 0" : ", above 0")
                  + " and at most 1B/s, but found '"
                  + s
                  + "'"));
    }
    return v;
  }

  /** Reads a whole number in [min, max], reporting anything else; returns min when unreadable. */
  protected long whole(String s, Location at, String expected, long min, long max) {
    var c = Quantities.count(s);
    if (c.isEmpty()
        || c.getAsDouble() != Math.rint(c.getAsDouble())
        || c.getAsDouble() < min
        || c.getAsDouble() > max) {
      problems.add(
          new Diagnostic(
              at,
              "expected "
                  + expected
                  + ", a whole number from "
                  + min
                  + " to "
                  + java.text.NumberFormat.getIntegerInstance(Locale.ROOT).format(max)
                  + ", but found '"
                  + s
                  + "'"));
      return min;
    }
    return (long) c.getAsDouble();
  }

  protected double count(String s, Location at, String expected) {
    var c = Quantities.count(s);
    if (c.isEmpty() || c.getAsDouble() > 1e15) {
      problems.add(new Diagnostic(at, "expected " + expected + " but found '" + s + "'"));
      return 0;
    }
    return c.getAsDouble();
  }

  protected long duration(String s, Location at, String expected, long max) {
    var d = Quantities.seconds(s);
    if (d.isEmpty() || d.getAsLong() <= 0 || d.getAsLong() > max) {
      problems.add(
          new Diagnostic(
              at,
              "expected "
                  + expected
                  + " (s, m, h, d, w, mo, y; at most 100y) but found '"
                  + s
                  + "'"));
      return 0;
    }
    return d.getAsLong();
  }

  protected double millis(String s, Location at) {
    var m =
        java.util.regex.Pattern.compile("([0-9]+(?:\\.[0-9]+)?)\\s*(ms|us|s)").matcher(s.trim());
    if (!m.matches() || Double.parseDouble(m.group(1)) <= 0) {
      problems.add(
          new Diagnostic(at, "expected a round trip such as 1ms or 500us but found '" + s + "'"));
      return Double.NaN; // never used: the problem stops the read
    }
    double v = Double.parseDouble(m.group(1));
    return m.group(2).equals("ms") ? v : m.group(2).equals("us") ? v / 1000 : v * 1000;
  }

  protected boolean bool(String s, Location at) {
    // YAML 1.2's core schema: true, True, TRUE, false, False, FALSE.
    if (s.matches("true|True|TRUE|false|False|FALSE")) {
      return s.equalsIgnoreCase("true");
    }
    problems.add(new Diagnostic(at, "expected true or false but found '" + s + "'"));
    return false;
  }
}
