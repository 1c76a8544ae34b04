package dev.keyplan.verify;

import dev.keyplan.analysis.StoreAnalysis;
import dev.keyplan.simulate.Progress;
import java.util.List;

/**
 * How {@code keyplan verify} checks one store's analysed design on a real engine: apply it in a
 * namespace of its own, load data shaped by the model, run every pattern through the official
 * driver, and set the analysis' predictions beside what the engine measured. It reads the analysis
 * {@code check} built and never analyses the model again.
 *
 * @param <A> the store's analysis
 */
public interface StoreVerifier<A extends StoreAnalysis> {
  /** The analysis type this verifier reads. */
  Class<A> analysisType();

  /** The keys of the credentials it reads, from the environment or a credentials file. */
  List<String> credentialKeys();

  /**
   * Verifies {@code analysis} on the engine {@code options} and {@code credentials} name.
   *
   * @throws VerifyException when the engine cannot be reached or refuses what the run needs
   * @throws IllegalArgumentException when an option is malformed
   */
  VerifyResult run(A analysis, VerifyOptions options, Credentials credentials, Progress progress);

  /**
   * What {@link #run} would load for {@code analysis} under {@code options}, worked out from them
   * alone before any engine is reached, so that {@code keyplan verify} can refuse a load over its
   * budget ({@link LoadBudget}).
   */
  LoadBudget.Estimate loadEstimate(A analysis, VerifyOptions options);
}
