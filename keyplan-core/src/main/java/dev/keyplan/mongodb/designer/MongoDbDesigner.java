package dev.keyplan.mongodb.designer;

import dev.keyplan.check.Checker;
import dev.keyplan.check.Finding;
import dev.keyplan.check.Severity;
import dev.keyplan.designer.DesignInput;
import dev.keyplan.designer.Designer;
import dev.keyplan.designer.MonthlyCost;
import dev.keyplan.designer.Proposal;
import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Attribute;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Model;
import dev.keyplan.model.Operation;
import dev.keyplan.model.Quantities;
import dev.keyplan.model.StoreId;
import dev.keyplan.model.Units;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.mongodb.MongoDbStore;
import dev.keyplan.mongodb.design.EsrIndex;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbCollection;
import dev.keyplan.mongodb.design.MongoDbPlan;
import dev.keyplan.mongodb.design.MongoDbRelationship;
import dev.keyplan.mongodb.design.MongoDbShard;
import dev.keyplan.mongodb.facts.BsonTypes;
import dev.keyplan.mongodb.facts.MongoDbLimits;
import dev.keyplan.mongodb.facts.MongoDbNodePrice;
import dev.keyplan.workload.KeyCounts;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Proposes a MongoDB design from the access patterns, each step read off keyplan's own analysis of
 * the design so far:
 *
 * <ol>
 *   <li>one collection per entity, with a {@code $jsonSchema} validator;
 *   <li>embed or reference, per parent–child relationship, as the analysis advises by seed 003's
 *       test (read together, bounded, owned, not updated alone): a child embedded in its parent's
 *       documents when every read of it goes through the parent's key, else a collection of its
 *       own;
 *   <li>a native time-series collection for measurements ({@link Series#of}: only inserted, keyed
 *       by a series attribute and a time that grows, read by both) when its buckets take no more
 *       than its documents would;
 *   <li>per read, the index the ESR guideline gives ({@link EsrIndex}: equality, sort, range), none
 *       where {@code _id} serves it, a case-insensitive collation where the pattern ignores case,
 *       unique where the attribute is; an index that is a prefix of another is left out;
 *   <li>shards from the load ({@code ShardOverBudget}'s arithmetic: the busiest collection's load
 *       over half a shard's budget), or as many as the caller asks for; each collection past one
 *       range or busy enough gets the first shard key of a fixed list of candidates that leaves it
 *       none of the shard-key rules' findings: the equality fields of its busiest read, completed
 *       by the entity's key (seed 004: {@code {country_code: 1, tenant_id: 1}}, not {@code
 *       {country_code: 1}}); then the same for each other read; then {@code {_id: hashed}}.
 * </ol>
 *
 * Each candidate is the workload's text with a {@code mongodb:} section appended, read by the model
 * reader and analysed and checked as {@code keyplan check} does.
 */
public final class MongoDbDesigner implements Designer {
  /** The shard-key rules a collection's key is searched against. */
  private static final Set<String> SHARD_RULES =
      Set.of(
          "LowCardinalityShardKey",
          "MonotonicShardKey",
          "JumboChunkRisk",
          "ShardOverBudget",
          "ScatterGatherOnHotPath");

  @Override
  public StoreId store() {
    return StoreId.MONGODB;
  }

  @Override
  public Proposal propose(DesignInput w, String schemaName) {
    Model model = w.model();
    List<Proposal.Decision> decisions = new ArrayList<>();
    List<Proposal.Unsupported> unsupported = new ArrayList<>();
    Map<String, Coll> colls = new LinkedHashMap<>();
    for (Entity e : model.entities().values()) {
      colls.put(e.name(), new Coll(collectionName(e.name()), e));
    }
    // 2. Embed or reference, from the advice of the design with every entity referenced.
    Candidate all = candidate(w, colls.values(), 1);
    Set<String> parents = new LinkedHashSet<>();
    for (MongoDbRelationship r : all.analysis().relationships()) {
      if (r.advice().equals("embed")) {
        parents.add(r.parent());
      }
    }
    for (MongoDbRelationship r : all.analysis().relationships()) {
      Coll parent = colls.get(r.parent());
      Coll child = colls.get(r.child());
      if (parent == null || child == null || child.embeddedIn != null) {
        continue;
      }
      String where = child.name + " → " + parent.name;
      List<String> reasons = new ArrayList<>(r.reasons());
      List<String> through = readsOf(model, child.entity, parent.entity.key(), true);
      List<String> elsewhere = readsOf(model, child.entity, parent.entity.key(), false);
      boolean embed =
          r.advice().equals("embed")
              && elsewhere.isEmpty()
              && !parents.contains(child.entity.name())
              && parent.embeddedIn == null;
      if (embed) {
        child.embeddedIn = parent;
        parent.embeds.add(child);
        reasons.add(
            "embedded as "
                + parent.name
                + "."
                + fieldName(parent.entity.name(), child.entity.name())
                + ", about "
                + Units.count(Math.ceil(r.typicalElements()))
                + " a document: one read returns the "
                + parent.entity.name()
                + " with its "
                + child.entity.name()
                + " (seed 003, \"Embed vs. Reference\": read together, bounded, owned)");
        decisions.add(
            new Proposal.Decision(
                parent.name + "." + fieldName(parent.entity.name(), child.entity.name()),
                through,
                "embed " + child.entity.name() + " in " + parent.entity.name(),
                reasons));
      } else {
        if (r.advice().equals("embed") && !elsewhere.isEmpty()) {
          reasons.add(
              String.join(", ", elsewhere)
                  + " "
                  + (elsewhere.size() == 1 ? "reads" : "read")
                  + " "
                  + child.entity.name()
                  + " not through its "
                  + parent.entity.name()
                  + ": it keeps a collection of its own");
        } else if (r.advice().equals("embed")) {
          reasons.add(
              "one level of embedding only: "
                  + (parent.embeddedIn != null
                      ? parent.entity.name() + " is itself embedded"
                      : child.entity.name() + " has children embedded in it"));
        }
        decisions.add(
            new Proposal.Decision(
                where,
                through,
                "reference: " + child.name + " holds " + String.join(", ", parent.entity.key()),
                reasons));
      }
    }
    List<Coll> kept = colls.values().stream().filter(x -> x.embeddedIn == null).toList();
    // 2a. Residency: the places the residency attributes name become zones, each of its own
    // shards, and every collection of such an entity is sharded on a key led by that attribute.
    ResidencyZones places = ResidencyZones.of(kept.stream().map(x -> x.entity).toList());
    for (Coll x : kept) {
      if (x.entity.residencyAttribute().isPresent()) {
        x.zones = places;
      }
    }
    // 2b. Time series: an entity only ever inserted, with a date that grows with the inserts and
    // read by one series attribute and its time, is stored as a native time-series collection
    // when its buckets take no more than its documents would (both analysed).
    timeSeries(w, kept, all);
    // 3. The ESR index of each read on the collection the analysis plans it on.
    Candidate shaped = candidate(w, kept, 1);
    for (AccessPattern p : model.patterns()) {
      if (!(p.operation() instanceof Operation.Read r)) {
        continue;
      }
      if (r.where().isEmpty() && r.orderBy().isEmpty()) {
        unsupported.add(
            new Proposal.Unsupported(
                p.id(),
                "restricts and orders by nothing, so no index serves it: every read is a"
                    + " collection scan; give the query a field to look up by"));
        continue;
      }
      Optional<String> on = shaped.analysis().plan(p.id()).flatMap(MongoDbPlan::collection);
      Optional<MongoDbCollection> mc = on.flatMap(shaped.analysis()::collection);
      if (mc.isEmpty()) {
        continue;
      }
      Optional<String> keys = EsrIndex.keys(mc.get(), r);
      Coll c = kept.stream().filter(x -> x.name.equals(mc.get().name())).findFirst().orElseThrow();
      if (keys.isEmpty() || keys.get().equals("{_id: 1}")) {
        c.byId.add(p.id());
        continue;
      }
      if (c.series != null && c.series.serves(keys.get())) {
        c.bySeries.add(p.id());
        continue;
      }
      boolean caseless = r.where().stream().anyMatch(x -> p.ignoreCase().contains(x.attribute()));
      boolean unique =
          r.equalities().size() == 1
              && r.orderBy().isEmpty()
              && c.entity.attribute(r.equalities().get(0)).map(a -> a.unique()).orElse(false)
              && keys.get().equals("{" + r.equalities().get(0) + ": 1}");
      c.index(keys.get(), caseless, unique, p.id());
    }
    for (Coll c : kept) {
      c.dropPrefixes();
    }
    // TTL: documents whose every insert sets a TTL expire through a TTL index on a date field
    // that holds the time of the insert (MongoDB manual, "TTL Indexes": a single-field index with
    // expireAfterSeconds; a document expires that many seconds after the date in the field).
    Map<String, Long> ttls = model.insertTtls();
    for (Coll c : kept) {
      long ttl = ttls.getOrDefault(c.entity.name(), 0L);
      if (ttl > 0 && c.series == null) {
        c.expire(ttl, model.horizonSeconds());
      }
    }
    // 4. Shards: from the load, or as asked.
    Candidate c = candidate(w, kept, 1);
    int shards = w.constraints().shards().orElse(0);
    List<String> shardReasons = new ArrayList<>();
    double loadShards = 0;
    for (MongoDbShard s : c.analysis().shards()) {
      loadShards =
          Math.max(
              loadShards, (s.reads() + s.writes()) / (s.budget() * MongoDbLimits.SHARD_WARN_SHARE));
    }
    if (shards == 0) {
      // As many shards as the busiest collection's load over half a shard's budget needs.
      shards = Math.max(1, (int) Math.ceil(loadShards - 1e-9));
      String busiest = "";
      double most = 0;
      for (MongoDbShard s : c.analysis().shards()) {
        double load = s.reads() + s.writes();
        if (load > most) {
          most = load;
          busiest = s.collection();
        }
      }
      double budget = c.analysis().shards().isEmpty() ? 0 : c.analysis().shards().get(0).budget();
      shardReasons.add(
          (shards == 1 ? "one replica set, nothing sharded: " : shards + " shards: ")
              + "the busiest collection, "
              + busiest
              + ", takes "
              + Units.rate(most)
              + (shards == 1 ? ", under " : ", and each shard is to stay under ")
              + Units.percent(MongoDbLimits.SHARD_WARN_SHARE)
              + " of the "
              + Units.rate(budget)
              + " a shard's primary is planned to serve (shard_budget; ShardOverBudget's margin)");
    } else {
      shardReasons.add(shards + " shards, as asked (--shards)");
    }
    if (!places.isEmpty() && shards < places.places()) {
      shardReasons.add(
          "raised to "
              + places.places()
              + " shards: one at least for each place a residency attribute names ("
              + String.join(", ", places.names())
              + "), so that each place's documents stay on shards of their own");
      shards = places.places();
    }
    shards = Math.max(1, Math.min(shards, MongoDbLimits.MAX_SHARDS));
    List<Proposal.Decision> keys = new ArrayList<>();
    if (shards > 1) {
      c = candidate(w, kept, shards);
      List<Coll> toShard = new ArrayList<>();
      for (Coll coll : kept) {
        Optional<MongoDbCollection> mc = c.analysis().collection(coll.name);
        Optional<MongoDbShard> s = c.analysis().shard(coll.name);
        if (mc.isEmpty() || s.isEmpty()) {
          continue;
        }
        double range = rangeBytes(c.analysis());
        double load = s.get().reads() + s.get().writes();
        if (coll.zones == null
            && mc.get().dataBytes() <= range
            && load < s.get().budget() * MongoDbLimits.SHARD_WARN_SHARE) {
          shardReasons.add(
              coll.name
                  + " stays unsharded on its primary shard: "
                  + Units.bytes(mc.get().dataBytes())
                  + " fit one range ("
                  + Units.bytes(range)
                  + ") and "
                  + Units.rate(load)
                  + " is under half a shard's budget");
          continue;
        }
        toShard.add(coll);
      }
      c = shardKeys(w, kept, shards, toShard, c, keys);
      // The load's skew (a busiest key value, a shard key that does not spread evenly) can leave
      // the busiest shard over half its budget at the count the even spread gives: add shards,
      // one at a time up to twice that count, while that is all that is wrong.
      if (w.constraints().shards().isEmpty()) {
        int first = shards;
        while (overBudgetOnly(c) && shards < Math.min(2 * first, MongoDbLimits.MAX_SHARDS)) {
          Candidate more = candidate(w, kept, shards + 1);
          shards++;
          c = more;
        }
        if (shards > first) {
          shardReasons.add(
              (overBudgetOnly(c) ? "still over half the budget at " : "raised to ")
                  + shards
                  + " shards: at "
                  + first
                  + " the busiest shard of a collection took over half the budget (its share of"
                  + " the load is more than an even one; ShardOverBudget), and each shard added"
                  + " was tried, up to twice the count");
        }
      }
    }
    decisions.add(
        new Proposal.Decision(
            "shards",
            model.patterns().stream().map(AccessPattern::id).toList(),
            shards == 1 ? "1 (a replica set)" : shards + " shards",
            shardReasons));
    decisions.addAll(keys);
    if (!places.isEmpty() && shards > 1) {
      decisions.add(zoneDecision(model, kept, places, shards));
    }
    for (Coll coll : kept) {
      decisions.add(coll.decision(c.analysis()));
    }
    double bytes = 0;
    for (MongoDbCollection mc : c.analysis().collections()) {
      bytes += mc.dataBytes() + mc.indexBytes();
    }
    return new Proposal(
        StoreId.MONGODB,
        c.section(),
        Map.of(),
        decisions,
        unsupported,
        c.findings(),
        c.analysis(),
        bytes * MongoDbNodePrice.MEMBERS,
        costs(w, loadShards, shards, bytes),
        Proposal.requestsOf(c.analysis()));
  }

  /**
   * The cluster's monthly cost, self-managed and on Atlas ({@link MongoDbNodePrice}): shards of 3
   * members, as many as the busiest collection's load over half a shard's budget needs at the rates
   * given (never fewer than the proposal's), each member holding a copy of the data and indexes.
   */
  private static List<MonthlyCost> costs(
      DesignInput w, double loadShards, int shards, double bytes) {
    int members = MongoDbNodePrice.MEMBERS;
    double member = w.prices().hourly("mongodb.member", MongoDbNodePrice.MEMBER_USD_PER_HOUR);
    double atlas = w.prices().hourly("mongodb.atlas", MongoDbNodePrice.ATLAS_USD_PER_HOUR);
    double perShard = bytes / shards;
    String unit = "shard";
    MonthlyCost self =
        new MonthlyCost(
            "self-managed, " + MongoDbNodePrice.INSTANCE + " members",
            (w.prices().given("mongodb.member")
                    ? "$" + member + " an hour, as given (--price mongodb.member)"
                    : MongoDbNodePrice.INSTANCE + " on demand, us-east-1, $" + member + " an hour")
                + ", gp3 at $"
                + MongoDbNodePrice.GP3_USD_PER_GB_MONTH
                + " per GB-month (read "
                + MongoDbNodePrice.CHECKED
                + "; see MongoDbNodePrice)",
            unit,
            members * member * MonthlyCost.HOURS_PER_MONTH,
            loadShards,
            bytes / MongoDbNodePrice.GP3_MAX_VOLUME_BYTES,
            shards,
            0,
            members * bytes / (1L << 30) * MongoDbNodePrice.GP3_USD_PER_GB_MONTH,
            "compute and volumes; no config servers, mongos, backups or operators");
    MonthlyCost managed =
        new MonthlyCost(
            "Atlas, " + MongoDbNodePrice.ATLAS_TIER,
            (w.prices().given("mongodb.atlas")
                    ? "$" + atlas + " an hour, as given (--price mongodb.atlas)"
                    : MongoDbNodePrice.ATLAS_TIER
                        + " on AWS with default settings, $"
                        + atlas
                        + " an hour a node (MongoDB Atlas docs, \"Invoice Breakdown\", read "
                        + MongoDbNodePrice.CHECKED
                        + ")")
                + ", "
                + members
                + " data-bearing nodes a shard",
            unit,
            perShard > MongoDbNodePrice.ATLAS_STORAGE_BYTES
                ? Double.NaN
                : members * atlas * MonthlyCost.HOURS_PER_MONTH,
            loadShards,
            0,
            shards,
            0,
            0,
            perShard > MongoDbNodePrice.ATLAS_STORAGE_BYTES
                ? "not priced: each shard holds "
                    + Units.bytes(perShard)
                    + ", past "
                    + MongoDbNodePrice.ATLAS_TIER
                    + "'s 40 GB, and needs a larger tier keyplan does not price"
                : "no config servers (charged apart), backups or data transfer");
    return List.of(self, managed);
  }

  /**
   * Tries each collection's shard key candidates in order and keeps the first that leaves it none
   * of the shard-key rules' errors or warnings; when none does, the one with the fewest errors,
   * then warnings (the first of equals). A collection's findings depend on its own key alone, so
   * the collections are searched together in rounds: round r gives every collection still looking
   * its r-th candidate, and one analysis of the whole design answers for all of them.
   */
  private static Candidate shardKeys(
      DesignInput w,
      List<Coll> kept,
      int shards,
      List<Coll> toShard,
      Candidate current,
      List<Proposal.Decision> decisions) {
    Map<Coll, List<String>> candidates = new LinkedHashMap<>();
    Map<Coll, String> best = new LinkedHashMap<>();
    Map<Coll, int[]> scores = new LinkedHashMap<>();
    Map<Coll, List<String>> tried = new LinkedHashMap<>();
    Set<Coll> settled = new HashSet<>();
    for (Coll coll : toShard) {
      candidates.put(coll, shardKeys(w.model(), coll, current.analysis()));
      tried.put(coll, new ArrayList<>());
    }
    Candidate c = current;
    // The keys the last candidate analysed was built with.
    Map<Coll, String> evaluated = new LinkedHashMap<>();
    for (int r = 0; ; r++) {
      List<Coll> pending = new ArrayList<>();
      for (Coll coll : toShard) {
        if (!settled.contains(coll) && r < candidates.get(coll).size()) {
          pending.add(coll);
          coll.shardKey = candidates.get(coll).get(r);
        } else {
          coll.shardKey = best.get(coll);
        }
      }
      if (pending.isEmpty()) {
        break;
      }
      c = candidate(w, kept, shards);
      for (Coll coll : toShard) {
        evaluated.put(coll, coll.shardKey);
      }
      for (Coll coll : pending) {
        List<Finding> against = shardFindings(c, coll.name);
        int[] score = {
          (int) against.stream().filter(f -> f.severity() == Severity.ERROR).count(),
          (int) against.stream().filter(f -> f.severity() == Severity.WARNING).count()
        };
        int[] was = scores.get(coll);
        if (was == null || score[0] < was[0] || score[0] == was[0] && score[1] < was[1]) {
          best.put(coll, coll.shardKey);
          scores.put(coll, score);
        }
        if (against.isEmpty()) {
          settled.add(coll);
        } else {
          tried
              .get(coll)
              .add(
                  coll.shardKey
                      + ": "
                      + String.join(
                          "; ",
                          against.stream().map(f -> f.rule() + " (" + f.message() + ")").toList()));
        }
      }
    }
    boolean again = false;
    for (Coll coll : toShard) {
      if (!best.get(coll).equals(evaluated.get(coll))) {
        again = true;
      }
      coll.shardKey = best.get(coll);
    }
    if (again) {
      c = candidate(w, kept, shards);
    }
    for (Coll coll : toShard) {
      int[] score = scores.get(coll);
      List<String> keys = candidates.get(coll);
      List<String> reasons = new ArrayList<>();
      reasons.add(
          score[0] + score[1] == 0
              ? (coll.series != null
                      ? "the key a time-series collection takes (its metaField, then its timeField"
                          + " ranged and last), and it leaves "
                      : keys.size() == 1 && coll.zones != null
                          ? "the only candidate (the residency field first, then the reads'"
                              + " equality fields and the entity's key) and it leaves "
                          : keys.size() == 1
                              ? "the only candidate (no read gives a field by equality) and it leaves "
                              : "the first of "
                                  + keys.size()
                                  + " candidates (the equality fields of each read, busiest first, completed"
                                  + " by the entity's key; then {_id: hashed}) that leaves ")
                  + coll.name
                  + " no finding of "
                  + String.join(", ", SHARD_RULES.stream().sorted().toList())
              : "no candidate of "
                  + keys.size()
                  + " clears every shard-key rule; this one leaves the fewest findings (they stay"
                  + " in the proposal)");
      reasons.addAll(tried.get(coll).stream().map(t -> "tried " + t).toList());
      if (coll.entity.key().size() == 1 && coll.shardKey.contains("_id")) {
        reasons.add("_id holds " + coll.entity.key().get(0) + ", the key of " + coll.entity.name());
      }
      decisions.add(
          new Proposal.Decision(
              coll.name + " shard key", readsOn(w.model(), coll.entity), coll.shardKey, reasons));
    }
    return c;
  }

  /**
   * The zones' decision: which shards each place gets and why, with each place's share of rows and
   * the share of the load each of its shards carries.
   */
  private static Proposal.Decision zoneDecision(
      Model model, List<Coll> kept, ResidencyZones places, int shards) {
    List<String> reasons = new ArrayList<>();
    List<String> zoned = new ArrayList<>();
    List<String> patterns = new ArrayList<>();
    for (Coll c : kept) {
      if (c.zones != null) {
        zoned.add(c.name + " by " + c.entity.residencyAttribute().orElseThrow().name());
        patterns.addAll(readsOn(model, c.entity));
      }
    }
    reasons.add(
        "data residency: "
            + String.join(", ", zoned)
            + "; each place's documents are one range of the shard key's first field, pinned to"
            + " that place's shards, which the balancer never moves them off (MongoDB manual,"
            + " \"Segmenting Data by Location\" and \"Zones\"); run each zone's shards in its place");
    List<String> value = new ArrayList<>();
    for (var z : places.allocate(shards).entrySet()) {
      int n = z.getValue().size();
      value.add(z.getKey() + " " + z.getValue());
      reasons.add(
          z.getKey()
              + ": "
              + Units.percent(places.share(z.getKey()))
              + " of the rows on "
              + n
              + (n == 1 ? " shard, " : " shards, ")
              + Units.percent(places.share(z.getKey()) / n)
              + " of the rows each");
    }
    reasons.add(
        "each place has one shard, and each shard beyond goes to the place whose shards carry the"
            + " largest share each");
    return new Proposal.Decision("zones", patterns, String.join(", ", value), reasons);
  }

  /**
   * The shard key candidates of a collection, in the order tried: for each read of its entity,
   * busiest first, its equality fields in the query's order then the entity's key fields it lacks
   * (ranged); a hashed first field where that field grows with time; then {@code {_id: hashed}}.
   */
  private static List<String> shardKeys(Model model, Coll coll, MongoDbAnalysis a) {
    if (coll.series != null) {
      // A time-series collection is sharded on its metaField and timeField only, the timeField
      // ranged and last (docs/model.md, "Time-series collections", as the server checks it).
      return List.of(
          coll.series
              .meta
              .map(m -> "{" + quote(m) + ": 1, " + quote(coll.series.time) + ": 1}")
              .orElse("{" + quote(coll.series.time) + ": 1}"));
    }
    MongoDbCollection mc = a.collection(coll.name).orElseThrow();
    List<AccessPattern> reads = new ArrayList<>();
    for (AccessPattern p : model.patterns()) {
      if (p.operation() instanceof Operation.Read r
          && r.entity().equals(coll.entity.name())
          && !r.equalities().isEmpty()) {
        reads.add(p);
      }
    }
    reads.sort(Comparator.comparingDouble(AccessPattern::ratePerSecond).reversed());
    Set<String> out = new LinkedHashSet<>();
    // A zoned collection's key is led by its residency field, ranged: a zone is a range of the
    // key's first field (MongoDB manual, "Zones").
    Optional<String> place =
        coll.zones == null
            ? Optional.empty()
            : coll.entity.residencyAttribute().map(x -> mc.fieldOf(x.name()));
    for (AccessPattern p : reads) {
      List<String> fields = new ArrayList<>();
      for (String a2 : p.operation().equalities()) {
        String f = mc.fieldOf(a2);
        if (!fields.contains(f)) {
          fields.add(f);
        }
      }
      for (String k : coll.entity.key()) {
        String f = mc.fieldOf(k);
        if (!fields.contains(f)) {
          fields.add(f);
        }
      }
      if (place.isPresent()) {
        fields.remove(place.get());
        fields.add(0, place.get());
        out.add(ranged(fields));
      } else if (mc.growsWithTime(fields.get(0))) {
        out.add("{" + quote(fields.get(0)) + ": hashed}");
      } else {
        out.add(ranged(fields));
      }
    }
    // keyplan reads zones on ranged keys only, so a zoned collection's last candidate is ranged
    // too.
    out.add(place.map(f -> "{" + quote(f) + ": 1, _id: 1}").orElse("{_id: hashed}"));
    return List.copyOf(out);
  }

  private static String ranged(List<String> fields) {
    StringBuilder b = new StringBuilder("{");
    for (String f : fields) {
      b.append(b.length() > 1 ? ", " : "").append(quote(f)).append(": 1");
    }
    return b.append('}').toString();
  }

  private static String quote(String field) {
    return field.matches("[A-Za-z_][A-Za-z0-9_]*") ? field : "\"" + field + "\"";
  }

  /**
   * Returns true if a sharded collection's busiest shard is over half the budget and no
   * scatter-gather read causes it (more shards would not help those).
   */
  private static boolean overBudgetOnly(Candidate c) {
    boolean over =
        c.findings().stream()
            .anyMatch(f -> f.rule().equals("ShardOverBudget") && f.severity() != Severity.INFO);
    boolean scatter =
        c.findings().stream().anyMatch(f -> f.rule().equals("ScatterGatherOnHotPath"));
    return over && !scatter;
  }

  /** The shard-key rules' findings on the collection or on a pattern planned on it. */
  private static List<Finding> shardFindings(Candidate c, String collection) {
    Set<String> patterns = new LinkedHashSet<>();
    for (MongoDbPlan p : c.analysis().plans()) {
      if (p.collection().filter(collection::equals).isPresent()) {
        patterns.add(p.pattern().id());
      }
    }
    return c.findings().stream()
        .filter(f -> f.severity() != Severity.INFO && SHARD_RULES.contains(f.rule()))
        .filter(f -> f.target().equals(collection) || patterns.contains(f.target()))
        .toList();
  }

  private static double rangeBytes(MongoDbAnalysis a) {
    return a.design().rangeSizeBytes();
  }

  private static List<String> readsOn(Model model, Entity e) {
    return model.patterns().stream()
        .filter(p -> p.operation().entity().equals(e.name()))
        .map(AccessPattern::id)
        .toList();
  }

  /**
   * The patterns reading {@code child} that give every attribute of its parent's {@code key} by
   * equality ({@code through}), or those that do not.
   */
  private static List<String> readsOf(
      Model model, Entity child, List<String> key, boolean through) {
    return model.patterns().stream()
        .filter(
            p ->
                p.operation() instanceof Operation.Read r
                    && r.entity().equals(child.name())
                    && r.equalities().containsAll(key) == through)
        .map(AccessPattern::id)
        .toList();
  }

  private record Candidate(String section, List<Finding> findings, MongoDbAnalysis analysis) {}

  private static Candidate candidate(DesignInput w, Collection<Coll> colls, int shards) {
    StringBuilder s = new StringBuilder("mongodb:\n");
    if (shards > 1) {
      s.append("  shards: ").append(shards).append('\n');
    }
    s.append("  collections:\n");
    for (Coll c : colls) {
      if (c.embeddedIn != null) {
        continue;
      }
      s.append("    ").append(c.name).append(":\n");
      s.append("      entity: ").append(c.entity.name()).append('\n');
      if (c.series != null) {
        s.append("      timeseries: ").append(c.series.yaml()).append('\n');
      }
      if (!c.embeds.isEmpty()) {
        s.append("      embed:\n");
        for (Coll child : c.embeds) {
          s.append("        ")
              .append(fieldName(c.entity.name(), child.entity.name()))
              .append(": {entity: ")
              .append(child.entity.name())
              .append(", by: [")
              .append(String.join(", ", c.entity.key()))
              .append("]}\n");
        }
      }
      if (!c.indexes.isEmpty() || c.shardKey != null && needsIndex(c)) {
        s.append("      indexes:\n");
        for (Idx i : c.indexes) {
          s.append("        - ").append(i.yaml()).append('\n');
        }
        if (c.shardKey != null && needsIndex(c)) {
          s.append("        - ").append(c.shardKey).append('\n');
        }
      }
      if (c.shardKey != null) {
        s.append("      shard_key: ").append(c.shardKey).append('\n');
        if (c.zones != null && shards > 1) {
          s.append("      zones:\n");
          for (String z : c.zones.yaml(shards)) {
            s.append("        - ").append(z).append('\n');
          }
        }
      }
      if (c.series == null) {
        s.append("      validation: true\n");
      }
    }
    String text = w.text() + (w.text().endsWith("\n") ? "" : "\n") + s;
    Model m = ModelReader.read(w.model().file(), text, w.baseDir());
    MongoDbAnalysis a = new MongoDbStore().analyze(m);
    return new Candidate(s.toString(), Checker.builtIn().check(a), a);
  }

  /**
   * Returns true if no index of the collection starts with the shard key: sharding needs one that
   * does (MongoDB manual, "Shard Keys": "the supporting index"); {@code _id} is always indexed.
   */
  private static boolean needsIndex(Coll c) {
    if (c.series != null) {
      // The server's own {metaField: 1, timeField: 1} index supports the key.
      return false;
    }
    String inner = c.shardKey.substring(1, c.shardKey.length() - 1);
    if (inner.equals("_id: 1")) {
      return false;
    }
    return c.indexes.stream()
        .noneMatch(i -> !i.caseless && i.keys.substring(1, i.keys.length() - 1).startsWith(inner));
  }

  /**
   * A collection's name: the entity's in snake case, plural as English makes it ({@code Order} →
   * {@code orders}, {@code Category} → {@code categories}, {@code Address} → {@code addresses}).
   */
  static String collectionName(String entity) {
    return plural(entity.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT));
  }

  /**
   * An embedded array's field: the child's collection name, less the parent's name where the
   * child's starts with it ({@code OrderLine} in {@code Order} → {@code lines}).
   */
  static String fieldName(String parent, String child) {
    String name =
        child.startsWith(parent) && child.length() > parent.length()
            ? child.substring(parent.length())
            : child;
    return collectionName(name);
  }

  private static String plural(String s) {
    if (s.matches(".*[^aeiou]y")) {
      return s.substring(0, s.length() - 1) + "ies";
    }
    if (s.matches(".*(s|x|z|ch|sh)")) {
      return s + "es";
    }
    return s + "s";
  }

  /**
   * Makes each eligible collection ({@link Series#of}) a time-series collection when its buckets,
   * analysed, take no more bytes (data and indexes) than its documents in the design with every
   * entity in a regular collection ({@code regular}); the reasons give both figures. The comparison
   * is made with no expiry on either side, so that a TTL, which both honour, does not tip it; the
   * collection's expireAfterSeconds is set after.
   */
  private static void timeSeries(DesignInput w, List<Coll> kept, Candidate regular) {
    List<Coll> eligible = new ArrayList<>();
    for (Coll c : kept) {
      if (c.embeds.isEmpty()) {
        Series.of(w.model(), c.entity)
            .ifPresent(
                x -> {
                  c.series = x;
                  eligible.add(c);
                });
      }
    }
    if (eligible.isEmpty()) {
      return;
    }
    Candidate series = candidate(w, kept, 1);
    Map<String, Long> ttls = w.model().insertTtls();
    for (Coll c : eligible) {
      MongoDbCollection before = regular.analysis().collection(c.name).orElseThrow();
      MongoDbCollection after = series.analysis().collection(c.name).orElseThrow();
      double was = before.dataBytes() + before.indexBytes();
      double now = after.dataBytes() + after.indexBytes();
      String figures =
          Units.count(after.documents())
              + " buckets of "
              + Units.bytes(after.typicalBytes())
              + " hold "
              + Units.count(before.documents())
              + " measurements in "
              + Units.bytes(now)
              + " with their indexes (uncompressed, an upper bound: closed buckets are compressed"
              + " since 5.2), against "
              + Units.bytes(was)
              + " as documents of "
              + Units.bytes(before.typicalBytes())
              + " with theirs (at the horizon, with no expiry on either side)";
      if (now <= was) {
        c.series.reasons.add(figures);
        c.series.expireSeconds = ttls.getOrDefault(c.entity.name(), 0L);
        if (c.series.expireSeconds > 0) {
          c.series.reasons.add(
              "expireAfterSeconds "
                  + c.series.expireSeconds
                  + ": every insert of "
                  + c.entity.name()
                  + " sets a TTL of "
                  + Quantities.formatSeconds(c.series.expireSeconds)
                  + "; a bucket is deleted once its whole span is older (MongoDB manual, \"Set up"
                  + " Automatic Removal for Time Series Collections (TTL)\")");
        }
      } else {
        c.notes.add(
            "a regular collection, not a time-series one: "
                + String.join("; ", c.series.reasons)
                + "; but "
                + figures);
        c.series = null;
      }
    }
  }

  /**
   * A native time-series collection for an entity: its timeField, metaField and granularity, and
   * why.
   */
  private static final class Series {
    final String time;
    final Optional<String> meta;
    final String granularity;
    final List<String> reasons = new ArrayList<>();
    long expireSeconds;

    private Series(String time, Optional<String> meta, String granularity) {
      this.time = time;
      this.meta = meta;
      this.granularity = granularity;
    }

    /**
     * The time series {@code e} makes, if it makes one: every write of it an insert (at least one),
     * and no unique attribute (a time-series collection takes neither updates by key nor unique
     * indexes: MongoDB manual, "Time Series Collection Limitations"); a {@code timestamp} or {@code
     * date} attribute declared {@code time_ordered}, the timeField; exactly one attribute that its
     * reads give by equality besides the time, the metaField (not the entity's sole key, which is
     * {@code _id}), and a read that ranges or orders by the time; the entity's key is the metaField
     * and the timeField (a measurement has no identity but its series and time). The granularity is
     * the manual's: "the closest match to the time span between consecutive incoming measurements
     * that have the same unique value for the metaField" ("Set Granularity for Time Series Data"),
     * one series writing {@code growth ÷ distinct(metaField)} a second: under a minute apart {@code
     * seconds}, under an hour {@code minutes}, else {@code hours}. Worked number: 20,000 readings a
     * second from 100,000 devices are one every 5 s per device: {@code seconds}.
     */
    static Optional<Series> of(Model model, Entity e) {
      List<String> inserts = new ArrayList<>();
      List<String> reads = new ArrayList<>();
      Set<String> metas = new LinkedHashSet<>();
      boolean timed = false;
      Optional<Attribute> timeAttribute =
          e.attributes().values().stream()
              .filter(a -> a.timeOrdered() && BsonTypes.natural(a).equals("date"))
              .findFirst();
      if (timeAttribute.isEmpty()
          || e.residencyAttribute().isPresent()
          || e.growthPerSecond() <= 0
          || e.attributes().values().stream().anyMatch(Attribute::unique)) {
        return Optional.empty();
      }
      String time = timeAttribute.get().name();
      for (AccessPattern p : model.patterns()) {
        Operation o = p.operation();
        if (!o.entity().equals(e.name())) {
          continue;
        }
        if (o instanceof Operation.Write wr) {
          if (wr.kind() != Operation.Kind.INSERT) {
            return Optional.empty();
          }
          inserts.add(p.id());
        } else if (o instanceof Operation.Read r) {
          reads.add(p.id());
          r.equalities().stream().filter(a -> !a.equals(time)).forEach(metas::add);
          timed |=
              r.where().stream().anyMatch(c -> c.attribute().equals(time))
                  || r.orderBy().stream().anyMatch(x -> x.attribute().equals(time));
        }
      }
      // Without a metaField every measurement is one series and the only shard key is the time,
      // monotonic (MonotonicShardKey): a regular collection with a hashed key spreads the inserts.
      if (inserts.isEmpty() || metas.size() != 1 || !timed) {
        return Optional.empty();
      }
      // A measurement is named by its series and its time alone: an entity with an identity of
      // its own (a review's review_id) is a document, however it is read.
      Optional<String> meta = metas.stream().findFirst();
      if (!Set.of(meta.get(), time).containsAll(e.key()) || e.key().equals(List.of(meta.get()))) {
        return Optional.empty();
      }
      double rows = e.rowsAfter(model.horizonSeconds(), 0);
      double series = meta.map(m -> KeyCounts.distinct(e, Set.of(m), rows)).orElse(1.0);
      if (Double.isNaN(series)) {
        return Optional.empty();
      }
      double apart = Math.max(1, series) / e.growthPerSecond();
      String granularity = apart < 60 ? "seconds" : apart < 3_600 ? "minutes" : "hours";
      Series out = new Series(time, meta, granularity);
      out.reasons.add(
          "a native time-series collection (timeField "
              + time
              + meta.map(m -> ", metaField " + m).orElse(", no metaField: one series")
              + ", granularity "
              + granularity
              + "): "
              + e.name()
              + " is only inserted ("
              + String.join(", ", inserts)
              + "), "
              + time
              + " grows with the inserts (time_ordered), and "
              + (reads.isEmpty()
                  ? "nothing reads it"
                  : String.join(", ", reads)
                      + (reads.size() == 1 ? " reads" : " read")
                      + " it by "
                      + meta.map(m -> m + " and ").orElse("")
                      + "its time")
              + "; a series writes one measurement every "
              + Quantities.formatSeconds(Math.max(1, Math.round(apart)))
              + " ("
              + Units.rate(e.growthPerSecond())
              + meta.map(m -> " over " + Units.count(series) + " values of " + m).orElse("")
              + "), and the granularity is the closest match to that span (MongoDB manual, \"Set"
              + " Granularity for Time Series Data\")");
      return Optional.of(out);
    }

    String yaml() {
      return "{timeField: "
          + time
          + meta.map(m -> ", metaField: " + m).orElse("")
          + ", granularity: "
          + granularity
          + (expireSeconds > 0
              ? ", expireAfterSeconds: " + Quantities.formatSeconds(expireSeconds)
              : "")
          + "}";
    }

    /**
     * Returns true if the server's own {@code {metaField: 1, timeField: 1}} index serves an ESR
     * index of {@code keys}: those fields, or the first alone, in either direction.
     */
    boolean serves(String keys) {
      String m = meta.map(x -> quote(x)).orElse(null);
      String t = quote(time);
      for (String a : List.of("1", "-1")) {
        for (String b : List.of("1", "-1")) {
          if (m != null
              && (keys.equals("{" + m + ": " + a + ", " + t + ": " + b + "}")
                  || keys.equals("{" + m + ": " + a + "}"))) {
            return true;
          }
        }
        if (m == null && keys.equals("{" + t + ": " + a + "}")) {
          return true;
        }
      }
      return false;
    }
  }

  /** An index the reads ask for, or the TTL index. */
  private static final class Idx {
    final String keys;
    final boolean caseless;
    boolean unique;
    long ttlSeconds;
    String ttlReason = "";
    final List<String> patterns = new ArrayList<>();

    Idx(String keys, boolean caseless, boolean unique) {
      this.keys = keys;
      this.caseless = caseless;
      this.unique = unique;
    }

    String yaml() {
      if (!caseless && !unique && ttlSeconds == 0) {
        return keys;
      }
      return "{keys: "
          + keys
          + (unique ? ", unique: true" : "")
          + (caseless ? ", collation: case-insensitive" : "")
          + (ttlSeconds > 0 ? ", ttl: " + Quantities.formatSeconds(ttlSeconds) : "")
          + "}";
    }

    /** Returns true if this index's keys lead {@code other}'s, with the same collation. */
    boolean prefixOf(Idx other) {
      String a = keys.substring(1, keys.length() - 1);
      String b = other.keys.substring(1, other.keys.length() - 1);
      return other != this
          && caseless == other.caseless
          && !unique
          && (b.equals(a) || b.startsWith(a + ", "));
    }
  }

  /** A collection of the proposal. */
  private static final class Coll {
    final String name;
    final Entity entity;
    final List<Coll> embeds = new ArrayList<>();
    final List<Idx> indexes = new ArrayList<>();
    final List<String> byId = new ArrayList<>();
    final List<String> dropped = new ArrayList<>();
    final List<String> notes = new ArrayList<>();
    final List<String> bySeries = new ArrayList<>();
    Coll embeddedIn;
    String shardKey;
    Series series;
    ResidencyZones zones;

    Coll(String name, Entity entity) {
      this.name = name;
      this.entity = entity;
    }

    void index(String keys, boolean caseless, boolean unique, String pattern) {
      for (Idx i : indexes) {
        if (i.keys.equals(keys) && i.caseless == caseless) {
          i.unique |= unique;
          i.patterns.add(pattern);
          return;
        }
      }
      Idx i = new Idx(keys, caseless, unique);
      i.patterns.add(pattern);
      indexes.add(i);
    }

    /**
     * Expires the collection's documents {@code ttl} seconds after their insert: a TTL index on the
     * entity's first date attribute that grows with the inserts ({@code time_ordered}), the read's
     * own index when it is that field alone; without such an attribute the documents are kept, and
     * the note says what to declare.
     */
    void expire(long ttl, long horizon) {
      String lifetime = Quantities.formatSeconds(ttl);
      String kept =
          Units.count(entity.rowsAfter(horizon, ttl))
              + " documents after "
              + Quantities.formatSeconds(horizon)
              + (horizon > ttl
                  ? " instead of " + Units.count(entity.rowsAfter(horizon, 0)) + " kept for ever"
                  : "");
      Optional<Attribute> field =
          entity.attributes().values().stream()
              .filter(a -> a.timeOrdered() && BsonTypes.natural(a).equals("date"))
              .findFirst();
      if (field.isEmpty()) {
        notes.add(
            "no TTL index: every insert of "
                + entity.name()
                + " sets a TTL of "
                + lifetime
                + ", but MongoDB expires a document by a date field that holds its insert's"
                + " time (MongoDB manual, \"TTL Indexes\") and no attribute of "
                + entity.name()
                + " is a timestamp or date declared time_ordered: its documents are kept ("
                + Units.count(entity.rowsAfter(horizon, 0))
                + " after "
                + Quantities.formatSeconds(horizon)
                + "); declare the one that holds the insert's time time_ordered");
        return;
      }
      String f = field.get().name();
      Idx ttlIndex =
          indexes.stream()
              .filter(
                  i ->
                      !i.caseless
                          && !i.unique
                          && (i.keys.equals("{" + f + ": 1}") || i.keys.equals("{" + f + ": -1}")))
              .findFirst()
              .orElseGet(
                  () -> {
                    Idx i = new Idx("{" + f + ": 1}", false, false);
                    indexes.add(i);
                    return i;
                  });
      ttlIndex.ttlSeconds = ttl;
      ttlIndex.ttlReason =
          "a TTL index (expireAfterSeconds "
              + ttl
              + "): every insert of "
              + entity.name()
              + " sets a TTL of "
              + lifetime
              + ", and "
              + f
              + ", a date that grows with the inserts (time_ordered), is taken as the insert's"
              + " time; MongoDB's TTL monitor deletes a document "
              + lifetime
              + " after it (MongoDB manual, \"TTL Indexes\"): "
              + kept;
    }

    /** Leaves out each index whose keys lead another's: the longer one serves its reads too. */
    void dropPrefixes() {
      for (Idx i : List.copyOf(indexes)) {
        for (Idx o : indexes) {
          if (i.prefixOf(o)) {
            o.patterns.addAll(i.patterns);
            dropped.add(
                i.keys + " (" + String.join(", ", i.patterns) + ": served by " + o.keys + ")");
            indexes.remove(i);
            break;
          }
        }
      }
    }

    Proposal.Decision decision(MongoDbAnalysis a) {
      List<String> reasons = new ArrayList<>();
      List<String> patterns = new ArrayList<>(byId);
      MongoDbCollection mc = a.collection(name).orElseThrow();
      if (series != null) {
        reasons.addAll(series.reasons);
      }
      if (!bySeries.isEmpty()) {
        patterns.addAll(bySeries);
        reasons.add(
            String.join(", ", bySeries)
                + ": by the server's own {"
                + series.meta.map(m -> m + ": 1, ").orElse("")
                + series.time
                + ": 1} index of a time-series collection (MongoDB 6.3+), no other index needed");
      }
      reasons.add(
          (series != null ? "buckets of " : "documents of ")
              + entity.name()
              + (embeds.isEmpty()
                  ? ""
                  : " with "
                      + String.join(
                          ", ", embeds.stream().map(x -> x.entity.name() + " embedded").toList()))
              + ": "
              + Units.count(mc.documents())
              + " at the horizon, "
              + Units.bytes(mc.typicalBytes())
              + " each (BSON), "
              + Units.bytes(mc.dataBytes())
              + " of data"
              + (series != null
                  ? " (uncompressed, an upper bound); no validator (a time-series collection takes"
                      + " none)"
                  : "; a $jsonSchema validator (validation: true)"));
      if (!byId.isEmpty()) {
        reasons.add(String.join(", ", byId) + ": by _id, no other index needed");
      }
      for (Idx i : indexes) {
        patterns.addAll(i.patterns);
        if (i.patterns.isEmpty()) {
          reasons.add("index " + i.yaml() + ": " + i.ttlReason);
          continue;
        }
        reasons.add(
            "index "
                + i.yaml()
                + " for "
                + String.join(", ", i.patterns)
                + ": equality fields, then sort, then range (MongoDB manual, \"The ESR (Equality,"
                + " Sort, Range) Guideline\"; seed 003)"
                + (i.caseless ? "; case-insensitive collation, since the pattern ignores case" : "")
                + (i.unique ? "; unique, as the attribute is" : "")
                + (i.ttlSeconds > 0 ? "; also " + i.ttlReason : ""));
      }
      dropped.forEach(d -> reasons.add("no index " + d));
      reasons.addAll(notes);
      StringBuilder chosen = new StringBuilder(name);
      if (!indexes.isEmpty()) {
        chosen.append(", indexes ");
        chosen.append(String.join(" ", indexes.stream().map(x -> x.keys).toList()));
      }
      if (shardKey != null) {
        chosen.append(", shard key ").append(shardKey);
      }
      return new Proposal.Decision(name, patterns, chosen.toString(), reasons);
    }
  }
}
