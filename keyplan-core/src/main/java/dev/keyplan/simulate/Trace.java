package dev.keyplan.simulate;

import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import dev.keyplan.input.Location;
import java.util.ArrayList;
import java.util.List;

/**
 * A recorded workload to replay instead of generating one: a CSV file with the header {@code
 * time,operation,key,size} and one operation per line.
 *
 * <ul>
 *   <li>{@code time}: seconds from the start of the trace, a decimal number ≥ 0, in non-decreasing
 *       order (a trace is a log, so out-of-order lines are a mistake worth naming);
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
      if (time == null || time < 0 || time.isInfinite()) {
        errors.add(
            new Diagnostic(
                new Location(file, lineNo, col[0]),
                "expected a time in seconds ≥ 0 such as 12.5 but found '" + f.get(0)[0] + "'"));
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
    if (!errors.isEmpty()) {
      throw new InputException(errors);
    }
    return new Trace(file, ops);
  }

  private static Double number(String s) {
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
