package dev.keyplan.dynamodb.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * ProvisionedBelowNeed compares provisioned capacity with the peak units of every copy and with
 * what a 70% target utilisation needs ({@code ⌈peak / 0.7⌉}).
 *
 * <p>The order item holds order_id 8 + 36 = 44 B, customer_id 11 + 36 = 47 B and total 5 + 6 = 11
 * B: 102 B, 1 WCU per put and 0.5 RCU per eventually consistent GetItem. 120 puts/s need 120 WCU at
 * peak, ⌈120 / 0.7⌉ = 172 provisioned; 80 reads/s need 40 RCU, ⌈40 / 0.7⌉ = 58. Prices (built-in):
 * $0.00013 per RCU-hour, $0.00065 per WCU-hour, 730 hours; on demand $0.125 and $0.625 per million
 * units, 2,628,000 s.
 */
final class ProvisionedBelowNeedTest {
  private final RuleTester tester = RuleTester.of(ProvisionedBelowNeed.class);

  private static String orders(String capacity, String indexes, String marker) {
    return """
        model: shop
        horizon: 1y
        entities:
          Order:
            attributes:
              order_id: uuid
              customer_id: uuid
              total: {type: decimal, size: 8B}
            key: [order_id]
            count: 10M
        patterns:
          - id: place-order
            rate: 120/s
            insert: Order
          - id: order
            rate: 80/s
            query: Order where order_id = ?
        dynamodb:
          tables:
            Orders:   %s
              partition_key: order_id
              capacity: %s
        %s
              items:
                Order: {keys: {}}
        """
        .formatted(marker, capacity, indexes.indent(6).stripTrailing());
  }

  @Test
  void fiftyWcuForAPeakOf120_isError_withTheOnDemandComparison() {
    // 50 < 120 WCU/s: 70 write units/s throttled ⇒ error. Reads: 60 ≥ 58 ⇒ fine.
    // Need: 730 × (58 × 0.00013 + 172 × 0.00065) = 730 × 0.11934 = $87.12/month.
    // On demand: 2,628,000 × (40 × 0.125 + 120 × 0.625) / 10^6 = $210.24/month.
    // Set: 730 × (60 × 0.00013 + 50 × 0.00065) = 730 × 0.0403 = $29.42/month.
    tester
        .model(
            orders(
                "{read: 60, write: 50}",
                "",
                "# FINDING: ProvisionedBelowNeed [error]: table Orders is"
                    + " provisioned with 50 WCU, below the peak of 120 WCU/s: 70 WCU/s are throttled once burst capacity (at"
                    + " most 300 s of unused capacity) is spent; the workload needs 58 RCU and 172 WCU (peaks of 40 RCU/s and"
                    + " 120 WCU/s at 70% target utilisation), $87.12/month provisioned; on demand $210.24/month (the"
                    + " capacity set costs $29.42/month)"))
        .expectMarkedFindings();
  }

  @Test
  void aboveThePeakBelowTheTarget_isWarning() {
    // 150 WCU: 120 ≤ 150 < 172 ⇒ warning; reads 40 ≤ 50 < 58 too.
    tester
        .model(
            orders(
                "{read: 50, write: 150}",
                "",
                "# FINDING: ProvisionedBelowNeed [warning]: provisioned with"
                    + " 50 RCU, at least the peak of 40 RCU/s but below the 58 that a 70% target utilisation gives: no headroom; and"
                    + " 150 WCU, at least the peak of 120 WCU/s but below the 172"))
        .expectMarkedFindings();
  }

  @Test
  void enoughCapacity_isNotFlagged() {
    // 58 RCU and 172 WCU are exactly the need ⇒ no finding.
    tester.model(orders("{read: 58, write: 172}", "", "")).expectMarkedFindings();
  }

  @Test
  void globalIndexWithoutCapacity_onAProvisionedTable_isInfo_costedAtItsNeed() {
    // by_customer holds every order: 120 new entries/s at 1 WCU = 120 WCU/s, 172 to provision;
    // no reads: 1 RCU, the minimum. The table itself has what it needs. The capacity is unknown
    // (a NoSQL Workbench file never has per-index units), so keyplan states what it assumes, the
    // need, and the fix the model accepts (issue 16 Decisions); before, an error whose fix an
    // imported index could not take.
    tester
        .model(
            orders(
                "{read: 58, write: 172}",
                """
        indexes:
          by_customer: {partition_key: customer_id}   # FINDING: ProvisionedBelowNeed [info]: index Orders.by_customer of provisioned table Orders has no capacity in the design: keyplan assumes what its workload needs, 1 RCU and 172 WCU, and costs and simulates it at that
        """,
                ""))
        .expectMarkedFindings();
  }

  @Test
  void globalIndexBelowItsWritePeak_throttlesTheTable_isError() {
    tester
        .model(
            orders(
                "{read: 58, write: 172}",
                """
        indexes:
          by_customer: {partition_key: customer_id, capacity: {read: 1, write: 100}}   # FINDING: ProvisionedBelowNeed [error]: 20 WCU/s are throttled once burst capacity (at most 300 s of unused capacity) is spent, and the index's throttling throttles the table's writes
        """,
                ""))
        .expectMarkedFindings();
  }

  @Test
  void onDemandTable_isNotChecked() {
    tester
        .model(orders("on-demand", "indexes:\n  by_customer: {partition_key: customer_id}", ""))
        .expectMarkedFindings();
  }

  // Issue 18, fixes within keyplan's limits: a fix must not propose a capacity the model reader
  // refuses (1 to 40,000,000 units). Hostile input: 100,000,000 puts/s of the 102 B order, 1 WCU
  // each: a peak of 100,000,000 WCU/s, ⌈10^8 / 0.7⌉ = 142,857,143 WCU needed, more than
  // 40,000,000; reads 80/s need 58 RCU. Before, the fix said {read: 60, write: 142857143}.
  @Test
  void aNeedBeyondTheReadersLimit_hasNoCapacityFix_andSaysSo() {
    String model =
        orders("{read: 60, write: 50}", "", "# FINDING: ProvisionedBelowNeed [error]: 50 WCU")
            .replace("rate: 120/s", "rate: 100000000/s");
    var findings = tester.model(model).findings();
    assertThat(findings).hasSize(1);
    assertThat(findings.get(0).fix())
        .isEqualTo(
            "no provisioned capacity fits within keyplan's limits (1 to 40,000,000 units each for"
                + " read and write): it would need 60 RCU and 142,857,143 WCU; switch to on-demand,"
                + " which follows the peaks (asking AWS to raise the table's throughput quotas), or"
                + " spread the load over more keys and tables");
  }
}
