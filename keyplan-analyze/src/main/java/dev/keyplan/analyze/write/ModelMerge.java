package dev.keyplan.analyze.write;

import dev.keyplan.analyze.measured.MeasuredAttribute;
import dev.keyplan.analyze.measured.MeasuredEntity;
import dev.keyplan.analyze.measured.MeasuredSpread;
import dev.keyplan.analyze.write.FigureChange.Verdict;
import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import dev.keyplan.input.Location;
import dev.keyplan.input.Suggest;
import dev.keyplan.input.YamlChecks;
import dev.keyplan.input.YamlMap;
import dev.keyplan.model.Attribute;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Model;
import dev.keyplan.model.Spread;
import dev.keyplan.model.yaml.ModelReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.TreeMap;
import java.util.regex.Matcher;
import org.snakeyaml.engine.v2.common.FlowStyle;
import org.snakeyaml.engine.v2.common.ScalarStyle;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;

/**
 * Merges one entity's measured figures into a model file's text (docs/analyze.md, "Writing measured
 * figures into a model").
 *
 * <p>Two passes over the same reading of the file: the model reader's {@link Entity} gives each
 * declared figure's value (so a busiest rate is compared as the share heat reads), and the composed
 * YAML tree gives where each is written. The text is then edited in place — a scalar replaced
 * between its start and end marks, an entry added after the last one of its mapping at that
 * mapping's indentation, or inside its braces for a flow mapping — and never serialised again, so
 * everything not written keeps its bytes. The merged text is read again before it is returned: a
 * merge that would give a model the reader refuses is refused, located at the entity.
 */
final class ModelMerge {
  private final String file;
  private final String original;
  private final boolean bom;
  private final String body;
  private final Path baseDir;
  private final MeasuredEntity measured;
  private final List<FigureChange> changes = new ArrayList<>();
  private final List<Edit> edits = new ArrayList<>();
  private final Map<Integer, List<Label>> markers = new TreeMap<>();
  private final List<String> unmarked = new ArrayList<>();
  private YamlText yaml;
  private String lineBreak;
  private Location entityAt;

  /**
   * One replacement of {@code [start, end)} by {@code text}; an insertion when they are equal.
   * Edits at one place apply by {@code rank}, then in the order made: values and flow entries (0)
   * before the line's marker (1) before new block lines (2), which at the end of a file without a
   * final line break start with one, and must come after the last line's marker.
   */
  private record Edit(int start, int end, String text, int rank, int order) {}

  /** A written value's key on its line: {@code block} for a block entry's own line. */
  private record Label(String key, boolean block) {}

  ModelMerge(String file, String text, Path baseDir, MeasuredEntity measured) {
    this.file = file;
    this.original = text;
    this.bom = text.startsWith("\uFEFF");
    this.body = bom ? text.substring(1) : text;
    this.baseDir = baseDir;
    this.measured = measured;
  }

  MergePlan plan() {
    Model model = ModelReader.read(file, body, baseDir);
    Node root =
        YamlChecks.compose(file, body, "model file", "'model:', 'entities:' and 'patterns:'");
    yaml = new YamlText(body, root);
    lineBreak = yaml.lineBreak();
    MappingNode top = (MappingNode) root;
    NodeTuple entitiesEntry = tuple(top, "entities").orElseThrow();
    MappingNode entities = (MappingNode) entitiesEntry.getValueNode();
    String name = measured.entity();
    Entity entity =
        model
            .entity(name)
            .orElseThrow(
                () ->
                    new InputException(
                        YamlMap.location(file, entitiesEntry.getKeyNode()),
                        "no entity '"
                            + name
                            + "' in the model"
                            + Suggest.closest(name, model.entities().keySet())
                                .map(s -> " (did you mean '" + s + "'?)")
                                .orElse("")
                            + "; expected one of: "
                            + String.join(", ", model.entities().keySet())));
    NodeTuple entityEntry = tuple(entities, name).orElseThrow();
    entityAt = YamlMap.location(file, entityEntry.getKeyNode());
    shared(entities);
    shared(entityEntry.getValueNode());
    MappingNode entityNode = (MappingNode) entityEntry.getValueNode();

    Map<String, Object> want = wanted(entity, entityNode);
    reconcile(entityNode, want, "", true, false);
    provenance(entityEntry);
    markers();
    String merged = apply();
    check(merged);
    return new MergePlan(file, name, changes, original, (bom ? "\uFEFF" : "") + merged);
  }

  // ---- what to write, and the plan ----

  private Map<String, Object> wanted(Entity entity, MappingNode node) {
    String path = "entities." + measured.entity();
    Map<String, Object> want = new LinkedHashMap<>();
    String count = FigureText.count(measured.count());
    Optional<ScalarNode> declaredCount = scalar(node, "count");
    change(
        path + ".count",
        declaredCount,
        count,
        declaredCount.isEmpty()
            ? Verdict.NEW
            : verdict(Tolerance.count(entity.count(), measured.count())),
        true,
        "",
        node);
    want.put("count", count);
    if (measured.growthPerSecond().isPresent()) {
      double g = measured.growthPerSecond().getAsDouble();
      String growth = FigureText.rate(g);
      Optional<ScalarNode> declared = scalar(node, "growth");
      change(
          path + ".growth",
          declared,
          growth,
          declared.isEmpty() ? Verdict.NEW : verdict(Tolerance.rate(entity.growthPerSecond(), g)),
          true,
          "",
          node);
      want.put("growth", growth);
    }
    Optional<MappingNode> attributesNode = mapping(node, "attributes");
    Map<String, Object> attributes = new LinkedHashMap<>();
    for (MeasuredAttribute a : measured.attributes().values()) {
      String at = path + ".attributes." + a.name();
      Attribute declared = entity.attributes().get(a.name());
      if (declared == null) {
        change(
            at,
            Optional.empty(),
            a.type(),
            Verdict.NEW,
            false,
            "not an attribute of "
                + measured.entity()
                + ": add it to the model to write its figures",
            node);
        continue;
      }
      Node attributeNode =
          attributesNode.flatMap(m -> tuple(m, a.name())).orElseThrow().getValueNode();
      Map<String, Object> w = attribute(at, a, declared, entity, attributeNode);
      if (!w.isEmpty()) {
        attributes.put(a.name(), w);
      }
    }
    if (!attributes.isEmpty()) {
      want.put("attributes", attributes);
    }
    Optional<MappingNode> spreadNode = mapping(node, "spread");
    Map<String, Object> spreads = new LinkedHashMap<>();
    for (MeasuredSpread s : measured.spreads().values()) {
      String at = path + ".spread." + s.attribute();
      Attribute attribute = entity.attributes().get(s.attribute());
      if (attribute == null) {
        change(
            at,
            Optional.empty(),
            FigureText.count(s.distinct()),
            Verdict.NEW,
            false,
            "not an attribute of "
                + measured.entity()
                + ": add it to the model to write its spread",
            node);
        continue;
      }
      Optional<Node> declaredNode =
          spreadNode.flatMap(m -> tuple(m, s.attribute())).map(NodeTuple::getValueNode);
      Map<String, Object> w =
          spread(at, s, attribute, entity, declaredNode.map(n -> (MappingNode) n), node);
      if (!w.isEmpty()) {
        spreads.put(s.attribute(), w);
      }
    }
    if (!spreads.isEmpty()) {
      want.put("spread", spreads);
    }
    return want;
  }

  /** The plan's and the new model's note on an attribute no row holds. */
  static final String NEVER_PRESENT =
      "no row of the data holds a value: nothing measured, and present: takes a share above 0%:"
          + " not written (drop the attribute, or measure data that holds it)";

  private Map<String, Object> attribute(
      String at, MeasuredAttribute a, Attribute declared, Entity entity, Node node) {
    Map<String, Object> w = new LinkedHashMap<>();
    Optional<MappingNode> m = node instanceof MappingNode mm ? Optional.of(mm) : Optional.empty();
    if (a.neverPresent()) {
      // No value to measure a size or a count from, and a share of 0% the model cannot write.
      change(
          at + ".present",
          m.flatMap(x -> scalar(x, "present")),
          "0%",
          Verdict.CONTRADICTS,
          false,
          NEVER_PRESENT,
          node);
      return w;
    }
    if (a.averageBytes().isPresent() && !ModelReader.isFixed(declared.type())) {
      double bytes = a.averageBytes().getAsDouble();
      String size = FigureText.size(bytes);
      Optional<ScalarNode> d = m.flatMap(x -> scalar(x, "size"));
      change(
          at + ".size",
          d,
          size,
          d.isEmpty() ? Verdict.NEW : verdict(Tolerance.size(declared.size().orElse(0), bytes)),
          true,
          "",
          node);
      w.put("size", size);
    }
    if (a.items().isPresent()) {
      String items = FigureText.items(a.items().getAsDouble());
      Optional<ScalarNode> d = m.flatMap(x -> scalar(x, "items"));
      change(
          at + ".items",
          d,
          items,
          d.isEmpty() ? Verdict.NEW : verdict(Integer.toString(declared.items()).equals(items)),
          true,
          "",
          node);
      w.put("items", items);
    }
    Optional<ScalarNode> declaredPresent = m.flatMap(x -> scalar(x, "present"));
    if (a.present() < 1 || declaredPresent.isPresent()) {
      String present = FigureText.share(a.present());
      Verdict v =
          declaredPresent.isEmpty()
              ? Verdict.NEW
              : verdict(Tolerance.share(declared.present(), a.present()));
      if (entity.key().contains(a.name())) {
        change(
            at + ".present",
            declaredPresent,
            present,
            a.present() < 1 ? Verdict.CONTRADICTS : v,
            false,
            "part of the key of "
                + measured.entity()
                + ", which every row holds; the data has rows without it: not written",
            node);
      } else {
        change(at + ".present", declaredPresent, present, v, true, "", node);
        w.put("present", present);
      }
    }
    Optional<ScalarNode> declaredOrdered = m.flatMap(x -> scalar(x, "time_ordered"));
    // An order not measured (the attribute is no key of its own) leaves a declared one alone.
    if (a.orderMeasured() && (a.timeOrdered() || declaredOrdered.isPresent())) {
      String ordered = Boolean.toString(a.timeOrdered());
      change(
          at + ".time_ordered",
          declaredOrdered,
          ordered,
          declaredOrdered.isEmpty()
              ? Verdict.NEW
              : verdict(declared.timeOrdered() == a.timeOrdered()),
          true,
          "",
          node);
      w.put("time_ordered", ordered);
    }
    return w;
  }

  private Map<String, Object> spread(
      String at,
      MeasuredSpread s,
      Attribute attribute,
      Entity entity,
      Optional<MappingNode> node,
      Node entityNode) {
    Map<String, Object> w = new LinkedHashMap<>();
    Spread declared = entity.spread().get(s.attribute());
    Node place = node.map(n -> (Node) n).orElse(entityNode);
    if (s.distinct() >= 1) {
      String distinct = FigureText.count(s.distinct());
      Optional<ScalarNode> d = node.flatMap(x -> scalar(x, "distinct"));
      Verdict v =
          d.isEmpty()
              ? Verdict.NEW
              : verdict(
                  Tolerance.sketched(
                      declared.distinct().orElse(0), s.distinct(), s.distinctRelativeError()));
      if (attribute.knownCardinality().isPresent()) {
        long known = attribute.knownCardinality().getAsLong();
        change(
            at + ".distinct",
            d.isPresent() ? d : Optional.empty(),
            distinct,
            d.isPresent() ? v : verdict(Tolerance.count(known, s.distinct())),
            false,
            "the attribute's type or values: count its values (" + known + "): not written",
            place);
      } else {
        change(at + ".distinct", d, distinct, v, true, "", place);
        w.put("distinct", distinct);
      }
    }
    if (s.busiestShare() > 0 && s.busiestShare() <= 1) {
      String busiest = FigureText.share(s.busiestShare());
      Optional<ScalarNode> d = node.flatMap(x -> scalar(x, "busiest"));
      Verdict v = Verdict.NEW;
      String note = "";
      if (d.isPresent()) {
        OptionalDouble share = declaredShare(declared, entity);
        if (share.isEmpty()) {
          v = Verdict.CONTRADICTS;
          note = "a busiest rate without a growth to divide it by cannot be compared";
        } else {
          v = verdict(Tolerance.share(share.getAsDouble(), s.busiestShare()));
          note =
              declared.busiestPerSecond().isPresent()
                  ? "compared as a share of the growth: " + FigureText.share(share.getAsDouble())
                  : "";
        }
      }
      if (declared != null && declared.busiestForSeconds().isPresent()) {
        change(
            at + ".busiest",
            d,
            busiest,
            v,
            false,
            "a burst ('for:') needs a rate, and the data's share is an average over its span:"
                + " not written",
            place);
      } else {
        change(at + ".busiest", d, busiest, v, true, note, place);
        w.put("busiest", busiest);
      }
    }
    if (s.zipfExponent().isPresent()) {
      double z = s.zipfExponent().getAsDouble();
      if (z > 0 && z <= 10 && s.distinct() >= 1) {
        String distribution = FigureText.zipf(z);
        Optional<ScalarNode> d = node.flatMap(x -> scalar(x, "distribution"));
        Verdict v =
            d.isEmpty()
                ? Verdict.NEW
                : verdict(
                    declared.zipfExponent().isPresent()
                        && Tolerance.zipf(declared.zipfExponent().getAsDouble(), z));
        // zipf(s) needs a distinct written beside it (docs/model.md, Spread), which a boolean's or
        // an enumeration's spread does not get (the reader's Spread counts an enumeration's
        // values as its distinct, but the text must still say one).
        boolean counted =
            w.containsKey("distinct") || node.flatMap(x -> scalar(x, "distinct")).isPresent();
        change(
            at + ".distribution",
            d,
            distribution,
            v,
            counted,
            counted ? "" : "zipf(s) needs a 'distinct' beside it, and none is written: not written",
            place);
        if (counted) {
          w.put("distribution", distribution);
        }
      }
    }
    Map<String, Object> per = new LinkedHashMap<>();
    Optional<MappingNode> perNode = node.flatMap(x -> mapping(x, "per"));
    for (Map.Entry<String, Double> e : s.per().entrySet()) {
      String other = e.getKey();
      double n = Math.max(1, e.getValue());
      String count = FigureText.count(n);
      Optional<ScalarNode> d = perNode.flatMap(x -> scalar(x, other));
      if (!entity.attributes().containsKey(other) || other.equals(s.attribute())) {
        change(
            at + ".per." + other,
            d,
            count,
            Verdict.NEW,
            false,
            "'" + other + "' is not another attribute of " + measured.entity() + ": not written",
            place);
        continue;
      }
      Verdict v =
          d.isEmpty()
              ? Verdict.NEW
              : verdict(
                  Tolerance.sketched(
                      declared.per().getOrDefault(other, 0.0), n, s.distinctRelativeError()));
      change(at + ".per." + other, d, count, v, true, "", place);
      per.put(other, count);
    }
    if (!per.isEmpty()) {
      w.put("per", per);
    }
    return w;
  }

  /**
   * The declared busiest value as the share heat reads (Spread.busiestShare): a share as written,
   * or a rate over the declared growth, or over the measured one when the model declares none.
   */
  private OptionalDouble declaredShare(Spread declared, Entity entity) {
    if (declared.busiestShare().isPresent()) {
      return declared.busiestShare();
    }
    double growth =
        entity.growthPerSecond() > 0
            ? entity.growthPerSecond()
            : measured.growthPerSecond().orElse(0);
    if (declared.busiestPerSecond().isPresent() && growth > 0) {
      return OptionalDouble.of(Math.min(1, declared.busiestPerSecond().getAsDouble() / growth));
    }
    return OptionalDouble.empty();
  }

  private static Verdict verdict(boolean agrees) {
    return agrees ? Verdict.AGREES : Verdict.CONTRADICTS;
  }

  private void change(
      String path,
      Optional<ScalarNode> declared,
      String measuredText,
      Verdict verdict,
      boolean written,
      String note,
      Node place) {
    Location at =
        declared.map(n -> YamlMap.location(file, n)).orElse(YamlMap.location(file, place));
    changes.add(
        new FigureChange(
            path, declared.map(ScalarNode::getValue), measuredText, verdict, written, note, at));
  }

  // ---- writing into the text ----

  /**
   * Writes {@code want} (key → value text, or key → nested wants) into mapping {@code node}:
   * replaces the scalars that exist, descends into mappings that exist, turns an attribute written
   * as a bare type into {@code {type: …, …}}, and adds what is missing.
   *
   * @param prefix the keys from the outermost flow mapping down to {@code node}, for a marker's
   *     list ("" in block context)
   * @param entity whether {@code node} is the entity (new keys go in the model's documented order)
   * @param attributes whether {@code node} is an entity's {@code attributes:} mapping
   */
  @SuppressWarnings("unchecked")
  private void reconcile(
      MappingNode node,
      Map<String, Object> want,
      String prefix,
      boolean entity,
      boolean attributes) {
    boolean flow = node.getFlowStyle() == FlowStyle.FLOW;
    Map<String, Object> missing = new LinkedHashMap<>();
    for (Map.Entry<String, Object> e : want.entrySet()) {
      String key = e.getKey();
      Optional<NodeTuple> t = tuple(node, key);
      if (t.isEmpty()) {
        missing.put(key, e.getValue());
        continue;
      }
      Node v = t.get().getValueNode();
      shared(v);
      String label = prefix + key;
      if (e.getValue() instanceof String text) {
        if (!(v instanceof ScalarNode scalar)) {
          throw new InputException(
              YamlMap.location(file, v),
              "expected a plain value at '" + key + "' to write the measured " + text + " into");
        }
        replace(scalar, quoted(scalar, text), List.of(new Label(label, !flow)));
      } else {
        Map<String, Object> nested = (Map<String, Object>) e.getValue();
        if (v instanceof MappingNode m) {
          boolean childFlow = m.getFlowStyle() == FlowStyle.FLOW;
          reconcile(
              m,
              nested,
              childFlow ? (flow ? label + "." : "") : "",
              false,
              entity && key.equals("attributes"));
        } else if (attributes && v instanceof ScalarNode type) {
          // The short form 'body: text' becomes '{type: text, …}' to hold a size or a share.
          String typeText = typeText(type);
          Map<String, Object> whole = new LinkedHashMap<>();
          whole.put("type", typeText);
          whole.putAll(nested);
          List<Label> labels = new ArrayList<>();
          leaves(nested, flow ? label + "." : "").forEach(l -> labels.add(new Label(l, false)));
          replace(type, flowText(whole), labels);
        } else {
          throw new InputException(
              YamlMap.location(file, v),
              "expected a mapping at '" + key + "' to write the measured figures into");
        }
      }
    }
    if (!missing.isEmpty()) {
      insert(node, missing, prefix, entity);
    }
  }

  /** The type of a short-form attribute as the new mapping writes it: as written if quoted. */
  private String typeText(ScalarNode type) {
    if (type.getScalarStyle() == ScalarStyle.SINGLE_QUOTED
        || type.getScalarStyle() == ScalarStyle.DOUBLE_QUOTED) {
      return yaml.text.substring(yaml.start(type), yaml.markEnd(type));
    }
    return YamlQuoting.scalar(type.getValue().trim());
  }

  /** Where the entity's new keys go: after the last of these present, in the model's order. */
  private static final Map<String, List<String>> AFTER =
      Map.of(
          "count", List.of("attributes", "key"),
          "growth", List.of("attributes", "key", "count"),
          "spread", List.of());

  @SuppressWarnings("unchecked")
  private void insert(
      MappingNode node, Map<String, Object> missing, String prefix, boolean entity) {
    List<NodeTuple> entries = node.getValue();
    boolean flow = node.getFlowStyle() == FlowStyle.FLOW;
    for (Map.Entry<String, Object> e : missing.entrySet()) {
      NodeTuple after = entries.isEmpty() ? null : entries.get(entries.size() - 1);
      if (entity && AFTER.containsKey(e.getKey()) && !AFTER.get(e.getKey()).isEmpty()) {
        NodeTuple found = null;
        for (NodeTuple t : entries) {
          if (t.getKeyNode() instanceof ScalarNode k
              && AFTER.get(e.getKey()).contains(k.getValue())) {
            found = t;
          }
        }
        after = found != null ? found : after;
      }
      String key = YamlQuoting.scalar(e.getKey());
      if (flow) {
        int at = after == null ? yaml.start(node) + 1 : yaml.end(after);
        String value =
            e.getValue() instanceof String s ? s : flowText((Map<String, Object>) e.getValue());
        edit(at, at, (after == null ? "" : ", ") + key + ": " + value);
        List<String> labels =
            e.getValue() instanceof String
                ? List.of(prefix + e.getKey())
                : leaves((Map<String, Object>) e.getValue(), prefix + e.getKey() + ".");
        labels.forEach(l -> mark(at, new Label(l, false)));
      } else {
        int indent = indent(node);
        int at =
            after == null
                ? yaml.nextLineStart(yaml.start(node))
                : yaml.nextLineStart(yaml.end(after));
        List<String> lines = new ArrayList<>();
        block(key, e.getValue(), indent, step(node), lines);
        StringBuilder b = new StringBuilder();
        boolean atEnd = at >= yaml.text.length();
        boolean needsBreak =
            atEnd
                && !yaml.text.isEmpty()
                && yaml.text.charAt(yaml.text.length() - 1) != '\n'
                && yaml.text.charAt(yaml.text.length() - 1) != '\r';
        for (int i = 0; i < lines.size(); i++) {
          if (needsBreak) {
            b.append(lineBreak).append(lines.get(i));
          } else {
            b.append(lines.get(i)).append(lineBreak);
          }
        }
        edit(at, at, b.toString(), 2);
      }
    }
  }

  /**
   * The column a block mapping's keys start at. Not its start mark's: a mapping with a tag or an
   * anchor ({@code E: !!map}) starts at that property, on the line above its keys. An explicit key
   * ({@code ? count}) is indented from its {@code ?}.
   */
  private int indent(MappingNode node) {
    int key = yaml.start(node.getValue().get(0).getKeyNode());
    int lineStart = yaml.lineStart(key);
    int j = key;
    while (j > lineStart && (yaml.text.charAt(j - 1) == ' ' || yaml.text.charAt(j - 1) == '\t')) {
      j--;
    }
    if (j > lineStart && yaml.text.charAt(j - 1) == '?') {
      key = j - 1;
    }
    // What comes before a block key on its line is indentation, '- ' or '? ': one char a column.
    return key - lineStart;
  }

  /** The indentation step of new nested block mappings: the file's own under the entity, or 2. */
  private int step(MappingNode node) {
    for (NodeTuple t : node.getValue()) {
      if (t.getValueNode() instanceof MappingNode m && m.getFlowStyle() == FlowStyle.BLOCK) {
        int s = indent(m) - indent(node);
        if (s > 0) {
          return s;
        }
      }
    }
    return 2;
  }

  /**
   * Adds block lines for a new entry: {@code key: value # [measured]}; a mapping of mappings (an
   * entity's new {@code spread:}) as a block with one line per entry; any other mapping as one flow
   * mapping on its line.
   */
  @SuppressWarnings("unchecked")
  static void block(String key, Object value, int indent, int step, List<String> lines) {
    String pad = " ".repeat(indent);
    if (value instanceof String s) {
      lines.add(pad + key + ": " + s + "  # " + Marks.marker(List.of()));
      return;
    }
    Map<String, Object> m = (Map<String, Object>) value;
    if (m.values().stream().allMatch(v -> v instanceof Map)) {
      lines.add(pad + key + ":");
      for (Map.Entry<String, Object> e : m.entrySet()) {
        block(YamlQuoting.scalar(e.getKey()), e.getValue(), indent + step, step, lines);
      }
      return;
    }
    lines.add(pad + key + ": " + flowText(m) + "  # " + Marks.marker(leaves(m, "")));
  }

  /** {@code {a: 1, b: {c: 2}}}. */
  @SuppressWarnings("unchecked")
  static String flowText(Map<String, Object> m) {
    List<String> parts = new ArrayList<>();
    for (Map.Entry<String, Object> e : m.entrySet()) {
      Object v = e.getValue();
      parts.add(
          YamlQuoting.scalar(e.getKey())
              + ": "
              + (v instanceof String s ? s : flowText((Map<String, Object>) v)));
    }
    return "{" + String.join(", ", parts) + "}";
  }

  /** The dotted keys of a want's values, for a marker: {@code distinct, per.artist_id}. */
  @SuppressWarnings("unchecked")
  static List<String> leaves(Map<String, Object> m, String prefix) {
    List<String> out = new ArrayList<>();
    for (Map.Entry<String, Object> e : m.entrySet()) {
      if (e.getValue() instanceof Map) {
        out.addAll(leaves((Map<String, Object>) e.getValue(), prefix + e.getKey() + "."));
      } else {
        out.add(prefix + e.getKey());
      }
    }
    return out;
  }

  /** Returns {@code text} in the scalar's own quoting. */
  private static String quoted(ScalarNode scalar, String text) {
    return switch (scalar.getScalarStyle()) {
      case SINGLE_QUOTED -> "'" + text + "'";
      case DOUBLE_QUOTED -> "\"" + text + "\"";
      default -> text;
    };
  }

  /**
   * Replaces a scalar's text with {@code value} (when it differs) and marks its line. A block
   * scalar ({@code |} or {@code >}) runs to past its last line break, so its replacement ends its
   * line itself, with the marker on it.
   */
  private void replace(ScalarNode scalar, String value, List<Label> labels) {
    int start = yaml.start(scalar);
    int end = yaml.markEnd(scalar);
    if (scalar.getScalarStyle() == ScalarStyle.LITERAL
        || scalar.getScalarStyle() == ScalarStyle.FOLDED) {
      boolean block = labels.stream().allMatch(Label::block);
      edit(
          start,
          end,
          value + "  # " + Marks.marker(block ? List.of() : keysOf(labels)) + lineBreak);
      return;
    }
    if (!yaml.text.substring(start, end).equals(value)) {
      edit(start, end, value);
    }
    labels.forEach(l -> mark(end, l));
  }

  private void edit(int start, int end, String text) {
    edit(start, end, text, 0);
  }

  private void edit(int start, int end, String text, int rank) {
    edits.add(new Edit(start, end, text, rank, edits.size()));
  }

  /** Notes a marker for the line holding {@code at}. */
  private void mark(int at, Label label) {
    int end = yaml.lineEnd(Math.max(0, Math.min(at, yaml.text.length())));
    markers.computeIfAbsent(end, k -> new ArrayList<>()).add(label);
  }

  private void markers() {
    for (Map.Entry<Integer, List<Label>> e : markers.entrySet()) {
      int end = e.getKey();
      List<Label> labels = e.getValue();
      List<String> keys = new ArrayList<>();
      boolean block = labels.stream().allMatch(Label::block);
      for (Label l : labels) {
        if (!keys.contains(l.key())) {
          keys.add(l.key());
        }
      }
      if (end > 0 && yaml.strictlyInScalar(end)) {
        // The line goes on inside a scalar (a multi-line string after the value): no comment can
        // end it, so the provenance comment lists these values.
        unmarked.addAll(keys);
        continue;
      }
      int comment = yaml.comment(end);
      if (comment >= 0 && comment < end) {
        Matcher m = Marks.existing(yaml.text.substring(comment, end));
        if (m != null) {
          List<String> all =
              block && m.group(1) == null ? List.of() : Marks.union(m.group(1), keys);
          edit(comment + m.start(), end, Marks.marker(all), 1);
        } else {
          edit(end, end, " " + Marks.marker(block ? List.of() : keys), 1);
        }
      } else {
        edit(end, end, "  # " + Marks.marker(block ? List.of() : keys), 1);
      }
    }
  }

  private static List<String> keysOf(List<Label> labels) {
    List<String> out = new ArrayList<>();
    labels.forEach(l -> out.add(l.key()));
    return out;
  }

  /**
   * Writes the entity's provenance comment: over the last one written for it, wherever it is, or on
   * a new line above the entity's name (at the top of the file when that line begins inside a
   * scalar).
   */
  private void provenance(NodeTuple entityEntry) {
    String prefix = Marks.provenancePrefix(measured.entity());
    String text = yaml.text;
    int i = 0;
    while (true) {
      int end = yaml.lineEnd(i);
      int first = i;
      while (first < end && (text.charAt(first) == ' ' || text.charAt(first) == '\t')) {
        first++;
      }
      if (text.startsWith(prefix, first) && !yaml.inScalar(first)) {
        provenanceAt = first;
        provenanceEnd = end;
        return;
      }
      int next = end;
      if (next < text.length() && text.charAt(next) == '\r') {
        next++;
      }
      if (next < text.length() && text.charAt(next) == '\n') {
        next++;
      }
      if (next == end) {
        break;
      }
      i = next;
    }
    int keyStart = yaml.start(entityEntry.getKeyNode());
    int lineStart = yaml.lineStart(keyStart);
    if (lineStart > 0 && yaml.strictlyInScalar(lineStart)) {
      provenanceAt = 0;
      provenanceIndent = "";
    } else {
      provenanceAt = lineStart;
      // The comment takes the line's own indentation: the entity's, or its flow mapping's line's.
      int first = lineStart;
      while (first < keyStart && yaml.text.charAt(first) == ' ') {
        first++;
      }
      provenanceIndent = yaml.text.substring(lineStart, first);
    }
    provenanceEnd = -1;
  }

  private int provenanceAt;
  private int provenanceEnd;
  private String provenanceIndent = "";

  private String apply() {
    // The provenance comment is written last: it lists the values no marker could hold.
    String comment = Marks.provenance(measured.entity(), measured.provenance(), unmarked);
    if (provenanceEnd >= 0) {
      if (!yaml.text.substring(provenanceAt, provenanceEnd).equals(comment)) {
        edit(provenanceAt, provenanceEnd, comment);
      }
    } else {
      edit(provenanceAt, provenanceAt, provenanceIndent + comment + lineBreak);
    }
    List<Edit> sorted = new ArrayList<>(edits);
    // At one offset an insertion goes before a replacement that starts there (the provenance
    // comment on the line after an attribute block, which the block's new key is inserted in
    // front of): the other order would have the insertion land inside the replaced text.
    sorted.sort(
        (a, b) ->
            a.start() != b.start()
                ? Integer.compare(a.start(), b.start())
                : (a.end() == a.start()) != (b.end() == b.start())
                    ? Boolean.compare(a.end() != a.start(), b.end() != b.start())
                    : a.rank() != b.rank()
                        ? Integer.compare(a.rank(), b.rank())
                        : Integer.compare(a.order(), b.order()));
    StringBuilder out = new StringBuilder();
    int at = 0;
    for (Edit e : sorted) {
      if (e.start() < at) {
        throw new IllegalStateException("overlapping edits at " + e.start() + " in " + file);
      }
      out.append(yaml.text, at, e.start()).append(e.text());
      at = e.end();
    }
    out.append(yaml.text, at, yaml.text.length());
    return out.toString();
  }

  /** Reads the merged text as a model; a model the reader refuses is a refusal at the entity. */
  private void check(String merged) {
    try {
      ModelReader.read(file, merged, baseDir);
    } catch (InputException e) {
      Diagnostic first = e.diagnostics().get(0);
      throw new InputException(
          entityAt,
          "the measured figures of '"
              + measured.entity()
              + "' cannot be written into this model: with them it would not read ("
              + first.message()
              + ", line "
              + first.location().line()
              + " of the merged text); expected figures the model's other statements allow"
              + " (such as shares:, belongs_to: or for:), or a model without those statements");
    }
  }

  /** Refuses to write through a node shared by a YAML anchor: the edit would change every alias. */
  private void shared(Node n) {
    if (n.getAnchor().isPresent()) {
      throw new InputException(
          YamlMap.location(file, n),
          "this value is shared through the YAML anchor '&"
              + n.getAnchor().get().getValue()
              + "'; expected a value of its own to write measured figures into (write it out in"
              + " full here)");
    }
  }

  static Optional<NodeTuple> tuple(MappingNode m, String key) {
    for (NodeTuple t : m.getValue()) {
      if (t.getKeyNode() instanceof ScalarNode k && k.getValue().equals(key)) {
        return Optional.of(t);
      }
    }
    return Optional.empty();
  }

  private static Optional<ScalarNode> scalar(MappingNode m, String key) {
    return tuple(m, key)
        .map(NodeTuple::getValueNode)
        .filter(ScalarNode.class::isInstance)
        .map(ScalarNode.class::cast);
  }

  private static Optional<MappingNode> mapping(MappingNode m, String key) {
    return tuple(m, key)
        .map(NodeTuple::getValueNode)
        .filter(MappingNode.class::isInstance)
        .map(MappingNode.class::cast);
  }
}
