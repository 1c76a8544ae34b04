package dev.keyplan.cassandra.verify;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.keyplan.cassandra.design.BoundTable;
import dev.keyplan.cassandra.design.CassandraAccess;
import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.design.CassandraPlan;
import dev.keyplan.cassandra.design.CassandraSizing;
import dev.keyplan.cassandra.design.PartitionSize;
import dev.keyplan.model.Model;
import dev.keyplan.simulate.Progress;
import dev.keyplan.verify.Credentials;
import dev.keyplan.verify.LoadBudget;
import dev.keyplan.verify.StoreVerifier;
import dev.keyplan.verify.VerifyException;
import dev.keyplan.verify.VerifyOptions;
import dev.keyplan.verify.VerifyResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code keyplan verify --store cassandra}: applies the design to a real Cassandra in a keyspace of
 * its own, loads each table's busiest and typical partitions, runs every read pattern traced, and
 * sets keyplan's predictions beside what Cassandra reports: tokens of the loaded keys ({@code
 * SELECT token(…)}), partition bytes (JMX {@code BytesFlushed} of a flush holding just those
 * partitions, compression off), partitions and rows each read touches (query tracing), and latency.
 * Writes are run and timed.
 */
public final class CassandraVerifier {
  /** The user name, with PASSWORD, of a cluster with authentication. */
  public static final String USERNAME = "KEYPLAN_CASSANDRA_USERNAME";

  /** The password of USERNAME. */
  public static final String PASSWORD = "KEYPLAN_CASSANDRA_PASSWORD";

  private CassandraVerifier() {}

  /** Returns this store's verifier, for the registry ({@code dev.keyplan.verify.Verifiers}). */
  public static StoreVerifier<CassandraAnalysis> verifier() {
    return new StoreVerifier<>() {
      @Override
      public Class<CassandraAnalysis> analysisType() {
        return CassandraAnalysis.class;
      }

      @Override
      public List<String> credentialKeys() {
        return List.of(USERNAME, PASSWORD);
      }

      @Override
      public VerifyResult run(
          CassandraAnalysis analysis,
          VerifyOptions options,
          Credentials credentials,
          Progress progress) {
        return CassandraVerifier.run(analysis, options, credentials, progress);
      }

      @Override
      public LoadBudget.Estimate loadEstimate(CassandraAnalysis analysis, VerifyOptions options) {
        return CassandraVerifier.loadEstimate(analysis, options);
      }
    };
  }

  /** PartitionProbe bytes within this share of keyplan's figure count as a match. */
  static final double SIZE_TOLERANCE = 0.10;

  /**
   * The tolerance in bytes of a small partition's size, beside {@link #SIZE_TOLERANCE}: a varint or
   * two of a partition of a few dozen bytes is already 10% (issue 15's decision: ±10% or ±64 B,
   * whichever is larger).
   */
  static final double SIZE_TOLERANCE_BYTES = 64;

  /** The most time buckets loaded for a typical key's walk. */
  static final int MAX_BUCKETS = 40;

  /** Verifies the analysed design against the cluster {@code options} name. */
  public static VerifyResult run(
      CassandraAnalysis a, VerifyOptions options, Credentials credentials, Progress progress) {
    Model model = a.model();
    List<BoundTable> tables = a.tables().stream().filter(t -> !t.isView()).toList();
    if (tables.isEmpty()) {
      throw new VerifyException("the design has no table to verify");
    }
    // What Cassandra would refuse is refused here, located in the schema, before a connection.
    CassandraVerifySchema.preflight(a.schema(), tables);
    try (CqlSession session = CqlConnection.open(options, credentials)) {
      String dc = options.localDatacenter().orElseGet(() -> localDc(session));
      String modelKeyspace =
          tables.get(0).table().keyspace() == null
              ? model.name()
              : tables.get(0).table().keyspace();
      VerifyKeyspace ks =
          VerifyKeyspace.open(
              session, options, VerifyKeyspace.nameFor(options, modelKeyspace), dc, 1);
      List<String> notes = new ArrayList<>();
      if (options.keep()) {
        notes.add("--keep: keyspace " + ks.name + " and its tables were left in place");
      }
      VerifyResult result;
      try {
        result = verify(a, tables, session, ks, options, progress, notes, dc);
      } catch (RuntimeException e) {
        if (!options.keep()) {
          dropQuietly(ks);
        }
        throw e;
      }
      if (options.keep()) {
        return result;
      }
      try {
        ks.dropCreated();
        return result;
      } catch (RuntimeException e) {
        // The measurements stand; what is left behind is said, with how to remove it.
        List<String> findings = new ArrayList<>(result.findings());
        findings.add(
            "could not drop what this run created in keyspace "
                + ks.name
                + " ("
                + firstLine(e)
                + "): drop it by hand");
        return new VerifyResult(
            result.store(),
            result.settings(),
            findings,
            result.tables(),
            result.notes(),
            result.mismatches() + 1);
      }
    }
  }

  private static VerifyResult verify(
      CassandraAnalysis a,
      List<BoundTable> tables,
      CqlSession session,
      VerifyKeyspace ks,
      VerifyOptions options,
      Progress progress,
      List<String> notes,
      String dc) {
    String[] why = new String[1];
    String jmxAddress =
        System.getenv()
            .getOrDefault(
                "KEYPLAN_CASSANDRA_JMX",
                CqlConnection.address(options.endpoint().orElse(CqlConnection.DEFAULT_ENDPOINT))
                        .getHostString()
                    + ":7199");
    Optional<Jmx> jmx = Jmx.open(jmxAddress, why);
    if (jmx.isEmpty()) {
      notes.add(
          why[0] + ": partition sizes are not measured (set KEYPLAN_CASSANDRA_JMX to host:port)");
    }
    Map<String, TableLoad> loads = new LinkedHashMap<>();
    List<List<Object>> tokenRows = new ArrayList<>();
    List<List<Object>> patternRows = new ArrayList<>();
    List<List<Object>> writeRows = new ArrayList<>();
    List<List<Object>> sizeRows = new ArrayList<>();
    int[] mismatches = {0};
    List<String> findings = new ArrayList<>();
    String phase = "creating the schema";
    try {
      CassandraVerifySchema.apply(a, tables, ks, notes);
      phase = "loading the partitions";
      long total = 0;
      for (BoundTable t : tables) {
        int buckets = t.timeBucket().isPresent() ? walkBuckets(a, t) : 1;
        TableLoad l = new TableLoad(t, a.sizing().get(t.name()), options.maxRows(), buckets);
        loads.put(t.name(), l);
        total += l.busiestRows + l.typicalRows * buckets;
      }
      long[] done = {0};
      long all = total;
      for (TableLoad l : loads.values()) {
        phase = "loading table " + l.table.name();
        l.load(session, ks.name, jmx, () -> Progress.tick(progress, ++done[0], all));
      }
      phase = "reading the tokens";
      tokenRows.addAll(tokens(session, ks.name, loads.values()));
      phase = "running the reads";
      for (CassandraPlan plan : a.plans()) {
        if (!plan.pattern().isRead()
            || plan.tables().isEmpty()
            || plan.access() == CassandraAccess.NOT_SERVED) {
          continue;
        }
        TableLoad l = loads.get(plan.tables().get(0));
        if (l == null) {
          notes.add(
              plan.pattern().id() + ": served by a view, which keyplan verify does not create");
          continue;
        }
        for (String role : List.of("busiest", "typical")) {
          List<PartitionProbe> parts = role.equals("busiest") ? List.of(l.busiest) : l.typical;
          CassandraVerifyReads.Measured m;
          try {
            m = CassandraVerifyReads.run(session, ks.name, l, plan, parts, options.samples());
          } catch (RuntimeException e) {
            findings.add(
                plan.pattern().id()
                    + " ("
                    + role
                    + "): the read or its trace failed: "
                    + firstLine(e));
            mismatches[0]++;
            continue;
          }
          patternRows.add(
              CassandraComparison.patternRow(plan, role, m, l, a.sizing(), mismatches, findings));
        }
      }
      phase = "running the vector searches";
      for (List<Object> ann :
          CassandraVerifyReads.vectorSearches(
              session, ks.name, a.schema(), loads.values(), options.samples(), notes)) {
        patternRows.add(ann);
        if ("MISMATCH".equals(ann.get(ann.size() - 1))) {
          mismatches[0]++;
          findings.add(
              ann.get(0)
                  + " on "
                  + ann.get(3)
                  + ": an ANN search of LIMIT "
                  + CassandraVerifyReads.ANN_LIMIT
                  + " should read "
                  + CassandraComparison.format((Double) ann.get(7))
                  + " rows; the trace read "
                  + CassandraComparison.format((Double) ann.get(8)));
        }
      }
      phase = "running the writes";
      writeRows.addAll(
          CassandraVerifyWrites.run(session, ks.name, a, loads, options.samples(), notes));
    } catch (VerifyException e) {
      throw e;
    } catch (RuntimeException e) {
      // Whatever was measured so far is reported, and what this run created is still dropped (the
      // caller's finally); the run counts as one figure that could not be compared (exit 1).
      mismatches[0]++;
      findings.add(
          "stopped while "
              + phase
              + ": "
              + firstLine(e)
              + "; the tables below hold what was measured before");
    } finally {
      jmx.ifPresent(Jmx::close);
    }
    sizeRows.addAll(
        CassandraComparison.sizeRows(
            loads.values(), a.schema()::type, jmx.isPresent(), mismatches, findings));
    findings.addAll(0, CassandraComparison.tokenFindings(tokenRows, mismatches));
    return CassandraVerifyReport.of(
        a,
        options,
        ks,
        dc,
        jmx.map(j -> j.address),
        patternRows,
        writeRows,
        sizeRows,
        tokenRows,
        findings,
        notes,
        mismatches[0],
        loads.values());
  }

  /** Drops what the run created while another error is on its way out; that error is the news. */
  private static void dropQuietly(VerifyKeyspace ks) {
    try {
      ks.dropCreated();
    } catch (RuntimeException ignored) {
      // The error being thrown says what went wrong; a failed drop would hide it.
    }
  }

  /**
   * What {@link #run} loads, from the analysis and {@code --max-rows} alone: each table's busiest
   * partition and its typical key's buckets, as {@link TableLoad} sizes them, at keyplan's bytes a
   * row of each ({@code PartitionSize.bytes ÷ rows}).
   */
  static LoadBudget.Estimate loadEstimate(CassandraAnalysis a, VerifyOptions options) {
    LoadBudget.Estimate sum = new LoadBudget.Estimate(0, 0);
    for (BoundTable t : a.tables().stream().filter(t -> !t.isView()).toList()) {
      int buckets = t.timeBucket().isPresent() ? walkBuckets(a, t) : 1;
      CassandraSizing sizing = a.sizing().get(t.name());
      TableLoad l = new TableLoad(t, sizing, options.maxRows(), buckets);
      long typical = l.typicalRows * buckets;
      sum =
          sum.plus(
              new LoadBudget.Estimate(
                  l.busiestRows + typical,
                  l.busiestRows * rowBytes(sizing.busiest())
                      + typical * rowBytes(sizing.typical())));
    }
    return sum;
  }

  private static double rowBytes(PartitionSize p) {
    return p.known() && p.rows() > 0 && p.bytes() > 0 ? p.bytes() / p.rows() : 0;
  }

  /**
   * The buckets a typical key's walk needs: the most any read of the table walks, plus one, capped.
   */
  private static int walkBuckets(CassandraAnalysis a, BoundTable t) {
    double most =
        a.readsServedBy(t.name()).stream()
            .mapToDouble(x -> x.partitions().typical())
            .filter(v -> !Double.isNaN(v))
            .max()
            .orElse(1);
    return (int) Math.min(MAX_BUCKETS, Math.ceil(most) + 1);
  }

  /** Cassandra's token for each loaded partition, beside keyplan's. */
  private static List<List<Object>> tokens(
      CqlSession session, String keyspace, java.util.Collection<TableLoad> loads) {
    List<List<Object>> rows = new ArrayList<>();
    for (TableLoad l : loads) {
      BoundTable t = l.table;
      String pk = String.join(", ", t.partitionKey());
      String where = String.join(" AND ", t.partitionKey().stream().map(c -> c + " = ?").toList());
      List<PartitionProbe> parts = new ArrayList<>(List.of(l.busiest));
      parts.addAll(l.typical);
      for (PartitionProbe p : parts) {
        Row r =
            session
                .execute(
                    com.datastax.oss.driver.api.core.cql.SimpleStatement.newInstance(
                        "SELECT token("
                            + pk
                            + ") FROM "
                            + keyspace
                            + "."
                            + t.name()
                            + " WHERE "
                            + where
                            + " LIMIT 1",
                        p.key().toArray()))
                .one();
        long cassandra = r == null ? Long.MIN_VALUE : r.getLong(0);
        rows.add(
            p.token() == null
                ? List.of(t.name(), p.describe(t), "-", cassandra, "not computed (key type)")
                : List.of(
                    t.name(),
                    p.describe(t),
                    p.token(),
                    cassandra,
                    p.token() == cassandra ? "equal" : "DIFFERENT"));
      }
    }
    return rows;
  }

  private static String localDc(CqlSession session) {
    Row r = session.execute("SELECT data_center FROM system.local").one();
    return r == null ? "datacenter1" : r.getString(0);
  }

  /** The first line of what went wrong, the driver's error itself rather than its wrapper. */
  static String firstLine(Throwable e) {
    Throwable cause = e;
    while (cause instanceof java.util.concurrent.CompletionException && cause.getCause() != null) {
      cause = cause.getCause();
    }
    return String.valueOf(cause.getMessage())
        .lines()
        .findFirst()
        .orElse(cause.getClass().getSimpleName());
  }
}
