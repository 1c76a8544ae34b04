package dev.keyplan.cassandra.check;

import dev.keyplan.check.RuleTester;
import org.junit.jupiter.api.Test;

final class QueuePatternTest {
  private final RuleTester tester = RuleTester.of(QueuePattern.class);

  // Jobs are enqueued at 1,000/s over 100 queues; the busiest queue takes 5% of every pattern
  // (the entity's spread, which reads and writes follow): 1,000/s × 0.05 = 50 jobs/s inserted
  // into its partition. Workers read the oldest jobs of a queue and delete each when done.
  private static String model(String patterns) {
    return """
        model: jobs
        horizon: 30d
        entities:
          Job:
            attributes:
              queue_id: {type: text, size: 16B}
              job_id: {type: timeuuid, time_ordered: true}
              payload: {type: text, size: 200B}
            key: [queue_id, job_id]
            growth: 1k/s
            spread:
              queue_id: {distinct: 100, busiest: 5%}
        patterns:
          - id: enqueue
            rate: 1k/s
            insert: Job
        """
        + patterns
        + """
        cassandra:
          schema: unused.cql
        """;
  }

  private static String cql(String options) {
    return """
        CREATE KEYSPACE jobs WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
        CREATE TABLE jobs.jobs_by_queue (queue_id text, job_id timeuuid, payload text,
          PRIMARY KEY ((queue_id), job_id))"""
        + options
        + ";\n";
  }

  @Test
  void everyJobDeleted_readsCrossTenDaysOfTombstones_error() {
    // Deletes 1,000/s × 0.05 = 50/s = the 50/s inserted: every row ends as a tombstone, and the
    // partition holds 50/s × 864,000 s (default gc_grace_seconds) = 43,200,000 of them; a read
    // that finds fewer than 10 live jobs crosses all of them. 43,200,000 ≥ 100,000 ⇒ error.
    tester
        .model(
            model(
                """
          - id: next-jobs
            rate: 1k/s
            query: Job where queue_id = ? order by job_id asc limit 10
          - id: ack-job # FINDING: QueuePattern [error]: crosses all 43,200,000 tombstones
            rate: 1k/s
            delete: Job where queue_id = ? and job_id = ?
        """))
        .cql(cql(""))
        .expectMarkedFindings();
  }

  @Test
  void shortGcGrace_shrinksTheQueueToAWarning() {
    // The same queue with gc_grace_seconds = 600: 50/s × 600 s = 30,000 tombstones, at least
    // 1,000 but under 100,000 ⇒ warning.
    tester
        .model(
            model(
                """
          - id: next-jobs
            rate: 1k/s
            query: Job where queue_id = ? order by job_id asc limit 10
          - id: ack-job # FINDING: QueuePattern [warning]: crosses all 30,000 tombstones
            rate: 1k/s
            delete: Job where queue_id = ? and job_id = ?
        """))
        .cql(cql(" WITH gc_grace_seconds = 600"))
        .expectMarkedFindings();
  }

  @Test
  void mostJobsDeleted_limitReadCrossesNineteenPerRow_warning() {
    // Deletes 950/s × 0.05 = 47.5/s of the 50/s inserted (95%): 2.5/s stay, so a read of 100
    // rows crosses about 100 × 47.5 / 2.5 = 1,900 tombstones, at least 1,000 ⇒ warning.
    tester
        .model(
            model(
                """
          - id: next-jobs
            rate: 1k/s
            query: Job where queue_id = ? order by job_id asc limit 100
          - id: ack-job # FINDING: QueuePattern [warning]: crosses about 1,900 tombstones
            rate: 950/s
            delete: Job where queue_id = ? and job_id = ?
        """))
        .cql(cql(""))
        .expectMarkedFindings();
  }

  @Test
  void ninetyPercentDeleted_staysUnderTheWarnThreshold() {
    // Near miss: 900/s × 0.05 = 45/s deleted, 5/s stay: 100 × 45 / 5 = 900 tombstones per read,
    // under 1,000.
    tester
        .model(
            model(
                """
          - id: next-jobs
            rate: 1k/s
            query: Job where queue_id = ? order by job_id asc limit 100
          - id: ack-job
            rate: 900/s
            delete: Job where queue_id = ? and job_id = ?
        """))
        .cql(cql(""))
        .expectMarkedFindings();
  }

  @Test
  void onlyPointReads_scanNothing_andAreNotFlagged() {
    // Near miss: every job is deleted, but the only read names the full primary key, so it reads
    // one row and steps over no other row's tombstone.
    tester
        .model(
            model(
                """
          - id: job-by-id
            rate: 1k/s
            query: Job where queue_id = ? and job_id = ?
          - id: ack-job
            rate: 1k/s
            delete: Job where queue_id = ? and job_id = ?
        """))
        .cql(cql(""))
        .expectMarkedFindings();
  }

  @Test
  void partitionDeletes_leaveOneTombstonePerPartition_andAreNotFlagged() {
    // Near miss: deleting a whole queue names no clustering column: one partition tombstone,
    // not one per row.
    tester
        .model(
            model(
                """
          - id: next-jobs
            rate: 1k/s
            query: Job where queue_id = ? order by job_id asc limit 10
          - id: drop-queue
            rate: 1k/s
            delete: Job where queue_id = ?
        """))
        .cql(cql(""))
        .expectMarkedFindings();
  }
}
