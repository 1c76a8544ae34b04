package dev.keyplan.cassandra.cql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.keyplan.input.Location;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Reading well-formed schemas: the seed tables, the docs' hotel schema and DESCRIBE output. */
final class CqlParserTest {

  /** The seed tables, one CQL line per source line pair ({@code \} joins them). */
  private static final String SEED_TABLES =
      """
      CREATE TABLE messages_by_channel (channel_id bigint, bucket int, message_id bigint, \
      author_id bigint, body text,
        PRIMARY KEY ((channel_id, bucket), message_id)) WITH CLUSTERING ORDER BY \
      (message_id DESC);
      CREATE TABLE sensor_readings_by_sensor (sensor_id UUID, day DATE, recorded_at TIMESTAMP, \
      value DOUBLE, unit TEXT,
        PRIMARY KEY ((sensor_id, day), recorded_at)) WITH CLUSTERING ORDER BY \
      (recorded_at DESC) AND default_time_to_live = 2592000;
      CREATE TABLE order_counts_by_user (user_id UUID PRIMARY KEY, total COUNTER);
      """;

  /**
   * The hotel schema of the Apache Cassandra data modelling guide
   * (https://cassandra.apache.org/doc/latest/cassandra/developing/data-modeling/
   * data-modeling_schema.html), which comes from "Cassandra: The Definitive Guide".
   */
  private static final String HOTEL =
      """
      CREATE KEYSPACE hotel WITH replication =
        {'class': 'SimpleStrategy', 'replication_factor' : 3};

      CREATE TYPE hotel.address (
        street text,
        city text,
        state_or_province text,
        postal_code text,
        country text );

      CREATE TABLE hotel.hotels_by_poi (
        poi_name text,
        hotel_id text,
        name text,
        phone text,
        address frozen<address>,
        PRIMARY KEY ((poi_name), hotel_id) )
        WITH comment = 'Q1. Find hotels near given poi'
        AND CLUSTERING ORDER BY (hotel_id ASC) ;

      CREATE TABLE hotel.hotels (
        id text PRIMARY KEY,
        name text,
        phone text,
        address frozen<address>,
        pois set<text> )
        WITH comment = 'Q2. Find information about a hotel';

      CREATE TABLE hotel.pois_by_hotel (
        poi_name text,
        hotel_id text,
        description text,
        PRIMARY KEY ((hotel_id), poi_name) )
        WITH comment = 'Q3. Find pois near a hotel';

      CREATE TABLE hotel.available_rooms_by_hotel_date (
        hotel_id text,
        date date,
        room_number smallint,
        is_available boolean,
        PRIMARY KEY ((hotel_id), date, room_number) )
        WITH comment = 'Q4. Find available rooms by hotel date';

      CREATE TABLE hotel.amenities_by_room (
        hotel_id text,
        room_number smallint,
        amenity_name text,
        description text,
        PRIMARY KEY ((hotel_id, room_number), amenity_name) )
        WITH comment = 'Q5. Find amenities for a room';
      """;

  @Test
  void seedTables_parsed_keysTypesAndTtl() {
    CqlSchema schema = CqlParser.parse("seed.cql", SEED_TABLES);

    assertThat(schema.tables())
        .extracting(CqlTable::name)
        .containsExactly(
            "messages_by_channel", "sensor_readings_by_sensor", "order_counts_by_user");
    CqlTable messages = schema.table("messages_by_channel").orElseThrow();
    assertThat(messages.keyspace()).isNull();
    assertThat(messages.partitionKey()).containsExactly("channel_id", "bucket");
    assertThat(messages.clustering()).containsExactly(new ClusteringColumn("message_id", true));
    assertThat(messages.regularColumns())
        .extracting(Column::name)
        .containsExactly("author_id", "body");
    assertThat(messages.column("body").orElseThrow().type()).isEqualTo(CqlType.of("text"));
    assertThat(messages.defaultTimeToLiveSeconds()).isZero();
    assertThat(messages.gcGraceSeconds()).isEqualTo(864_000L);
    assertThat(messages.location()).isEqualTo(new Location("seed.cql", 1, 14));
    assertThat(messages.locationOf("bucket")).isEqualTo(new Location("seed.cql", 1, 54));

    CqlTable sensors = schema.table("sensor_readings_by_sensor").orElseThrow();
    assertThat(sensors.partitionKey()).containsExactly("sensor_id", "day");
    assertThat(sensors.column("day").orElseThrow().type().name()).isEqualTo("date");
    assertThat(sensors.column("sensor_id").orElseThrow().type().fixedSize()).hasValue(16);
    assertThat(sensors.defaultTimeToLiveSeconds()).isEqualTo(2_592_000L);
    assertThat(sensors.options()).containsEntry("default_time_to_live", "2592000");

    CqlTable counts = schema.table("order_counts_by_user").orElseThrow();
    assertThat(counts.partitionKey()).containsExactly("user_id");
    assertThat(counts.clustering()).isEmpty();
    assertThat(counts.isCounterTable()).isTrue();
    assertThat(messages.isCounterTable()).isFalse();
  }

  @Test
  void hotelSchema_fromCassandraDocs_keyspaceUdtAndCompositeKeys() {
    CqlSchema schema = CqlParser.parse("hotel.cql", HOTEL);

    CqlKeyspace hotel = schema.keyspace("hotel").orElseThrow();
    assertThat(hotel.strategyClass()).isEqualTo("SimpleStrategy");
    assertThat(hotel.replication()).containsExactly(Map.entry("replication_factor", 3));
    assertThat(hotel.totalReplicas()).isEqualTo(3);
    assertThat(hotel.replicasIn("any-dc")).isEqualTo(3);
    assertThat(hotel.durableWrites()).isTrue();

    UserType address = schema.types().get(0);
    assertThat(address.keyspace()).isEqualTo("hotel");
    assertThat(address.fields())
        .containsOnlyKeys("street", "city", "state_or_province", "postal_code", "country");

    CqlTable byPoi = schema.table("hotels_by_poi").orElseThrow();
    assertThat(byPoi.keyspace()).isEqualTo("hotel");
    assertThat(byPoi.partitionKey()).containsExactly("poi_name");
    assertThat(byPoi.clustering()).containsExactly(new ClusteringColumn("hotel_id", false));
    CqlType addressType = byPoi.column("address").orElseThrow().type();
    assertThat(addressType.isFrozen()).isTrue();
    assertThat(addressType.unfrozen().isUserType()).isTrue();
    assertThat(addressType).hasToString("frozen<address>");
    assertThat(byPoi.options()).containsEntry("comment", "Q1. Find hotels near given poi");

    CqlTable rooms = schema.table("available_rooms_by_hotel_date").orElseThrow();
    assertThat(rooms.partitionKey()).containsExactly("hotel_id");
    assertThat(rooms.clustering())
        .extracting(ClusteringColumn::name)
        .containsExactly("date", "room_number");
    assertThat(rooms.column("room_number").orElseThrow().type().fixedSize()).hasValue(2);

    CqlTable amenities = schema.table("hotel.amenities_by_room").orElseThrow();
    assertThat(amenities.partitionKey()).containsExactly("hotel_id", "room_number");
    assertThat(amenities.clustering()).containsExactly(new ClusteringColumn("amenity_name", false));

    CqlTable hotels = schema.table("hotels").orElseThrow();
    assertThat(hotels.column("pois").orElseThrow().type().isCollection()).isTrue();
  }

  @Test
  void seedTables_lookedUpWithCqlCaseRules_findTables() {
    CqlSchema schema = CqlParser.parse("seed.cql", SEED_TABLES);

    assertThat(schema.table("MESSAGES_BY_CHANNEL")).isPresent();
    assertThat(schema.table("\"MESSAGES_BY_CHANNEL\"")).isEmpty();
    assertThat(schema.table("nope")).isEmpty();
    assertThat(schema.table("messages_by_channel").orElseThrow().column("Body")).isPresent();
  }

  @Test
  void quotedIdentifiers_keepCase_unquotedFold() {
    CqlSchema schema =
        CqlParser.parse(
            "q.cql",
            """
        CREATE TABLE "MyTable" ("UserId" uuid, Name TEXT, PRIMARY KEY ("UserId"));
        CREATE TABLE MyOther ("say ""hi""\" text PRIMARY KEY);
        """);

    CqlTable mine = schema.table("\"MyTable\"").orElseThrow();
    assertThat(mine.name()).isEqualTo("MyTable");
    assertThat(mine.partitionKey()).containsExactly("UserId");
    assertThat(mine.columns()).extracting(Column::name).containsExactly("UserId", "name");
    assertThat(schema.table("MyTable")).contains(mine);
    assertThat(schema.table("mytable")).isEmpty();
    assertThat(schema.table("myother").orElseThrow().partitionKey()).containsExactly("say \"hi\"");
  }

  @Test
  void use_setsKeyspaceOfFollowingNames_qualifiedNamesWin() {
    CqlSchema schema =
        CqlParser.parse(
            "use.cql",
            """
        CREATE TABLE before_use (id int PRIMARY KEY);
        USE shop;
        CREATE TABLE carts (id int PRIMARY KEY);
        CREATE TABLE other.items (id int PRIMARY KEY);
        USE "Billing";
        CREATE TABLE invoices (id int PRIMARY KEY);
        """);

    assertThat(schema.tables())
        .extracting(CqlTable::keyspace)
        .containsExactly(null, "shop", "other", "Billing");
    assertThat(schema.table("shop.carts")).isPresent();
    assertThat(schema.table("other.carts")).isEmpty();
    assertThat(schema.table("\"Billing\".invoices")).isPresent();
    assertThat(schema.table("shop", "carts")).isPresent();
  }

  @Test
  void networkTopologyStrategy_fullClassNameAndQuotedFactors_perDataCentre() {
    CqlSchema schema =
        CqlParser.parse(
            "ks.cql",
            """
        CREATE KEYSPACE IF NOT EXISTS chat WITH replication = {'class':
          'org.apache.cassandra.locator.NetworkTopologyStrategy', 'eu-west': '3', 'us_east': 2}
          AND durable_writes = false;
        CREATE KEYSPACE scylla WITH replication = {'class': 'NetworkTopologyStrategy',
          'dc1': '3'} AND durable_writes = true AND tablets = {'enabled': false};
        CREATE KEYSPACE transient WITH replication = {'class': 'NetworkTopologyStrategy',
          'dc1': '5/2'};
        """);

    CqlKeyspace chat = schema.keyspace("chat").orElseThrow();
    assertThat(chat.strategyClass()).isEqualTo("NetworkTopologyStrategy");
    assertThat(chat.replication())
        .containsExactly(Map.entry("eu-west", 3), Map.entry("us_east", 2));
    assertThat(chat.totalReplicas()).isEqualTo(5);
    assertThat(chat.replicasIn("us_east")).isEqualTo(2);
    assertThat(chat.replicasIn("elsewhere")).isZero();
    assertThat(chat.durableWrites()).isFalse();
    assertThat(schema.keyspace("scylla").orElseThrow().totalReplicas()).isEqualTo(3);
    assertThat(schema.keyspace("transient").orElseThrow().replicasIn("dc1")).isEqualTo(5);
  }

  @Test
  void columnKinds_collectionsTuplesVectorsStaticsAndUdts_parsed() {
    CqlSchema schema =
        CqlParser.parse(
            "types.cql",
            """
        CREATE TYPE ks.point (x double, y double);
        CREATE TABLE ks.things (
          id uuid,
          seq int,
          owner text static,
          tags set<text>,
          scores map<text, int>,
          history list<frozen<list<text>>>,
          pair tuple<int, text>,
          embedding vector<float, 3>,
          place frozen<ks.point>,
          loose point,
          raw blob,
          PRIMARY KEY (id, seq)
        );
        """);

    CqlTable things = schema.table("things").orElseThrow();
    assertThat(things.staticColumns()).extracting(Column::name).containsExactly("owner");
    assertThat(things.regularColumns())
        .extracting(Column::name)
        .containsExactly("tags", "scores", "history", "pair", "embedding", "place", "loose", "raw");
    assertThat(type(things, "scores")).hasToString("map<text, int>");
    assertThat(type(things, "history")).hasToString("list<frozen<list<text>>>");
    assertThat(type(things, "pair")).hasToString("tuple<int, text>");
    assertThat(type(things, "embedding")).hasToString("vector<float, 3>");
    assertThat(type(things, "embedding").vectorDimension()).hasValue(3);
    assertThat(type(things, "embedding").fixedSize()).hasValue(12);
    assertThat(type(things, "place")).isEqualTo(CqlType.of("frozen", CqlType.of("point")));
    assertThat(type(things, "loose").isUserType()).isTrue();
    assertThat(type(things, "tags").isCollection()).isTrue();
    assertThat(type(things, "pair").isCollection()).isFalse();
  }

  @Test
  void describeKeyspace_cassandra50Output_readsTablesIndexesAndViews() {
    CqlSchema schema = CqlParser.parse("describe.cql", DescribeFixtures.CASSANDRA_50_KEYSPACE);

    CqlKeyspace chat = schema.keyspace("chat").orElseThrow();
    assertThat(chat.strategyClass()).isEqualTo("NetworkTopologyStrategy");
    assertThat(chat.replication()).containsExactly(Map.entry("dc1", 3), Map.entry("dc2", 2));
    assertThat(schema.types()).extracting(UserType::name).containsExactly("attachment");

    CqlTable messages = schema.table("messages_by_channel").orElseThrow();
    assertThat(messages.keyspace()).isEqualTo("chat");
    assertThat(messages.partitionKey()).containsExactly("channel_id", "bucket");
    assertThat(messages.clustering()).containsExactly(new ClusteringColumn("message_id", true));
    assertThat(type(messages, "attachments")).hasToString("list<frozen<attachment>>");
    assertThat(messages.options())
        .containsEntry("additional_write_policy", "99p")
        .containsEntry("bloom_filter_fp_chance", "0.01")
        .containsEntry("caching", "{'keys': 'ALL', 'rows_per_partition': 'NONE'}")
        .containsEntry("comment", "")
        .containsEntry("extensions", "{}")
        .containsEntry("memtable", "default")
        .containsEntry("read_repair", "BLOCKING")
        .containsEntry("cdc", "false");
    assertThat(messages.options()).hasSize(19);
    assertThat(messages.gcGraceSeconds()).isEqualTo(864_000L);
    assertThat(messages.defaultTimeToLiveSeconds()).isZero();

    CqlTable channels = schema.table("channels").orElseThrow();
    assertThat(channels.staticColumns()).extracting(Column::name).containsExactly("topic");
    assertThat(channels.gcGraceSeconds()).isEqualTo(3600L);

    assertThat(schema.table("reactions_by_message").orElseThrow().isCounterTable()).isTrue();

    assertThat(schema.indexes())
        .extracting(SecondaryIndex::name, SecondaryIndex::kind)
        .containsExactly(
            tuple("channels_owner_idx", SecondaryIndex.Kind.LEGACY),
            tuple("messages_by_channel_author_id_idx", SecondaryIndex.Kind.SAI),
            tuple("messages_body_sai", SecondaryIndex.Kind.SAI));
    assertThat(schema.indexesOn("messages_by_channel"))
        .extracting(SecondaryIndex::column)
        .containsExactly("author_id", "body");

    MaterializedView byAuthor = schema.views().get(0);
    assertThat(byAuthor.name()).isEqualTo("messages_by_author");
    assertThat(byAuthor.keyspace()).isEqualTo("chat");
    assertThat(byAuthor.baseTable()).isEqualTo("messages_by_channel");
    CqlTable viewTable = schema.table("messages_by_author").orElseThrow();
    assertThat(viewTable).isSameAs(byAuthor.asTable());
    assertThat(viewTable.viewOf()).isEqualTo(Optional.of("messages_by_channel"));
    assertThat(viewTable.partitionKey()).containsExactly("author_id");
    assertThat(viewTable.clustering())
        .containsExactly(
            new ClusteringColumn("channel_id", false),
            new ClusteringColumn("bucket", false),
            new ClusteringColumn("message_id", true));
    assertThat(viewTable.columns())
        .extracting(Column::name)
        .containsExactlyElementsOf(messages.columns().stream().map(Column::name).toList());
    assertThat(viewTable.column("body").orElseThrow().type()).isEqualTo(CqlType.of("text"));
  }

  @Test
  void describeSchema_scyllaOutput_acceptsScyllaOptions() {
    CqlSchema schema = CqlParser.parse("scylla.cql", DescribeFixtures.SCYLLA_KEYSPACE);

    CqlKeyspace ks = schema.keyspace("metrics").orElseThrow();
    assertThat(ks.replicasIn("datacenter1")).isEqualTo(3);
    CqlTable readings = schema.table("readings").orElseThrow();
    assertThat(readings.options())
        .containsEntry("cdc", "{'enabled': false}")
        .containsEntry(
            "tombstone_gc", "{'mode': 'timeout', 'propagation_delay_in_seconds': '3600'}");
    assertThat(readings.defaultTimeToLiveSeconds()).isEqualTo(604_800L);
    assertThat(schema.indexes())
        .extracting(SecondaryIndex::name, SecondaryIndex::column)
        .containsExactly(tuple("readings_unit_idx", "unit"), tuple("readings_local_idx", "value"));
  }

  @Test
  void view_withColumnList_takesBaseTypesAndSelectLocations() {
    CqlSchema schema =
        CqlParser.parse(
            "mv.cql",
            """
        CREATE TABLE ks.users (id uuid PRIMARY KEY, email text, name text, age int);
        CREATE MATERIALIZED VIEW IF NOT EXISTS ks.users_by_email AS
          SELECT email, id, name FROM ks.users
          WHERE email IS NOT NULL AND id IS NOT NULL AND (name) IS NOT NULL
          PRIMARY KEY ((email), id) WITH CLUSTERING ORDER BY (id DESC) AND comment = 'lookup';
        """);

    CqlTable view = schema.view("users_by_email").orElseThrow().asTable();
    assertThat(view.columns()).extracting(Column::name).containsExactly("email", "id", "name");
    assertThat(view.column("id").orElseThrow().type()).isEqualTo(CqlType.of("uuid"));
    assertThat(view.locationOf("email")).isEqualTo(new Location("mv.cql", 3, 10));
    assertThat(view.partitionKey()).containsExactly("email");
    assertThat(view.clustering()).containsExactly(new ClusteringColumn("id", true));
    assertThat(view.options()).containsEntry("comment", "lookup");
    assertThat(schema.tables()).hasSize(1);
    assertThat(schema.allTables()).hasSize(2);
  }

  @Test
  void aViewWithoutClusteringOrder_takesItsBaseTablesDirections() {
    // Measured on Cassandra 5.0.6 (the emit round trip): a view clustered by the base's ts DESC
    // with no CLUSTERING ORDER of its own is described as ts DESC; a column the base does not
    // cluster by (kind) stays ascending.
    CqlSchema schema =
        CqlParser.parse(
            "mv.cql",
            """
        CREATE TABLE ks.events (device uuid, ts timestamp, kind text, PRIMARY KEY ((device), ts))
          WITH CLUSTERING ORDER BY (ts DESC);
        CREATE MATERIALIZED VIEW ks.events_by_kind AS SELECT * FROM ks.events
          WHERE kind IS NOT NULL AND device IS NOT NULL AND ts IS NOT NULL
          PRIMARY KEY ((device), kind, ts);
        """);
    assertThat(schema.view("events_by_kind").orElseThrow().asTable().clustering())
        .containsExactly(new ClusteringColumn("kind", false), new ClusteringColumn("ts", true));
  }

  @Test
  void indexes_allTargetsAndClasses_kindsColumnsAndGeneratedNames() {
    CqlSchema schema =
        CqlParser.parse(
            "idx.cql",
            """
        USE shop;
        CREATE TABLE products (id uuid, v int, tags set<text>, attrs map<text, text>,
          dims frozen<list<int>>, title text, PRIMARY KEY (id, v));
        CREATE INDEX ON products (tags);
        CREATE INDEX ON products (values(tags));
        CREATE INDEX attr_keys ON products (KEYS(attrs));
        CREATE INDEX IF NOT EXISTS attr_entries ON shop.products (entries(attrs));
        CREATE INDEX dims_full ON products (full(dims));
        CREATE INDEX title_sai ON products (title) USING 'sai';
        CREATE CUSTOM INDEX title_sai_fq ON products (title)
          USING 'org.apache.cassandra.index.sai.StorageAttachedIndex'
          WITH OPTIONS = {'case_sensitive': 'false', 'normalize': 'true'};
        CREATE CUSTOM INDEX title_sasi ON products (title)
          USING 'org.apache.cassandra.index.sasi.SASIIndex' WITH OPTIONS = {'mode': 'CONTAINS'};
        CREATE INDEX v_idx ON products (v) USING 'legacy_local_table';
        """);

    assertThat(schema.indexes())
        .extracting(SecondaryIndex::name, SecondaryIndex::column, SecondaryIndex::kind)
        .containsExactly(
            tuple("products_tags_idx", "tags", SecondaryIndex.Kind.LEGACY),
            tuple("products_tags_idx_1", "tags", SecondaryIndex.Kind.LEGACY),
            tuple("attr_keys", "attrs", SecondaryIndex.Kind.LEGACY),
            tuple("attr_entries", "attrs", SecondaryIndex.Kind.LEGACY),
            tuple("dims_full", "dims", SecondaryIndex.Kind.LEGACY),
            tuple("title_sai", "title", SecondaryIndex.Kind.SAI),
            tuple("title_sai_fq", "title", SecondaryIndex.Kind.SAI),
            tuple("title_sasi", "title", SecondaryIndex.Kind.CUSTOM),
            tuple("v_idx", "v", SecondaryIndex.Kind.LEGACY));
    assertThat(schema.indexes())
        .allSatisfy(
            i -> {
              assertThat(i.keyspace()).isEqualTo("shop");
              assertThat(i.table()).isEqualTo("products");
            });
    assertThat(schema.indexes().get(2).location()).isEqualTo(new Location("idx.cql", 6, 14));
  }

  @Test
  void indexes_keepTheirTargetForm_classAsWritten_andOptions() {
    // Issue 15 §2: `emit cql` lost SAI's case_sensitive/normalize, the vector index's
    // similarity_function and SASI's mode, because the parser dropped WITH OPTIONS. A plain
    // target on a non-frozen collection is values(...): Cassandra 5.0.6, given
    // CREATE INDEX ON t (tags) on a set<text>, DESCRIBEs it as values(tags) (checked on the
    // server, see CqlRoundTripLiveTest).
    CqlSchema schema =
        CqlParser.parse(
            "idx.cql",
            """
        CREATE TABLE app.videos (id uuid PRIMARY KEY, tags set<text>, attrs map<text, text>,
          dims frozen<list<int>>, name text, emb vector<float, 3>);
        CREATE INDEX ON app.videos (tags);
        CREATE INDEX attr_keys ON app.videos (keys(attrs));
        CREATE INDEX attr_values ON app.videos (attrs);
        CREATE INDEX attr_entries ON app.videos (ENTRIES(attrs));
        CREATE INDEX dims_full ON app.videos (full(dims));
        CREATE INDEX name_sai ON app.videos (name) USING 'sai'
          WITH OPTIONS = {'case_sensitive': 'false', 'normalize': 'true', 'ascii': 'true'};
        CREATE CUSTOM INDEX emb_ann ON app.videos (emb) USING 'StorageAttachedIndex'
          WITH OPTIONS = {'similarity_function': 'COSINE'};
        CREATE CUSTOM INDEX name_sasi ON app.videos (name)
          USING 'org.apache.cassandra.index.sasi.SASIIndex'
          WITH OPTIONS = {'mode': 'CONTAINS', 'analyzer_class':
            'org.apache.cassandra.index.sasi.analyzer.NonTokenizingAnalyzer'};
        CREATE INDEX name_2i ON app.videos (name);
        """);

    assertThat(schema.indexes())
        .extracting(SecondaryIndex::name, SecondaryIndex::target, SecondaryIndex::using)
        .containsExactly(
            tuple("videos_tags_idx", SecondaryIndex.Target.VALUES, Optional.empty()),
            tuple("attr_keys", SecondaryIndex.Target.KEYS, Optional.empty()),
            tuple("attr_values", SecondaryIndex.Target.VALUES, Optional.empty()),
            tuple("attr_entries", SecondaryIndex.Target.ENTRIES, Optional.empty()),
            tuple("dims_full", SecondaryIndex.Target.FULL, Optional.empty()),
            tuple("name_sai", SecondaryIndex.Target.COLUMN, Optional.of("sai")),
            tuple("emb_ann", SecondaryIndex.Target.COLUMN, Optional.of("StorageAttachedIndex")),
            tuple(
                "name_sasi",
                SecondaryIndex.Target.COLUMN,
                Optional.of("org.apache.cassandra.index.sasi.SASIIndex")),
            tuple("name_2i", SecondaryIndex.Target.COLUMN, Optional.empty()));
    assertThat(schema.indexes().get(5).options())
        .containsExactly(
            Map.entry("case_sensitive", "false"),
            Map.entry("normalize", "true"),
            Map.entry("ascii", "true"));
    assertThat(schema.indexes().get(6).options())
        .containsExactly(Map.entry("similarity_function", "COSINE"));
    assertThat(schema.indexes().get(7).options())
        .containsExactly(
            Map.entry("mode", "CONTAINS"),
            Map.entry(
                "analyzer_class",
                "org.apache.cassandra.index.sasi.analyzer.NonTokenizingAnalyzer"));
    assertThat(schema.indexes().get(8).options()).isEmpty();
  }

  @Test
  void renamingAnIndexedColumn_keepsTheIndexsTargetClassAndOptions() {
    CqlSchema schema =
        CqlParser.parse(
            "rename.cql",
            """
        CREATE TABLE ks.t (id int, v text, PRIMARY KEY (id, v));
        CREATE INDEX v_sai ON ks.t (v) USING 'sai' WITH OPTIONS = {'case_sensitive': 'false'};
        ALTER TABLE ks.t RENAME v TO w;
        """);

    SecondaryIndex i = schema.indexes().get(0);
    assertThat(i.column()).isEqualTo("w");
    assertThat(i.using()).contains("sai");
    assertThat(i.options()).containsExactly(Map.entry("case_sensitive", "false"));
  }

  @Test
  void ignoredStatements_functionsRolesGrantsAndDml_skippedSafely() {
    // DataStax Enterprise's DESCRIBE also prints its search indexes (CREATE SEARCH INDEX … WITH
    // COLUMNS …), and its scripts reload, rebuild and commit them: none shapes a key.
    CqlSchema schema =
        CqlParser.parse(
            "skip.cql",
            """
        CREATE OR REPLACE FUNCTION ks.fLog (input double)
            CALLED ON NULL INPUT
            RETURNS double LANGUAGE java
            AS $$ return Double.valueOf(Math.log(input.doubleValue())); $$;
        CREATE FUNCTION ks.semi(a text) RETURNS NULL ON NULL INPUT RETURNS text
            LANGUAGE java AS 'return a + ";";';
        CREATE AGGREGATE ks.average(int) SFUNC avgState STYPE tuple<int,bigint>
            FINALFUNC avgFinal INITCOND (0,0);
        CREATE ROLE IF NOT EXISTS app WITH PASSWORD = 'p@ss;word' AND LOGIN = true;
        GRANT SELECT ON KEYSPACE ks TO app;
        CREATE TRIGGER audit ON ks.t USING 'org.example.Audit';
        CREATE SEARCH INDEX IF NOT EXISTS ON ks.t WITH COLUMNS v { docValues : true };
        ALTER SEARCH INDEX SCHEMA ON ks.t ADD fields.field[@name='v2'];
        RELOAD SEARCH INDEX ON ks.t;
        REBUILD SEARCH INDEX ON ks.t;
        COMMIT SEARCH INDEX ON ks.t;
        DROP SEARCH INDEX ON ks.t;
        INSERT INTO ks.t (id) VALUES (1);
        BEGIN BATCH
          UPDATE ks.t SET v = 'x' WHERE id = 1;
        APPLY BATCH;
        ALTER ROLE app WITH LOGIN = false;
        DROP FUNCTION IF EXISTS ks.fLog;
        CONSISTENCY QUORUM
        DESCRIBE KEYSPACE ks
        CREATE TABLE ks.t (id int PRIMARY KEY, v text);
        """);

    assertThat(schema.tables()).extracting(CqlTable::name).containsExactly("t");
  }

  @Test
  void comments_crlfAndTabs_positionsCountLinesAndCharacters() {
    String text =
        "-- a comment\r\n"
            + "/* block\r\n comment */ // trailing\r\n"
            + "CREATE TABLE\tt (\r\n"
            + "\tid int PRIMARY KEY, -- the key\r\n"
            + "\tv text\r\n"
            + ");\r\n";

    CqlTable t = CqlParser.parse("crlf.cql", text).table("t").orElseThrow();

    assertThat(t.location()).isEqualTo(new Location("crlf.cql", 4, 14));
    assertThat(t.locationOf("id")).isEqualTo(new Location("crlf.cql", 5, 2));
    assertThat(t.locationOf("v")).isEqualTo(new Location("crlf.cql", 6, 2));
  }

  @Test
  void tableOptions_everyValueKind_keptAsWritten() {
    CqlTable t =
        CqlParser.parse(
                "opts.cql",
                """
        CREATE TABLE t (id int PRIMARY KEY) WITH ID = 5a1c395e-b41f-11e5-9f22-ba0be0483c18
          AND comment = 'it''s here' AND crc_check_chance = 1.0 AND neg = -1
          AND extensions = {'ext1': 0x76616c31} AND cdc = TRUE AND COMPACT STORAGE
          AND speculative_retry = '99PERCENTILE' AND "Quoted" = 'q';
        """)
            .table("t")
            .orElseThrow();

    assertThat(t.options())
        .containsExactly(
            Map.entry("id", "5a1c395e-b41f-11e5-9f22-ba0be0483c18"),
            Map.entry("comment", "it's here"),
            Map.entry("crc_check_chance", "1.0"),
            Map.entry("neg", "-1"),
            Map.entry("extensions", "{'ext1': 0x76616c31}"),
            Map.entry("cdc", "TRUE"),
            Map.entry("speculative_retry", "99PERCENTILE"),
            Map.entry("Quoted", "q"));
  }

  @Test
  void alterAndDrop_appliedInFileOrder() {
    CqlSchema schema =
        CqlParser.parse(
            "alter.cql",
            """
        CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};
        CREATE TYPE ks.addr (street text);
        CREATE TABLE ks.users (id uuid, seq int, name text, old text, PRIMARY KEY (id, seq));
        ALTER TABLE ks.users ADD email text;
        ALTER TABLE ks.users ADD (nick text, since timestamp static);
        ALTER TABLE ks.users DROP old USING TIMESTAMP 10000;
        ALTER TABLE ks.users RENAME seq TO position;
        ALTER TABLE ks.users WITH default_time_to_live = 60 AND comment = 'people';
        ALTER KEYSPACE ks WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
        ALTER TYPE ks.addr ADD city text;
        CREATE TABLE ks.gone (id int PRIMARY KEY, v int);
        CREATE INDEX ON ks.gone (v);
        DROP TABLE IF EXISTS ks.gone;
        CREATE TABLE ks.gone (id int, v int, PRIMARY KEY (id, v));
        """);

    CqlTable users = schema.table("users").orElseThrow();
    assertThat(users.columns())
        .extracting(Column::name)
        .containsExactly("id", "position", "name", "email", "nick", "since");
    assertThat(users.clustering()).containsExactly(new ClusteringColumn("position", false));
    assertThat(users.staticColumns()).extracting(Column::name).containsExactly("since");
    assertThat(users.locationOf("email")).isEqualTo(new Location("alter.cql", 4, 26));
    assertThat(users.defaultTimeToLiveSeconds()).isEqualTo(60L);
    assertThat(users.options()).containsEntry("comment", "people");
    assertThat(schema.keyspace("ks").orElseThrow().replicasIn("dc1")).isEqualTo(3);
    assertThat(schema.types().get(0).fields()).containsOnlyKeys("street", "city");
    assertThat(schema.table("gone").orElseThrow().clustering()).hasSize(1);
    assertThat(schema.indexes()).isEmpty();
  }

  @Test
  void ifNotExists_secondCreate_keepsFirst() {
    CqlSchema schema =
        CqlParser.parse(
            "dup.cql",
            """
        CREATE TABLE t (id int PRIMARY KEY);
        CREATE TABLE IF NOT EXISTS t (id text PRIMARY KEY, v text);
        """);

    assertThat(schema.tables()).hasSize(1);
    assertThat(schema.table("t").orElseThrow().columns()).hasSize(1);
  }

  @Test
  void maskedColumnsAndTrailingComma_cassandra50Syntax_accepted() {
    CqlTable t =
        CqlParser.parse(
                "mask.cql",
                """
        CREATE TABLE patients (
          id timeuuid PRIMARY KEY,
          name text MASKED WITH DEFAULT,
          ssn text MASKED WITH mask_inner(1, null),
          born date MASKED WITH system.mask_replace('1900-01-01'),
        );
        """)
            .table("patients")
            .orElseThrow();

    assertThat(t.columns()).extracting(Column::name).containsExactly("id", "name", "ssn", "born");
  }

  @Test
  void emptyFile_noStatements_emptySchema() {
    CqlSchema schema = CqlParser.parse("empty.cql", "\uFEFF  -- nothing here\n;\n");

    assertThat(schema.tables()).isEmpty();
    assertThat(schema.keyspaces()).isEmpty();
    assertThat(schema.indexesOn("t")).isEmpty();
  }

  private static CqlType type(CqlTable table, String column) {
    return table.column(column).orElseThrow().type();
  }
}
