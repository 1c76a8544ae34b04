package dev.keyplan.cassandra.designer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.Severity;
import dev.keyplan.designer.Constraints;
import dev.keyplan.designer.DesignInput;
import dev.keyplan.designer.DesignWorkloads;
import dev.keyplan.designer.Proposal;
import dev.keyplan.model.StoreId;
import dev.keyplan.model.yaml.ModelReader;
import java.nio.file.Path;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * The designer reproduces seed 000's chat table from a workload that holds no design, and says
 * plainly which pattern no table can serve.
 */
class CassandraDesignerTest {
  /** examples/chat.yaml without its cassandra: section: seed 000's chat workload alone. */
  static final String CHAT =
      """
      model: chat
      horizon: 1y
      entities:
        Message:
          attributes:
            channel_id: bigint
            message_id: {type: bigint, time_ordered: true}
            author_id: bigint
            body: {type: text, size: 200B}
          key: [channel_id, message_id]
          growth: 50k/s
          spread:
            channel_id: {distinct: 10M, busiest: 100/s}
      patterns:
        - id: latest-messages
          rate: 20k/s
          query: Message where channel_id = ? order by message_id desc limit 50
        - id: post-message
          rate: 50k/s
          insert: Message
        - id: edit-message
          rate: 200/s
          update: Message set body where channel_id = ? and message_id = ?
      """;

  /** 100 million inserts a second: a cluster past anything a section takes. */
  static final String FIREHOSE =
      """
      model: firehose
      horizon: 1d
      entities:
        Event:
          attributes: {event_id: bigint, body: {type: text, size: 10B}}
          key: [event_id]
          count: 1
      patterns:
        - id: event
          rate: 1k/s
          query: Event where event_id = ?
        - id: record
          rate: 100M/s
          insert: Event
      """;

  private static DesignInput read(String text) {
    return new DesignInput(
        ModelReader.read("workload.yaml", text, Path.of(".")), text, Path.of("."));
  }

  @Test
  void twcsWindows_makeFewerThanFiftyOverTheTtl() {
    // 12h: 864 s → 15 minutes (48); 30 days: 51,840 s → 15 hours (48); a year: 630,720 s → 8 days
    // (45.6); 2 hours (the TWCS README's example, which takes 5 minutes): 144 s → 3 minutes (40).
    assertThat(CassandraDesigner.Twcs.over(43_200))
        .isEqualTo(new CassandraDesigner.Twcs("MINUTES", 15, 43_200));
    assertThat(CassandraDesigner.Twcs.over(2_592_000))
        .isEqualTo(new CassandraDesigner.Twcs("HOURS", 15, 2_592_000));
    assertThat(CassandraDesigner.Twcs.over(31_536_000))
        .isEqualTo(new CassandraDesigner.Twcs("DAYS", 8, 31_536_000));
    assertThat(CassandraDesigner.Twcs.over(7_200))
        .isEqualTo(new CassandraDesigner.Twcs("MINUTES", 3, 7_200));
  }

  @Test
  void rowsEveryInsertGivesATtl_getItAsTheTablesDefault() {
    // DesignWorkloads.SESSIONS: every insert of Session sets `using ttl 12h` = 43,200 s, so each
    // Session table gets default_time_to_live = 43200 (seed 003's sensor table does the same with
    // 30 days) and keeps 100/s × 43,200 s = 4,320,000 rows instead of a year's 3,153,600,000.
    Proposal p =
        new CassandraDesigner(StoreId.CASSANDRA)
            .propose(DesignWorkloads.input(DesignWorkloads.SESSIONS), "sessions.cql");
    // Every write is that insert, so each table also compacts by TimeWindowCompactionStrategy in
    // windows of 15 minutes: 43,200 s ÷ 50 = 864 s rounds up to 15 whole minutes, 48 windows
    // over the TTL (fewer than 50, the strategy's author's advice).
    String twcs =
        "  AND compaction = {'class': 'TimeWindowCompactionStrategy', 'compaction_window_unit':"
            + " 'MINUTES', 'compaction_window_size': '15'};\n";
    String cql = p.files().get("sessions.cql");
    assertThat(cql)
        .contains("  PRIMARY KEY (session_id)\n) WITH default_time_to_live = 43200\n" + twcs)
        .contains(
            ") WITH CLUSTERING ORDER BY (session_id ASC)\n  AND default_time_to_live = 43200\n"
                + twcs);
    assertThat(p.decisions())
        .filteredOn(d -> d.target().equals("session_by_session_id"))
        .singleElement()
        .satisfies(
            d ->
                assertThat(d.reasons())
                    .anyMatch(
                        r ->
                            r.startsWith("default_time_to_live = 43200 (12h)")
                                && r.contains("4,320,000 after 1y, instead of 3,153,600,000"))
                    .anyMatch(
                        r -> r.startsWith("TimeWindowCompactionStrategy, 15m windows (48 over")));
    assertThat(p.findings()).noneMatch(f -> f.severity() == Severity.ERROR);
  }

  @Test
  void chat_givesSeed000sTable_bucketedByTheBusiestChannel() {
    Proposal p = new CassandraDesigner(StoreId.CASSANDRA).propose(read(CHAT), "chat.cql");
    Proposal.Decision table = p.decisions().get(0);
    assertThat(table.target()).isEqualTo("message_by_channel_id");
    assertThat(table.patterns()).containsExactly("latest-messages");
    // channel_id by equality; message_id, the order read, newest first.
    assertThat(table.chosen()).isEqualTo("PRIMARY KEY ((channel_id, bucket), message_id)");
    assertThat(p.files().get("chat.cql"))
        .contains("WITH CLUSTERING ORDER BY (message_id DESC)")
        .contains("bucket int,");
    // The busiest channel writes 100 messages/s, each a row of 2 values (author_id, body) besides
    // its key: a 5-minute bucket holds 100 × 300 = 30,000 rows, 60,000 values, within 100,000;
    // 10 minutes would hold 120,000, over. 5m is the widest conventional width within both.
    assertThat(p.section()).contains("message_by_channel_id.bucket: {window: 5m, of: message_id}");
    // The search tries no shards first, then buckets from the widest down: 1y, 1mo, 1w, 1d, 1h,
    // 30m, 15m, 10m, 5m: the ninth candidate is the first that clears the partition rules.
    assertThat(table.reasons())
        .anyMatch(r -> r.contains("no shards and a 5m bucket is the first of 9 candidates"));
    assertThat(table.reasons()).anyMatch(r -> r.contains("10m 120,000 values, 14 MB (over)"));
    // The proposal passes the rules keyplan check applies, nodes included.
    assertThat(p.findings()).noneMatch(f -> f.severity() == Severity.ERROR);
    assertThat(p.findings()).isEmpty();
    assertThat(p.unsupported()).isEmpty();
    // The read as Cassandra runs it: one bucket a query, newest first; the post writes the
    // bucket the application derives from message_id.
    assertThat(p.requests().get("latest-messages"))
        .startsWith(
            "SELECT * FROM chat.message_by_channel_id WHERE channel_id = ? AND bucket = ?"
                + " ORDER BY message_id DESC LIMIT 50");
    assertThat(p.requests().get("post-message"))
        .isEqualTo(
            "INSERT INTO chat.message_by_channel_id (channel_id, message_id, author_id, body,"
                + " bucket) VALUES (?, ?, ?, ?, ?)");
    // A ScyllaDB proposal is the same tables with the node's shards and budget.
    Proposal scylla = new CassandraDesigner(StoreId.SCYLLADB).propose(read(CHAT), "chat.cql");
    assertThat(scylla.section())
        .startsWith("scylladb:\n  schema: chat.cql\n  shards: 8\n  node_budget: 50000/s\n");
    assertThat(scylla.decisions().get(0).chosen()).isEqualTo(table.chosen());
  }

  @Test
  void ordersByStatus_areNeverKeyedByStatusAlone() {
    // Seed 003's orders (examples/orders.yaml's workload): 200 orders/s, 60% in one status.
    String orders =
        """
        model: orders
        horizon: 1y
        entities:
          Order:
            attributes:
              order_id: uuid
              user_id: uuid
              created_at: {type: timestamp, time_ordered: true}
              status: {type: text, values: [PENDING, PAID, SHIPPED, DELIVERED, CANCELLED]}
              total: {type: decimal, size: 8B}
            key: [order_id]
            count: 50M
            growth: 200/s
            spread:
              user_id: {distinct: 5M, busiest: 500/day}
              status: {busiest: 60%}
        patterns:
          - id: orders-in-status
            rate: 50/s
            query: Order where status = ? order by created_at desc limit 100
          - id: place-order
            rate: 200/s
            insert: Order
        """;
    Proposal p = new CassandraDesigner(StoreId.CASSANDRA).propose(read(orders), "orders.cql");
    Proposal.Decision table = p.decisions().get(0);
    assertThat(table.chosen()).isEqualTo("PRIMARY KEY ((status, bucket), created_at, order_id)");
    // The busiest status takes 60% of 200/s = 120 rows/s, 2 values each (user_id and total are
    // set, status is a key): a 5-minute bucket holds 36,000 rows, 72,000 values, 72% of the
    // 100,000-value guideline, past the half at which LowCardinalityPartitionKey warns of a
    // 5-value key; a 1-minute bucket's 14,400 values (14%) leave it a note.
    assertThat(p.section()).contains("order_by_status.bucket: {window: 1m, of: created_at}");
    assertThat(table.reasons())
        .anyMatch(r -> r.contains("no shards and a 5m bucket: LowCardinalityPartitionKey"));
    assertThat(p.findings()).noneMatch(f -> f.severity() != Severity.INFO);
  }

  @Test
  void theSameWorkload_givesTheSameProposal() {
    Proposal a = new CassandraDesigner(StoreId.CASSANDRA).propose(read(CHAT), "chat.cql");
    Proposal b = new CassandraDesigner(StoreId.CASSANDRA).propose(read(CHAT), "chat.cql");
    assertThat(b.section()).isEqualTo(a.section());
    assertThat(b.files()).isEqualTo(a.files());
    assertThat(b.decisions()).isEqualTo(a.decisions());
  }

  @Test
  void aQueryWithNoEqualityToLookUpBy_isNotSupported_withWhy() {
    // examples/events-mongodb.yaml's dashboard: the last hour's events of every device.
    String events =
        """
        model: events
        horizon: 90d
        entities:
          Event:
            attributes:
              event_id: {type: timeuuid, time_ordered: true}
              device_id: uuid
              created_at: {type: timestamp, time_ordered: true}
              severity: int
            key: [event_id]
            growth: 12k/s
            spread:
              device_id: {distinct: 1M}
        patterns:
          - id: record
            rate: 12k/s
            insert: Event
          - id: severe
            rate: 2/s
            query: Event where severity > ? limit 1000
        """;
    Proposal p = new CassandraDesigner(StoreId.CASSANDRA).propose(read(events), "events.cql");
    // A range on an attribute that is not time-ordered reads no whole partition (a range on
    // created_at would: the test below).
    assertThat(p.unsupported())
        .singleElement()
        .satisfies(
            u -> {
              assertThat(u.pattern()).isEqualTo("severe");
              assertThat(u.reason())
                  .contains("restricts no attribute by equality and no time-ordered attribute");
            });
    // And keyplan check's own rule says the same of the proposal: the one table it could use
    // is scanned whole.
    assertThat(p.findings())
        .anyMatch(
            f ->
                f.severity() == Severity.ERROR
                    && f.rule().equals("AllowFilteringRequired")
                    && f.target().equals("severe"));
    // The events are still stored, by their key, so that record is served.
    assertThat(p.decisions().get(0).chosen()).isEqualTo("PRIMARY KEY (event_id)");
    assertThat(p.findings()).noneMatch(f -> f.target().equals("record"));
  }

  @Test
  void counters_liveInATableOfTheirOwn_keyedByTheEntitysKey() {
    String posts =
        """
        model: posts
        horizon: 1y
        entities:
          Post:
            attributes:
              post_id: timeuuid
              group_id: bigint
              body: {type: text, size: 100B}
              likes: counter
            key: [post_id]
            count: 1M
            growth: 10/s
            spread:
              group_id: {distinct: 10k}
        patterns:
          - id: group-posts
            rate: 100/s
            query: Post where group_id = ? order by post_id desc limit 20
          - id: like
            rate: 500/s
            increment: Post.likes where post_id = ?
        """;
    Proposal p = new CassandraDesigner(StoreId.CASSANDRA).propose(read(posts), "posts.cql");
    // CQL refuses a counter beside regular columns ("counter columns cannot be mixed"): the
    // queries' tables hold the rest, the counters get post_counters, keyed by the post's id.
    assertThat(p.files().get("posts.cql"))
        .contains(
            "CREATE TABLE posts.post_counters (\n  post_id timeuuid,\n  likes counter,\n"
                + "  PRIMARY KEY (post_id)\n);")
        .doesNotContainPattern("post_by_group_id \\([^;]*likes");
    assertThat(p.requests().get("like"))
        .isEqualTo("UPDATE posts.post_counters SET likes = likes + ? WHERE post_id = ?");
    assertThat(p.findings()).noneMatch(f -> f.severity() == Severity.ERROR);
  }

  @Test
  void aClusterPastTheSectionsBound_isProposedAtTheBound_andSaysHowFarShort() {
    Proposal p = new CassandraDesigner(StoreId.CASSANDRA).propose(read(FIREHOSE), "firehose.cql");
    // 100M inserts a second on 3 replicas are 300M replica writes: 15,000 nodes of 20,000/s, past
    // the 10,000 a section takes (CassandraLimits.MAX_NODES_PER_DATACENTER).
    assertThat(p.section()).contains("  nodes: 10000\n");
    assertThat(p.decisions().get(p.decisions().size() - 1).reasons().get(0))
        .contains("capped at the 10,000 a section takes, short of the 15,0");
  }

  @Test
  void aFixedNodeCount_isKept_andOneUnderTheLoad_isAConstraintNotMet() {
    var w = read(FIREHOSE);
    var fixed =
        new DesignInput(
            w.model(),
            w.text(),
            w.baseDir(),
            new Constraints(
                OptionalInt.empty(),
                OptionalInt.of(100),
                OptionalInt.empty(),
                OptionalDouble.empty()));
    Proposal p = new CassandraDesigner(StoreId.CASSANDRA).propose(fixed, "firehose.cql");
    // As the test above: 300M replica writes a second need 15,000 nodes of 20,000/s; 100 are
    // kept as given, and the proposal says it falls short, so it does not pass.
    assertThat(p.section()).contains("  nodes: 100\n");
    assertThat(p.decisions().get(p.decisions().size() - 1).reasons().get(0))
        .startsWith("as fixed (--nodes 100); the workload needs by throughput 15,0");
    assertThat(p.unmet())
        .singleElement()
        .asString()
        .startsWith("100 nodes per datacenter, as fixed, carry less than the workload needs: 15,0");
    assertThat(p.passes()).isFalse();
  }

  @Test
  void aRangeOnTimeAlone_isATableOfTimeWindows_shardedUntilAWindowFitsTheGuideline() {
    // examples/events-mongodb.yaml's workload: 12,000 events a second, and a dashboard that reads
    // "the last hour's events" with no attribute to look up by. No equality, but a range on a
    // time-ordered attribute: the table's partitions are windows of created_at.
    Proposal p =
        new CassandraDesigner(StoreId.CASSANDRA)
            .propose(read(DesignWorkloads.EVENTS), "events.cql");
    assertThat(p.unsupported()).isEmpty();
    assertThat(p.decisions().get(0).chosen())
        .isEqualTo("PRIMARY KEY ((bucket, shard), created_at, event_id)");
    // The narrowest conventional window, 1m, holds 12,000 × 60 = 720,000 rows of 3 values
    // (device_id, kind, payload): 2,160,000 values. Within 100,000 values a partition takes
    // ⌈21.6⌉ shards, and the fewest of 2, 4 … 256 that do is 32 (16 leave 135,000 values).
    assertThat(p.section())
        .contains("event_by_window.bucket: {window: 1m, of: created_at}")
        .contains("event_by_window.shard: {shards: 32}");
    assertThat(p.findings()).noneMatch(f -> f.severity() == Severity.ERROR);
    // The one warning left is the window's own: 32 values besides the bucket.
    assertThat(p.findings())
        .filteredOn(f -> f.severity() == Severity.WARNING)
        .extracting(f -> f.rule())
        .containsExactly("LowCardinalityPartitionKey");
  }

  @Test
  void aQuietTableOfTimeWindows_getsTheWidestWindowThatPasses() {
    // 100 announcements a day, read newest first. Its starting 1h window passes, but the search
    // goes on to the widest: a year holds 36,500 rows of 1 value (body), within 100,000 values
    // and 100 MB, so one partition a year answers "the newest 20" for most of the year.
    String news =
        """
        model: news
        horizon: 1y
        entities:
          Announcement:
            attributes:
              posted_at: {type: timestamp, time_ordered: true}
              body: {type: text, size: 100B}
            key: [posted_at]
            growth: 100/day
        patterns:
          - id: newest
            rate: 50/s
            query: Announcement where posted_at < ? order by posted_at desc limit 20
          - id: post
            rate: 100/day
            insert: Announcement
        """;
    Proposal p = new CassandraDesigner(StoreId.CASSANDRA).propose(read(news), "news.cql");
    assertThat(p.decisions().get(0).chosen()).isEqualTo("PRIMARY KEY (bucket, posted_at)");
    assertThat(p.section()).contains("announcement_by_window.bucket: {window: 1y, of: posted_at}");
    assertThat(p.decisions().get(0).reasons())
        .anySatisfy(
            r ->
                assertThat(r)
                    .startsWith(
                        "a table of time windows is searched for the widest window that passes;"
                            + " no shards and a 1y bucket is the first of 1 candidates"));
  }

  /** examples/inbox.yaml's workload: a user rereads the messages they just sent. */
  static final String INBOX =
      """
      model: inbox
      horizon: 1y
      entities:
        Message:
          attributes:
            user_id: uuid
            sent_at: {type: timestamp, time_ordered: true}
            message_id: uuid
            body: {type: text, size: 300B}
          key: [message_id]
          count: 200M
          growth: 2k/s
          spread:
            user_id: {distinct: 20M, busiest: 2k/day}
        Contact:
          attributes: {user_id: uuid, name: {type: text, size: 20B}}
          key: [user_id]
          count: 20M
      patterns:
        - id: recent-messages
          rate: 5k/s
          query: Message where user_id = ? and sent_at > ? limit 20
          expects: read-your-writes
        - id: send-message
          rate: 2k/s
          insert: Message
        - id: delete-message
          rate: 20/s
          delete: Message where user_id = ? and sent_at = ? and message_id = ?
        - id: contact
          rate: 100/s
          query: Contact where user_id = ?
        - id: add-contact
          rate: 1/s
          insert: Contact
      """;

  @Test
  void aReadThatExpectsItsWrites_isDecided_withRPlusWOverRf() {
    Proposal p = new CassandraDesigner(StoreId.CASSANDRA).propose(read(INBOX), "inbox.cql");
    // recent-messages expects read-your-writes: LOCAL_QUORUM waits for ⌊3 / 2⌋ + 1 = 2 of the 3
    // replicas, and so does each write of Message (send-message, delete-message): R + W = 2 + 2
    // = 4 > RF 3. Contact's patterns expect nothing: not part of the decision, at the default.
    assertThat(p.section()).contains("  consistency: {read: LOCAL_QUORUM, write: LOCAL_QUORUM}\n");
    Proposal.Decision d =
        p.decisions().stream().filter(x -> x.target().equals("consistency")).findFirst().get();
    assertThat(d.patterns()).containsExactly("recent-messages", "send-message", "delete-message");
    assertThat(d.chosen()).isEqualTo("reads LOCAL_QUORUM, writes LOCAL_QUORUM");
    assertThat(d.reasons().get(0))
        .startsWith(
            "recent-messages expects read-your-writes: it reads at LOCAL_QUORUM, 2 of RF 3, and"
                + " every write of Message waits for send-message 2 (LOCAL_QUORUM),"
                + " delete-message 2 (LOCAL_QUORUM): R + W = 2 + 2 = 4 > RF 3");
    // The proposal's own check agrees; the nodes stay the last decision.
    assertThat(p.findings()).noneMatch(f -> f.rule().equals("ReadYourWritesNotGuaranteed"));
    assertThat(p.decisions().get(p.decisions().size() - 1).target()).isEqualTo("nodes");
  }

  @Test
  void aWorkloadLevelThatBreaksReadYourWrites_isKept_andTheDecisionSaysWhich() {
    // The read sets its own LOCAL_ONE (1 replica): against LOCAL_QUORUM writes (2 of 3),
    // 1 + 2 = 3 ≤ RF 3. The pattern's level is the workload's, so the finding stays.
    String text = INBOX.replace("    expects:", "    consistency: LOCAL_ONE\n    expects:");
    Proposal p = new CassandraDesigner(StoreId.CASSANDRA).propose(read(text), "inbox.cql");
    Proposal.Decision d =
        p.decisions().stream().filter(x -> x.target().equals("consistency")).findFirst().get();
    assertThat(d.reasons().get(0))
        .contains("it reads at LOCAL_ONE (the pattern's own), 1 of RF 3")
        .contains("R + W = 1 + 2 = 3 ≤ RF 3")
        .contains("ReadYourWritesNotGuaranteed stays");
    assertThat(p.findings())
        .anyMatch(
            f ->
                f.rule().equals("ReadYourWritesNotGuaranteed")
                    && f.target().equals("recent-messages"));
  }

  @Test
  void noPatternExpectingItsWrites_noConsistencyDecision() {
    Proposal p = new CassandraDesigner(StoreId.CASSANDRA).propose(read(CHAT), "chat.cql");
    assertThat(p.decisions()).noneMatch(d -> d.target().equals("consistency"));
  }

  /** examples/app-table.yaml's users (seed 003): one user per email, a sign-up if absent. */
  static final String USERS =
      """
      model: users
      horizon: 1y
      entities:
        User:
          attributes:
            user_id: uuid
            name: {type: text, size: 20B}
            email: {type: text, size: 30B, unique: true}
          key: [user_id]
          count: 2M
          growth: 1/s
      patterns:
        - id: user-profile
          rate: 500/s
          query: User where user_id = ?
        - id: user-by-email
          rate: 50/s
          query: User where email = ?
        - id: sign-up
          rate: 1/s
          insert: User if not exists
      """;

  private static Proposal.Decision decision(Proposal p, String target) {
    return p.decisions().stream().filter(d -> d.target().equals(target)).findFirst().orElseThrow();
  }

  @Test
  void aUniqueAttribute_isClaimedWithIfNotExists_onTheTableKeyedByItAlone() {
    Proposal p = new CassandraDesigner(StoreId.CASSANDRA).propose(read(USERS), "users.cql");
    // email is unique: its table is keyed by email alone, so that IF NOT EXISTS claims the email,
    // not an (email, user_id) pair a second user would pass with a new user_id.
    assertThat(decision(p, "user_by_email").chosen()).isEqualTo("PRIMARY KEY (email)");
    Proposal.Decision d = decision(p, "unique User.email");
    assertThat(d.chosen()).isEqualTo("claimed by INSERT INTO user_by_email … IF NOT EXISTS");
    assertThat(d.patterns()).containsExactly("sign-up");
    assertThat(d.reasons().get(0)).contains("4 round trips with the default paxos_variant: v1");
    // The analysis's figures: 1 sign-up a second writes 2 tables on 3 replicas, 6 replica writes,
    // and each runs 4 Paxos rounds, 3 beyond the first: 6 × 3 = 18 more.
    assertThat(d.reasons())
        .anyMatch(
            r ->
                r.startsWith(
                        "the analysis counts sign-up's rounds: 1/s make 6/s replica writes"
                            + " and 18/s more in Paxos rounds")
                    && r.endsWith("LwtOnHotPath finds no contention on the busiest partition"));
    // The claim runs first; the table by user_id takes the row once it is applied.
    assertThat(p.requests().get("sign-up"))
        .isEqualTo(
            "INSERT INTO users.user_by_email (user_id, name, email) VALUES (?, ?, ?) IF NOT"
                + " EXISTS; then, if applied: INSERT INTO users.user_by_user_id (user_id, name,"
                + " email) VALUES (?, ?, ?)");
    // Two tables written with a condition: LwtAcrossTables' warning is the design, and the only
    // finding above info.
    assertThat(p.findings())
        .filteredOn(f -> f.severity() != Severity.INFO)
        .extracting(f -> f.rule())
        .containsExactly("LwtAcrossTables");
  }

  @Test
  void aClaimWithNoReadByTheUniqueAttribute_getsALookupTable() {
    // The users are read by name (not unique), never by email: no read gives a table by email.
    String text = USERS.replace("User where email = ?", "User where name = ?");
    Proposal p = new CassandraDesigner(StoreId.CASSANDRA).propose(read(text), "users.cql");
    assertThat(decision(p, "user_by_name").chosen()).isEqualTo("PRIMARY KEY (name, user_id)");
    Proposal.Decision t = decision(p, "user_by_email");
    assertThat(t.chosen()).isEqualTo("PRIMARY KEY (email)");
    assertThat(t.patterns()).isEmpty();
    assertThat(t.reasons()).anyMatch(r -> r.contains("the table is there for the claim"));
    assertThat(decision(p, "unique User.email").chosen())
        .isEqualTo("claimed by INSERT INTO user_by_email … IF NOT EXISTS");
  }

  @Test
  void anInsertWithoutACondition_isNotClaimed_andTheDecisionSaysWhy() {
    String text = USERS.replace("insert: User if not exists", "insert: User");
    Proposal p = new CassandraDesigner(StoreId.CASSANDRA).propose(read(text), "users.cql");
    Proposal.Decision d = decision(p, "unique User.email");
    assertThat(d.chosen()).isEqualTo("not claimed");
    assertThat(d.reasons().get(1))
        .startsWith("sign-up inserts User without a condition, so two rows can share one email")
        .contains("the design does not rewrite the workload's patterns");
    assertThat(p.requests().get("sign-up")).doesNotContain("IF NOT EXISTS");
    assertThat(p.findings()).noneMatch(f -> f.rule().startsWith("Lwt"));
  }

  @Test
  void nothingUnique_noUniquenessDecision() {
    String text = USERS.replace(", unique: true", "");
    Proposal p = new CassandraDesigner(StoreId.CASSANDRA).propose(read(text), "users.cql");
    assertThat(p.decisions()).noneMatch(d -> d.target().startsWith("unique "));
    // Without uniqueness the email table keeps the key as clustering, one row a user.
    assertThat(decision(p, "user_by_email").chosen()).isEqualTo("PRIMARY KEY (email, user_id)");
  }

  @Test
  void residency_isAConstraintNotMet() {
    // One keyspace (one table) holds every row wherever its replicas are: the places the model
    // asks rows to stay in are not kept. The model's requirement is not met, and the proposal
    // says so rather than staying silent.
    Proposal p =
        new CassandraDesigner(StoreId.CASSANDRA)
            .propose(DesignWorkloads.input(DesignWorkloads.GLOBAL_SHOP), "global.cql");
    assertThat(p.unmet())
        .singleElement()
        .satisfies(u -> assertThat(u).startsWith("residency (Customer.region, Order.region): "));
    // So the verdict does not take it, however cheap.
    assertThat(p.passes()).isFalse();
  }
}
