package dev.keyplan.cli;

import dev.keyplan.input.InputException;
import dev.keyplan.input.Location;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Map;

/**
 * The date {@code keyplan analyze --stamp} writes into a model's provenance comment: the day, in
 * UTC, of {@code SOURCE_DATE_EPOCH} when the environment sets it, else of {@code clock}. The
 * Reproducible Builds specification (https://reproducible-builds.org/specs/source-date-epoch/)
 * defines the variable as whole seconds since 1970-01-01T00:00:00Z and asks that a malformed value
 * be an error rather than ignored: here an input error, exit 2. Both are handed in, so a test fixes
 * them and nothing here reads the process's own.
 */
final class RunDate {
  private RunDate() {}

  /** The variable's name, as the specification spells it. */
  static final String VARIABLE = "SOURCE_DATE_EPOCH";

  static LocalDate today(Map<String, String> environment, Clock clock) {
    String epoch = environment.get(VARIABLE);
    if (epoch == null) {
      return LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
    }
    long seconds;
    try {
      seconds = epoch.matches("[0-9]{1,19}") ? Long.parseLong(epoch) : -1;
    } catch (NumberFormatException e) {
      seconds = -1;
    }
    if (seconds < 0 || seconds > Instant.MAX.getEpochSecond()) {
      throw new InputException(
          new Location("<environment>", 0, 0),
          VARIABLE
              + "="
              + dev.keyplan.input.Echo.bounded(epoch)
              + " is not a time; expected whole seconds since 1970-01-01T00:00:00Z"
              + " (https://reproducible-builds.org/specs/source-date-epoch/)");
    }
    return LocalDate.ofInstant(Instant.ofEpochSecond(seconds), ZoneOffset.UTC);
  }
}
