package dev.keyplan.cassandra.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.datastax.oss.driver.api.core.cql.QueryTrace;
import com.datastax.oss.driver.api.core.cql.TraceEvent;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What a trace says a read touched. The event texts are those Cassandra 5.0.6 wrote on the CI
 * server for reads of a 50-row clips table (docs/verify.md), trimmed to the events that count.
 */
class TracedTest {
  private static QueryTrace trace(String... activities) {
    List<TraceEvent> events = java.util.Arrays.stream(activities).map(TracedTest::event).toList();
    return new QueryTrace() {
      @Override
      public UUID getTracingId() {
        return new UUID(0, 0);
      }

      @Override
      public String getRequestType() {
        return "Execute CQL3 query";
      }

      @Override
      public int getDurationMicros() {
        return 0;
      }

      @Override
      public InetAddress getCoordinator() {
        return InetAddress.getLoopbackAddress();
      }

      @Override
      public Map<String, String> getParameters() {
        return Map.of();
      }

      @Override
      public long getStartedAt() {
        return 0;
      }

      @Override
      public List<TraceEvent> getEvents() {
        return events;
      }
    };
  }

  private static TraceEvent event(String activity) {
    return new TraceEvent() {
      @Override
      public String getActivity() {
        return activity;
      }

      @Override
      public long getTimestamp() {
        return 0;
      }

      @Override
      public InetAddress getSource() {
        return InetAddress.getLoopbackAddress();
      }

      @Override
      public InetSocketAddress getSourceAddress() {
        return new InetSocketAddress(InetAddress.getLoopbackAddress(), 7000);
      }

      @Override
      public int getSourceElapsedMicros() {
        return 0;
      }

      @Override
      public String getThreadName() {
        return "ReadStage-1";
      }
    };
  }

  @Test
  void anAllowFilteringScan_countsTheRowsItRead_andIsAScan() {
    // Issue 15: a scan printed "traced 0" partitions beside a prediction of 800,000 and "ok". The
    // trace of a sequential scan names no partition; its rows line counts every row the scan read
    // before filtering: all 50 loaded rows for 1 match.
    Traced t =
        Traced.of(
            trace(
                "No applicable indexes found",
                "Submitting range requests on 17 ranges with a concurrency of 1 (0.0 rows per range"
                    + " expected)",
                "Executing seq scan across 0 sstables for (min(-9223372036854775808),"
                    + " min(-9223372036854775808)]",
                "Read 50 live rows and 0 tombstone cells"),
            "clips");
    assertEquals(new Traced(0, true, 50, false), t);
  }

  @Test
  void aLegacyIndexRead_countsTheBaseTablesPartitions_notTheIndexTable() {
    // A 2i read first reads its own hidden table, then each matching base partition: 2 here.
    Traced t =
        Traced.of(
            trace(
                "Executing read on ks.comments_by_clip using index comments_by_clip_author_idx",
                "Executing single-partition query on comments_by_clip.comments_by_clip_author_idx",
                "Executing single-partition query on comments_by_clip",
                "Executing single-partition query on comments_by_clip",
                "Read 8 live rows and 0 tombstone cells"),
            "comments_by_clip");
    assertEquals(new Traced(2, true, 8, true), t);
  }

  @Test
  void anAnnSearch_ignoresTheDriversSystemRead() {
    // The coordinator's own read of system.peers_v2 (0 rows) is traced too; it is not the table's.
    Traced t =
        Traced.of(
            trace(
                "Executing single-partition query on peers_v2",
                "Read 0 live rows and 0 tombstone cells",
                "Executing read on ks.clips using index clips_title_vector_idx",
                "ANN search visited 50 in-memory nodes to return 5 results",
                "Executing single-partition query on clips",
                "Executing single-partition query on clips",
                "Index query accessed memtable indexes, 0 SSTable indexes, and 0 segments,"
                    + " post-filtered 2 rows in 2 partitions, and took 84237 microseconds.",
                "Read 2 live rows and 0 tombstone cells"),
            "clips");
    assertEquals(new Traced(2, true, 2, true), t);
  }
}
