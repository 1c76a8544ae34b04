package dev.keyplan.model;

import dev.keyplan.input.Location;
import java.util.Map;
import java.util.Optional;

/**
 * One access pattern: "Latest 50 messages in a channel, 20,000 per second" (seed 000). A pattern
 * without a rate is not a pattern, so the rate is required.
 *
 * @param id a short stable name ({@code latest-messages}), unique in the model
 * @param says the sentence a product owner would recognise
 * @param ratePerSecond requests per second at peak
 * @param operation what the pattern does, parsed from its compact form
 * @param consistency the consistency level it asks for, when not the store's default
 * @param readYourWrites the pattern must see writes acknowledged just before it
 * @param batch how the write reaches its tables when they are written together
 * @param spread per-pattern spread of requests over key values, overriding the entity's
 * @param ignoreCase attributes the pattern compares without regard to case (a sign-in by email
 *     typed any way): MongoDB needs a case-insensitive collation index for them
 * @param ranges how much each of its ranges covers, by attribute ({@code range:}); a range absent
 *     here covers every value
 * @param fanOut the rows one write request writes, one for each value of an attribute under one
 *     value of another ({@code fan_out:}); empty for a write of one row and for every read
 * @param with the entities whose rows a read returns besides its own, matched by the same
 *     restrictions ({@code with: [OrderLine]}: an order and its lines); empty for a write
 */
public record AccessPattern(
    String id,
    String says,
    double ratePerSecond,
    Operation operation,
    Optional<String> consistency,
    boolean readYourWrites,
    Batch batch,
    Map<String, Spread> spread,
    java.util.List<String> ignoreCase,
    Map<String, RangeWidth> ranges,
    Optional<WriteFanOut> fanOut,
    Location location,
    java.util.List<String> with) {

  public AccessPattern {
    spread = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(spread));
    ignoreCase = java.util.List.copyOf(ignoreCase);
    ranges = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(ranges));
    with = java.util.List.copyOf(with);
  }

  /**
   * Returns the rows one request of this write writes in each place that stores its entity: the
   * fan-out's count, or 1 (every read, and a write without {@code fan_out:}).
   */
  public double rowsPerRequest() {
    return fanOut.map(WriteFanOut::rows).orElse(1.0);
  }

  /** Returns the width the pattern gives its range on {@code attribute}, if it gives one. */
  public java.util.Optional<RangeWidth> range(String attribute) {
    return java.util.Optional.ofNullable(ranges.get(attribute));
  }

  /** How a write that updates several tables sends them. */
  public enum Batch {
    /** Separate statements (the default). */
    NONE,
    /** One logged batch: atomic, through the batchlog. */
    LOGGED,
    /** One unlogged batch. */
    UNLOGGED
  }

  /** Returns true if this pattern reads. */
  public boolean isRead() {
    return operation instanceof Operation.Read;
  }
}
