package dev.keyplan.dynamodb.simulate;

import java.util.OptionalLong;

/**
 * One kind of unit (reads or writes) on one copy over the run: the capacity, the totals and when
 * things happened.
 *
 * @param capacity provisioned units per second; on demand, the limit at the start (twice the
 *     previous peak)
 * @param units what was asked, served and throttled
 * @param firstPartitionThrottle the first second a partition refused units at its ceiling
 * @param firstTableThrottle the first second units were refused for want of table capacity
 * @param burstSpent how many seconds from the start the burst bucket lasted: the first second that
 *     found it empty (provisioned only; 900 when 45,000 units drain at 50 a second)
 * @param burstCapacity the burst bucket's size, 300 s of provisioned capacity; 0 on demand
 */
public record Flow(
    double capacity,
    UnitTotals units,
    OptionalLong firstPartitionThrottle,
    OptionalLong firstTableThrottle,
    OptionalLong burstSpent,
    double burstCapacity) {}
