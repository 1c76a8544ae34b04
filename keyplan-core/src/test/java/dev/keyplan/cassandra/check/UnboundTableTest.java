package dev.keyplan.cassandra.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * UnboundTable lists, as info, each table of the checked keyspaces that stores no entity of the
 * model: the model covers part of the keyspace, and the check goes on with the tables it does
 * store. The keyspace is shaped like the Apache Cassandra docs' hotel data model
 * (https://cassandra.apache.org/doc/latest/cassandra/developing/data-modeling/data-modeling_schema.html):
 * tables keyed by text ids, a frozen address UDT. The model here covers hotels only; the tables of
 * points of interest, room availability and amenities are left out.
 */
final class UnboundTableTest {
  private final RuleTester tester = RuleTester.of(UnboundTable.class);

  private static final String MODEL =
      """
      model: hotels
      horizon: 1y
      entities:
        Hotel:
          attributes:
            hotel_id: {type: text, size: 8B}
            name: {type: text, size: 30B}
            phone: {type: text, size: 12B}
            address: {type: frozen<address>, size: 60B}
          key: [hotel_id]
          count: 10k
      patterns:
        - id: hotel-by-id
          rate: 200/s
          query: Hotel where hotel_id = ?
      cassandra:
        schema: unused.cql
        tables:
          hotels: {entity: Hotel, columns: {id: hotel_id}}
      """;

  private static final String CQL =
      """
      CREATE KEYSPACE hotel WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3};
      CREATE TYPE hotel.address (street text, city text, state_or_province text, postal_code text, country text);
      CREATE TABLE hotel.hotels (id text PRIMARY KEY, name text, phone text, address frozen<address>);
      CREATE TABLE hotel.pois_by_hotel ( -- FINDING: UnboundTable [info]: table pois_by_hotel stores no entity of the model, so the check leaves it out (closest is Hotel, which lacks poi_name, description)
        hotel_id text, poi_name text, description text, PRIMARY KEY ((hotel_id), poi_name));
      CREATE TABLE hotel.available_rooms_by_hotel_date ( -- FINDING: UnboundTable [info]: which lacks date, room_number, is_available
        hotel_id text, date date, room_number smallint, is_available boolean,
        PRIMARY KEY ((hotel_id), date, room_number));
      CREATE TABLE hotel.amenities_by_room ( -- FINDING: UnboundTable [info]
        hotel_id text, room_number smallint, amenity_name text, description text,
        PRIMARY KEY ((hotel_id, room_number), amenity_name));
      """;

  @Test
  void tablesNoEntityStores_areInfoOnePerTable_andTheRestIsChecked() {
    // Before: the binder threw "table pois_by_hotel stores no entity of the model" as an input
    // error for each of the three tables, and nothing was checked.
    tester.model(MODEL).cql(CQL).expectMarkedFindings();
    // hotels stores Hotel through the column mapping, and the read is planned on it.
    var a = tester.analysis();
    assertThat(a.tables()).extracting(t -> t.name()).containsExactly("hotels");
    assertThat(a.plan("hotel-by-id").orElseThrow().tables()).containsExactly("hotels");
  }

  @Test
  void aTableTheModelNamesAndThatDoesNotFit_staysAnError() {
    // The model names pois_by_hotel as Hotel's table: its columns poi_name and description are
    // no attributes of Hotel, which is an input error at the column, not an info.
    String named =
        MODEL.replace(
            "    hotels: {entity: Hotel, columns: {id: hotel_id}}",
            "    hotels: {entity: Hotel, columns: {id: hotel_id}}\n    pois_by_hotel: Hotel");
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> RuleTester.withoutRule().model(named).cql(CQL).analysis())
        .hasMessageContaining("schema.cql:5:")
        .hasMessageContaining("column pois_by_hotel.poi_name is not an attribute of Hotel");
  }
}
