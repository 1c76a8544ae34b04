package dev.keyplan.cassandra.emit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.cassandra.cql.CqlParser;
import dev.keyplan.cassandra.cql.CqlSchema;
import dev.keyplan.cassandra.cql.UserType;
import org.junit.jupiter.api.Test;

/**
 * {@code emit cql} writes everything keyplan read: types in dependency order, index classes and
 * options, every table and view option, quoted names; and the text parses back to the same schema.
 * The live counterpart, against Cassandra 5.0.6, is CqlRoundTripLiveTest in keyplan-verify.
 */
final class CqlEmitterTest {

  /**
   * A hotel keyspace shaped like the Apache Cassandra docs' one, with types that use each other:
   * contact uses phone, and ALTER TYPE makes address (declared before contact) use contact.
   */
  private static final String HOTEL =
      """
      CREATE KEYSPACE hotel WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};
      CREATE TYPE hotel.phone (country_code int, number text);
      CREATE TYPE hotel.address (street text, city text);
      CREATE TYPE hotel.contact (name text, phones list<frozen<phone>>);
      CREATE TYPE hotel.amenity (name text);
      CREATE TYPE hotel.unused (x int);
      ALTER TYPE hotel.address ADD front_desk frozen<contact>;
      CREATE TABLE hotel.hotels (id text PRIMARY KEY, address frozen<address>,
        amenities frozen<set<frozen<amenity>>>, attrs map<text, text>, ratings frozen<list<int>>,
        pois set<text>);
      CREATE INDEX ON hotel.hotels (pois);
      CREATE INDEX hotels_attr_keys ON hotel.hotels (keys(attrs));
      CREATE INDEX hotels_attr_entries ON hotel.hotels (entries(attrs));
      CREATE INDEX hotels_ratings_full ON hotel.hotels (full(ratings));
      """;

  @Test
  void types_comeBeforeWhatUsesThem_evenWhenAlterTypeReversedTheFileOrder() {
    CqlSchema schema = CqlParser.parse("hotel.cql", HOTEL);

    // address uses contact, which uses phone: phone, contact, address; amenity after them in
    // file order. "unused" is used by no table, so a table-driven emit leaves it out.
    assertThat(CqlEmitter.typesInOrder(schema, schema.tables()))
        .extracting(UserType::name)
        .containsExactly("phone", "contact", "address", "amenity");
    assertThat(CqlEmitter.schema(schema))
        .contains(
            """
            CREATE TYPE IF NOT EXISTS hotel.contact (
              name text,
              phones list<frozen<phone>>
            );
            CREATE TYPE IF NOT EXISTS hotel.address (
              street text,
              city text,
              front_desk frozen<contact>
            );
            """);
  }

  @Test
  void indexes_keepTheirTargetClassAndOptions() {
    CqlSchema schema =
        CqlParser.parse(
            "videos.cql",
            HOTEL
                + """
                CREATE TABLE app.videos (id uuid PRIMARY KEY, name text, emb vector<float, 3>);
                CREATE INDEX name_sai ON app.videos (name) USING 'sai'
                  WITH OPTIONS = {'case_sensitive': 'false', 'normalize': 'true'};
                CREATE CUSTOM INDEX emb_ann ON app.videos (emb) USING 'StorageAttachedIndex'
                  WITH OPTIONS = {'similarity_function': 'COSINE'};
                CREATE CUSTOM INDEX name_sasi ON app.videos (name)
                  USING 'org.apache.cassandra.index.sasi.SASIIndex'
                  WITH OPTIONS = {'mode': 'CONTAINS', 'case_sensitive': 'false'};
                CREATE INDEX name_2i ON app.videos (name) USING 'legacy_local_table';
                """);

    // A plain index on the set pois is values(pois), Cassandra's reading; a class is written
    // with CREATE CUSTOM INDEX as Cassandra 5.0.6's DESCRIBE writes it, except the legacy one.
    assertThat(CqlEmitter.schema(schema))
        .contains(
            """
            CREATE INDEX IF NOT EXISTS hotels_pois_idx ON hotel.hotels (values(pois));
            CREATE INDEX IF NOT EXISTS hotels_attr_keys ON hotel.hotels (keys(attrs));
            CREATE INDEX IF NOT EXISTS hotels_attr_entries ON hotel.hotels (entries(attrs));
            CREATE INDEX IF NOT EXISTS hotels_ratings_full ON hotel.hotels (full(ratings));
            """)
        .contains(
            """
            CREATE CUSTOM INDEX IF NOT EXISTS name_sai ON app.videos (name) USING 'sai' \
            WITH OPTIONS = {'case_sensitive': 'false', 'normalize': 'true'};
            CREATE CUSTOM INDEX IF NOT EXISTS emb_ann ON app.videos (emb) \
            USING 'StorageAttachedIndex' WITH OPTIONS = {'similarity_function': 'COSINE'};
            CREATE CUSTOM INDEX IF NOT EXISTS name_sasi ON app.videos (name) \
            USING 'org.apache.cassandra.index.sasi.SASIIndex' \
            WITH OPTIONS = {'mode': 'CONTAINS', 'case_sensitive': 'false'};
            CREATE INDEX IF NOT EXISTS name_2i ON app.videos (name) USING 'legacy_local_table';
            """);
  }

  @Test
  void mixedCaseAndReservedNames_areQuoted_plainNamesAreNot() {
    CqlSchema schema =
        CqlParser.parse(
            "quoted.cql",
            """
            CREATE KEYSPACE "Shop" WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};
            CREATE TYPE "Shop"."GeoPoint" ("Lat" double, lon double);
            CREATE TABLE "Shop"."Orders" ("OrderId" uuid, "order" int, key text, "where" text,
              at frozen<"GeoPoint">, PRIMARY KEY ("OrderId", "order"))
              WITH CLUSTERING ORDER BY ("order" DESC);
            CREATE INDEX "ByWhere" ON "Shop"."Orders" ("where");
            """);

    // "order" and "where" are reserved in Cassandra 5.0.6; key is a keyword but not reserved.
    assertThat(CqlEmitter.schema(schema))
        .isEqualTo(
            """
            CREATE KEYSPACE IF NOT EXISTS "Shop" WITH replication = {'class': 'SimpleStrategy', \
            'replication_factor': '1'} AND durable_writes = true;
            CREATE TYPE IF NOT EXISTS "Shop"."GeoPoint" (
              "Lat" double,
              lon double
            );
            CREATE TABLE IF NOT EXISTS "Shop"."Orders" (
              "OrderId" uuid,
              "order" int,
              key text,
              "where" text,
              at frozen<"GeoPoint">,
              PRIMARY KEY ("OrderId", "order")
            ) WITH CLUSTERING ORDER BY ("order" DESC);
            CREATE INDEX IF NOT EXISTS "ByWhere" ON "Shop"."Orders" ("where");
            """);
  }

  @Test
  void everyTableAndViewOption_isWrittenAsRead() {
    CqlSchema schema =
        CqlParser.parse(
            "options.cql",
            """
            CREATE TABLE ks.t (id int, ts int, body text, PRIMARY KEY (id, ts))
              WITH CLUSTERING ORDER BY (ts DESC)
              AND additional_write_policy = '99p' AND allow_auto_snapshot = true
              AND bloom_filter_fp_chance = 0.01
              AND caching = {'keys': 'ALL', 'rows_per_partition': 'NONE'} AND cdc = false
              AND comment = 'it''s here' AND compaction = {'class': 'LeveledCompactionStrategy'}
              AND crc_check_chance = 1.0 AND default_time_to_live = 60 AND extensions = {}
              AND read_repair = 'BLOCKING' AND speculative_retry = '99p';
            CREATE MATERIALIZED VIEW ks.v AS SELECT id, ts, body FROM ks.t
              WHERE body IS NOT NULL AND id IS NOT NULL AND ts IS NOT NULL
              PRIMARY KEY (body, id, ts) WITH CLUSTERING ORDER BY (id ASC, ts DESC)
              AND comment = 'by body' AND gc_grace_seconds = 3600;
            """);

    assertThat(CqlEmitter.schema(schema))
        .contains(
            """
            ) WITH CLUSTERING ORDER BY (ts DESC)
              AND additional_write_policy = '99p'
              AND allow_auto_snapshot = true
              AND bloom_filter_fp_chance = 0.01
              AND caching = {'keys': 'ALL', 'rows_per_partition': 'NONE'}
              AND cdc = false
              AND comment = 'it''s here'
              AND compaction = {'class': 'LeveledCompactionStrategy'}
              AND crc_check_chance = 1.0
              AND default_time_to_live = 60
              AND extensions = {}
              AND read_repair = 'BLOCKING'
              AND speculative_retry = '99p';
            """)
        .endsWith(
            """
            CREATE MATERIALIZED VIEW IF NOT EXISTS ks.v AS
              SELECT id, ts, body FROM ks.t
              WHERE body IS NOT NULL AND id IS NOT NULL AND ts IS NOT NULL
              PRIMARY KEY (body, id, ts) WITH CLUSTERING ORDER BY (id ASC, ts DESC)
              AND comment = 'by body'
              AND gc_grace_seconds = 3600;
            """);
  }

  @Test
  void emittedSchema_parsesBackToTheSameRecords() {
    String source =
        HOTEL
            + """
            CREATE TABLE "Shop"."Orders" ("OrderId" uuid, "order" int, note varchar STATIC,
              PRIMARY KEY (("OrderId"), "order")) WITH CLUSTERING ORDER BY ("order" DESC)
              AND comment = 'it''s' AND compaction = {'class': 'LeveledCompactionStrategy'};
            CREATE INDEX name_sai ON "Shop"."Orders" (note) USING 'sai'
              WITH OPTIONS = {'case_sensitive': 'false'};
            """;
    CqlSchema read = CqlParser.parse("source.cql", source);
    CqlSchema reread = CqlParser.parse("emitted.cql", CqlEmitter.schema(read));

    // Equal in everything but where each name was written: the records' text without locations.
    assertThat(withoutLocations(reread.tables())).isEqualTo(withoutLocations(read.tables()));
    assertThat(withoutLocations(reread.indexes())).isEqualTo(withoutLocations(read.indexes()));
    assertThat(withoutLocations(reread.types()))
        .isEqualTo(withoutLocations(CqlEmitter.typesInOrder(read, read.tables())));
    assertThat(withoutLocations(reread.keyspaces())).isEqualTo(withoutLocations(read.keyspaces()));
  }

  /** A record list's text with every {@code location=file:line:column} taken out. */
  private static String withoutLocations(Object records) {
    return records.toString().replaceAll("location=[^,\\]]*", "");
  }
}
