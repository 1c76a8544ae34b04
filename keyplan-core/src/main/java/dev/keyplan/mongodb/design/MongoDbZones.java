package dev.keyplan.mongodb.design;

import dev.keyplan.model.Attribute;
import dev.keyplan.model.Spread;
import dev.keyplan.mongodb.facts.BsonTypes;
import dev.keyplan.mongodb.model.MongoDbDesign;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where zones put a collection's data, and so its targeted load (MongoDB manual, "Zones in Sharded
 * Clusters"): the balancer keeps each zone's ranges on the zone's shards and spreads them evenly
 * there, and spreads the ranges of no zone over every shard.
 *
 * <p>A zone's share is the sum of the shares of the first shard key field's values inside {@code
 * [min, max)}, from the spread's named {@code shares:}, the rest spread evenly over the unnamed
 * values of an enumeration (or all of it even when neither busiest nor shares is declared). Strings
 * compare as MongoDB's simple collation does, byte by byte in UTF-8; numbers as numbers. Seed 004's
 * regions over 6 shards, with the US at 45%, the EU at 35% and APAC at 20%, APAC on shards 0–1, EU
 * on 2–3 and US on 4–5: the busiest shards are the US pair, each with 45% / 2 = 22.5% of the data
 * and of the targeted load, where an even spread would give each 1/6 = 16.7%.
 */
public final class MongoDbZones {
  private MongoDbZones() {}

  /**
   * A zone's placement.
   *
   * @param share the zone's share of the collection's documents; NaN when the values' shares are
   *     unknown
   * @param shards the shard positions the zone pins its range to
   * @param perShardShare the busiest of the zone's shards' share: {@code share / shards}, plus its
   *     part of the data in no zone and of any other zone on the same shard
   * @param unnamedOutside the share of the documents whose first-field values the spread does not
   *     name, taken as in no zone (0 when every value's share is known): see {@link #valueShares}
   */
  public record Placement(
      MongoDbDesign.Zone zone,
      double share,
      List<Integer> shards,
      double perShardShare,
      double unnamedOutside) {
    public Placement {
      shards = List.copyOf(shards);
    }
  }

  /** Returns the placement of each of {@code c}'s zones over {@code shardCount} shards. */
  public static List<Placement> of(MongoDbCollection c, int shardCount) {
    if (c.zones().isEmpty()) {
      return List.of();
    }
    ValueShares shares = valueShares(c);
    Map<String, Double> values = shares.values();
    boolean numeric = numeric(c);
    double[] perShard = perShard(c, shardCount, values, numeric);
    List<Placement> out = new ArrayList<>();
    for (MongoDbDesign.Zone z : c.zones()) {
      List<Integer> shards = z.shards().stream().map(MongoDbZones::position).toList();
      out.add(
          new Placement(
              z,
              share(values, z, numeric),
              shards,
              shards.stream().mapToDouble(i -> perShard[i]).max().orElse(Double.NaN),
              shares.unnamedOutside()));
    }
    return out;
  }

  /**
   * Returns the busiest shard's share of the collection's data and of its evenly targeted load:
   * {@code 1 / used} without zones; the largest shard's share under zones; NaN when zones exist but
   * the values' shares are unknown.
   */
  public static double busiestShardShare(MongoDbCollection c, int shardCount, int used) {
    if (c.zones().isEmpty()) {
      return 1.0 / used;
    }
    return Arrays.stream(perShard(c, shardCount, valueShares(c).values(), numeric(c)))
        .max()
        .orElse(Double.NaN);
  }

  /** Each shard's share: its zones' shares over their shards, plus the data of no zone over all. */
  private static double[] perShard(
      MongoDbCollection c, int shardCount, Map<String, Double> values, boolean numeric) {
    double[] load = new double[shardCount];
    if (values.isEmpty()) {
      Arrays.fill(load, Double.NaN);
      return load;
    }
    double zoned = 0;
    for (MongoDbDesign.Zone z : c.zones()) {
      double share = share(values, z, numeric);
      zoned += share;
      for (String s : z.shards()) {
        load[position(s)] += share / z.shards().size();
      }
    }
    double rest = Math.max(0, 1 - zoned);
    for (int i = 0; i < shardCount; i++) {
      load[i] += rest / shardCount;
    }
    return load;
  }

  /** The zone's share of the documents: its values' shares; NaN when they are unknown. */
  private static double share(Map<String, Double> values, MongoDbDesign.Zone z, boolean numeric) {
    return values.isEmpty()
        ? Double.NaN
        : values.entrySet().stream()
            .filter(v -> inside(v.getKey(), z, numeric))
            .mapToDouble(Map.Entry::getValue)
            .sum();
  }

  /**
   * Each value of the first shard key field with its share of the documents, or empty when not
   * every zone's share can be told: named shares, the rest over an enumeration's unnamed values.
   *
   * <p>When the spread names some values' shares ({@code shares: {US: 40%, DE: 20%}}) and neither
   * enumerates the rest nor leaves them none, the other values are not known, and a zone's range
   * could hold some of them. keyplan then takes them as in no zone, spread over every shard, the
   * way zoned designs are written (the manual's "Segmenting Data by Location" pins the named
   * countries and leaves the others to the balancer), and says so: {@link
   * ValueShares#unnamedOutside}. It does that only when every zone holds at least one named value;
   * a zone holding none would rest on the assumption alone, and its share stays unknown.
   */
  static ValueShares valueShares(MongoDbCollection c) {
    String field =
        c.attributesOf(List.of(c.shardKey().orElseThrow().fields().get(0))).iterator().next();
    Optional<Attribute> a = c.entity().attribute(field);
    Optional<Spread> spread = Optional.ofNullable(c.entity().spread().get(field));
    Map<String, Double> named = spread.map(Spread::shares).orElse(Map.of());
    List<String> values = a.map(Attribute::values).orElse(List.of());
    Map<String, Double> out = new LinkedHashMap<>(named);
    double rest = Math.max(0, 1 - named.values().stream().mapToDouble(Double::doubleValue).sum());
    List<String> unnamed = values.stream().filter(v -> !named.containsKey(v)).toList();
    boolean uniform =
        named.isEmpty()
            && spread
                .map(
                    s ->
                        s.busiestShare().isEmpty()
                            && s.busiestPerSecond().isEmpty()
                            && s.zipfExponent().isEmpty())
                .orElse(true);
    if (!unnamed.isEmpty() && (!named.isEmpty() || uniform)) {
      unnamed.forEach(v -> out.put(v, rest / unnamed.size()));
    } else if (rest > 1e-9) {
      boolean numeric = numeric(c);
      boolean everyZoneNamed =
          !named.isEmpty()
              && values.isEmpty()
              && c.zones().stream()
                  .allMatch(z -> named.keySet().stream().anyMatch(v -> inside(v, z, numeric)));
      if (!everyZoneNamed) {
        return new ValueShares(Map.of(), 0);
      }
      return new ValueShares(out, rest);
    }
    return new ValueShares(out, 0);
  }

  /**
   * The first shard key field's values with their shares, and the share of the documents whose
   * values the spread does not name, taken as in no zone.
   *
   * @param values each known value's share; empty when the zones' shares cannot be told
   * @param unnamedOutside the documents of unnamed values, in no zone (0 when every share is known)
   */
  record ValueShares(Map<String, Double> values, double unnamedOutside) {
    ValueShares {
      values = Map.copyOf(values);
    }

    boolean known() {
      return !values.isEmpty();
    }
  }

  /**
   * Returns a zone's range as outputs print it: {@code [US, UT)}. A bound that is a value followed
   * by U+0000, the least string above it (a config.tags bound whose later fields are MaxKey,
   * docs/mongodb-import.md "Zones"), prints as that value, its side closed: {@code [US, US]} holds
   * every document of US; {@code (US, MaxKey)} none.
   */
  public static String range(MongoDbDesign.Zone z) {
    boolean minAfter = z.min().endsWith("\u0000");
    boolean maxAfter = z.max().endsWith("\u0000");
    return (minAfter ? "(" + z.min().substring(0, z.min().length() - 1) : "[" + z.min())
        + ", "
        + (maxAfter ? z.max().substring(0, z.max().length() - 1) + "]" : z.max() + ")");
  }

  /**
   * Returns the zones of {@code c} whose range holds {@code value} of the shard key's first field
   * (several when zones overlap; none when the value is in no zone).
   */
  public static List<MongoDbDesign.Zone> zonesOf(MongoDbCollection c, String value) {
    if (c.shardKey().isEmpty()) {
      return List.of();
    }
    boolean numeric = numeric(c);
    return c.zones().stream().filter(z -> inside(value, z, numeric)).toList();
  }

  private static int position(String shard) {
    return Integer.parseInt(shard.replace(",", "").replace("_", "").trim());
  }

  private static boolean numeric(MongoDbCollection c) {
    String attribute =
        c.attributesOf(List.of(c.shardKey().orElseThrow().fields().get(0))).iterator().next();
    return BsonTypes.isNumber(c.types().getOrDefault(attribute, "string"));
  }

  private static boolean inside(String value, MongoDbDesign.Zone z, boolean numeric) {
    return (z.min().equals("MinKey") || compare(value, z.min(), numeric) >= 0)
        && (z.max().equals("MaxKey") || compare(value, z.max(), numeric) < 0);
  }

  private static int compare(String a, String b, boolean numeric) {
    if (numeric) {
      return Double.compare(Double.parseDouble(a), Double.parseDouble(b));
    }
    return Arrays.compareUnsigned(
        a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
  }
}
