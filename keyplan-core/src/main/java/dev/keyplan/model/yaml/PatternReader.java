package dev.keyplan.model.yaml;

import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.Location;
import dev.keyplan.input.Suggest;
import dev.keyplan.input.YamlMap;
import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Operation;
import dev.keyplan.model.OperationParser;
import dev.keyplan.model.RangeWidth;
import dev.keyplan.model.Spread;
import dev.keyplan.model.WriteFanOut;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.SequenceNode;

/**
 * Reads the {@code patterns:} section: each pattern's id, rate, operation (parsed by {@link
 * OperationParser} and located token by token), consistency, expectations and spread, and checks
 * that every name it uses exists in the model.
 */
final class PatternReader extends SectionReader {
  /** The model's horizon in seconds, for a spread's {@code for:} window (0 when unreadable). */
  private final long horizon;

  PatternReader(SectionReader context, long horizon) {
    super(context);
    this.horizon = horizon;
  }

  /**
   * An empty list is an error, not a model with nothing to plan: every check and figure would pass
   * vacuously (issue 18, "patterns: [] passes"). docs/model.md, Top-level keys, says so.
   */
  private static void atLeastOne(YamlMap m, List<Node> listed) {
    if (listed.isEmpty() && m.node("patterns").filter(SequenceNode.class::isInstance).isPresent()) {
      m.error(
          m.valueLocation("patterns"),
          "no access patterns; expected at least one (- id: …, rate: …, query: …)");
    }
  }

  List<AccessPattern> patterns(YamlMap m, Map<String, Entity> entities) {
    List<AccessPattern> out = new ArrayList<>();
    if (!m.has("patterns")) {
      m.error(m.location(), "missing 'patterns': expected the access patterns with their rates");
      return out;
    }
    Map<String, Location> ids = new LinkedHashMap<>();
    List<Node> listed = m.sequence("patterns", "a list of access patterns (- id: …)");
    atLeastOne(m, listed);
    for (Node n : listed) {
      YamlMap.of(
              file,
              n,
              "an access pattern (id:, rate:, and one of query:, insert:, update:, delete:)",
              problems)
          .ifPresent(
              p ->
                  pattern(p.allow(ModelReader.PATTERN, "a pattern"), entities, ids)
                      .ifPresent(out::add));
    }
    return out;
  }

  Optional<AccessPattern> pattern(
      YamlMap p, Map<String, Entity> entities, Map<String, Location> ids) {
    String id = p.scalar("id", "a short pattern id such as latest-messages", true).orElse("");
    if (p.has("id") && id.isBlank()) {
      p.error(p.valueLocation("id"), "expected a short pattern id such as latest-messages");
    } else if (!id.isEmpty()) {
      Location prev = ids.putIfAbsent(id, p.valueLocation("id"));
      if (prev != null) {
        p.error(p.valueLocation("id"), "duplicate pattern id '" + id + "' (first at " + prev + ")");
      }
    }
    String says = p.scalar("says", "a sentence", false).orElse("");
    double rate =
        p.scalar("rate", "a rate such as 20k/s", true)
            .map(
                s ->
                    rate(
                        s,
                        p.valueLocation("rate"),
                        "a rate such as 20k/s, 300/min or 1M/day",
                        false))
            .orElse(0.0);
    Optional<? extends Operation> op = operation(p, entities);
    boolean isRead = p.has("query");
    Optional<String> consistency =
        p.scalar("consistency", "a consistency level such as LOCAL_QUORUM", false)
            .flatMap(
                c ->
                    consistencyLevel(c, p.valueLocation("consistency"), isRead ? "read" : "write"));
    boolean ryw = false;
    Optional<String> expects = p.scalar("expects", "read-your-writes", false);
    if (expects.isPresent()) {
      if (expects.get().equals("read-your-writes")) {
        ryw = true;
      } else {
        p.error(
            p.valueLocation("expects"),
            "expected 'read-your-writes' but found '" + expects.get() + "'");
      }
    }
    AccessPattern.Batch batch = AccessPattern.Batch.NONE;
    Optional<String> b = p.scalar("batch", "logged or unlogged", false);
    if (b.isPresent()) {
      if (b.get().equals("logged") || b.get().equals("unlogged")) {
        batch = AccessPattern.Batch.valueOf(b.get().toUpperCase(Locale.ROOT));
      } else {
        p.error(
            p.valueLocation("batch"),
            "expected 'logged' or 'unlogged' but found '" + b.get() + "'");
      }
      if (isRead) {
        p.error(p.keyLocation("batch"), "'batch' applies to writes; this pattern is a query");
      }
    }
    Map<String, Spread> spread = new LinkedHashMap<>();
    Optional<Entity> entity = op.flatMap(o -> Optional.ofNullable(entities.get(o.entity())));
    final double patternRate = rate;
    p.node("spread")
        .flatMap(n -> YamlMap.of(file, n, "spreads by attribute name", problems))
        .ifPresent(
            s -> {
              for (String attr : s.keys()) {
                if (entity.isPresent() && entity.get().attribute(attr).isEmpty()) {
                  s.error(
                      s.keyLocation(attr),
                      EntityReader.unknownAttribute(
                          entity.get().name(), attr, entity.get().attributes().keySet()));
                }
                new EntityReader(this, horizon)
                    .spread(
                        attr,
                        s.node(attr).get(),
                        s.keyLocation(attr),
                        patternRate,
                        "the pattern's rate",
                        entity.flatMap(x -> x.attribute(attr)),
                        Optional.empty())
                    .ifPresent(x -> spread.put(attr, x));
              }
            });
    List<String> ignoreCase = new ArrayList<>();
    if (p.has("ignore_case")) {
      List<Node> items =
          p.node("ignore_case").get() instanceof org.snakeyaml.engine.v2.nodes.SequenceNode
              ? p.sequence("ignore_case", "attribute names")
              : List.of(p.node("ignore_case").get());
      for (Node n : items) {
        p.scalarOf(n, "an attribute name")
            .ifPresent(
                a -> {
                  if (entity.isPresent() && entity.get().attribute(a).isEmpty()) {
                    p.error(
                        YamlMap.location(file, n),
                        EntityReader.unknownAttribute(
                            entity.get().name(), a, entity.get().attributes().keySet()));
                  } else if (op.isPresent()
                      && op.get().where().stream().noneMatch(c -> c.attribute().equals(a))) {
                    p.error(
                        YamlMap.location(file, n),
                        "'"
                            + a
                            + "' is not restricted by the pattern's where clause;"
                            + " ignore_case names attributes it compares");
                  }
                  ignoreCase.add(a);
                });
      }
    }
    Map<String, RangeWidth> ranges = new LinkedHashMap<>();
    p.node("range")
        .flatMap(
            n ->
                YamlMap.of(
                    file, n, "range widths by attribute, such as {created_at: 30d}", problems))
        .ifPresent(
            r -> {
              for (String attr : r.keys()) {
                Location at = r.keyLocation(attr);
                if (op.isPresent()
                    && op.get().where().stream()
                        .noneMatch(
                            c ->
                                c.attribute().equals(attr)
                                    && c.comparison() == Operation.Comparison.RANGE)) {
                  r.error(
                      at,
                      "'"
                          + attr
                          + "' has no range (<, <=, >, >=, between) in the pattern's where clause;"
                          + " range gives the width of one");
                  continue;
                }
                r.scalar(attr, "a width such as 30d or 5%", true)
                    .flatMap(v -> rangeWidth(v, r.valueLocation(attr), r))
                    .ifPresent(w -> ranges.put(attr, w));
              }
            });
    Optional<WriteFanOut> fanOut = p.has("fan_out") ? fanOut(p, isRead, entity) : Optional.empty();
    List<String> with = with(p, op, entities, isRead);
    if (op.isEmpty() || id.isBlank()) {
      return Optional.empty();
    }
    return Optional.of(
        new AccessPattern(
            id,
            says,
            rate,
            op.get(),
            consistency,
            ryw,
            batch,
            spread,
            ignoreCase,
            ranges,
            fanOut,
            p.location(),
            with));
  }

  /**
   * Reads {@code with:}, the entities a query returns besides its own (an order and its lines): one
   * name or a list. Each must be another entity of the model, named once, holding every attribute
   * the where clause restricts, since it is read by the same restrictions; a write has none.
   */
  private List<String> with(
      YamlMap p, Optional<? extends Operation> op, Map<String, Entity> entities, boolean isRead) {
    List<String> with = new ArrayList<>();
    if (!p.has("with")) {
      return with;
    }
    if (!isRead) {
      p.error(
          p.keyLocation("with"),
          "'with' applies to queries (the entities a read returns with its own); this pattern is"
              + " a write");
      return with;
    }
    List<Node> items =
        p.node("with").get() instanceof org.snakeyaml.engine.v2.nodes.SequenceNode
            ? p.sequence("with", "entity names")
            : List.of(p.node("with").get());
    for (Node n : items) {
      Location at = YamlMap.location(file, n);
      Optional<String> name = p.scalarOf(n, "an entity name");
      if (name.isEmpty()) {
        continue;
      }
      String w = name.get();
      Entity e = entities.get(w);
      if (e == null) {
        p.error(
            at,
            "no entity named '"
                + w
                + "'"
                + Suggest.closest(w, entities.keySet())
                    .map(s -> " (did you mean '" + s + "'?)")
                    .orElse(""));
        continue;
      }
      if (op.isPresent() && op.get().entity().equals(w)) {
        p.error(
            at, "'" + w + "' is the query's own entity; with names the other entities it returns");
        continue;
      }
      if (with.contains(w)) {
        p.error(at, "'" + w + "' is named twice in with");
        continue;
      }
      if (op.isPresent()) {
        List<String> lacking =
            op.get().where().stream()
                .map(Operation.Condition::attribute)
                .distinct()
                .filter(a -> e.attribute(a).isEmpty())
                .toList();
        if (!lacking.isEmpty()) {
          p.error(
              at,
              "'"
                  + w
                  + "' has no attribute "
                  + String.join(", ", lacking.stream().map(a -> "'" + a + "'").toList())
                  + ", which the query restricts; an entity in with is read by the same"
                  + " restrictions");
          continue;
        }
      }
      with.add(w);
    }
    return with;
  }

  /**
   * Reads {@code fan_out: {each: follower_id, per: author_id}}: the write writes one row for each
   * value of {@code each} under one value of {@code per}, as many as {@code each}'s spread says
   * ({@code per: {author_id: 150}}). The count is not repeated here so that the spread that sizes
   * the tables and the writes that fill them cannot disagree.
   */
  private Optional<WriteFanOut> fanOut(YamlMap p, boolean isRead, Optional<Entity> entity) {
    if (isRead) {
      p.error(p.keyLocation("fan_out"), "'fan_out' applies to writes; this pattern is a query");
      return Optional.empty();
    }
    Optional<YamlMap> f =
        YamlMap.of(
            file,
            p.node("fan_out").get(),
            "a fan-out such as {each: follower_id, per: author_id}",
            problems);
    if (f.isEmpty()) {
      return Optional.empty();
    }
    YamlMap m = f.get().allow(Set.of("each", "per"), "a fan_out");
    Optional<String> each =
        m.scalar("each", "the attribute with one row per value, such as follower_id", true);
    Optional<String> per =
        m.scalar("per", "the attribute the request gives one value of, such as author_id", true);
    if (each.isEmpty() || per.isEmpty() || entity.isEmpty()) {
      return Optional.empty();
    }
    Entity e = entity.get();
    boolean known = true;
    for (String key : List.of("each", "per")) {
      String a = key.equals("each") ? each.get() : per.get();
      if (e.attribute(a).isEmpty()) {
        m.error(
            m.valueLocation(key),
            EntityReader.unknownAttribute(e.name(), a, e.attributes().keySet()));
        known = false;
      }
    }
    if (!known) {
      return Optional.empty();
    }
    if (each.get().equals(per.get())) {
      m.error(
          m.valueLocation("per"),
          "'each' and 'per' are both '"
              + each.get()
              + "': a fan-out writes one row for each value of one attribute under one value of"
              + " another");
      return Optional.empty();
    }
    Double n =
        Optional.ofNullable(e.spread().get(each.get()))
            .map(s -> s.per().get(per.get()))
            .orElse(null);
    if (n == null) {
      m.error(
          m.valueLocation("each"),
          "the spread of "
              + e.name()
              + "."
              + each.get()
              + " does not say how many values it has per "
              + per.get()
              + ": add per: {"
              + per.get()
              + ": N} to it, such as spread: {"
              + each.get()
              + ": {per: {"
              + per.get()
              + ": 150}}}");
      return Optional.empty();
    }
    return Optional.of(new WriteFanOut(each.get(), per.get(), n, m.location()));
  }

  /** Reads a range width: a duration ({@code 30d}) or a share above 0% ({@code 5%}). */
  private Optional<RangeWidth> rangeWidth(String text, Location at, YamlMap r) {
    String t = text.trim();
    if (t.endsWith("%")) {
      var share = dev.keyplan.model.Quantities.share(t);
      if (share.isEmpty() || !(share.getAsDouble() > 0) || share.getAsDouble() > 1) {
        r.error(at, "expected a share above 0% and at most 100% but found '" + text + "'");
        return Optional.empty();
      }
      return Optional.of(new RangeWidth(java.util.OptionalLong.empty(), share, at));
    }
    var seconds = dev.keyplan.model.Quantities.seconds(t);
    if (seconds.isEmpty() || seconds.getAsLong() <= 0) {
      r.error(at, "expected a width such as 30d, 12h or 5% but found '" + text + "'");
      return Optional.empty();
    }
    return Optional.of(new RangeWidth(seconds, java.util.OptionalDouble.empty(), at));
  }

  /**
   * Reads the pattern's one operation; a missing, doubled or unreadable one is reported and empty.
   */
  Optional<? extends Operation> operation(YamlMap p, Map<String, Entity> entities) {
    List<String> ops = p.keys().stream().filter(ModelReader.OPERATIONS::contains).toList();
    if (ops.size() != 1) {
      p.error(
          ops.isEmpty() ? p.location() : p.keyLocation(ops.get(1)),
          "a pattern has exactly one of query:, insert:, upsert:, update:, delete:, increment:"
              + (ops.isEmpty() ? "" : " (found " + String.join(" and ", ops) + ")"));
      return Optional.empty();
    }
    String opKey = ops.get(0);
    Node opNode = p.node(opKey).get();
    Optional<String> opText =
        p.scalarOf(opNode, "the operation as text, such as 'Message where channel_id = ?'");
    if (opText.isEmpty()) {
      return Optional.empty();
    }
    var locator = source.of(opNode, opText.get());
    Optional<? extends Operation> op =
        opKey.equals("query")
            ? OperationParser.read(opText.get(), locator, problems)
            : OperationParser.write(
                Operation.Kind.valueOf(opKey.toUpperCase(Locale.ROOT)),
                opText.get(),
                locator,
                problems);
    op.ifPresent(o -> checkReferences(o, entities));
    return op;
  }

  void checkReferences(Operation op, Map<String, Entity> entities) {
    Entity e = entities.get(op.entity());
    if (e == null) {
      problems.add(
          new Diagnostic(
              op.locationOf(op.entity()),
              "no entity named '"
                  + op.entity()
                  + "'"
                  + Suggest.closest(op.entity(), entities.keySet())
                      .map(s -> " (did you mean '" + s + "'?)")
                      .orElse("")));
      return;
    }
    List<String> names = new ArrayList<>();
    for (Operation.Condition c : op.where()) {
      if (e.attribute(c.attribute()).isEmpty()) {
        problems.add(
            new Diagnostic(
                c.location(),
                EntityReader.unknownAttribute(e.name(), c.attribute(), e.attributes().keySet())));
      }
    }
    if (op instanceof Operation.Read) {
      var r = (Operation.Read) op;
      names.addAll(r.select());
      r.orderBy().forEach(o -> names.add(o.attribute()));
    } else {
      names.addAll(((Operation.Write) op).set());
    }
    for (String n : names) {
      if (e.attribute(n).isEmpty()) {
        problems.add(
            new Diagnostic(
                op.locationOf(n),
                EntityReader.unknownAttribute(e.name(), n, e.attributes().keySet())));
      }
    }
    if (op instanceof Operation.Write
        && ((Operation.Write) op).kind() == Operation.Kind.INCREMENT) {
      String counter = ((Operation.Write) op).set().get(0);
      e.attribute(counter)
          .filter(a -> !a.type().equalsIgnoreCase("counter"))
          .ifPresent(
              a ->
                  problems.add(
                      new Diagnostic(
                          op.location(),
                          "increment needs a counter attribute; '"
                              + counter
                              + "' is "
                              + a.type())));
    }
  }
}
