package dev.keyplan.model.yaml;

import dev.keyplan.input.BidiControls;
import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.Location;
import dev.keyplan.input.Suggest;
import dev.keyplan.input.YamlMap;
import dev.keyplan.model.Attribute;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Quantities;
import dev.keyplan.model.Spread;
import dev.keyplan.model.Units;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;

/**
 * Reads the {@code entities:} section: attributes with their types and sizes, volume (count,
 * growth), identifying key and spreads. Spreads of patterns are read here too.
 */
public final class EntityReader extends SectionReader {
  /** The model's horizon in seconds, which a spread's {@code for:} window must be shorter than. */
  private final long horizon;

  EntityReader(SectionReader context) {
    this(context, 0);
  }

  /** A reader for a model whose horizon is {@code horizon} seconds (0 when it is unreadable). */
  EntityReader(SectionReader context, long horizon) {
    super(context);
    this.horizon = horizon;
  }

  Map<String, Entity> entities(YamlMap m) {
    Map<String, Entity> out = new LinkedHashMap<>();
    if (!m.has("entities")) {
      m.error(
          m.location(), "missing 'entities': expected the entities the patterns read and write");
      return out;
    }
    var entities = YamlMap.of(file, m.node("entities").get(), "entities by name", problems);
    if (entities.isEmpty()) {
      return out;
    }
    for (String name : entities.get().keys()) {
      identifier(name, "an entity", entities.get().keyLocation(name));
      Node n = entities.get().node(name).get();
      YamlMap.of(
              file,
              n,
              "the entity '" + name + "' (attributes:, count:, growth:, spread:)",
              problems)
          .ifPresent(
              e ->
                  out.put(
                      name,
                      entity(
                          name,
                          e.allow(ModelReader.ENTITY, "entity '" + name + "'"),
                          entities.get().keyLocation(name))));
    }
    return out;
  }

  /**
   * Adds an error at {@code at} unless {@code name} is an identifier as the operations read one
   * (docs/model.md, "Names"; OperationParser: a letter or {@code _}, then letters, digits or {@code
   * _}): a name such as {@code 9E} or {@code order id} could be declared but never used, and every
   * use would fail far from the cause. Bidi controls are left to the rule BidiControlInIdentifier,
   * which says what they do; the message shows them as code points, so it cannot reorder the
   * terminal.
   */
  private void identifier(String name, String what, Location at) {
    String bare = BidiControls.without(name);
    boolean ok =
        !bare.isEmpty()
            && (Character.isLetter(bare.codePointAt(0)) || bare.charAt(0) == '_')
            && bare.codePoints().allMatch(cp -> Character.isLetterOrDigit(cp) || cp == '_');
    if (!ok) {
      problems.add(
          new Diagnostic(
              at,
              "expected "
                  + what
                  + " named as an identifier (a letter or _, then letters, digits or _, as"
                  + " docs/model.md, \"Names\", says), but found '"
                  + BidiControls.visible(name)
                  + "'"));
    }
  }

  Entity entity(String name, YamlMap e, Location at) {
    Map<String, Attribute> attributes = new LinkedHashMap<>();
    if (!e.has("attributes")) {
      e.error(at, "entity '" + name + "' has no 'attributes'");
    } else {
      YamlMap.of(file, e.node("attributes").get(), "attributes by name", problems)
          .ifPresent(
              a -> {
                for (String attr : a.keys()) {
                  identifier(attr, "an attribute of entity '" + name + "'", a.keyLocation(attr));
                  attribute(attr, a.node(attr).get(), a.keyLocation(attr))
                      .ifPresent(x -> attributes.put(attr, x));
                }
              });
    }
    double count =
        e.scalar("count", "a row count such as 10M", false)
            .map(s -> count(s, e.valueLocation("count"), "a row count such as 10M or 0"))
            .orElse(0.0);
    double growth =
        e.scalar("growth", "a rate such as 50k/s or 1M/day", false)
            .map(
                s ->
                    rate(
                        s,
                        e.valueLocation("growth"),
                        "a growth rate such as 50k/s or 1M/day",
                        true))
            .orElse(0.0);
    List<String> key = new ArrayList<>();
    List<Node> keyNodes = e.sequence("key", "a list of attribute names ([user_id])");
    if (e.node("key")
        .filter(n -> n instanceof SequenceNode sequence && sequence.getValue().isEmpty())
        .isPresent()) {
      // `key: []` would say "no key" as loudly as leaving key: out, which is what means it.
      e.error(
          e.valueLocation("key"),
          "expected at least one attribute name, such as [user_id]; leave key: out for an entity"
              + " without one");
    }
    for (Node k : keyNodes) {
      e.scalarOf(k, "an attribute name")
          .ifPresent(
              s -> {
                if (!attributes.containsKey(s)) {
                  e.error(
                      YamlMap.location(file, k), unknownAttribute(name, s, attributes.keySet()));
                }
                key.add(s);
              });
    }
    Map<String, Spread> spread = new LinkedHashMap<>();
    List<Said> said = new ArrayList<>();
    e.node("spread")
        .flatMap(n -> YamlMap.of(file, n, "spreads by attribute name", problems))
        .ifPresent(
            s -> {
              for (String attr : s.keys()) {
                if (!attributes.containsKey(attr)) {
                  s.error(s.keyLocation(attr), unknownAttribute(name, attr, attributes.keySet()));
                }
                spread(
                        attr,
                        s.node(attr).get(),
                        s.keyLocation(attr),
                        growth,
                        "the entity's growth",
                        Optional.ofNullable(attributes.get(attr)),
                        Optional.of(said))
                    .ifPresent(x -> spread.put(attr, x));
              }
            });
    checkStatements(name, attributes, spread, said);
    for (String k : key) {
      Attribute a = attributes.get(k);
      if (a != null && a.isSparse()) {
        problems.add(
            new Diagnostic(
                a.location(),
                "'"
                    + k
                    + "' is part of the key of '"
                    + name
                    + "', which every row holds; 'present' below 100% applies to attributes"
                    + " outside the key"));
      }
    }
    checkResidency(name, attributes, spread);
    return new Entity(name, attributes, count, growth, key, spread, at);
  }

  /**
   * A residency attribute names the places rows are kept in, so the model must name its values: an
   * enumeration or a spread's {@code shares:} (a design gives each value its own zone of shards).
   * One per entity: a row kept in two places by two attributes has no single place.
   */
  private void checkResidency(
      String entity, Map<String, Attribute> attributes, Map<String, Spread> spread) {
    List<Attribute> residency = attributes.values().stream().filter(Attribute::residency).toList();
    for (Attribute a : residency) {
      Spread s = spread.get(a.name());
      if (a.values().isEmpty() && (s == null || s.shares().isEmpty())) {
        problems.add(
            new Diagnostic(
                a.location(),
                "residency attribute '"
                    + a.name()
                    + "' of '"
                    + entity
                    + "' needs its values: an enumeration (values: [US, EU]) or a spread with"
                    + " shares ({shares: {US: 60%, EU: 40%}})"));
      }
    }
    if (residency.size() > 1) {
      problems.add(
          new Diagnostic(
              residency.get(1).location(),
              "entity '"
                  + entity
                  + "' has two residency attributes, '"
                  + residency.get(0).name()
                  + "' and '"
                  + residency.get(1).name()
                  + "': a row is kept in one place, named by one attribute"));
    }
  }

  /**
   * One {@code per:} or {@code belongs_to:} statement of a spread, where it was written: checked
   * once every spread of the entity is read, since it names another attribute's spread.
   *
   * @param attribute the spread's attribute
   * @param other the attribute it names
   * @param per true for {@code per:}, false for {@code belongs_to:}
   * @param at where {@code other} is written
   */
  record Said(String attribute, String other, boolean per, Location at) {}

  /**
   * Checks the entity's {@code per:} and {@code belongs_to:} statements against its attributes and
   * spreads: the other attribute exists and is not the attribute itself; a count per value is at
   * most the attribute's distinct values when they are known (10 albums per artist cannot exceed
   * the 8 albums there are); each value of a {@code belongs_to} attribute has one value of the
   * other, so it has at least as many distinct values (a user has one country: at least as many
   * users as countries with users), unless both say {@code belongs_to} of each other (1:1); and
   * {@code belongs_to} forms no cycle longer than that (a → b → c → a would make all three 1:1: say
   * so pairwise).
   */
  private void checkStatements(
      String entity,
      Map<String, Attribute> attributes,
      Map<String, Spread> spreads,
      List<Said> said) {
    Map<String, List<String>> owner = new LinkedHashMap<>();
    for (Said s : said) {
      if (!attributes.containsKey(s.other())) {
        problems.add(
            new Diagnostic(s.at(), unknownAttribute(entity, s.other(), attributes.keySet())));
        continue;
      }
      if (s.other().equals(s.attribute())) {
        problems.add(
            new Diagnostic(
                s.at(),
                (s.per() ? "'per'" : "'belongs_to'")
                    + " names '"
                    + s.other()
                    + "' itself; expected another attribute of '"
                    + entity
                    + "'"));
        continue;
      }
      if (s.per()) {
        double n = spreads.get(s.attribute()).per().getOrDefault(s.other(), 0.0);
        OptionalDouble distinct = declaredDistinct(attributes, spreads, s.attribute());
        if (n >= 1 && distinct.isPresent() && n > distinct.getAsDouble() + 1e-9) {
          problems.add(
              new Diagnostic(
                  s.at(),
                  "'"
                      + s.attribute()
                      + "' has "
                      + Units.count(n)
                      + " values per "
                      + s.other()
                      + " but "
                      + Units.count(distinct.getAsDouble())
                      + " distinct values in all; expected at most that many"));
        }
      } else {
        owner.computeIfAbsent(s.attribute(), k -> new ArrayList<>()).add(s.other());
      }
    }
    for (Said s : said) {
      if (s.per() || !owner.getOrDefault(s.attribute(), List.of()).contains(s.other())) {
        continue;
      }
      boolean mutual = owner.getOrDefault(s.other(), List.of()).contains(s.attribute());
      if (!mutual) {
        Optional<List<String>> cycle = cycle(owner, s.other(), s.attribute());
        if (cycle.isPresent()) {
          problems.add(
              new Diagnostic(
                  s.at(),
                  "'belongs_to' makes a cycle ("
                      + s.attribute()
                      + " → "
                      + String.join(" → ", cycle.get())
                      + "); only two attributes may belong to each other (1:1): say"
                      + " belongs_to both ways for each pair that is 1:1"));
          continue;
        }
        OptionalDouble mine = declaredDistinct(attributes, spreads, s.attribute());
        OptionalDouble theirs = declaredDistinct(attributes, spreads, s.other());
        if (mine.isPresent()
            && theirs.isPresent()
            && mine.getAsDouble() < theirs.getAsDouble() - 1e-9) {
          problems.add(
              new Diagnostic(
                  s.at(),
                  "'"
                      + s.attribute()
                      + "' belongs to one "
                      + s.other()
                      + " but has fewer distinct values ("
                      + Units.count(mine.getAsDouble())
                      + ") than "
                      + s.other()
                      + " ("
                      + Units.count(theirs.getAsDouble())
                      + "); each "
                      + s.other()
                      + " that rows hold has at least one "
                      + s.attribute()));
        }
      }
    }
  }

  /**
   * Returns the path from {@code from} back to {@code to} along {@code belongs_to}, if there is one
   * of more than one step (a cycle through {@code to} longer than a 1:1 pair).
   */
  private static Optional<List<String>> cycle(
      Map<String, List<String>> owner, String from, String to) {
    java.util.ArrayDeque<List<String>> queue = new java.util.ArrayDeque<>();
    java.util.Set<String> seen = new java.util.HashSet<>();
    queue.add(List.of(from));
    while (!queue.isEmpty()) {
      List<String> path = queue.poll();
      String last = path.get(path.size() - 1);
      if (!seen.add(last)) {
        continue;
      }
      for (String next : owner.getOrDefault(last, List.of())) {
        List<String> longer = new ArrayList<>(path);
        longer.add(next);
        if (next.equals(to) && longer.size() > 2) {
          return Optional.of(longer);
        }
        if (!next.equals(to)) {
          queue.add(longer);
        }
      }
    }
    return Optional.empty();
  }

  /** Returns an attribute's distinct values as the model states them: its spread or its values. */
  private static OptionalDouble declaredDistinct(
      Map<String, Attribute> attributes, Map<String, Spread> spreads, String attr) {
    Spread s = spreads.get(attr);
    if (s != null && s.distinct().isPresent()) {
      return s.distinct();
    }
    Attribute a = attributes.get(attr);
    if (a != null && a.knownCardinality().isPresent()) {
      return OptionalDouble.of(a.knownCardinality().getAsLong());
    }
    return OptionalDouble.empty();
  }

  public static String unknownAttribute(String entity, String attr, Set<String> known) {
    return "entity '"
        + entity
        + "' has no attribute '"
        + attr
        + "'"
        + Suggest.closest(attr, known).map(s -> " (did you mean '" + s + "'?)").orElse("");
  }

  Optional<Attribute> attribute(String name, Node n, Location at) {
    if (n instanceof ScalarNode) {
      String type = ((ScalarNode) n).getValue().trim();
      // An unknown type is reported once; the attribute stays so references to it are not errors
      // too.
      if (checkType(type, YamlMap.location(file, n))
          && !ModelReader.isFixed(type)
          && !ModelReader.isUserType(type)) {
        problems.add(
            new Diagnostic(
                YamlMap.location(file, n),
                "attribute '"
                    + name
                    + "' of type "
                    + type
                    + " needs an average size: write {type: "
                    + type
                    + ", size: 40B}"));
      }
      return Optional.of(
          new Attribute(
              name,
              type,
              OptionalLong.empty(),
              1,
              false,
              List.of(),
              Optional.empty(),
              false,
              0,
              at));
    }
    var a = YamlMap.of(file, n, "a type (bigint) or {type: text, size: 200B}", problems);
    if (a.isEmpty()) {
      return Optional.empty();
    }
    YamlMap m = a.get().allow(ModelReader.ATTRIBUTE, "attribute '" + name + "'");
    String type = m.scalar("type", "a CQL type such as text or bigint", true).orElse("");
    if (!type.isEmpty() && !checkType(type, m.valueLocation("type"))) {
      type = "";
    }
    OptionalLong size =
        m.scalar("size", "a size such as 200B or 3KB", false)
            .map(
                s -> {
                  var b = Quantities.bytes(s);
                  if (b.isEmpty() || b.getAsLong() <= 0 || b.getAsLong() > ModelReader.MAX_SIZE) {
                    m.error(
                        m.valueLocation("size"),
                        "expected a size between 1B and 2GB such as 200B or 3KB but found '"
                            + s
                            + "'");
                    return OptionalLong.empty();
                  }
                  return b;
                })
            .orElse(OptionalLong.empty());
    int items =
        (int)
            m.scalar("items", "the average number of elements", false)
                .map(
                    s ->
                        whole(
                            s,
                            m.valueLocation("items"),
                            "the average number of elements, such as 10",
                            1,
                            ModelReader.MAX_ITEMS))
                .orElse(1L)
                .longValue();
    boolean timeOrdered =
        m.scalar("time_ordered", "true or false", false)
            .map(s -> bool(s, m.valueLocation("time_ordered")))
            .orElse(false);
    List<String> values = new ArrayList<>();
    for (Node v : m.sequence("values", "a list of the enumeration's values")) {
      m.scalarOf(v, "a value").ifPresent(values::add);
    }
    Optional<String> copyOf = m.scalar("copy_of", "Entity.attribute", false);
    if (copyOf.isPresent()
        && !copyOf.get().matches("[A-Za-z_][A-Za-z0-9_]*\\.[A-Za-z_][A-Za-z0-9_]*")) {
      m.error(
          m.valueLocation("copy_of"),
          "expected Entity.attribute (such as Author.name) but found '" + copyOf.get() + "'");
      copyOf = Optional.empty();
    }
    if (!type.isEmpty()
        && !ModelReader.isFixed(type)
        && !ModelReader.isUserType(type)
        && !m.has("size")
        && values.isEmpty()) {
      m.error(
          m.location(),
          "attribute '" + name + "' of type " + type + " needs an average size (size: 40B)");
    }
    if (size.isEmpty() && !values.isEmpty()) {
      // An enumeration's average size is the average UTF-8 length of its values.
      size =
          OptionalLong.of(
              Math.round(
                  values.stream()
                      .mapToInt(v -> v.getBytes(StandardCharsets.UTF_8).length)
                      .average()
                      .orElse(0)));
    }
    double grows =
        m.scalar("grows", "a rate of elements added per row, such as 2/day", false)
            .map(
                g ->
                    rate(
                        g,
                        m.valueLocation("grows"),
                        "elements added to each row's collection, such as 2/day",
                        false))
            .orElse(0.0);
    if (m.has("grows")
        && !type.isEmpty()
        && !type.toLowerCase(Locale.ROOT).matches("\\s*(list|set|map)\\s*<.*")) {
      m.error(
          m.keyLocation("grows"),
          "'grows' applies to a collection (list, set or map); '" + name + "' is " + type);
    }
    boolean unique =
        m.scalar("unique", "true or false", false)
            .map(u -> bool(u, m.valueLocation("unique")))
            .orElse(false);
    if (unique && !values.isEmpty()) {
      m.error(
          m.keyLocation("unique"),
          "an enumeration cannot be unique: its " + values.size() + " values repeat across rows");
    }
    double present =
        m.scalar("present", "a share of the rows such as 30%", false)
            .map(
                v -> {
                  var share = Quantities.share(v);
                  if (!v.trim().endsWith("%")
                      || share.isEmpty()
                      || share.getAsDouble() <= 0
                      || share.getAsDouble() > 1) {
                    m.error(
                        m.valueLocation("present"),
                        "expected the share of rows holding a value, above 0% and at most 100%"
                            + " (such as 30%), but found '"
                            + v
                            + "'");
                    return 1.0;
                  }
                  return share.getAsDouble();
                })
            .orElse(1.0);
    boolean residency =
        m.scalar("residency", "true or false", false)
            .map(r -> bool(r, m.valueLocation("residency")))
            .orElse(false);
    if (residency && present < 1) {
      // Every row must be placed by its value: a row holding none has no place to be kept in.
      m.error(
          m.keyLocation("residency"),
          "a residency attribute is held by every row; '"
              + name
              + "' is present in "
              + Units.percent(present)
              + " of them");
    }
    return Optional.of(
        new Attribute(
            name,
            type,
            size,
            items,
            timeOrdered,
            values,
            copyOf,
            unique,
            grows,
            present,
            residency,
            at));
  }

  boolean checkType(String type, Location at) {
    String base = type.toLowerCase(Locale.ROOT).replaceAll("<.*", "").trim();
    if (!ModelReader.TYPES.contains(base)) {
      problems.add(
          new Diagnostic(
              at,
              "unknown type '"
                  + type
                  + "'"
                  + Suggest.closest(base, ModelReader.TYPES)
                      .map(s -> " (did you mean '" + s + "'?)")
                      .orElse("")
                  + "; expected a CQL type such as text, bigint, uuid, timestamp or list<text>"));
      return false;
    }
    return true;
  }

  Optional<Spread> spread(
      String attr,
      Node n,
      Location at,
      double growth,
      String whole,
      Optional<Attribute> attribute,
      Optional<List<Said>> said) {
    var s = YamlMap.of(file, n, "a spread such as {distinct: 10M, busiest: 100/s}", problems);
    if (s.isEmpty()) {
      return Optional.empty();
    }
    YamlMap m = s.get().allow(ModelReader.SPREAD, "the spread of '" + attr + "'");
    OptionalDouble distinct =
        m.scalar("distinct", "a count of distinct values such as 10M", false)
            .map(
                v -> {
                  // One error a value: a word is not a count, and only a count can be below 1.
                  var parsed = Quantities.count(v);
                  if (parsed.isPresent() && parsed.getAsDouble() < 1) {
                    m.error(
                        m.valueLocation("distinct"),
                        "expected at least 1 distinct value but found '" + v + "'");
                    return parsed;
                  }
                  return OptionalDouble.of(
                      count(
                          v,
                          m.valueLocation("distinct"),
                          "a count of distinct values such as 10M"));
                })
            .orElse(OptionalDouble.empty());
    OptionalDouble busiestRate = OptionalDouble.empty();
    OptionalDouble busiestShare = OptionalDouble.empty();
    var busiest = m.scalar("busiest", "a rate (100/s) or a share (2%)", false);
    if (busiest.isPresent()) {
      String b = busiest.get();
      Location bl = m.valueLocation("busiest");
      if (b.trim().endsWith("%")) {
        var share = Quantities.share(b);
        if (share.isEmpty() || share.getAsDouble() <= 0 || share.getAsDouble() > 1) {
          m.error(bl, "expected a share between 0% and 100% but found '" + b + "'");
        } else {
          busiestShare = share;
        }
      } else {
        double r = rate(b, bl, "the busiest value's rate (100/s) or share (2%)", false);
        busiestRate = OptionalDouble.of(r);
        if (growth > 0 && r > growth) {
          m.error(
              bl,
              "the busiest value takes "
                  + b
                  + ", more than "
                  + whole
                  + "; expected at most that rate");
        }
      }
    }
    OptionalLong window = window(m, busiestRate, busiest);
    OptionalDouble zipf = OptionalDouble.empty();
    var dist = m.scalar("distribution", "uniform or zipf(s)", false);
    if (dist.isPresent()) {
      String d = dist.get().trim().toLowerCase(Locale.ROOT);
      var mz =
          java.util.regex.Pattern.compile("zipf\\(\\s*([0-9]+(?:\\.[0-9]+)?)\\s*\\)").matcher(d);
      if (mz.matches()) {
        double s0 = Double.parseDouble(mz.group(1));
        if (s0 <= 0 || s0 > 10) {
          m.error(
              m.valueLocation("distribution"),
              "expected a zipf exponent between 0 and 10 but found " + mz.group(1));
        }
        zipf = OptionalDouble.of(s0);
        if (distinct.isEmpty()) {
          m.error(
              m.valueLocation("distribution"),
              "a zipf distribution needs 'distinct' (the number of values)");
        }
      } else if (!d.equals("uniform")) {
        m.error(
            m.valueLocation("distribution"),
            "expected 'uniform' or 'zipf(s)' such as zipf(1.1) but found '" + dist.get() + "'");
      }
    }
    Map<String, Double> shares = shares(m, attribute);
    if (!shares.isEmpty()
        && distinct.isEmpty()
        && attribute.isPresent()
        && !attribute.get().values().isEmpty()) {
      distinct = OptionalDouble.of(attribute.get().values().size());
    }
    if (!shares.isEmpty() && distinct.isPresent() && shares.size() > distinct.getAsDouble()) {
      m.error(
          m.valueLocation("shares"),
          "names "
              + shares.size()
              + " values but the attribute has "
              + Units.count(distinct.getAsDouble())
              + "; expected at most that many");
    }
    double largest = shares.values().stream().mapToDouble(Double::doubleValue).max().orElse(0);
    if (busiestShare.isPresent() && busiestShare.getAsDouble() < largest - 1e-9) {
      m.error(
          m.valueLocation("busiest"),
          "the busiest value takes "
              + busiest.get()
              + ", less than a named share ("
              + Units.percent(largest)
              + "); expected at least that");
    }
    Map<String, Double> per = new LinkedHashMap<>();
    List<String> belongsTo = new ArrayList<>();
    for (String k : List.of("per", "belongs_to")) {
      if (m.has(k) && said.isEmpty()) {
        m.error(
            m.keyLocation(k),
            "'"
                + k
                + "' describes the entity's rows, not a pattern's requests; write it in the"
                + " entity's spread of '"
                + attr
                + "'");
      }
    }
    if (m.has("per") && said.isPresent()) {
      YamlMap.of(
              file,
              m.node("per").get(),
              "values per value of another attribute, such as {artist_id: 10}",
              problems)
          .ifPresent(
              pm -> {
                for (String other : pm.keys()) {
                  Location vl = pm.valueLocation(other);
                  pm.scalar(other, "a count such as 10", true)
                      .ifPresent(
                          v -> {
                            var c = Quantities.count(v);
                            if (c.isEmpty() || c.getAsDouble() < 1 || c.getAsDouble() > 1e15) {
                              pm.error(
                                  vl,
                                  "expected the average distinct values of '"
                                      + attr
                                      + "' per value of '"
                                      + other
                                      + "', at least 1 (such as 10), but found '"
                                      + v
                                      + "'");
                              return;
                            }
                            per.put(other, c.getAsDouble());
                          });
                  said.get().add(new Said(attr, other, true, pm.keyLocation(other)));
                }
              });
    }
    if (m.has("belongs_to") && said.isPresent()) {
      Node b = m.node("belongs_to").get();
      List<Node> names =
          b instanceof ScalarNode
              ? List.of(b)
              : m.sequence("belongs_to", "an attribute name or a list of them");
      for (Node x : names) {
        m.scalarOf(x, "an attribute name")
            .ifPresent(
                o -> {
                  String other = o.trim();
                  if (!belongsTo.contains(other)) {
                    belongsTo.add(other);
                  }
                  said.get().add(new Said(attr, other, false, YamlMap.location(file, x)));
                });
      }
    }
    return Optional.of(
        new Spread(
            attr, distinct, busiestRate, busiestShare, zipf, shares, per, belongsTo, window, at));
  }

  /**
   * Reads {@code for: 1d}, the window during which the busiest value writes at its rate: a duration
   * shorter than the horizon (a window as long as the horizon is the plain rate), given beside a
   * busiest rate (a share has no time to bound).
   */
  private OptionalLong window(YamlMap m, OptionalDouble busiestRate, Optional<String> busiest) {
    var text = m.scalar("for", "a window such as 1d", false);
    if (text.isEmpty()) {
      return OptionalLong.empty();
    }
    Location at = m.valueLocation("for");
    if (busiestRate.isEmpty()) {
      m.error(
          m.keyLocation("for"),
          busiest.isPresent()
              ? "'for' bounds a busiest rate in time, but 'busiest' is a share ("
                  + busiest.get().trim()
                  + "); write busiest as a rate such as 300/s, or drop for:"
              : "'for' bounds a busiest rate in time; expected 'busiest' as a rate such as 300/s"
                  + " beside it");
      return OptionalLong.empty();
    }
    long seconds =
        duration(text.get(), at, "the busiest rate's window such as 1d", ModelReader.MAX_HORIZON);
    if (seconds <= 0) {
      return OptionalLong.empty();
    }
    if (horizon > 0 && seconds >= horizon) {
      m.error(
          at,
          "a window of "
              + text.get().trim()
              + " is as long as the horizon ("
              + Quantities.formatSeconds(horizon)
              + ") or longer: a window as long as the horizon is the plain busiest rate: drop"
              + " for:");
      return OptionalLong.empty();
    }
    return OptionalLong.of(seconds);
  }

  /**
   * Reads {@code shares: {US: 45%, EU: 35%}}: each share above 0% and their sum at most 100%, each
   * value one of the attribute's enumeration when it has one, and exactly 100% when every value of
   * the enumeration is named.
   */
  private Map<String, Double> shares(YamlMap m, Optional<Attribute> attribute) {
    Map<String, Double> shares = new LinkedHashMap<>();
    if (!m.has("shares")) {
      return shares;
    }
    var named =
        YamlMap.of(
            file,
            m.node("shares").get(),
            "shares of named values such as {US: 45%, EU: 35%}",
            problems);
    if (named.isEmpty()) {
      return shares;
    }
    List<String> values = attribute.map(Attribute::values).orElse(List.of());
    double sum = 0;
    for (String v : named.get().keys()) {
      if (!values.isEmpty() && !values.contains(v)) {
        named
            .get()
            .error(
                named.get().keyLocation(v),
                "'"
                    + v
                    + "' is not one of the values of '"
                    + attribute.get().name()
                    + "' ("
                    + String.join(", ", values)
                    + ")"
                    + Suggest.closest(v, Set.copyOf(values))
                        .map(x -> "; did you mean '" + x + "'?")
                        .orElse(""));
        continue;
      }
      String text = named.get().scalar(v, "a share such as 45%", true).orElse("");
      var share = Quantities.share(text);
      if (!text.trim().endsWith("%")
          || share.isEmpty()
          || share.getAsDouble() <= 0
          || share.getAsDouble() > 1) {
        named
            .get()
            .error(
                named.get().valueLocation(v),
                "expected a share between 0% and 100% but found '" + text + "'");
        continue;
      }
      shares.put(v, share.getAsDouble());
      sum += share.getAsDouble();
    }
    if (sum > 1 + 1e-9) {
      m.error(
          m.valueLocation("shares"),
          "the named shares add up to " + Units.percent(sum) + "; expected at most 100%");
    } else if (!values.isEmpty() && shares.keySet().containsAll(values) && sum < 1 - 1e-6) {
      m.error(
          m.valueLocation("shares"),
          "every value of '"
              + attribute.get().name()
              + "' is named but the shares add up to "
              + Units.percent(sum)
              + "; expected 100%");
    }
    return shares;
  }
}
