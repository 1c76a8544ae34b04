package dev.keyplan.simulate;

import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import dev.keyplan.input.Location;
import dev.keyplan.input.TextInput;
import java.util.ArrayList;
import java.util.List;

/**
 * A recorded workload to replay instead of generating one: a CSV file with the header {@code
 * time,operation,key,size} and one operation per line.
 *
 * <ul>
 *   <li>{@code time}: seconds from the start of the trace, a decimal number from 0 to {@value
 *       #MAX_SECONDS} (one 365-day year, docs/reliability.md "Trace times"), in non-decreasing
 *       order (a trace is a log, so out-of-order lines are a mistake worth naming). Written in
 *       digits, with an optional point and exponent ({@code 12.5}, {@code 1e3}): {@code NaN},
 *       {@code Infinity}, a sign, a hexadecimal float or Java's {@code d}/{@code f} suffixes are
 *       errors, since any of them read as a time would be dropped or misplaced without a word;
 *   <li>{@code operation}: {@code read} or {@code write} ({@code insert}, {@code update}, {@code
 *       delete} and {@code upsert} count as writes);
 *   <li>{@code key}: the partition (or shard) key value as text; a value holding a comma is written
 *       in double quotes, a quote inside as two quotes (RFC 4180);
 *   <li>{@code size}: the bytes the operation reads or writes, a whole number ≥ 0.
 * </ul>
 *
 * @param operations the trace's operations, in file order
 */
public record Trace(String file, List<Op> operations) {
  /**
   * The latest time a trace line may have, in seconds: one 365-day year ({@code 1y}, as {@code
   * --duration} counts it). A trace is a recorded log, replayed second by second; a time beyond a
   * year is in practice a Unix timestamp or milliseconds written as seconds, and would make the run
   * as long as that time (the run lasts as long as its trace). Not overridable: rebase the times on
   * the trace's first line, or divide milliseconds by 1,000.
   */
  public static final long MAX_SECONDS = 365L * 86_400;

  // Seconds written in digits: 12, 12.5, .5, 1e3; no sign, no NaN or Infinity, no hex, no suffix.
  private static final java.util.regex.Pattern SECONDS =
      java.util.regex.Pattern.compile("(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)(?:[eE][-+]?[0-9]+)?");

  public Trace {
    operations = List.copyOf(operations);
  }

  /** One traced operation. */
  public record Op(double second, boolean write, String key, long bytes) {}

  /** Returns the trace's length in whole seconds (its last operation's second, rounded up). */
  public long durationSeconds() {
    return operations.isEmpty()
        ? 0
        : (long) Math.ceil(operations.get(operations.size() - 1).second() + 1e-9);
  }

  /**
   * Parses {@code text}, read from {@code file}.
   *
   * @throws InputException naming file:line:column and what was expected, for every bad line
   */
  public static Trace parse(String file, String text) {
    // A key is text a driver sends; a NUL or other control character in one is a damaged file,
    // not a key (the same rule as the model's text).
    TextInput.rejectControls(file, text, "the trace");
    List<Diagnostic> errors = new ArrayList<>();
    List<Op> ops = new ArrayList<>();
    String[] lines = text.split("\r?\n", -1);
    int first = 0;
    while (first < lines.length && lines[first].isBlank()) {
      first++;
    }
    if (first == lines.length) {
      throw new InputException(
          new Location(file, 1, 1),
          "expected the header time,operation,key,size but the trace is empty");
    }
    List<String[]> header = fields(lines[first]);
    List<String> names = header.stream().map(f -> f[0].trim()).toList();
    if (!names.equals(List.of("time", "operation", "key", "size"))) {
      throw new InputException(
          new Location(file, first + 1, 1),
          "expected the header time,operation,key,size but found " + lines[first].trim());
    }
    double last = 0;
    for (int i = first + 1; i < lines.length; i++) {
      String line = lines[i];
      if (line.isBlank()) {
        continue;
      }
      int lineNo = i + 1;
      List<String[]> f = fields(line);
      if (f.size() != 4) {
        errors.add(
            new Diagnostic(
                new Location(file, lineNo, 1),
                "expected 4 fields (time,operation,key,size) but found " + f.size()));
        continue;
      }
      int[] col = new int[4];
      for (int c = 0; c < 4; c++) {
        col[c] = Integer.parseInt(f.get(c)[1]) + 1;
      }
      Double time = number(f.get(0)[0]);
      if (time == null || !(time <= MAX_SECONDS)) {
        errors.add(
            new Diagnostic(
                new Location(file, lineNo, col[0]),
                "expected a time in seconds from 0 to "
                    + String.format(java.util.Locale.ROOT, "%,d", MAX_SECONDS)
                    + " (a year) such as 12.5, but found '"
                    + f.get(0)[0]
                    + "'"
                    + (time != null && time > MAX_SECONDS
                        ? "; a trace's times are seconds from its start, not Unix timestamps"
                            + " or milliseconds"
                        : "")));
        continue;
      }
      if (time < last) {
        errors.add(
            new Diagnostic(
                new Location(file, lineNo, col[0]),
                "expected times in order, but " + f.get(0)[0] + " comes after " + last));
        continue;
      }
      last = time;
      String op = f.get(1)[0].trim().toLowerCase(java.util.Locale.ROOT);
      boolean write;
      switch (op) {
        case "read" -> write = false;
        case "write", "insert", "update", "upsert", "delete" -> write = true;
        default -> {
          errors.add(
              new Diagnostic(
                  new Location(file, lineNo, col[1]),
                  "expected read or write (or insert, update, upsert, delete) but found '"
                      + f.get(1)[0]
                      + "'"));
          continue;
        }
      }
      String size = f.get(3)[0].trim();
      long bytes;
      try {
        bytes = Long.parseLong(size);
      } catch (NumberFormatException e) {
        bytes = -1;
      }
      if (bytes < 0) {
        errors.add(
            new Diagnostic(
                new Location(file, lineNo, col[3]),
                "expected a size in bytes, a whole number ≥ 0, but found '" + f.get(3)[0] + "'"));
        continue;
      }
      ops.add(new Op(time, write, f.get(2)[0], bytes));
    }
    if (errors.isEmpty() && ops.isEmpty()) {
      // A header alone would run an empty simulation: nothing to replay is a mistake to name.
      errors.add(
          new Diagnostic(
              new Location(file, first + 2, 1),
              "expected at least one operation after the header, such as 0,read,42,100"));
    }
    if (!errors.isEmpty()) {
      throw new InputException(errors);
    }
    return new Trace(file, ops);
  }

  /** Returns the seconds written in {@code s}, or null unless it is digits ({@link #SECONDS}). */
  private static Double number(String s) {
    if (!SECONDS.matcher(s.trim()).matches()) {
      return null;
    }
    try {
      return Double.valueOf(s.trim());
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** Splits one CSV line into {value, zero-based start column} pairs, honouring RFC 4180 quotes. */
  private static List<String[]> fields(String line) {
    List<String[]> out = new ArrayList<>();
    int i = 0;
    while (true) {
      int start = i;
      StringBuilder value = new StringBuilder();
      if (i < line.length() && line.charAt(i) == '"') {
        i++;
        while (i < line.length()) {
          char c = line.charAt(i);
          if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
            value.append('"');
            i += 2;
          } else if (c == '"') {
            i++;
            break;
          } else {
            value.append(c);
            i++;
          }
        }
        while (i < line.length() && line.charAt(i) != ',') {
          i++;
        }
      } else {
        while (i < line.length() && line.charAt(i) != ',') {
          value.append(line.charAt(i++));
        }
      }
      out.add(new String[] {value.toString(), Integer.toString(start)});
      if (i >= line.length()) {
        return out;
      }
      i++; // the comma
    }
  }
}
