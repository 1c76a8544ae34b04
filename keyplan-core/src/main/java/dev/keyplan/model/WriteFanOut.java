package dev.keyplan.model;

import dev.keyplan.input.Location;

/**
 * A write that writes one row for each value of {@code each} under one value of {@code per}: a post
 * written to the timeline of each of its author's followers ("fan-out on write", seed 002's
 * timeline and seed 003's write-heavy denormalisation). The count is not given here but taken from
 * the entity's spread, {@code each: {per: {per: N}}} (docs/model.md, "Values per value"), so the
 * model says it once and sizing and writes agree.
 *
 * <p>Example: {@code fan_out: {each: follower_id, per: author_id}} with {@code follower_id:
 * {distinct: 10M, per: {author_id: 150}}} writes 150 rows a request; at 200 requests/s that is 200
 * × 150 = 30,000 rows/s.
 *
 * @param each the attribute whose values the rows differ in (follower_id): one row per value
 * @param per the attribute the request gives one value of (author_id)
 * @param rows rows written per request: the {@code per:} count of {@code each}'s spread, at least 1
 * @param location where {@code fan_out:} is written, for messages
 */
public record WriteFanOut(String each, String per, double rows, Location location) {

  /** Returns how the plan says it: "fan-out 150 rows a request (follower_id per author_id)". */
  public String describe() {
    return "fan-out " + Units.count(rows) + " rows a request (" + each + " per " + per + ")";
  }
}
