package dev.keyplan.analysis;

import dev.keyplan.model.AccessPattern;
import java.util.List;

/** What a store's analysis planned for one access pattern: how it is served, and why. */
public interface Plan {
  /** The pattern planned. */
  AccessPattern pattern();

  /** How the store serves it. */
  AccessKind kind();

  /** Why the planner chose what it chose, one sentence each. */
  List<String> notes();

  /**
   * The request the store runs for the pattern, in one line and in the store's own words (a
   * DynamoDB call with its key condition, a MongoDB operation with its index); the access kind's
   * label where a store has no more to say.
   */
  default String request() {
    return kind().label();
  }
}
