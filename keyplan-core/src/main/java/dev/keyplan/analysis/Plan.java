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
}
