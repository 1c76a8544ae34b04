package dev.keyplan.dynamodb.facts;

import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import dev.keyplan.input.Location;
import dev.keyplan.input.TextInput;
import dev.keyplan.input.YamlChecks;
import dev.keyplan.model.Units;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;

/**
 * DynamoDB prices for one region and table class, with where and when they were read. The built-in
 * table is {@code dev/keyplan/dynamodb/facts/prices.yaml} (US East, Standard class); a model may
 * name its own file of the same shape ({@code dynamodb: {prices: file.yaml}}).
 *
 * <p>Monthly figures use AWS's 730-hour month (8,760 hours a year / 12), as the AWS Pricing
 * Calculator does, and bill storage per GB of 2^30 bytes. Example at the built-in prices: 1,000
 * WRU/s all month is 1,000 × 2,628,000 s = 2.628 billion WRU × $0.625 per million = $1,642.50;
 * 1,000 provisioned WCU cost 1,000 × 730 h × $0.00065 = $474.50.
 *
 * @param writeRequestPerMillion on-demand, per million write request units
 * @param readRequestPerMillion on-demand, per million read request units
 * @param wcuHour provisioned, per write capacity unit-hour
 * @param rcuHour provisioned, per read capacity unit-hour
 * @param storageGbMonth per GB-month of table and index storage
 */
public record PriceTable(
    String region,
    String tableClass,
    String currency,
    String checked,
    String source,
    double writeRequestPerMillion,
    double readRequestPerMillion,
    double wcuHour,
    double rcuHour,
    double storageGbMonth,
    String file) {

  /** Hours in AWS's billing month: 730. */
  public static final double HOURS_PER_MONTH = 730;

  /** Seconds in a 730-hour month: 2,628,000. */
  public static final double SECONDS_PER_MONTH = HOURS_PER_MONTH * 3600;

  /** A billed GB: 2^30 bytes. */
  public static final double BYTES_PER_GB = 1024.0 * 1024 * 1024;

  private static final String BUILT_IN = "/dev/keyplan/dynamodb/facts/prices.yaml";
  private static final Set<String> TOP =
      Set.of(
          "region",
          "table_class",
          "currency",
          "checked",
          "source",
          "on_demand",
          "provisioned",
          "storage");

  /** Returns the cost of {@code unitsPerSecond} request units sustained for a month, on demand. */
  public double onDemandMonthly(double readUnitsPerSecond, double writeUnitsPerSecond) {
    return SECONDS_PER_MONTH
        / 1e6
        * (readUnitsPerSecond * readRequestPerMillion
            + writeUnitsPerSecond * writeRequestPerMillion);
  }

  /** Returns the monthly cost of provisioned capacity units. */
  public double provisionedMonthly(double rcu, double wcu) {
    return HOURS_PER_MONTH * (rcu * rcuHour + wcu * wcuHour);
  }

  /** Returns the monthly cost of storing {@code bytes}. */
  public double storageMonthly(double bytes) {
    return bytes / BYTES_PER_GB * storageGbMonth;
  }

  /** Returns {@code amount} in this table's currency: {@code $1,642.50}, {@code 1,642.50 EUR}. */
  public String money(double amount) {
    return Units.money(amount, currency);
  }

  /** Returns the built-in price table. */
  public static PriceTable builtIn() {
    try (InputStream in = PriceTable.class.getResourceAsStream(BUILT_IN)) {
      if (in == null) {
        throw new IllegalStateException(
            "the built-in price table " + BUILT_IN + " is missing from the jar");
      }
      return parse("built-in prices.yaml", new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** Reads a user's price table; every problem is reported at its place. */
  public static PriceTable read(Path path, Location namedAt) {
    return parse(path.toString(), TextInput.read(path, "the price table " + path, namedAt));
  }

  static PriceTable parse(String file, String text) {
    List<Diagnostic> problems = new ArrayList<>();
    // The toolkit's YAML checks, as for a model: syntax placed, depth, aliases, one document, tags.
    Node root =
        YamlChecks.compose(
            file, text, "price table", "region:, on_demand:, provisioned: and storage:");
    if (!(root instanceof MappingNode)) {
      throw new InputException(
          new Location(file, 1, 1),
          "expected a price table (region:, on_demand:, provisioned:, storage:)");
    }
    Map<String, Node> top = map(file, root, TOP, problems);
    String region = text(file, top, "region", root, problems);
    String tableClass =
        top.containsKey("table_class")
            ? text(file, top, "table_class", root, problems)
            : "STANDARD";
    String currency = text(file, top, "currency", root, problems);
    String checked = text(file, top, "checked", root, problems);
    String source = text(file, top, "source", root, problems);
    Map<String, Node> od =
        section(
            file,
            top,
            "on_demand",
            root,
            Set.of("write_request_units_per_million", "read_request_units_per_million"),
            problems);
    Map<String, Node> pr =
        section(
            file,
            top,
            "provisioned",
            root,
            Set.of("write_capacity_unit_hour", "read_capacity_unit_hour"),
            problems);
    Map<String, Node> st = section(file, top, "storage", root, Set.of("gb_month"), problems);
    double wru = price(file, od, "write_request_units_per_million", top.get("on_demand"), problems);
    double rru = price(file, od, "read_request_units_per_million", top.get("on_demand"), problems);
    double wcu = price(file, pr, "write_capacity_unit_hour", top.get("provisioned"), problems);
    double rcu = price(file, pr, "read_capacity_unit_hour", top.get("provisioned"), problems);
    double gb = price(file, st, "gb_month", top.get("storage"), problems);
    if (!problems.isEmpty()) {
      problems.sort(
          java.util.Comparator.comparingInt((Diagnostic d) -> d.location().line())
              .thenComparingInt(d -> d.location().column()));
      throw new InputException(problems);
    }
    return new PriceTable(
        region, tableClass, currency, checked, source, wru, rru, wcu, rcu, gb, file);
  }

  private static Map<String, Node> section(
      String file,
      Map<String, Node> top,
      String key,
      Node parent,
      Set<String> allowed,
      List<Diagnostic> problems) {
    Node n = top.get(key);
    if (n == null) {
      problems.add(new Diagnostic(at(file, parent), "missing '" + key + "': expected its prices"));
      return Map.of();
    }
    if (!(n instanceof MappingNode)) {
      problems.add(new Diagnostic(at(file, n), "expected '" + key + "' to be a mapping of prices"));
      return Map.of();
    }
    return map(file, n, allowed, problems);
  }

  private static Map<String, Node> map(
      String file, Node n, Set<String> allowed, List<Diagnostic> problems) {
    Map<String, Node> out = new LinkedHashMap<>();
    for (NodeTuple t : ((MappingNode) n).getValue()) {
      String key = t.getKeyNode() instanceof ScalarNode s ? s.getValue() : "";
      if (!allowed.contains(key)) {
        problems.add(
            new Diagnostic(
                at(file, t.getKeyNode()),
                "unknown key '"
                    + key
                    + "'; expected one of "
                    + String.join(", ", new java.util.TreeSet<>(allowed))));
      } else if (out.put(key, t.getValueNode()) != null) {
        problems.add(new Diagnostic(at(file, t.getKeyNode()), "duplicate key '" + key + "'"));
      }
    }
    return out;
  }

  private static String text(
      String file, Map<String, Node> m, String key, Node parent, List<Diagnostic> problems) {
    Node n = m.get(key);
    if (n == null) {
      problems.add(new Diagnostic(at(file, parent), "missing '" + key + "'"));
      return "";
    }
    if (!(n instanceof ScalarNode s) || s.getValue().isBlank()) {
      problems.add(new Diagnostic(at(file, n), "expected '" + key + "' as text"));
      return "";
    }
    return s.getValue();
  }

  private static double price(
      String file, Map<String, Node> m, String key, Node parent, List<Diagnostic> problems) {
    if (parent == null) {
      return 0;
    }
    Node n = m.get(key);
    if (n == null) {
      problems.add(
          new Diagnostic(at(file, parent), "missing '" + key + "': expected a price such as 0.25"));
      return 0;
    }
    String s = n instanceof ScalarNode sc ? sc.getValue() : "";
    try {
      double v = Double.parseDouble(s);
      if (v >= 0 && v < 1e6 && s.matches("[0-9]+(\\.[0-9]+)?")) {
        return v;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    problems.add(
        new Diagnostic(
            at(file, n),
            "expected '" + key + "' as a price of 0 or more, such as 0.25, but found '" + s + "'"));
    return 0;
  }

  private static Location at(String file, Node n) {
    return n.getStartMark()
        .map(m -> new Location(file, m.getLine() + 1, m.getColumn() + 1))
        .orElse(new Location(file, 0, 0));
  }
}
