package dev.keyplan.analyze;

import dev.keyplan.analysis.StoreAnalysis;
import dev.keyplan.analyze.Measurement.Column;
import dev.keyplan.analyze.measured.Provenance;
import dev.keyplan.analyze.source.ConvertedExports;
import dev.keyplan.analyze.source.DataFile;
import dev.keyplan.analyze.source.DataSet;
import dev.keyplan.analyze.source.DataSources;
import dev.keyplan.analyze.source.RowEstimate;
import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import dev.keyplan.input.Location;
import dev.keyplan.input.Suggest;
import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Attribute;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Operation;
import dev.keyplan.model.Quantities;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.simulate.Progress;
import dev.keyplan.store.Stores;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * {@code keyplan analyze}'s one entry point: checks a request against the model and the data, has
 * the engine measure it, and returns the figures with what they do not say.
 */
public final class Analyzer {
  private Analyzer() {}

  /**
   * |r| at or above which a key is time-ordered: analyzeShardKey's default
   * analyzeShardKeyMonotonicityCorrelationCoefficientThreshold, 0.7
   * (https://www.mongodb.com/docs/manual/reference/command/analyzeShardKey/, "monotonicity").
   */
  public static final double MONOTONIC_THRESHOLD = 0.7;

  private static final Location COMMAND_LINE = new Location("<command line>", 0, 0);

  /** The phase a store export's conversion names in the progress. */
  public static final String CONVERTING = "converting the export";

  /** Measures {@code request} with the default engine; {@code progress} hears each step. */
  public static Analysis analyze(AnalyzeRequest request, Progress progress) {
    return analyze(request, Measurers.named(Measurers.DEFAULT), progress);
  }

  /** Measures {@code request} with {@code engine}; {@code progress} hears each step. */
  public static Analysis analyze(AnalyzeRequest request, Measurer engine, Progress progress) {
    Entity entity = checked(request);
    DataSet opened = DataSources.open(request.data(), request.formatIn());
    RowEstimate.of(opened).ifPresent(progress::rowsAbout);
    // A store's export becomes JSON Lines first, in a temporary directory deleted however the run
    // ends; the engine then reads it as any JSON Lines data set.
    try (ConvertedExports exports =
        ConvertedExports.of(
            opened,
            request.maxBadRows(),
            request.engine().tempDirectory(),
            share -> progress.within(CONVERTING, share))) {
      return analyze(request, engine, entity, exports, progress);
    }
  }

  /**
   * Measures {@code request} on data its caller already converted ({@code keyplan analyze --new}
   * reads an export's native types from the conversion before it has a model); the caller closes
   * {@code exports}.
   */
  public static Analysis analyze(
      AnalyzeRequest request, Measurer engine, ConvertedExports exports, Progress progress) {
    Entity entity = checked(request);
    RowEstimate.of(exports.original()).ifPresent(progress::rowsAbout);
    return analyze(request, engine, entity, exports, progress);
  }

  /** The request's entity, after its entity and sample are checked. */
  private static Entity checked(AnalyzeRequest request) {
    Entity entity =
        request
            .model()
            .entity(request.entity())
            .orElseThrow(
                () ->
                    new InputException(
                        COMMAND_LINE,
                        "no entity '"
                            + request.entity()
                            + "' in "
                            + request.model().file()
                            + "; expected one of "
                            + String.join(", ", request.model().entities().keySet())));
    if (request.sample().isPresent()) {
      double f = request.sample().getAsDouble();
      if (!(f > 0 && f <= 1)) {
        throw new InputException(
            COMMAND_LINE,
            "--sample " + f + " is not a share of rows; expected a number above 0 and at most 1");
      }
    }
    return entity;
  }

  private static Analysis analyze(
      AnalyzeRequest request,
      Measurer engine,
      Entity entity,
      ConvertedExports exports,
      Progress progress) {
    DataSet data = engine.withEngineChecks(exports.data(), request.engine());
    checkHeaders(data);
    // Columns to attributes: by name, or by --map.
    List<Diagnostic> problems = new ArrayList<>();
    List<String> columns = data.columns();
    for (Map.Entry<String, String> e : request.map().entrySet()) {
      if (!columns.contains(e.getKey())) {
        problems.add(
            new Diagnostic(
                COMMAND_LINE,
                "--map "
                    + e.getKey()
                    + "="
                    + e.getValue()
                    + ": the data has no column '"
                    + e.getKey()
                    + "'; expected one of "
                    + String.join(", ", columns)));
      }
      if (entity.attribute(e.getValue()).isEmpty()) {
        problems.add(
            new Diagnostic(
                COMMAND_LINE,
                "--map "
                    + e.getKey()
                    + "="
                    + e.getValue()
                    + ": entity "
                    + entity.name()
                    + " has no attribute '"
                    + e.getValue()
                    + "'"
                    + didYouMean(e.getValue(), entity.attributes().keySet())));
      }
    }
    if (!problems.isEmpty()) {
      throw new InputException(problems);
    }
    Map<String, String> attributeOf = new LinkedHashMap<>();
    List<String> unmapped = new ArrayList<>();
    for (String c : columns) {
      String a = request.map().getOrDefault(c, c);
      // --map wins over a name: a column named as an attribute another column is mapped to is
      // ignored.
      boolean taken = !request.map().containsKey(c) && request.map().containsValue(c);
      if (entity.attribute(a).isPresent() && !taken && !attributeOf.containsValue(a)) {
        attributeOf.put(c, a);
      } else {
        unmapped.add(c);
      }
    }
    List<Column> mapped = new ArrayList<>();
    List<String> withoutColumn = new ArrayList<>();
    for (Attribute a : entity.attributes().values()) {
      Optional<String> column =
          attributeOf.entrySet().stream()
              .filter(e -> e.getValue().equals(a.name()))
              .map(Map.Entry::getKey)
              .findFirst();
      if (column.isPresent()) {
        String type = a.type().toLowerCase(Locale.ROOT).strip();
        boolean collection =
            type.startsWith("list") || type.startsWith("set") || type.startsWith("map");
        mapped.add(
            new Column(column.get(), a.name(), a.type(), collection, ModelReader.isFixed(type)));
      } else {
        withoutColumn.add(a.name());
      }
    }
    if (mapped.isEmpty()) {
      throw new InputException(
          new Location(data.files().get(0).name(), 1, 1),
          "no column of the data names an attribute of "
              + entity.name()
              + " (columns: "
              + String.join(", ", columns)
              + "); expected the attributes' names, or --map COLUMN=ATTRIBUTE");
    }
    List<String> held = mapped.stream().map(Column::attribute).toList();
    List<List<String>> keys = request.keys().orElseGet(() -> modelKeys(request, entity, held));
    for (List<String> key : keys) {
      for (String a : key) {
        if (entity.attribute(a).isEmpty()) {
          problems.add(
              new Diagnostic(
                  COMMAND_LINE,
                  "--keys: entity "
                      + entity.name()
                      + " has no attribute '"
                      + a
                      + "'"
                      + didYouMean(a, entity.attributes().keySet())));
        } else if (!held.contains(a)) {
          problems.add(
              new Diagnostic(
                  COMMAND_LINE,
                  "--keys: no column of the data holds attribute '"
                      + a
                      + "'; expected a column named so, or --map COLUMN="
                      + a));
        }
      }
    }
    request
        .time()
        .ifPresent(
            t -> {
              if (!held.contains(t)) {
                problems.add(
                    new Diagnostic(
                        COMMAND_LINE,
                        "--time "
                            + t
                            + ": no column of the data holds attribute '"
                            + t
                            + "'"
                            + didYouMean(t, held)));
              }
            });
    if (!problems.isEmpty()) {
      throw new InputException(problems);
    }
    Measurement m =
        new Measurement(
            data,
            mapped,
            keys,
            request.time(),
            request.sample(),
            // The conversion's skipped lines count toward the same allowance.
            request.maxBadRows() - exports.badRows(),
            request.top(),
            request.redact(),
            request.engine(),
            exports.nativeSize(),
            bucketWidths(request, entity),
            exports.original());
    MeasuredFigures f = engine.measure(m, progress);
    List<String> notes = new ArrayList<>();
    notes.add(
        "Data gives the storage and insert spreads; request spreads stay as the model declares them"
            + " (measuring them needs access logs).");
    if (request.sample().isPresent()) {
      notes.add(
          "Sampled: a Bernoulli sample of "
              + request.sample().getAsDouble() * 100
              + "% of rows (seed "
              + AnalyzeRequest.SAMPLE_SEED
              + "); row counts are scaled back by 1/"
              + request.sample().getAsDouble()
              + ", distinct values are the sample's (a lower bound).");
    }
    if (keys.isEmpty()) {
      notes.add(
          "No candidate key: no access pattern of the model restricts "
              + entity.name()
              + " by equality on an attribute the data holds; name keys with --keys.");
    }
    if (request.time().isEmpty()) {
      notes.add("Without --time, monotonicity is measured against file order.");
    }
    notes.addAll(exportNotes(exports));
    return new Analysis(
        entity.name(),
        new Analysis.Data(
            exports.original().names(),
            exports.original().format().id(),
            f.engine(),
            f.rowsRead(),
            f.badRows() + exports.badRows(),
            request.sample(),
            attributeOf,
            unmapped,
            withoutColumn),
        f.attributes(),
        f.keys(),
        f.rowSizes(),
        f.time(),
        notes,
        provenance(exports, request.hashFiles()));
  }

  /** What the output says of an export's row sizes and of the lines its conversion skipped. */
  private static List<String> exportNotes(ConvertedExports exports) {
    List<String> notes = new ArrayList<>();
    switch (exports.nativeSize()) {
      case ITEM_BYTES ->
          notes.add(
              "Item bytes are each item's own size as its store counts it, read from the export"
                  + " (every attribute of the item, mapped or not); BSON bytes are worked out from"
                  + " the values as text.");
      case DOCUMENT_BYTES ->
          notes.add(
              "BSON bytes are each document's own size as its store counts it, read from the"
                  + " export (every field of the document, mapped or not); item bytes are worked"
                  + " out from the values as text.");
      case NONE -> {
        // Both sizes are worked out from the values as text, as the figures' table says.
      }
    }
    if (exports.badRows() > 0) {
      Diagnostic first = exports.firstBadRows().get(0);
      notes.add(
          exports.badRows()
              + " bad line(s) of the export skipped (--max-bad-rows); the first: "
              + first.location()
              + ": "
              + first.message());
    }
    return notes;
  }

  /**
   * The time bucket widths a key's busiest partition is measured at: an hour, a day, a week and 30
   * days (the spans a partition is commonly bucketed by), and each width the model's designs bucket
   * the entity by ({@link StoreAnalysis#bucketWidths}, such as a table's 10-minute bucket, written
   * as the model writes a duration: {@code 10m}), each width once, narrowest first.
   */
  static List<Analysis.Bucket> bucketWidths(AnalyzeRequest request, Entity entity) {
    java.util.TreeMap<Long, Analysis.Bucket> out = new java.util.TreeMap<>();
    for (Analysis.Bucket b : FIXED_BUCKETS) {
      out.put(b.seconds(), b);
    }
    for (StoreAnalysis a : Stores.builtIn().analyze(request.model())) {
      for (long w : a.bucketWidths(entity.name())) {
        out.putIfAbsent(w, new Analysis.Bucket(Quantities.formatSeconds(w), w, 0));
      }
    }
    return List.copyOf(out.values());
  }

  /** Bucket widths measured whatever the model: an hour, a day, a week, 30 days. */
  static final List<Analysis.Bucket> FIXED_BUCKETS =
      List.of(
          new Analysis.Bucket("1h", 3_600, 0),
          new Analysis.Bucket("1d", 86_400, 0),
          new Analysis.Bucket("7d", 604_800, 0),
          new Analysis.Bucket("30d", 2_592_000, 0));

  /**
   * The keys the model uses for the entity, store-neutrally: first the keys its store designs
   * partition or shard the entity by ({@link StoreAnalysis#partitionKeys}: a table's partition key,
   * an item type's partition templates, a collection's shard key); then each access pattern on the
   * entity contributes the attributes its {@code where} restricts by equality ({@code =}, {@code
   * in}), in the order written, as the key that pattern looks rows up by; then the entity's own
   * key. Each key once, in that order, only where the data holds every attribute.
   */
  static List<List<String>> modelKeys(AnalyzeRequest request, Entity entity, List<String> held) {
    LinkedHashSet<List<String>> out = new LinkedHashSet<>();
    for (StoreAnalysis a : Stores.builtIn().analyze(request.model())) {
      for (List<String> key : a.partitionKeys(entity.name())) {
        if (held.containsAll(key)) {
          out.add(key);
        }
      }
    }
    for (AccessPattern p : request.model().patterns()) {
      Operation op = p.operation();
      if (!op.entity().equals(entity.name())) {
        continue;
      }
      List<String> key = op.equalities();
      if (!key.isEmpty() && held.containsAll(key)) {
        out.add(List.copyOf(key));
      }
    }
    if (!entity.key().isEmpty() && held.containsAll(entity.key())) {
      out.add(entity.key());
    }
    return List.copyOf(out);
  }

  private static String didYouMean(String word, java.util.Collection<String> known) {
    return Suggest.closest(word, known).map(k -> "; did you mean '" + k + "'?").orElse("");
  }

  /** Every CSV or TSV file of a data set has the first file's header. */
  private static void checkHeaders(DataSet data) {
    DataFile first = data.files().get(0);
    if (data.format() != dev.keyplan.analyze.source.DataFormat.CSV
        && data.format() != dev.keyplan.analyze.source.DataFormat.TSV) {
      return;
    }
    for (DataFile f : data.files()) {
      if (!f.columns().equals(first.columns())) {
        throw new InputException(
            new Location(f.name(), 1, 1),
            "a header other than "
                + first.name()
                + "'s ("
                + String.join(",", f.columns())
                + "); expected every file of one data set to have the same columns: "
                + String.join(",", first.columns()));
      }
    }
  }

  /**
   * Each file's SHA-256, as stored (FIPS 180-4), for the model writer's comments: the user's files,
   * an export's hashed as its conversion read it.
   */
  static Provenance provenance(ConvertedExports exports, boolean hash) {
    List<Provenance.SourceFile> files = new ArrayList<>();
    for (DataFile f : exports.original().files()) {
      Optional<String> converted = exports.sha256(f.name());
      if (converted.isPresent()) {
        files.add(new Provenance.SourceFile(f.name(), converted.get()));
        continue;
      }
      if (!hash || f.remote()) {
        // Nothing will be written: a 1 GB file is not read a second time for a hash no output
        // shows (bench/RESULTS.md, the analyze benchmark's profile). A file at a URI only the
        // engine opens is named without its hash.
        files.add(new Provenance.SourceFile(f.name(), ""));
        continue;
      }
      try (InputStream in =
          new DigestInputStream(
              Files.newInputStream(f.path()), MessageDigest.getInstance("SHA-256"))) {
        in.transferTo(java.io.OutputStream.nullOutputStream());
        files.add(
            new Provenance.SourceFile(
                f.name(),
                HexFormat.of().formatHex(((DigestInputStream) in).getMessageDigest().digest())));
      } catch (IOException e) {
        throw new InputException(
            new Location(f.name(), 0, 0), "cannot read it: " + InputException.reason(e));
      } catch (NoSuchAlgorithmException e) {
        throw new IllegalStateException("every Java platform has SHA-256", e);
      }
    }
    return new Provenance(files, Optional.empty());
  }
}
