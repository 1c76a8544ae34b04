package dev.keyplan.analyze.write;

import dev.keyplan.analyze.measured.MeasuredAttribute;
import dev.keyplan.analyze.measured.MeasuredEntity;
import dev.keyplan.analyze.measured.MeasuredSpread;
import dev.keyplan.input.InputException;
import dev.keyplan.input.Location;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.store.Stores;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Starts a model file from one entity's measurement ({@code keyplan analyze --new}): the shortest
 * path from an exported table to a first {@code check} (issue 19). The file holds the entity with
 * every attribute, its key, count, growth and spreads, and says in comments what it still lacks: a
 * model needs at least one access pattern ({@code patterns: []} is an error, docs/model.md,
 * "Top-level keys") and {@code check} a store design.
 *
 * <p>Every figure is written as {@link MergePlan} would write it, with the same markers and
 * provenance comment, so that merging the same measurement into the new file (once it has a
 * pattern) changes nothing.
 *
 * <p>The horizon is {@code 1y}: how far ahead sizes are computed must be said (the model has no
 * default), and a year is what 17 of the 25 shipped examples use; the comment on the line says to
 * change it.
 *
 * <p>The key: an attribute every row holds whose distinct values equal the rows (within the
 * measurement's error, {@link Tolerance}) names one row; the first such attribute in the data's
 * column order is taken, since exports put the primary key first. Failing one, two attributes
 * {@code a, b} whose distinct pairs, {@code distinct(a) × per(b, a)} (docs/model.md, "Values per
 * value"), equal the rows. Failing both, no key is written, and a comment says to give one.
 */
public final class NewModel {
  private NewModel() {}

  /** The horizon a new model starts with. */
  static final String HORIZON = "1y";

  /**
   * Returns a new model file's text.
   *
   * @param model the model's name ({@code model:})
   * @param measured the entity's measurement
   * @throws InputException when an entity or column name is not a name the model accepts (a letter
   *     or {@code _}, then letters, digits or {@code _}: docs/model.md, "Names"), placed at the
   *     first data file, whose header or fields hold it
   */
  public static String write(String model, MeasuredEntity measured) {
    String entity = measured.entity();
    Location data =
        new Location(
            measured.provenance().files().isEmpty()
                ? "<data>"
                : measured.provenance().files().get(0).name(),
            0,
            0);
    name(entity, "the entity", data);
    measured.attributes().keySet().forEach(a -> name(a, "a column", data));
    List<String> key = key(measured);

    List<String> lines = new ArrayList<>();
    lines.add(
        "# A first model of "
            + YamlQuoting.comment(entity)
            + ", started from its data by keyplan analyze --new.");
    lines.add(
        "# It reads once it has an access pattern: add at least one under 'patterns:' at the");
    // The store sections from the registry, so a store added later is named here too.
    List<String> sections = Stores.builtIn().ids().stream().map(id -> id.id() + ":").toList();
    lines.add(
        "# end, and a store design ("
            + String.join(", ", sections.subList(0, sections.size() - 1))
            + " or "
            + sections.get(sections.size() - 1)
            + ") for keyplan");
    lines.add("# check to check. docs/model.md explains every key.");
    lines.add("model: " + YamlQuoting.scalar(model));
    lines.add(
        "horizon: "
            + HORIZON
            + "  # how far ahead sizes are computed: a year, as most examples; change it to your"
            + " plan");
    lines.add("entities:");
    lines.add("  " + Marks.provenance(entity, measured.provenance(), List.of()));
    lines.add("  " + YamlQuoting.scalar(entity) + ":");
    lines.add("    attributes:");
    for (MeasuredAttribute a : measured.attributes().values()) {
      if (a.neverPresent()) {
        // Left as a comment: a text attribute needs a size, which no value gives.
        lines.add(
            "      # "
                + YamlQuoting.scalar(a.name())
                + ": "
                + YamlQuoting.scalar(a.type())
                + "  # "
                + ModelMerge.NEVER_PRESENT);
        continue;
      }
      Map<String, Object> w = new LinkedHashMap<>();
      if (a.averageBytes().isPresent() && !ModelReader.isFixed(a.type())) {
        w.put("size", FigureText.size(a.averageBytes().getAsDouble()));
      }
      a.items().ifPresent(i -> w.put("items", FigureText.items(i)));
      if (a.present() < 1) {
        w.put("present", FigureText.share(a.present()));
      }
      if (a.timeOrdered()) {
        w.put("time_ordered", "true");
      }
      String name = YamlQuoting.scalar(a.name());
      String type = YamlQuoting.scalar(a.type());
      if (w.isEmpty()) {
        lines.add("      " + name + ": " + type);
      } else {
        Map<String, Object> whole = new LinkedHashMap<>();
        whole.put("type", type);
        whole.putAll(w);
        lines.add(
            "      "
                + name
                + ": "
                + ModelMerge.flowText(whole)
                + "  # "
                + Marks.marker(ModelMerge.leaves(w, "")));
      }
    }
    if (key.isEmpty()) {
      lines.add(
          "    # key: no attribute, nor pair of attributes, has a value per row in the data; list"
              + " the attributes that identify a row");
    } else {
      List<String> quoted = key.stream().map(YamlQuoting::scalar).toList();
      lines.add(
          "    key: ["
              + String.join(", ", quoted)
              + "]  # "
              + (key.size() == 1
                  ? YamlQuoting.comment(key.get(0)) + "'s values are all distinct in the data"
                  : "distinct pairs of these in the data are as many as the rows")
              + ": one row each");
    }
    lines.add(
        "    count: " + FigureText.count(measured.count()) + "  # " + Marks.marker(List.of()));
    measured
        .growthPerSecond()
        .ifPresent(
            g -> lines.add("    growth: " + FigureText.rate(g) + "  # " + Marks.marker(List.of())));
    Map<String, Object> spreads = new LinkedHashMap<>();
    for (MeasuredSpread s : measured.spreads().values()) {
      Optional<MeasuredAttribute> attribute =
          Optional.ofNullable(measured.attributes().get(s.attribute()));
      if (attribute.isEmpty()) {
        continue;
      }
      Map<String, Object> w = spread(s, attribute.get(), measured);
      if (!w.isEmpty()) {
        spreads.put(s.attribute(), w);
      }
    }
    if (!spreads.isEmpty()) {
      ModelMerge.block("spread", spreads, 4, 2, lines);
    }
    lines.add("patterns:");
    lines.add(
        "  # None yet: a model needs at least one. Each access, with its peak rate, such as:");
    String example =
        !key.isEmpty()
            ? key.get(0)
            : measured.attributeNames().isEmpty() ? "id" : measured.attributeNames().get(0);
    lines.add("  # - id: by-" + YamlQuoting.comment(example));
    lines.add("  #   rate: 100/s");
    lines.add(
        "  #   query: "
            + YamlQuoting.comment(entity)
            + " where "
            + YamlQuoting.comment(example)
            + " = ?");
    return String.join("\n", lines) + "\n";
  }

  /** The spread figures of {@code s} as the merge writes them (ModelMerge#spread). */
  private static Map<String, Object> spread(
      MeasuredSpread s, MeasuredAttribute attribute, MeasuredEntity measured) {
    Map<String, Object> w = new LinkedHashMap<>();
    // A boolean's two values are its type's: the merge does not write a distinct for it either.
    if (s.distinct() >= 1 && !attribute.type().equalsIgnoreCase("boolean")) {
      w.put("distinct", FigureText.count(s.distinct()));
    }
    if (s.busiestShare() > 0 && s.busiestShare() <= 1) {
      w.put("busiest", FigureText.share(s.busiestShare()));
    }
    if (s.zipfExponent().isPresent()
        && w.containsKey("distinct")
        && s.zipfExponent().getAsDouble() > 0
        && s.zipfExponent().getAsDouble() <= 10
        && s.distinct() >= 1) {
      w.put("distribution", FigureText.zipf(s.zipfExponent().getAsDouble()));
    }
    Map<String, Object> per = new LinkedHashMap<>();
    s.per()
        .forEach(
            (other, n) -> {
              if (measured.attributes().containsKey(other) && !other.equals(s.attribute())) {
                per.put(other, FigureText.count(Math.max(1, n)));
              }
            });
    if (!per.isEmpty()) {
      w.put("per", per);
    }
    return w;
  }

  /** The key the data shows (see the class comment); empty when it shows none. */
  static List<String> key(MeasuredEntity m) {
    for (MeasuredAttribute a : m.attributes().values()) {
      MeasuredSpread s = m.spreads().get(a.name());
      if (a.present() >= 1
          && s != null
          && Tolerance.sketched(s.distinct(), m.count(), s.distinctRelativeError())) {
        return List.of(a.name());
      }
    }
    for (MeasuredSpread b : m.spreads().values()) {
      MeasuredAttribute bAttribute = m.attributes().get(b.attribute());
      if (bAttribute == null || bAttribute.present() < 1) {
        continue;
      }
      for (Map.Entry<String, Double> e : b.per().entrySet()) {
        MeasuredSpread a = m.spreads().get(e.getKey());
        MeasuredAttribute aAttribute = m.attributes().get(e.getKey());
        if (a != null
            && aAttribute != null
            && aAttribute.present() >= 1
            && !e.getKey().equals(b.attribute())
            && Tolerance.sketched(
                a.distinct() * e.getValue(),
                m.count(),
                Math.max(a.distinctRelativeError(), b.distinctRelativeError()))) {
          return List.of(e.getKey(), b.attribute());
        }
      }
    }
    return List.of();
  }

  /**
   * Refuses a name the model would refuse (docs/model.md, "Names"; the reader's EntityReader checks
   * the same): a letter or {@code _}, then letters, digits or {@code _}.
   */
  private static void name(String name, String what, Location data) {
    boolean ok =
        !name.isEmpty()
            && (Character.isLetter(name.codePointAt(0)) || name.charAt(0) == '_')
            && name.codePoints().allMatch(cp -> Character.isLetterOrDigit(cp) || cp == '_');
    if (!ok) {
      throw new InputException(
          data,
          what
              + " '"
              + YamlQuoting.comment(name)
              + "' is not a name the model accepts; expected a letter or _, then letters, digits"
              + " or _ (docs/model.md, \"Names\"): map the column to such a name");
    }
  }
}
