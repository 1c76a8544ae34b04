package dev.keyplan.verify;

import dev.keyplan.model.Units;
import java.util.Locale;

/**
 * What {@code keyplan verify} will load, estimated before the first row is written, and the budget
 * it must stay under (issue 18, bounded work: "the same for verify's loading"). Every verifier
 * decides its rows before it loads them from the analysis and {@code --max-rows} alone (Cassandra's
 * busiest and typical partitions of each table, DynamoDB's key groups, MongoDB's blocks), so the
 * estimate is pure and needs no engine:
 *
 * <pre>
 *   rows    = Σ what the store's verifier loads ({@link StoreVerifier#loadEstimate})
 *   bytes   = Σ rows × keyplan's bytes per row, where the store sizes rows
 *   seconds = rows ÷ {@link #ROWS_PER_SECOND}
 * </pre>
 *
 * A run over {@link #DEFAULT_ROWS} is refused with exit 2 and the estimate unless {@code
 * --load-budget} raises it (docs/reliability.md, "Verify loading").
 */
public final class LoadBudget {
  private LoadBudget() {}

  /**
   * Rows loaded a second, the one load rate measured here: 200 PutItems in 1.36 s against dynalite
   * (docs/engines.md, "never throttles"), 147 a second. keyplan's Cassandra loader writes
   * asynchronously and is faster, so for Cassandra the time errs long, as the simulation budget's
   * step does for the faster stores.
   */
  public static final double ROWS_PER_SECOND = 200 / 1.36;

  /**
   * The default budget: 100,000 rows, about 11 minutes at {@link #ROWS_PER_SECOND}. At the default
   * {@code --max-rows} of 2,000 every shipped example loads less (examples/chat.yaml 2,054 rows on
   * Cassandra, the most examples/shop-workbench.yaml's 32,018 on DynamoDB, an upper bound;
   * LoadBudgetExamplesTest); {@code --max-rows 1000000} on a model of a few tables is millions.
   */
  public static final long DEFAULT_ROWS = 100_000;

  /**
   * A run's load, estimated.
   *
   * @param rows rows (items, documents) it writes before it measures
   * @param bytes their bytes as keyplan sizes them; 0 where the store does not size rows
   */
  public record Estimate(long rows, double bytes) {
    /** Seconds the load takes at {@link #ROWS_PER_SECOND}. */
    public double seconds() {
      return rows / ROWS_PER_SECOND;
    }

    /** The sum of two estimates. */
    public Estimate plus(Estimate other) {
      return new Estimate(rows + other.rows, bytes + other.bytes);
    }
  }

  /**
   * Refuses {@code e} when it is over {@code budgetRows}, before anything is loaded.
   *
   * @throws IllegalArgumentException with the message the CLI prints (exit 2)
   */
  public static void check(Estimate e, long budgetRows) {
    if (e.rows() > budgetRows) {
      throw new IllegalArgumentException(
          String.format(
              Locale.ROOT,
              "verify would load about %,d rows%s (about %s at the %.0f rows a second measured in"
                  + " docs/engines.md), more than the budget of %,d rows; lower --max-rows, or"
                  + " pass --load-budget %d",
              e.rows(),
              e.bytes() > 0
                  ? String.format(Locale.ROOT, " / %,.0f MB", Math.ceil(e.bytes() / 1e6))
                  : "",
              Units.duration(e.seconds()),
              ROWS_PER_SECOND,
              budgetRows,
              e.rows()));
    }
  }
}
