package dev.keyplan.mongodb.check;

import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.model.Attribute;
import dev.keyplan.model.Spread;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbCollection;
import dev.keyplan.mongodb.design.MongoDbZones;
import dev.keyplan.mongodb.model.MongoDbDesign;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Flags a collection whose entity's rows must stay in the place an attribute names ({@code
 * residency: true}, docs/model.md "Data residency") when the design does not keep them there.
 * MongoDB places a document by its shard key only, and pins a range of the key to chosen shards
 * only through a zone (MongoDB manual, "Segmenting Data by Location": a zone per place, the shard
 * key led by the place's field; "Zones": "each zone covers one or more ranges of shard key values",
 * and the balancer keeps them on the zone's shards). So a place's documents stay put only when:
 *
 * <ol>
 *   <li>the collection is sharded (an unsharded one lives on its primary shard, one place);
 *   <li>its shard key leads with the residency field (a zone bounds the first field);
 *   <li>each place's value lies in exactly one zone, which holds no other place, and no two places'
 *       zones share a shard.
 * </ol>
 *
 * <p><b>Error</b> for each place that fails: the documents of that place may be stored in another.
 *
 * <p>Worked example: customers {@code region: [APAC, EU, US]} sharded on {@code {region: 1, _id:
 * 1}} with zones EU → shard 0 and US → shard 1: APAC's documents are in no zone, so the balancer
 * places them on either shard ⇒ error naming APAC.
 */
@RuleSpec(
    category = Category.DESIGN,
    summary = "Rows that must stay in their place are not pinned there by zones",
    severity = Severity.ERROR)
public final class ResidencyNotZoned implements MongoDbRule {
  @Override
  public void check(MongoDbAnalysis a, Findings out) {
    for (MongoDbCollection c : a.collections()) {
      Optional<Attribute> r = c.entity().residencyAttribute();
      if (r.isEmpty()) {
        continue;
      }
      String field = c.fieldOf(r.get().name());
      String what =
          "collection "
              + c.name()
              + " holds "
              + c.entity().name()
              + ", whose rows must stay in the place "
              + r.get().name()
              + " names (residency: true), ";
      String fix =
          "shard "
              + c.name()
              + " on a key led by "
              + field
              + " ({"
              + field
              + ": 1, _id: 1}) and give each place a zone of its own shards"
              + " (sh.updateZoneKeyRange), as keyplan design proposes";
      if (c.shardKey().isEmpty()) {
        out.report(
            Severity.ERROR,
            c.name(),
            c.location(),
            what + "but it is not sharded: every document lives on its primary shard, in one place",
            fix);
        continue;
      }
      MongoDbDesign.ShardKey key = c.shardKey().get();
      if (!key.fields().get(0).equals(field)
          || key.keys().get(0).kind() == MongoDbDesign.IndexKey.Kind.HASHED) {
        out.report(
            Severity.ERROR,
            c.name(),
            c.location(),
            what
                + "but its shard key "
                + key.pattern()
                + " does not lead with "
                + field
                + " ranged: a zone bounds the key's first field, so no zone can keep one place's"
                + " documents together",
            fix);
        continue;
      }
      List<String> problems = new ArrayList<>();
      Map<MongoDbDesign.Zone, String> placeOf = new LinkedHashMap<>();
      Map<String, String> shardOf = new LinkedHashMap<>();
      for (String place : places(c, r.get())) {
        List<MongoDbDesign.Zone> zones = MongoDbZones.zonesOf(c, place);
        if (zones.isEmpty()) {
          problems.add(
              place + " is in no zone, so the balancer may move its documents to any shard");
          continue;
        }
        MongoDbDesign.Zone z = zones.get(0);
        String other = placeOf.putIfAbsent(z, place);
        if (other != null) {
          problems.add(
              other + " and " + place + " share zone " + z.name() + ", so they share its shards");
          continue;
        }
        for (String shard : z.shards()) {
          String was = shardOf.putIfAbsent(shard.trim(), place);
          if (was != null && !was.equals(place)) {
            problems.add(
                was + " and " + place + " both have shard " + shard.trim() + " in their zones");
          }
        }
      }
      if (!problems.isEmpty()) {
        out.report(
            Severity.ERROR,
            c.name(),
            c.location(),
            what + "but " + String.join("; ", problems),
            "give each place a zone of its own shards, [place, {after: place}), as keyplan design"
                + " proposes");
      }
    }
  }

  /** The places: the enumeration's values and the spread's named shares, in file order. */
  private static Set<String> places(MongoDbCollection c, Attribute r) {
    Set<String> out = new LinkedHashSet<>(r.values());
    Spread s = c.entity().spread().get(r.name());
    if (s != null) {
      out.addAll(s.shares().keySet());
    }
    return out;
  }
}
