package dev.keyplan.mongodb.designer;

import dev.keyplan.model.Attribute;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Spread;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The places the model's residency attributes name ({@code residency: true}), each a zone of its
 * own shards: MongoDB's way to keep a document in the place its shard key's first field names
 * (MongoDB manual, "Segmenting Data by Location": a zone per region, the shard key led by the
 * region field, the region's shards in that region; "Zones": "each zone covers one or more ranges
 * of shard key values"; a range is pinned to the zone's shards and never balanced off them).
 *
 * <p>Each place gets at least one shard; the shards beyond one each go, one at a time, to the place
 * whose shards carry the largest share each ({@code share ÷ shards}), which keeps the busiest shard
 * as light as the count allows. Worked example: US 50%, EU 35%, APAC 15% on 6 shards: one each,
 * then US (50% a shard), EU (35%), US (25%), which leaves US 3 shards at 16.7% each, EU 2 at 17.5%,
 * APAC 1 at 15%: the busiest shard takes 17.5% of the load, not the 50% one US shard would.
 */
final class ResidencyZones {
  private final Map<String, Double> shares;
  private final Map<String, Boolean> text;

  private ResidencyZones(Map<String, Double> shares, Map<String, Boolean> text) {
    this.shares = shares;
    this.text = text;
  }

  /**
   * The places the entities' residency attributes name, in UTF-8 byte order (the order MongoDB's
   * simple collation gives the zone ranges), with each place's share of rows: the largest any
   * entity gives it, from the spread's {@code shares:}; values an enumeration names without a share
   * split what the named shares leave, evenly.
   */
  static ResidencyZones of(Collection<Entity> entities) {
    Map<String, Double> shares = new TreeMap<>(ResidencyZones::byBytes);
    Map<String, Boolean> text = new LinkedHashMap<>();
    for (Entity e : entities) {
      Optional<Attribute> a = e.residencyAttribute();
      if (a.isEmpty()) {
        continue;
      }
      Spread s = e.spread().get(a.get().name());
      Map<String, Double> named = s == null ? Map.of() : s.shares();
      List<String> unnamed = a.get().values().stream().filter(v -> !named.containsKey(v)).toList();
      double left = 1 - named.values().stream().mapToDouble(Double::doubleValue).sum();
      Map<String, Double> of = new LinkedHashMap<>(named);
      for (String v : unnamed) {
        of.put(v, Math.max(0, left) / unnamed.size());
      }
      boolean isText = a.get().type().toLowerCase(Locale.ROOT).matches("text|varchar|ascii");
      for (var place : of.entrySet()) {
        shares.merge(place.getKey(), place.getValue(), Math::max);
        text.putIfAbsent(place.getKey(), isText);
      }
    }
    return new ResidencyZones(shares, text);
  }

  boolean isEmpty() {
    return shares.isEmpty();
  }

  /** The number of places: a cluster holding them needs a shard for each at least. */
  int places() {
    return shares.size();
  }

  /**
   * Splits shards {@code 0 … shards − 1} into the places' zones, in consecutive blocks in the
   * places' order (see the class comment for how many each gets).
   */
  Map<String, List<Integer>> allocate(int shards) {
    List<String> names = new ArrayList<>(shares.keySet());
    int[] count = new int[names.size()];
    Arrays.fill(count, 1);
    for (int given = names.size(); given < shards; given++) {
      int most = 0;
      for (int i = 1; i < names.size(); i++) {
        if (shares.get(names.get(i)) / count[i] > shares.get(names.get(most)) / count[most]) {
          most = i;
        }
      }
      count[most]++;
    }
    Map<String, List<Integer>> out = new LinkedHashMap<>();
    int next = 0;
    for (int i = 0; i < names.size(); i++) {
      List<Integer> ids = new ArrayList<>();
      for (int k = 0; k < count[i]; k++) {
        ids.add(next++);
      }
      out.put(names.get(i), ids);
    }
    return out;
  }

  /** The share of rows a place holds. */
  double share(String place) {
    return shares.getOrDefault(place, 0.0);
  }

  /**
   * The zones as a collection's {@code zones:} list: each place's range {@code [place, {after:
   * place})} holds exactly its value, pinned to its shards.
   */
  List<String> yaml(int shards) {
    List<String> out = new ArrayList<>();
    for (var z : allocate(shards).entrySet()) {
      String v = value(z.getKey());
      out.add(
          "{name: "
              + quoted(z.getKey())
              + ", min: "
              + v
              + ", max: {after: "
              + v
              + "}, shards: "
              + z.getValue()
              + "}");
    }
    return out;
  }

  private String value(String place) {
    return Boolean.TRUE.equals(text.get(place)) ? quoted(place) : place;
  }

  private static String quoted(String s) {
    return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }

  private static int byBytes(String a, String b) {
    return Arrays.compareUnsigned(
        a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
  }

  /** The places in their zones' order. */
  List<String> names() {
    return List.copyOf(shares.keySet());
  }
}
