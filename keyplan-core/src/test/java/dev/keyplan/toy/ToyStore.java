package dev.keyplan.toy;

import dev.keyplan.analysis.AccessKind;
import dev.keyplan.analysis.DataUnit;
import dev.keyplan.analysis.Grade;
import dev.keyplan.analysis.Growth;
import dev.keyplan.analysis.Hotspot;
import dev.keyplan.analysis.Plan;
import dev.keyplan.analysis.PlanSummary;
import dev.keyplan.analysis.StoreAnalysis;
import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.Rule;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.input.Location;
import dev.keyplan.input.YamlMap;
import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Model;
import dev.keyplan.model.StoreDesign;
import dev.keyplan.model.StoreId;
import dev.keyplan.model.yaml.SectionReader;
import dev.keyplan.store.Store;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A fifth store, for tests only: a key-value store with a fixed number of buckets. Everything it
 * needs lives in this package (its design, section reader, analysis and a rule of its own); it is
 * plugged in with one registry line, {@code Stores.builtIn().plus(new ToyStore())}, and no file of
 * the spine knows it (StorePluginTest).
 */
public final class ToyStore implements Store<ToyStore.ToyDesign, ToyStore.ToyAnalysis> {
  static final StoreId TOY = new StoreId("toy", "Toy KV");

  /** A {@code toy:} section: {@code buckets: N}. */
  public record ToyDesign(int buckets, Location location) implements StoreDesign {
    @Override
    public StoreId store() {
      return TOY;
    }
  }

  /**
   * Every read is one bucket's lookup; a pattern on an entity the toy does not store is not served.
   */
  enum ToyAccess implements AccessKind {
    LOOKUP,
    NOT_SERVED;

    @Override
    public String id() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }

    @Override
    public String label() {
      return id();
    }

    @Override
    public boolean served() {
      return this != NOT_SERVED;
    }
  }

  record ToyPlan(AccessPattern pattern, ToyAccess kind, List<String> notes) implements Plan {}

  /**
   * The toy's analysis: one plan per pattern, and the busiest bucket's share of the requests. Its
   * neutral view is what a plain key-value store can say: a lookup is good, the busiest bucket is
   * the hotspot (its share of the requests against all of them), nothing is sized.
   */
  public record ToyAnalysis(Model model, ToyDesign design, List<ToyPlan> plans, double busiestShare)
      implements StoreAnalysis {
    @Override
    public StoreId store() {
      return TOY;
    }

    @Override
    public PlanSummary summary(AccessPattern p) {
      ToyAccess kind =
          plans.stream()
              .filter(x -> x.pattern().id().equals(p.id()))
              .findFirst()
              .map(ToyPlan::kind)
              .orElse(ToyAccess.NOT_SERVED);
      return new PlanSummary(
          kind.served() ? Grade.GOOD : Grade.POOR, kind.label(), design.buckets() + " buckets");
    }

    @Override
    public List<Hotspot> hotspots() {
      return List.of(
          new Hotspot("busiest bucket", "share of requests", "", busiestShare, 1, "all", 0.5));
    }

    @Override
    public Optional<DataUnit> largestUnit() {
      return Optional.empty();
    }

    @Override
    public List<Growth> growth(int samples) {
      return List.of();
    }
  }

  /**
   * Flags a toy design whose busiest bucket takes more than half the requests: 1 / buckets > 0.5.
   */
  @RuleSpec(
      summary = "Toy design with too few buckets",
      severity = Severity.WARNING,
      category = Category.KEY)
  public static final class ToyTooFewBuckets implements Rule.OnStore<ToyAnalysis> {
    @Override
    public Class<ToyAnalysis> analysisType() {
      return ToyAnalysis.class;
    }

    @Override
    public void check(ToyAnalysis a, Findings out) {
      if (a.busiestShare() > 0.5) {
        out.report(
            Severity.WARNING,
            "toy",
            a.design().location(),
            "the busiest of "
                + a.design().buckets()
                + " buckets takes "
                + Math.round(a.busiestShare() * 100)
                + "% of the requests",
            "use at least 2 buckets");
      }
    }
  }

  /** Reads a {@code toy:} section with the model reader's own located scalars. */
  static final class ToySectionReader extends SectionReader {
    ToySectionReader(SectionReader context) {
      super(context);
    }

    Optional<ToyDesign> read(YamlMap model) {
      Optional<YamlMap> section =
          YamlMap.of(file, model.node("toy").orElseThrow(), "the toy design (buckets:)", problems);
      if (section.isEmpty()) {
        return Optional.empty();
      }
      YamlMap m = section.get().allow(Set.of("buckets"), "the toy design");
      long buckets =
          m.scalar("buckets", "a number of buckets such as 4", true)
              .map(
                  s ->
                      whole(
                          s, m.valueLocation("buckets"), "a number of buckets such as 4", 1, 1024))
              .orElse(1L);
      return Optional.of(new ToyDesign((int) buckets, model.keyLocation("toy")));
    }
  }

  @Override
  public StoreId id() {
    return TOY;
  }

  @Override
  public Class<ToyDesign> designType() {
    return ToyDesign.class;
  }

  @Override
  public Class<ToyAnalysis> analysisType() {
    return ToyAnalysis.class;
  }

  @Override
  public Optional<ToyDesign> read(
      SectionReader context,
      YamlMap model,
      StoreId id,
      Path baseDir,
      Map<String, Entity> entities,
      List<AccessPattern> patterns) {
    return new ToySectionReader(context).read(model);
  }

  @Override
  public ToyAnalysis analyze(Model model) {
    ToyDesign d = model.design(ToyDesign.class).orElseThrow();
    List<ToyPlan> plans =
        model.patterns().stream()
            .map(
                p ->
                    new ToyPlan(p, p.isRead() ? ToyAccess.LOOKUP : ToyAccess.NOT_SERVED, List.of()))
            .toList();
    return new ToyAnalysis(model, d, plans, 1.0 / d.buckets());
  }
}
