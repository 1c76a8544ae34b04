package dev.keyplan.analysis;

/**
 * How a store serves one access pattern, in one line a comparison of stores shows.
 *
 * @param grade the access kind's grade (see {@link Grade})
 * @param access the access kind's label, such as {@code single partition}
 * @param detail where and at what cost, such as {@code orders · 1 partition}; empty when the
 *     pattern is not served
 */
public record PlanSummary(Grade grade, String access, String detail) {}
