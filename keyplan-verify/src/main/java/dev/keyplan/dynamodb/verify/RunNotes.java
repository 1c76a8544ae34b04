package dev.keyplan.dynamodb.verify;

import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.simulate.SimulationResult.Setting;
import java.util.ArrayList;
import java.util.List;

/**
 * The words around {@link DynamoDbVerifyReport}'s tables: the settings a run used (endpoint,
 * engine, namespace, scale; the credentials only as "given" or "the local pair") and the notes that
 * say what the engine does not do faithfully, how the data was made, and why a pattern was not
 * sent.
 */
final class RunNotes {
  private RunNotes() {}

  /** Returns the settings of session {@code s}: where, how, how much; never a credential. */
  static List<Setting> settings(Session s) {
    List<Setting> out = new ArrayList<>();
    out.add(new Setting("endpoint", s.connection.describe()));
    out.add(new Setting("engine", s.fidelity.word()));
    out.add(new Setting("region", s.connection.region()));
    out.add(
        new Setting(
            "credentials",
            s.connection.localPair()
                ? "none given: a fixed local pair ("
                    + Connection.LOCAL_KEY
                    + "), which dynalite does not check"
                : "AWS keys given (never shown)"));
    out.add(new Setting("prefix", s.options.prefix()));
    out.add(new Setting("tables created", String.join(", ", s.names.created())));
    out.add(
        new Setting(
            "tables reused",
            s.names.reused().isEmpty() ? "-" : String.join(", ", s.names.reused())));
    out.add(
        new Setting(
            "billing",
            "PAY_PER_REQUEST (on demand) for every table, whatever the design's capacity"));
    out.add(new Setting("max rows per key", Integer.toString(s.options.maxRows())));
    out.add(new Setting("samples per pattern and key", Integer.toString(s.options.samples())));
    out.add(new Setting("seed", Long.toString(s.options.seed())));
    out.add(new Setting("keep", Boolean.toString(s.options.keep())));
    return out;
  }

  /**
   * Returns what is worth saying about how session {@code s} ran: the engine's limits, the data,
   * each pattern.
   */
  static List<String> notes(Session s) {
    List<String> out = new ArrayList<>();
    if (s.fidelity == Fidelity.DYNALITE) {
      out.add(
          "dynalite never throttles and has no per-partition limits: keyplan's heat and ceiling figures"
              + " (keyplan check, keyplan simulate) are not verified here.");
      out.add(
          "dynalite never charges index writes: a write's units are compared on the table only, and not there"
              + " for item types with a local index entry.");
      out.add(
          "dynalite counts strings in UTF-16 code units: the data keyplan verify writes is ASCII, where that"
              + " equals DynamoDB's UTF-8 bytes; item types with non-ASCII names or key text are not compared.");
      for (DynamoDbTable t : s.analysis.tables()) {
        t.ttl()
            .ifPresent(
                a ->
                    out.add(
                        "table "
                            + t.name()
                            + " has TTL on "
                            + a
                            + ": dynalite has no TTL"
                            + " (UpdateTimeToLive is unknown to it), so TTL is not enabled and nothing expires; TTL deletes consume no"
                            + " units on DynamoDB, so no capacity figure depends on it."));
      }
    }
    if (s.connection.localPair()) {
      out.add(
          "No AWS credentials were given: the endpoint is a loopback address, so keyplan verify signed with a"
              + " fixed local pair, which dynalite does not check.");
    }
    out.add(
        "Values are made up, of the sizes keyplan counts (ASCII text, numbers of the digits keyplan assumes),"
            + " from seed "
            + s.options.seed()
            + "; enumerated attributes hold text of their average size, not one of"
            + " their values.");
    for (PatternRun run : s.runs) {
      if (run.which == KeyGroup.Which.TYPICAL) {
        run.notes.forEach(n -> out.add(run.pattern.id() + ": " + n));
        run.notRun.ifPresent(n -> out.add(run.pattern.id() + ": not run: " + n));
      }
      run.failure.ifPresent(
          f ->
              out.add(
                  run.pattern.id() + " (" + run.which.word() + "): failed on the engine: " + f));
    }
    return out;
  }
}
