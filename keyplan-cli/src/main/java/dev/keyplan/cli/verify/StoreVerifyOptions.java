package dev.keyplan.cli.verify;

import dev.keyplan.verify.VerifyOptions;

/**
 * One store's options of {@code keyplan verify STORE} (a picocli mixin: where the engine listens, a
 * datacenter, a region), added to the store's subcommand only, so picocli refuses another store's
 * options itself.
 */
public interface StoreVerifyOptions {
  /** Returns {@code shared} with this store's options set. */
  VerifyOptions apply(VerifyOptions shared);
}
