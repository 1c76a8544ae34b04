package dev.keyplan.cassandra.verify;

import com.datastax.oss.driver.api.core.cql.QueryTrace;
import com.datastax.oss.driver.api.core.cql.TraceEvent;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a query trace says a request touched on one table: single-partition reads ("Executing
 * single-partition query on t", one event per partition and replica; an index read through a
 * secondary index or SAI fetches each matching partition this way too), range scans ("Executing seq
 * scan", "Submitting range requests", "Executing read on"), whether an index served it ("Executing
 * read on ks.t using index i"), and the live rows read ("Read 20 live rows and 0 tombstone cells";
 * on a sequential scan these are the rows the scan read before filtering, and a LIMIT stops it
 * early). Events of other tables are not counted: a legacy index's own table
 * ("comments_by_clip.comments_by_clip_author_idx") and the driver's system queries ("peers_v2").
 * Event texts as Cassandra 5.0.6 writes them (measured on the CI server, see docs/verify.md).
 */
record Traced(int partitions, boolean scan, long rows, boolean index) {
  private static final Pattern ROWS = Pattern.compile("Read (\\d+) live rows");

  static Traced of(QueryTrace trace, String table) {
    int partitions = 0;
    boolean scan = false;
    boolean index = false;
    long rows = 0;
    boolean system = false;
    for (TraceEvent e : trace.getEvents()) {
      String a = String.valueOf(e.getActivity());
      if (a.startsWith("Executing single-partition query on ")) {
        // The rows line that follows belongs to this partition's table.
        system = !a.equals("Executing single-partition query on " + table);
        if (!system) {
          partitions++;
        }
      } else if (a.startsWith("Executing seq scan")
          || a.startsWith("Submitting range requests")
          || a.startsWith("Executing read on")) {
        scan = true;
        index |= a.startsWith("Executing read on") && a.contains(" using index ");
        system = false;
      }
      Matcher m = ROWS.matcher(a);
      if (m.find() && !system) {
        rows += Long.parseLong(m.group(1));
      }
    }
    return new Traced(partitions, scan, rows, index);
  }

  Traced plus(Traced o) {
    return new Traced(partitions + o.partitions, scan || o.scan, rows + o.rows, index || o.index);
  }
}
