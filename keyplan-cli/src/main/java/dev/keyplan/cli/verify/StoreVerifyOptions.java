package dev.keyplan.cli.verify;

import dev.keyplan.analysis.StoreAnalysis;
import dev.keyplan.verify.VerifyOptions;
import dev.keyplan.verify.VerifyResult;
import java.util.Optional;

/**
 * One store's options of {@code keyplan verify STORE} (a picocli mixin: where the engine listens, a
 * datacenter, a region), added to the store's subcommand only, so picocli refuses another store's
 * options itself.
 */
public interface StoreVerifyOptions {
  /** Returns {@code shared} with this store's options set. */
  VerifyOptions apply(VerifyOptions shared);

  /**
   * Returns the comparison of {@code analysis} with measurements the user recorded on their own
   * engine and named with the store's options (MongoDB's {@code --from-explain FILE}), made in
   * place of a run on an engine; empty (the default) when the options name none.
   *
   * @throws dev.keyplan.input.InputException when the recorded file is malformed, at its place
   */
  default Optional<VerifyResult> recorded(StoreAnalysis analysis) {
    return Optional.empty();
  }
}
