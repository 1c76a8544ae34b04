package dev.keyplan.dynamodb.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.Finding;
import dev.keyplan.check.RuleTester;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * LowCardinalityIndexKey warns when an item type's partition key, on the table or a global index,
 * has fewer than 100 values (seed 004), a busiest value with more than 2% of the items (seed 002),
 * or no placeholder at all; unless the busiest value's items fit in one 1 MB Query page.
 *
 * <p>Values are the attributes combined as CompositeKey says (belongs_to, per:, else {@code Π
 * distinct(attribute)}) × shards; the busiest value's share likewise ({@code Π busiest share} /
 * shards when independent), uniform over an enumeration's or boolean's values.
 */
final class LowCardinalityIndexKeyTest {
  private final RuleTester tester = RuleTester.of(LowCardinalityIndexKey.class);

  private static final String ENTITIES =
      """
      model: shop
      horizon: 1d
      entities:
        Order:
          attributes:
            order_id: uuid
            customer_id: uuid
            tenant_id: uuid
            order_date: date
            status: {type: text, values: [open, paid, shipped, delivered, cancelled]}
            gift: boolean
            region: {type: text, size: 10B}
            body: {type: text, size: 2000B}
          key: [order_id]
          count: 1M
          spread:
            customer_id: {distinct: 100k}
            region: {distinct: 12}
            tenant_id: {distinct: 1000, busiest: 5%}
        Setting:
          attributes:
            name: {type: text, size: 20B}
            value: {type: text, size: 100B}
          key: [name]
          count: 50
      patterns:
        - id: open-orders
          rate: 1/s
          query: Order where status = ?
      """;

  @Test
  void statusAloneOnAnIndex_isWarning_aSmallConstantListIsNot() {
    // Seed 000's "status = open alone": status has 5 values, so GSI1PK has 5, uniform: the busiest
    // holds 1/5 = 20% of the 1,000,000 orders, 200,000 entries of 2,310 B + 100 B of storage
    // overhead
    // = 482 MB ⇒ warning.
    // (An Order item: PK 40 + SK 40 + GSI1PK 20 + GSI1SK 16 + order_id 44 + customer_id 47 +
    // tenant_id 45 + order_date 20 + status 13 + gift 5 + region 16 + body 2,004 = 2,310 B.)
    // The fix: N = max(⌈100 / 5⌉, ⌈20% / 2%⌉) = 20 shards: 100 values of 1%.
    // Orders under C#{customer_id}: 100,000 values, 0.001% each ⇒ no finding.
    // Settings under the constant SETTINGS: 50 × 161 B = 8,050 B, one Query page ⇒ no finding.
    List<Finding> found =
        tester
            .model(
                ENTITIES
                    + """
        dynamodb:
          tables:
            Orders:
              partition_key: PK
              sort_key: SK
              indexes:
                GSI1: {partition_key: GSI1PK, sort_key: GSI1SK} # FINDING: LowCardinalityIndexKey [warning]: 5 values (status: 5 enumerated values), the busiest with 20% of its 1,000,000 items (200,000 items, 482 MB)
              items:
                Order:
                  keys: {PK: "C#{customer_id}", SK: "O#{order_id}", GSI1PK: "STATUS#{status}", GSI1SK: "{order_date}"}
                Setting:
                  keys: {PK: "SETTINGS", SK: "{name}"}
        """)
            .expectMarkedFindings();
    // The read gives only status: a key with order_date in it would turn it into a scan of every
    // date, so the fix offers the shard suffix alone.
    assertThat(found.get(0).fix())
        .doesNotContain("{order_date}")
        .contains(
            "\"STATUS#{status}#{shard:20}\" gives 100 values, the busiest with 1%, and each read of one value"
                + " then queries 20 partitions");
  }

  private static String escalations(String present) {
    return """
        model: support
        horizon: 1d
        entities:
          Complaint:
            attributes:
              complaint_id: uuid
              escalated_to: {type: text, values: [tier1, tier2, tier3], present: %s}
              body: {type: text, size: 500B}
            key: [complaint_id]
            count: 10M
        patterns:
          - id: escalated
            rate: 1/s
            query: Complaint where escalated_to = ? limit 20
        dynamodb:
          tables:
            Complaints:
              partition_key: PK
              indexes:
                GSI1: {partition_key: GSI1PK} # FINDING
              items:
                Complaint:
                  keys: {PK: "C#{complaint_id}", GSI1PK: "ESC#{escalated_to}"}
        """
        .formatted(present);
  }

  @Test
  void aSparseIndex_isJudgedOnTheItemsItHolds() {
    // Issue 16 §2: an escalation index holds only the complaints that carry escalated_to. At 1% of
    // 10,000,000 it holds 100,000 entries; 3 tiers, uniform: the busiest holds 33,333, each over
    // 500 B of body, so more than 16 MB, past one 1 MB Query page ⇒ warning, counted on the
    // 100,000 entries, not the 10,000,000 complaints.
    tester
        .model(
            escalations("1%")
                .replace(
                    "# FINDING",
                    "# FINDING: LowCardinalityIndexKey [warning]: the busiest with 33.3% of its"
                        + " 100,000 items (33,333 items"))
        .expectMarkedFindings();
    // At 0.01% it holds 1,000 entries, the busiest 333 of well under 3 KB each (under 1 MB): one
    // Query page returns a tier whole ⇒ no finding. Counted on every complaint it was 3,333,333.
    tester.model(escalations("0.01%").replace(" # FINDING", "")).expectMarkedFindings();
  }

  @Test
  void constantKeyOverAMillionItems_isWarning_aShardedStatusWithAHundredValuesIsNot() {
    // GSI1PK "ALL" puts all 1,000,000 orders under one value ⇒ warning; the fix needs
    // max(⌈100 / 1⌉, ⌈100% / 2%⌉) = 100 shards.
    // GSI2PK "STATUS#{status}#{shard:20}": 5 × 20 = 100 values, 20% / 20 = 1% each ⇒ no finding.
    List<Finding> found =
        tester
            .model(
                ENTITIES
                    + """
        dynamodb:
          tables:
            Orders:
              partition_key: PK
              sort_key: SK
              indexes:
                GSI1: {partition_key: GSI1PK, sort_key: GSI1SK} # FINDING: LowCardinalityIndexKey [warning]: is the constant "ALL" for item type Order: all its 1,000,000 items share one value
                GSI2: {partition_key: GSI2PK, sort_key: GSI2SK}
              items:
                Order:
                  keys: {PK: "C#{customer_id}", SK: "O#{order_id}", GSI1PK: "ALL", GSI1SK: "{order_id}", GSI2PK: "STATUS#{status}#{shard:20}", GSI2SK: "{order_id}"}
        """)
            .expectMarkedFindings();
    assertThat(found.get(0).fix())
        .contains("\"ALL#{shard:100}\" gives 100 values, the busiest with 1%");
  }

  @Test
  void regionAndBoolean_areWarnings_aDominantTenantIsInfo() {
    // GSI1PK "R#{region}#{gift}": 12 declared × 2 (a boolean) = 24 values < 100; the busiest with
    // 1/12 × 1/2 = 4.17% ⇒ warning.
    // The table's key "T#{tenant_id}": 1,000 values, but the busiest tenant has 5% > 2% ⇒ info: a
    // skew with enough values (whether it is hot is PartitionThroughputExceeded's to say).
    tester
        .model(
            ENTITIES
                + """
        dynamodb:
          tables:
            Orders: # FINDING: LowCardinalityIndexKey [info]: 1,000 values (tenant_id: 1,000 declared values), the busiest with 5% of its 1,000,000 items
              partition_key: PK
              sort_key: SK
              indexes:
                GSI1: {partition_key: GSI1PK, sort_key: GSI1SK} # FINDING: LowCardinalityIndexKey [warning]: 24 values (region: 12 declared values; gift: a boolean, 2 values), the busiest with 4.17%
              items:
                Order:
                  keys: {PK: "T#{tenant_id}", SK: "O#{order_id}", GSI1PK: "R#{region}#{gift}", GSI1SK: "{order_id}"}
        """)
        .expectMarkedFindings();
  }

  @Test
  void keysOfTheEntitysOwnKey_orOfUnknownSpread_areNotFlagged() {
    // GSI1PK "O#{order_id}" holds the entity's key: one value per order.
    // GSI2PK "D#{order_date}": order_date has no spread, so its values are unknown
    // (KeySpreadUndeclared's concern).
    tester
        .model(
            ENTITIES
                + """
        dynamodb:
          tables:
            Orders:
              partition_key: PK
              sort_key: SK
              indexes:
                GSI1: {partition_key: GSI1PK}
                GSI2: {partition_key: GSI2PK, sort_key: GSI2SK}
              items:
                Order:
                  keys: {PK: "C#{customer_id}", SK: "O#{order_id}", GSI1PK: "O#{order_id}", GSI2PK: "D#{order_date}", GSI2SK: "{order_id}"}
        """)
        .expectMarkedFindings();
  }

  private static String readings(String daySpread, String present) {
    return """
        model: meters
        horizon: 1d
        entities:
          Reading:
            attributes:
              reading_id: uuid
              device_id: {type: text, size: 16B}
              day: {type: date%s}
              payload: {type: text, size: 400B}
            key: [reading_id]
            count: 20000000000
            spread:
              device_id: {distinct: 178k, busiest: 1%%}
              day: %s
        patterns:
          - id: device-day
            rate: 10/s
            query: Reading where device_id = ? and day = ?
        dynamodb:
          tables:
            Readings:
              partition_key: PK
              indexes:
                ByDeviceDay: {partition_key: GSI1PK}
              items:
                Reading:
                  keys: {PK: "R#{reading_id}", GSI1PK: "{device_id}#{day}"}
        """
        .formatted(present, daySpread);
  }

  @Test
  void aKeyOf17Point8BillionValues_staysSilent() {
    // Issue 16 §5: the rule must not fire on a key with 17.8 billion values. GSI1PK
    // "{device_id}#{day}": 178,000 devices × 100,000 days = 17,800,000,000 values; the busiest
    // device holds 1%, days are uniform, so the busiest value holds 1% × 1/100,000 = 0.00001% of
    // the 20,000,000,000 readings: 2,000 entries of about 560 B, 1.1 MB, past one Query page, so
    // only the count and the share can keep it silent (100 or more values, at most 2%).
    tester.model(readings("{distinct: 100k}", "")).expectMarkedFindings();
    // The same key on a sparse index (day present on 10% of the readings): 2,000,000,000 entries,
    // the busiest 200.
    tester.model(readings("{distinct: 100k}", ", present: 10%")).expectMarkedFindings();
    // Days counted per device (per: 100,000 days for each device): the same 17.8 billion pairs.
    tester.model(readings("{distinct: 100k, per: {device_id: 100k}}", "")).expectMarkedFindings();
  }

  @Test
  void aKeyOfCorrelatedAttributes_countsAsTheModelSays() {
    // GSI1PK "{country}#{city}": 10 countries × 80 cities as if independent are 800 values, the
    // busiest with 1/10 × 1/80 = 0.125%: silent. A city belongs to one country (belongs_to), so
    // the key has as many values as cities, 80 < 100, the busiest with 1/80 = 1.25% of the
    // 1,000,000 places: 12,500 entries of a few hundred bytes, over one 1 MB page ⇒ warning
    // (CompositeKey, docs/model.md "Keys of several attributes").
    String model =
        """
        model: places
        horizon: 1d
        entities:
          Place:
            attributes:
              place_id: uuid
              country: {type: text, size: 2B}
              city: {type: text, size: 12B}
              body: {type: text, size: 200B}
            key: [place_id]
            count: 1M
            spread:
              country: {distinct: 10}
              city: {distinct: 80%s}
        patterns:
          - id: by-city
            rate: 1/s
            query: Place where country = ? and city = ?
        dynamodb:
          tables:
            Places:
              partition_key: PK
              indexes:
                GSI1: {partition_key: GSI1PK}
              items:
                Place:
                  keys: {PK: "{place_id}", GSI1PK: "{country}#{city}"}
        """;
    assertThat(RuleTester.of(LowCardinalityIndexKey.class).model(model.formatted("")).findings())
        .isEmpty();
    List<Finding> correlated =
        RuleTester.of(LowCardinalityIndexKey.class)
            .model(model.formatted(", belongs_to: country"))
            .findings();
    assertThat(correlated).hasSize(1);
    assertThat(correlated.get(0).message())
        .contains(": 80 values (country: 10 declared values; city: 80 declared values)")
        .contains("the busiest with 1.25%")
        .contains("city belongs_to country");
  }
}
