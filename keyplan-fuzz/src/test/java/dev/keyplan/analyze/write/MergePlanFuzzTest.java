package dev.keyplan.analyze.write;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.keyplan.analyze.measured.MeasuredAttribute;
import dev.keyplan.analyze.measured.MeasuredEntity;
import dev.keyplan.analyze.measured.MeasuredSpread;
import dev.keyplan.analyze.measured.Provenance;
import dev.keyplan.fuzz.HostileBytes;
import dev.keyplan.fuzz.ShippedExamples;
import dev.keyplan.input.InputException;
import dev.keyplan.model.Attribute;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Model;
import dev.keyplan.model.Quantities;
import dev.keyplan.model.Spread;
import dev.keyplan.model.yaml.ModelReader;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * {@code keyplan analyze --write} on mutated models (seeds: examples/chat.yaml,
 * tenants-mongodb.yaml and sensors.yaml, a CRLF copy, a flow-style entity, a block-style spread).
 * The property: for any model text the reader accepts, merging a measurement of its first entity
 * gives a text that also reads, carries the measured figures and merges again to itself; or the
 * merge refuses with a located error. Text the reader refuses must be refused by the merge,
 * located, too.
 */
class MergePlanFuzzTest {
  private static final String FILE = "fuzz.yaml";
  private static final Provenance SOURCE =
      new Provenance(
          List.of(
              new Provenance.SourceFile(
                  "data\n#: x.csv",
                  "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824")),
          Optional.empty());

  /** A measurement of an entity named E with no figures but its rows. */
  private static final MeasuredEntity NOTHING =
      new MeasuredEntity("E", 1, OptionalDouble.empty(), Map.of(), Map.of(), SOURCE);

  @FuzzTest(maxDuration = "30s")
  void mergeInto(byte[] data) {
    HostileBytes.read(
        FILE,
        data,
        text -> {
          Model model;
          try {
            model = ModelReader.read(FILE, text, ShippedExamples.dir());
          } catch (InputException refused) {
            try {
              MergePlan.of(FILE, text, ShippedExamples.dir(), NOTHING);
            } catch (InputException e) {
              HostileBytes.requireLocated(FILE, e);
              return;
            }
            throw new AssertionError("the merge took a text the model reader refuses", refused);
          }
          if (model.entities().isEmpty()) {
            return;
          }
          Entity entity = model.entities().values().iterator().next();
          MeasuredEntity measured = measurementOf(entity);
          MergePlan plan = MergePlan.of(FILE, text, ShippedExamples.dir(), measured);
          Entity back =
              ModelReader.read(FILE, plan.merged(), ShippedExamples.dir())
                  .entity(entity.name())
                  .orElseThrow(() -> new AssertionError("the merge lost " + entity.name()));
          carries(plan, back);
          String again =
              MergePlan.of(FILE, plan.merged(), ShippedExamples.dir(), measured).merged();
          if (!again.equals(plan.merged())) {
            throw new AssertionError("a second merge changed the text:\n" + plan.merged());
          }
        });
  }

  /**
   * A measurement of {@code e} that the model's other statements allow: every attribute sized,
   * sparse outside the key, and a spread for each declared spread and key attribute, with one
   * distinct count for all (so no belongs_to is contradicted), a busiest share at least every named
   * share and a growth at least every declared busiest rate.
   */
  static MeasuredEntity measurementOf(Entity e) {
    Map<String, MeasuredAttribute> attributes = new LinkedHashMap<>();
    for (Attribute a : e.attributes().values()) {
      String type = a.type().toLowerCase(Locale.ROOT);
      boolean collection = type.matches("\\s*(list|set|map)\\s*<.*");
      attributes.put(
          a.name(),
          new MeasuredAttribute(
              a.name(),
              a.type(),
              ModelReader.isFixed(a.type()) ? OptionalDouble.empty() : OptionalDouble.of(37.4),
              collection ? OptionalDouble.of(2.6) : OptionalDouble.empty(),
              e.key().contains(a.name()) ? 1 : 0.75,
              a.timeOrdered()));
    }
    Map<String, MeasuredSpread> spreads = new LinkedHashMap<>();
    List<String> measuredKeys = new java.util.ArrayList<>(e.spread().keySet());
    e.key().stream().filter(k -> !measuredKeys.contains(k)).forEach(measuredKeys::add);
    for (String k : measuredKeys) {
      if (!e.attributes().containsKey(k)) {
        continue;
      }
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
    // At least every declared busiest rate: a 'for:' burst keeps its rate, which may not exceed
    // the growth.
    double fastest =
        e.spread().values().stream()
            .mapToDouble(s -> s.busiestPerSecond().orElse(0))
            .max()
            .orElse(0);
    return new MeasuredEntity(
        e.name(),
        12_345,
        e.growthPerSecond() > 0
            ? OptionalDouble.of(Math.max(e.growthPerSecond() * 1.5, fastest))
            : OptionalDouble.empty(),
        attributes,
        spreads,
        SOURCE);
  }

  /** Fails unless every figure the plan says it wrote reads back as written. */
  static void carries(MergePlan plan, Entity back) {
    String at = "entities." + back.name() + ".";
    for (FigureChange c : plan.changes()) {
      if (!c.written()) {
        continue;
      }
      String p = c.path().substring(at.length());
      String[] parts = p.split("\\.");
      double expected;
      double actual;
      if (p.equals("count")) {
        expected = Quantities.count(c.measured()).getAsDouble();
        actual = back.count();
      } else if (p.equals("growth")) {
        expected = Quantities.perSecond(c.measured()).getAsDouble();
        actual = back.growthPerSecond();
      } else if (parts[0].equals("attributes") && parts[2].equals("size")) {
        expected = Quantities.bytes(c.measured()).getAsLong();
        actual = back.attribute(parts[1]).orElseThrow().size().orElse(-1);
      } else if (parts[0].equals("attributes") && parts[2].equals("present")) {
        expected = Quantities.share(c.measured()).getAsDouble();
        actual = back.attribute(parts[1]).orElseThrow().present();
      } else if (parts[0].equals("spread") && parts[2].equals("distinct")) {
        expected = Quantities.count(c.measured()).getAsDouble();
        actual = back.spread().get(parts[1]).distinct().orElse(-1);
      } else if (parts[0].equals("spread") && parts[2].equals("busiest")) {
        expected = Quantities.share(c.measured()).getAsDouble();
        actual = back.spread().get(parts[1]).busiestShare().orElse(-1);
      } else {
        continue;
      }
      if (Math.abs(expected - actual) > 1e-9 * Math.max(1, Math.abs(expected))) {
        throw new AssertionError(
            c.path() + ": wrote " + c.measured() + " but reads " + actual + "\n" + plan.merged());
      }
    }
  }
}
