package dev.keyplan.mongodb.verify;

import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import dev.keyplan.input.Location;
import dev.keyplan.model.Operation;
import dev.keyplan.mongodb.catalog.PastedJson;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbCollection;
import dev.keyplan.mongodb.design.MongoDbPlan;
import dev.keyplan.mongodb.model.MongoDbVersion;
import dev.keyplan.simulate.SimulationResult.Setting;
import dev.keyplan.verify.Latency;
import dev.keyplan.verify.VerifyResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * {@code keyplan verify mongodb MODEL --from-explain FILE}: keyplan's plan of each read pattern
 * beside {@code explain("executionStats")} output a user ran on their own server and pasted into
 * FILE, with no server needed here. The comparison and the report are the live verifier's ({@link
 * MongoDbComparison}, {@link MongoDbVerifyReport}): index chosen, blocking sort, shards reached
 * (from a mongos' explain), keys and documents examined within the same tolerance, and returned.
 *
 * <p>FILE holds explains as mongosh or a driver prints them ({@link PastedJson}): one document, an
 * array of them, several one after another, or a document mapping pattern ids to explains ({@code
 * {"customer-orders": {…}, "newest-reviews (busiest)": {…}}}). Which pattern an explain belongs to
 * is, in order: the key it sits under in such a map; its command's {@code comment} ({@code
 * find(…).comment("customer-orders")}); else the one read pattern whose planned query has the
 * explain's shape ({@link ExplainShape}: collection, filtered fields and how, sort). An explain
 * that fits no pattern, or several, is an error at its file:line:column saying how to label it. A
 * label may end in {@code (busiest)} or {@code (typical)}, the key the explain was run for (default
 * typical), which picks keyplan's figure it is held to.
 *
 * <p>The live verifier holds keyplan's horizon figures to the documents the filter matches in the
 * data it loaded; here the data is the user's, and what the filter matched is known only from the
 * explain: {@code nReturned} when the query returned fewer than its limit (or had none), else
 * unknown (keyplan's figure stands, as the limit bounds it). A collection scan's documents stay an
 * upper bound. A mongos' explain does not say how many shards hold chunks, so a scatter-gather is
 * held only to not reaching more shards than keyplan says.
 */
public final class MongoDbFromExplain {
  private MongoDbFromExplain() {}

  /** One explain of the file, with its place and label. */
  private record Entry(
      BsonDocument explain,
      PastedJson.Value located,
      Location at,
      Optional<String> label,
      Location labelAt,
      String how) {}

  /** Where an explain belongs: a pattern's plan and the key it was run for. */
  private record Target(MongoDbPlan plan, String role, String how) {}

  /** An explain with what it says and the pattern it belongs to. */
  private record Matched(Entry entry, Explained explained, Target target) {}

  private static final Pattern LABEL = Pattern.compile("^(.*?)\\s*\\((busiest|typical)\\)$");

  /** Compares {@code a}'s plans with the explains in {@code file}. */
  public static VerifyResult run(MongoDbAnalysis a, Path file) {
    return run(a, file.toString(), PastedJson.read(file));
  }

  static VerifyResult run(MongoDbAnalysis a, String file, List<PastedJson.Value> values) {
    List<Diagnostic> problems = new ArrayList<>();
    List<Entry> entries = entries(values, problems);
    if (entries.isEmpty() && problems.isEmpty()) {
      problems.add(
          new Diagnostic(
              new Location(file, 1, 1),
              "expected the output of explain(\"executionStats\") of keyplan's read patterns, found"
                  + " none"));
    }
    Map<String, ExplainShape> planned = new LinkedHashMap<>();
    for (MongoDbPlan p : a.plans()) {
      ExplainShape.planned(a, p).ifPresent(s -> planned.put(p.pattern().id(), s));
    }
    List<Matched> matched = new ArrayList<>();
    for (Entry e : entries) {
      Explained x;
      try {
        x = ExplainParser.parse(e.explain());
      } catch (IllegalArgumentException ex) {
        problems.add(
            new Diagnostic(
                e.at(),
                "expected the output of explain(\"executionStats\") of a find or count, with"
                    + " queryPlanner.winningPlan, but this document has "
                    + keys(e.explain())));
        continue;
      }
      if (!e.explain().isDocument("executionStats")) {
        problems.add(
            new Diagnostic(
                e.at(),
                "this explain has no executionStats, so keys and documents examined cannot be"
                    + " compared: run it as explain(\"executionStats\")"));
        continue;
      }
      int before = problems.size();
      counts(e.located(), problems);
      if (problems.size() > before) {
        continue;
      }
      target(a, e, planned, problems).ifPresent(t -> matched.add(new Matched(e, x, t)));
    }
    if (!problems.isEmpty()) {
      throw new InputException(problems);
    }
    return compare(a, file, matched, planned.keySet());
  }

  /** The execution counts keyplan compares; each is a whole number of keys or documents. */
  private static final List<String> COUNTS =
      List.of("nReturned", "totalKeysExamined", "totalDocsExamined");

  /**
   * Adds a located problem for each execution count of {@code explain}, at the top or per shard
   * ({@code executionStages.shards[]}), that is not a whole number from 0: a server writes them as
   * int32 or int64 counters, so {@code NaN}, {@code -1} or {@code 2.5} means a hand-edited paste,
   * and reading NaN as 0 would compare against a count the server never gave.
   */
  private static void counts(PastedJson.Value explain, List<Diagnostic> problems) {
    Optional<PastedJson.Value> stats =
        explain.member("executionStats").map(PastedJson.Member::value);
    if (stats.isEmpty()) {
      return;
    }
    List<PastedJson.Value> levels = new ArrayList<>(List.of(stats.get()));
    stats
        .get()
        .member("executionStages")
        .flatMap(st -> st.value().member("shards"))
        .ifPresent(sh -> levels.addAll(sh.value().elements()));
    for (PastedJson.Value level : levels) {
      for (String name : COUNTS) {
        level
            .member(name)
            .filter(m -> m.value().value().isNumber())
            .ifPresent(
                m -> {
                  double n = m.value().value().asNumber().doubleValue();
                  if (!(n >= 0 && n == Math.rint(n))) {
                    problems.add(
                        new Diagnostic(
                            m.value().location(),
                            "expected "
                                + name
                                + " to be a count (a whole number from 0), as the server writes"
                                + " it, but found "
                                + m.value().value().asNumber()));
                  }
                });
      }
    }
  }

  private static VerifyResult compare(
      MongoDbAnalysis a, String file, List<Matched> matched, Set<String> readable) {
    MongoDbVersion version = a.design().version();
    List<String> notes = new ArrayList<>();
    List<String> findings = new ArrayList<>();
    List<List<Object>> rows = new ArrayList<>();
    int[] mismatches = {0};
    Set<String> seen = new LinkedHashSet<>();
    Set<String> servers = new LinkedHashSet<>();
    boolean anyMongos = false;
    for (Matched m : matched) {
      Entry e = m.entry();
      Explained x = m.explained();
      Target t = m.target();
      MongoDbPlan plan = t.plan();
      seen.add(plan.pattern().id());
      anyMongos |= x.sharded();
      MongoDbCollection c = a.collection(plan.collection().orElseThrow()).orElseThrow();
      ExplainShape shape = ExplainShape.of(e.explain());
      BsonDocument command = e.explain().getDocument("command", new BsonDocument());
      ReadQuery q =
          new ReadQuery(
              command.getDocument(
                  shape.count() ? "query" : "filter",
                  e.explain()
                      .getDocument("queryPlanner", new BsonDocument())
                      .getDocument("parsedQuery", new BsonDocument())),
              command.getDocument("sort", new BsonDocument()),
              shape.limit(),
              Optional.empty(),
              shape.count());
      Operation.Read r = (Operation.Read) plan.pattern().operation();
      boolean hasIn = r.where().stream().anyMatch(w -> w.comparison() == Operation.Comparison.IN);
      // What the filter matched on the user's server: nReturned, unless the limit cut it short.
      long matching =
          !shape.count()
                  && x.returned() >= 0
                  && (shape.limit().isEmpty() || x.returned() < shape.limit().getAsInt())
              ? x.returned()
              : Long.MAX_VALUE;
      var probe = new MongoDbVerifyReads.Probe(plan, t.role(), q, matching, hasIn);
      Latency latency = new Latency();
      BsonDocument stats = e.explain().getDocument("executionStats");
      if (stats.isNumber("executionTimeMillis")) {
        latency.record(stats.getNumber("executionTimeMillis").longValue() * 1_000_000L);
      }
      var measured = new MongoDbVerifyReads.Measured(x, latency, Math.max(0, x.returned()));
      // The explain says which shards a mongos reached, not how many hold chunks: holding is
      // taken as the shards reached, so a scatter-gather is held only to keyplan's upper bound.
      var ctx =
          new MongoDbComparison.Context(
              x.sharded(), Math.max(1, x.shards().size()), Long.MAX_VALUE, c.indexes());
      rows.add(MongoDbComparison.readRow(probe, measured, ctx, mismatches, findings));
      notes.add(
          plan.pattern().id()
              + " ("
              + t.role()
              + "): the explain at "
              + e.at()
              + ", "
              + t.how()
              + ": "
              + q.shape(c.name()));
      if (!plan.lookups().isEmpty()) {
        notes.add(
            plan.pattern().id()
                + ": the $lookup into "
                + String.join(", ", plan.lookups())
                + " is not compared; the explain is held to the query on "
                + c.name()
                + " alone");
      }
      if (!x.sharded() && c.sharded()) {
        notes.add(
            plan.pattern().id()
                + ": the explain is not from a mongos (no shards in its winning plan), so routing"
                + " is not compared");
      }
      if (!version.expressPath() && express(e.explain().getDocument("queryPlanner"))) {
        notes.add(
            plan.pattern().id()
                + ": the explain at "
                + e.at()
                + " took 8.0's express path (an EXPRESS_ stage), which the model's version: "
                + version.label()
                + " does not have: there an _id equality is IDHACK and any other a planned IXSCAN"
                + " (docs/model.md \"Server version\")");
      }
      server(e.explain())
          .ifPresent(
              v -> {
                servers.add(v);
                if (!v.equals(version.label()) && !v.startsWith(version.label() + ".")) {
                  notes.add(
                      plan.pattern().id()
                          + ": the explain at "
                          + e.at()
                          + " comes from MongoDB "
                          + v
                          + "; the model plans for "
                          + version.label()
                          + " (version:, docs/model.md \"Server version\")");
                }
              });
    }
    List<String> missing = readable.stream().filter(id -> !seen.contains(id)).toList();
    if (!missing.isEmpty()) {
      notes.add(
          "read patterns with no explain in "
              + file
              + ", not compared: "
              + String.join(", ", missing));
    }
    for (MongoDbPlan p : a.plans()) {
      if (p.pattern().isRead() && !readable.contains(p.pattern().id())) {
        notes.add(
            p.pattern().id()
                + ": "
                + (p.access() == MongoDbPlan.Access.NOT_SERVED
                    ? "not served by the design, not compared"
                    : "a read of several finds (with:), which one explain cannot show; not compared"));
      }
    }
    notes.add(
        "keyplan_keys and keyplan_docs are keyplan's figures at the horizon; the _loaded columns are the"
            + " same figures held to what the filter matched on your server (nReturned, when the"
            + " query returned fewer than its limit), which the explain is held to within "
            + (int) (MongoDbComparison.EXAMINED_TOLERANCE * 100)
            + "% or 1; a collection scan's documents are an upper bound");
    notes.add(
        "p50_ms and p99_ms are the explain's executionTimeMillis: one run, timed at the server in"
            + " whole milliseconds (0 shows as 0.001, the least the latency histogram holds)");
    if (anyMongos) {
      notes.add(
          "an explain does not say how many shards hold the collection's chunks: a scatter-gather"
              + " is held only to reaching at most keyplan's shards");
    }
    notes.add(
        "writes and document sizes are not in an explain: keyplan verify mongodb on a server"
            + " compares them");
    List<Setting> settings = new ArrayList<>();
    settings.add(new Setting("explains", file + " (" + rows.size() + " read)"));
    settings.add(
        new Setting(
            "server",
            (servers.isEmpty()
                    ? "version not in the explains"
                    : "MongoDB " + String.join(", ", servers))
                + (anyMongos ? ", through a mongos" : ", not a mongos: routing is not compared")));
    settings.add(new Setting("model version", version.label()));
    var outcome =
        new MongoDbVerifyReport.Outcome(
            anyMongos, 0, a.design().shards(), rows, List.of(), List.of(), findings, mismatches[0]);
    return MongoDbVerifyReport.fromExplain(outcome, settings, notes, file);
  }

  /** True if a plan has an express stage ({@code EXPRESS_IXSCAN}, …) anywhere in it. */
  private static boolean express(BsonValue v) {
    if (v.isArray()) {
      return v.asArray().stream().anyMatch(MongoDbFromExplain::express);
    }
    if (!v.isDocument()) {
      return false;
    }
    BsonDocument d = v.asDocument();
    if (d.isString("stage") && d.getString("stage").getValue().startsWith("EXPRESS_")) {
      return true;
    }
    return d.values().stream().anyMatch(MongoDbFromExplain::express);
  }

  /** The server's version, from the explain's {@code serverInfo} (or its first shard's). */
  private static Optional<String> server(BsonDocument explain) {
    BsonDocument info = explain.getDocument("serverInfo", new BsonDocument());
    if (info.isString("version")) {
      return Optional.of(info.getString("version").getValue());
    }
    BsonDocument winning =
        explain
            .getDocument("queryPlanner", new BsonDocument())
            .getDocument("winningPlan", new BsonDocument());
    if (winning.isArray("shards")) {
      for (BsonValue s : winning.getArray("shards")) {
        BsonDocument si =
            s.isDocument() ? s.asDocument().getDocument("serverInfo", new BsonDocument()) : null;
        if (si != null && si.isString("version")) {
          return Optional.of(si.getString("version").getValue());
        }
      }
    }
    return Optional.empty();
  }

  /** The explains of the file: each top value, each element of an array, each member of a map. */
  private static List<Entry> entries(List<PastedJson.Value> values, List<Diagnostic> problems) {
    List<Entry> out = new ArrayList<>();
    for (PastedJson.Value v : values) {
      if (v.value().isArray()) {
        for (PastedJson.Value el : v.elements()) {
          entry(el, Optional.empty(), Location.NONE, problems).ifPresent(out::add);
        }
      } else if (v.value().isDocument() && !explainLike(v.value().asDocument())) {
        for (PastedJson.Member m : v.members()) {
          List<PastedJson.Value> inner =
              m.value().value().isArray() ? m.value().elements() : List.of(m.value());
          for (PastedJson.Value el : inner) {
            entry(el, Optional.of(m.name()), m.location(), problems).ifPresent(out::add);
          }
        }
      } else {
        entry(v, Optional.empty(), Location.NONE, problems).ifPresent(out::add);
      }
    }
    return out;
  }

  private static Optional<Entry> entry(
      PastedJson.Value v, Optional<String> label, Location labelAt, List<Diagnostic> problems) {
    if (!v.value().isDocument()) {
      problems.add(
          new Diagnostic(
              v.location(),
              "expected the output of explain(\"executionStats\") (a document), found "
                  + v.value().getBsonType().name().toLowerCase(java.util.Locale.ROOT)));
      return Optional.empty();
    }
    BsonDocument d = v.value().asDocument();
    if (label.isPresent()) {
      return Optional.of(
          new Entry(d, v, v.location(), label, labelAt, "under the key " + label.get()));
    }
    BsonDocument command = d.getDocument("command", new BsonDocument());
    if (command.isString("comment")) {
      Location at =
          v.member("command")
              .flatMap(c -> c.value().member("comment"))
              .map(PastedJson.Member::location)
              .orElse(v.location());
      String comment = command.getString("comment").getValue();
      return Optional.of(
          new Entry(d, v, v.location(), Optional.of(comment), at, "by its comment " + comment));
    }
    return Optional.of(new Entry(d, v, v.location(), Optional.empty(), Location.NONE, ""));
  }

  /** A document that is an explain, not a map of pattern ids to explains. */
  private static boolean explainLike(BsonDocument d) {
    return d.containsKey("queryPlanner")
        || d.containsKey("executionStats")
        || d.containsKey("explainVersion")
        || d.containsKey("ok")
        || d.containsKey("command");
  }

  private static Optional<Target> target(
      MongoDbAnalysis a, Entry e, Map<String, ExplainShape> planned, List<Diagnostic> problems) {
    if (e.label().isPresent()) {
      Matcher m = LABEL.matcher(e.label().get().strip());
      String id = m.matches() ? m.group(1) : e.label().get().strip();
      String role = m.matches() ? m.group(2) : "typical";
      Optional<MongoDbPlan> plan = a.plan(id).filter(p -> planned.containsKey(id));
      if (plan.isEmpty()) {
        problems.add(
            new Diagnostic(
                e.labelAt(),
                "expected a read pattern keyplan plans as one find, optionally with (busiest) or"
                    + " (typical), such as "
                    + String.join(", ", planned.keySet())
                    + ", but found '"
                    + e.label().get()
                    + "'"));
        return Optional.empty();
      }
      return Optional.of(new Target(plan.get(), role, e.how()));
    }
    ExplainShape shape = ExplainShape.of(e.explain());
    List<String> fits =
        planned.entrySet().stream()
            .filter(p -> shape.fits(p.getValue()))
            .map(Map.Entry::getKey)
            .toList();
    if (fits.size() > 1 && shape.limit().isPresent()) {
      List<String> sameLimit =
          fits.stream().filter(id -> planned.get(id).limit().equals(shape.limit())).toList();
      fits = sameLimit.isEmpty() ? fits : sameLimit;
    }
    if (fits.size() == 1) {
      return Optional.of(
          new Target(a.plan(fits.get(0)).orElseThrow(), "typical", "matched by its query"));
    }
    String how =
        "; say which pattern it is: put it under the pattern's id in a map ({\""
            + (fits.isEmpty()
                ? planned.keySet().stream().findFirst().orElse("pattern")
                : fits.get(0))
            + "\": <explain>, …}) or run it with .comment(\"<pattern id>\")";
    if (fits.isEmpty()) {
      List<String> same =
          planned.entrySet().stream()
              .filter(
                  p ->
                      shape.collection().isEmpty()
                          || shape.collection().equals(p.getValue().collection()))
              .map(p -> p.getKey() + " (" + p.getValue().describe() + ")")
              .toList();
      problems.add(
          new Diagnostic(
              e.at(),
              "this explain's query ("
                  + shape.describe()
                  + ") is not the query keyplan plans for any read pattern"
                  + (same.isEmpty() ? "" : ": " + String.join("; ", same))
                  + how));
    } else {
      problems.add(
          new Diagnostic(
              e.at(),
              "this explain's query ("
                  + shape.describe()
                  + ") is the one keyplan plans for "
                  + String.join(" and ", fits)
                  + how));
    }
    return Optional.empty();
  }

  private static String keys(BsonDocument d) {
    return d.isEmpty() ? "no keys" : "the keys " + String.join(", ", d.keySet());
  }
}
