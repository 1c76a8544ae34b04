package dev.keyplan.analyze.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.keyplan.analyze.measured.MeasuredAttribute;
import dev.keyplan.analyze.measured.MeasuredEntity;
import dev.keyplan.analyze.measured.MeasuredSpread;
import dev.keyplan.model.Attribute;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Model;
import dev.keyplan.model.Spread;
import dev.keyplan.model.yaml.ModelReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every entity of every shipped example (examples/*.yaml) takes a measurement: the merged file
 * reads, carries the measured count and spreads, and merges again to itself. The measurement is one
 * the model's other statements allow (one distinct count for every spread, so no belongs_to is
 * contradicted; a busiest share at least every named share; a growth at least every declared
 * busiest rate), so a refusal here would be a fault of the merge, not of the figures.
 */
class MergeExamplesTest {

  static Stream<Object[]> entities() throws IOException {
    List<Object[]> out = new ArrayList<>();
    try (Stream<Path> files = Files.list(MergePlanTest.EXAMPLES)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList()) {
        Model model = ModelReader.read(f);
        for (String e : model.entities().keySet()) {
          out.add(new Object[] {f.getFileName().toString(), e});
        }
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("entities")
  void everyEntityOfEveryExampleTakesAMeasurement(String file, String name) throws IOException {
    String text = Files.readString(MergePlanTest.EXAMPLES.resolve(file));
    Entity declared =
        ModelReader.read(file, text, MergePlanTest.EXAMPLES).entity(name).orElseThrow();
    MeasuredEntity m = measurementOf(declared);
    MergePlan plan = MergePlanTest.merge(file, text, m);
    Entity back = MergePlanTest.reread(file, plan.merged(), name);
    // 12,345 rows, written 12.3k.
    assertThat(back.count()).isEqualTo(12_300);
    for (MeasuredSpread s : m.spreads().values()) {
      Spread spread = back.spread().get(s.attribute());
      if (!declared.attribute(s.attribute()).orElseThrow().isEnumerated()) {
        assertThat(spread.distinct()).hasValue(1_000);
      }
      if (spread.busiestForSeconds().isEmpty()) {
        assertThat(spread.busiestShare().getAsDouble())
            .isCloseTo(s.busiestShare(), within(s.busiestShare() * 0.005));
      }
    }
    // Every line the merge did not mark (or add as the provenance comment, or as a new 'spread:'
    // heading) is a line of the original, byte for byte.
    assertThat(
            plan.merged()
                .lines()
                .filter(
                    l ->
                        !l.contains("[measured")
                            && !l.contains("keyplan analyze measured")
                            && !l.equals("    spread:")))
        .isSubsetOf(text.lines().toList());
  }

  /** See the class comment. */
  static MeasuredEntity measurementOf(Entity e) {
    Map<String, MeasuredAttribute> attributes = new LinkedHashMap<>();
    for (Attribute a : e.attributes().values()) {
      boolean collection = a.type().toLowerCase(Locale.ROOT).matches("\\s*(list|set|map)\\s*<.*");
      attributes.put(
          a.name(),
          new MeasuredAttribute(
              a.name(),
              a.type(),
              ModelReader.isFixed(a.type()) ? OptionalDouble.empty() : OptionalDouble.of(37.4),
              collection ? OptionalDouble.of(2.6) : OptionalDouble.empty(),
              1,
              a.timeOrdered()));
    }
    Map<String, MeasuredSpread> spreads = new LinkedHashMap<>();
    List<String> keys = new ArrayList<>(e.spread().keySet());
    e.key().stream().filter(k -> !keys.contains(k)).forEach(keys::add);
    for (String k : keys) {
      Spread declared = e.spread().get(k);
      double named =
          declared == null
              ? 0
              : declared.shares().values().stream()
                  .mapToDouble(Double::doubleValue)
                  .max()
                  .orElse(0);
      spreads.put(
          k,
          new MeasuredSpread(
              k,
              1_000,
              0.01,
              Math.max(0.05, named),
              OptionalDouble.empty(),
              OptionalDouble.of(1.2),
              Map.of()));
    }
    double fastest =
        e.spread().values().stream()
            .mapToDouble(s -> s.busiestPerSecond().orElse(0))
            .max()
            .orElse(0);
    return new MeasuredEntity(
        e.name(),
        12_345,
        e.growthPerSecond() > 0
            ? OptionalDouble.of(Math.max(e.growthPerSecond(), fastest))
            : OptionalDouble.empty(),
        attributes,
        spreads,
        MergePlanTest.SOURCE);
  }
}
