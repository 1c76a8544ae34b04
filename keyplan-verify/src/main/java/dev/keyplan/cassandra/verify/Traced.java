package dev.keyplan.cassandra.verify;

import com.datastax.oss.driver.api.core.cql.QueryTrace;
import com.datastax.oss.driver.api.core.cql.TraceEvent;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a query trace says a request touched: single-partition reads ("Executing single-partition
 * query on t", one event per partition and replica) and range scans ("Executing seq scan" or
 * "Submitting range requests"), and the live rows read ("Read 20 live rows and 0 tombstone cells").
 * Event texts as Cassandra 5.0.6 writes them (measured here).
 */
record Traced(int partitions, boolean scan, long rows) {
  private static final Pattern ROWS = Pattern.compile("Read (\\d+) live rows");

  static Traced of(QueryTrace trace) {
    int partitions = 0;
    boolean scan = false;
    long rows = 0;
    for (TraceEvent e : trace.getEvents()) {
      String a = String.valueOf(e.getActivity());
      if (a.startsWith("Executing single-partition query")) {
        partitions++;
      } else if (a.startsWith("Executing seq scan")
          || a.startsWith("Submitting range requests")
          || a.startsWith("Executing read on")) {
        scan = true;
      }
      Matcher m = ROWS.matcher(a);
      if (m.find()) {
        rows += Long.parseLong(m.group(1));
      }
    }
    return new Traced(partitions, scan, rows);
  }

  Traced plus(Traced o) {
    return new Traced(partitions + o.partitions, scan || o.scan, rows + o.rows);
  }
}
