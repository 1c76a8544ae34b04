package dev.keyplan.cassandra.design;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.keyplan.check.RuleTester;
import dev.keyplan.input.InputException;
import org.junit.jupiter.api.Test;

/**
 * A model over two keyspaces of a real-looking schema, shaped like the Apache Cassandra docs' hotel
 * and reservation data model
 * (https://cassandra.apache.org/doc/latest/cassandra/developing/data-modeling/data-modeling_schema.html):
 * tables keyed by columns named {@code id} or {@code confirm_number} that hold the model's {@code
 * hotel_id} and {@code confirmation_number}, a frozen UDT column, and tables the model does not
 * describe. The schema and model below are written for this test, not copied.
 */
public final class HotelKeyspacesTest {
  /** The model over both keyspaces. */
  public static final String MODEL =
      """
      model: hotel-booking
      horizon: 1y
      entities:
        Hotel:
          attributes:
            hotel_id: {type: text, size: 8B}
            name: {type: text, size: 30B}
            phone: {type: text, size: 12B}
            address: frozen<address>
          key: [hotel_id]
          count: 10k
          spread:
            hotel_id: {distinct: 10k}
        Reservation:
          attributes:
            confirmation_number: {type: text, size: 12B}
            hotel_id: {type: text, size: 8B}
            start_date: date
            end_date: date
            room_number: smallint
            guest_id: uuid
            stay: frozen<stay>
          key: [confirmation_number]
          count: 1M
          spread:
            confirmation_number: {distinct: 1M}
            hotel_id: {distinct: 10k}
            start_date: {distinct: 365}
      patterns:
        - id: hotel-by-id
          rate: 200/s
          query: Hotel where hotel_id = ?
        - id: reservation-by-confirmation
          rate: 50/s
          query: Reservation where confirmation_number = ?
        - id: book
          rate: 5/s
          insert: Reservation
      cassandra:
        schema: unused.cql
        keyspace: [hotel, reservation]
        tables:
          hotels: {entity: Hotel, columns: {id: hotel_id}}
          reservation.reservations_by_confirmation:
            entity: Reservation
            columns: {confirm_number: confirmation_number}
      """;

  /** Both keyspaces at RF 3. */
  public static final String CQL =
      """
      CREATE KEYSPACE hotel WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3};
      CREATE TYPE hotel.address (street text, city text, state_or_province text, postal_code text, country text);
      CREATE TABLE hotel.hotels (id text PRIMARY KEY, name text, phone text, address frozen<address>);
      CREATE TABLE hotel.pois_by_hotel (
        hotel_id text, poi_name text, description text, PRIMARY KEY ((hotel_id), poi_name));

      CREATE KEYSPACE reservation WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3};
      CREATE TYPE reservation.stay (check_in date, check_out date, guests tinyint, room_number smallint);
      CREATE TABLE reservation.reservations_by_confirmation (
        confirm_number text PRIMARY KEY, hotel_id text, start_date date, end_date date,
        room_number smallint, guest_id uuid, stay frozen<stay>);
      CREATE TABLE reservation.guests (
        guest_id uuid PRIMARY KEY, first_name text, last_name text, emails set<text>);
      """;

  private static CassandraAnalysis analyse(String model, String cql) {
    return RuleTester.withoutRule().model(model).cql(cql).analysis();
  }

  @Test
  void twoKeyspaces_columnsMappedToAttributes_otherTablesLeftOut() {
    var a = analyse(MODEL, CQL);
    assertThat(a.tables())
        .extracting(BoundTable::name)
        .containsExactly("hotels", "reservations_by_confirmation");
    assertThat(a.tablesLeftOut())
        .extracting(t -> t.table().name())
        .containsExactly("pois_by_hotel", "guests");
    // Both keyspaces: SimpleStrategy, RF 3.
    assertThat(a.localRf()).isEqualTo(3);
    // The reads restrict hotel_id and confirmation_number, which the key columns id and
    // confirm_number hold: each is a single-partition read of its table.
    assertThat(a.plan("hotel-by-id").orElseThrow().tables()).containsExactly("hotels");
    assertThat(a.plan("hotel-by-id").orElseThrow().access())
        .isEqualTo(CassandraAccess.SINGLE_PARTITION);
    assertThat(a.plan("reservation-by-confirmation").orElseThrow().tables())
        .containsExactly("reservations_by_confirmation");
    assertThat(a.plan("book").orElseThrow().tables())
        .containsExactly("reservations_by_confirmation");
  }

  @Test
  void aUdtWithoutSize_isTheSumOfItsFields() {
    // hotels: one row per partition (the key is the entity's key). Apache docs' formula, 8 B of
    // metadata per cell (CassandraLimits.CELL_METADATA_BYTES):
    //   key id (holds hotel_id, 8 B)                                        8
    //   name 30 + phone 12 + address: 5 text fields, no size, 8 B each = 40  82
    //   3 regular cells × 8                                                 24
    //   S_t = 114 B (with the UDT taken as one 8-byte value it was 82 B).
    var a = analyse(MODEL, CQL);
    var hotels = a.sizing().get("hotels").typical();
    assertThat(hotels.rows()).isEqualTo(1);
    assertThat(hotels.bytes()).isEqualTo(114);
    // reservations_by_confirmation: key confirm_number (holds confirmation_number, 12 B);
    //   hotel_id 8 + start_date 4 + end_date 4 + room_number 2 + guest_id 16
    //   + stay: date 4 + date 4 + tinyint 1 + smallint 2 = 11                  45
    //   6 regular cells × 8                                                    48
    //   S_t = 12 + 45 + 48 = 105 B.
    var reservations = a.sizing().get("reservations_by_confirmation").typical();
    assertThat(reservations.bytes()).isEqualTo(105);
  }

  @Test
  void twoKeyspacesWithoutKeyspace_isAnErrorNamingBoth() {
    String model = MODEL.replace("  keyspace: [hotel, reservation]\n", "");
    assertThatThrownBy(() -> analyse(model, CQL))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("several keyspaces (hotel, reservation)")
        .hasMessageContaining("[hotel, reservation]");
  }

  /** The schema with the reservation keyspace at RF 1 beside the hotel keyspace's RF 3. */
  public static final String CQL_RF_3_AND_1 =
      CQL.replace(
          "CREATE KEYSPACE reservation WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3};",
          "CREATE KEYSPACE reservation WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};");

  @Test
  void keyspacesThatReplicateDifferently_eachTableUsesItsOwnKeyspacesRf() {
    var a = analyse(MODEL, CQL_RF_3_AND_1);
    // Each table's replication is its keyspace's CREATE KEYSPACE: hotel RF 3, reservation RF 1.
    assertThat(a.replication("hotels").totalRf()).isEqualTo(3);
    assertThat(a.replication("hotels").keyspace()).isEqualTo("hotel");
    assertThat(a.replication("reservations_by_confirmation").totalRf()).isEqualTo(1);
    assertThat(a.replicatesAlike()).isFalse();
    assertThat(a.replicationLabel(false)).isEqualTo("RF 3 in hotel, 1 in reservation");

    // Consistency: every pattern runs at the default LOCAL_QUORUM; SimpleStrategy's RF counts as
    // local. hotels: ⌊3 / 2⌋ + 1 = 2 replicas of 3. reservations: ⌊1 / 2⌋ + 1 = 1 replica of 1,
    // for the read and for the write, and R + W = 1 + 1 = 2 > RF 1.
    var checks = new java.util.HashMap<String, ConsistencyCheck>();
    a.consistency().forEach(c -> checks.put(c.pattern().id(), c));
    assertThat(checks.get("hotel-by-id").replicas()).isEqualTo(2);
    assertThat(checks.get("hotel-by-id").replicationFactor()).isEqualTo(3);
    assertThat(checks.get("reservation-by-confirmation").replicas()).isEqualTo(1);
    assertThat(checks.get("reservation-by-confirmation").replicationFactor()).isEqualTo(1);
    assertThat(checks.get("reservation-by-confirmation").overlapsWrites()).isTrue();
    assertThat(checks.get("book").replicas()).isEqualTo(1);
    assertThat(checks.get("book").replicationFactor()).isEqualTo(1);

    // Heat on one replica of the busiest partition. hotels: 200 reads/s over 10,000 hotels is
    // 0.02/s on a hotel's partition, each read asking 2 of its 3 replicas: 0.02 × 2 / 3 per
    // replica. reservations: 50/s over 1 M confirmations (5e-5/s) on the partition's one replica,
    // which also applies 5 writes/s over 1 M (5e-6/s): 5.5e-5/s.
    assertThat(a.heat().get("hotels").replicaLoad()).isCloseTo(0.02 * 2 / 3, within(1e-12));
    assertThat(a.heat().get("reservations_by_confirmation").replicaLoad())
        .isCloseTo(50e-6 + 5e-6, within(1e-12));

    // The cluster, 6 nodes (the default): replica reads 200 × 2 + 50 × 1 = 450/s; replica writes
    // 5 × RF 1 = 5/s (with RF 3 for both keyspaces they would be 15/s); 255 requests coordinated.
    ClusterCapacity c = a.cluster();
    assertThat(c.replicaReadsPerSecond()).isCloseTo(450, within(1e-9));
    assertThat(c.replicaWritesPerSecond()).isCloseTo(5, within(1e-9));
    assertThat(c.coordinatorPerSecond()).isCloseTo(255, within(1e-9));
    // Data: each table's one-replica bytes × its own RF.
    double hotels = a.sizing().get("hotels").tableBytes();
    double reservations = a.sizing().get("reservations_by_confirmation").tableBytes();
    assertThat(c.bytes()).isCloseTo(hotels * 3 + reservations * 1, within(1e-6));
    // A datacenter needs at least the largest local RF, the hotel keyspace's 3.
    assertThat(c.nodesNeeded()).isEqualTo(3);
  }

  @Test
  void aMappedColumnTheTableLacks_isAnErrorAtTheEntry() {
    String model = MODEL.replace("columns: {id: hotel_id}", "columns: {hotel: hotel_id}");
    assertThatThrownBy(() -> analyse(model, CQL))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("table hotels has no column 'hotel'");
  }

  @Test
  void aColumnMappedToAnAttributeTheEntityLacks_isAnErrorAtTheValue() {
    String model = MODEL.replace("columns: {id: hotel_id}", "columns: {id: hotel_ident}");
    assertThatThrownBy(() -> analyse(model, CQL))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("model.yaml:")
        .hasMessageContaining("Hotel has no attribute 'hotel_ident' (did you mean 'hotel_id'?)");
  }
}
