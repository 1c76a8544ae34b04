package dev.keyplan.dynamodb.simulate;

import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.simulate.SimulationSettings;
import dev.keyplan.simulate.Trace;
import java.util.ArrayList;
import java.util.List;

/** What replaying a trace leaves out, said in the run's notes. */
final class TraceNotes {
  private TraceNotes() {}

  static List<String> of(Trace trace, DynamoDbTable table, SimulationSettings settings) {
    List<String> out = new ArrayList<>();
    out.add(
        "the trace "
            + trace.file()
            + " ("
            + trace.operations().size()
            + " operations) is replayed on "
            + table.name()
            + " only: a trace line does not say which index keys its item has, so the global indexes are not simulated;"
            + " sizes still follow the model");
    long beyond =
        trace.operations().stream().filter(o -> o.second() >= settings.durationSeconds()).count();
    if (beyond > 0) {
      out.add(
          beyond
              + " traced operations after the run's "
              + settings.durationSeconds()
              + " s are not replayed");
    }
    return out;
  }
}
