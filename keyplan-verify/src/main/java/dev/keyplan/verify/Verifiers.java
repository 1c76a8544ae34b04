package dev.keyplan.verify;

import dev.keyplan.analysis.StoreAnalysis;
import dev.keyplan.cassandra.verify.CassandraVerifier;
import dev.keyplan.dynamodb.verify.DynamoDbVerifier;
import dev.keyplan.mongodb.verify.MongoDbVerifier;
import dev.keyplan.simulate.Progress;
import java.util.List;
import java.util.Optional;

/** Each store's verifier, one line per store, sorted: the verify module's registry. */
public final class Verifiers {
  private static final List<StoreVerifier<?>> ALL =
      List.of(
          // keep-sorted start
          CassandraVerifier.verifier(), DynamoDbVerifier.verifier(), MongoDbVerifier.verifier()
          // keep-sorted end
          );

  private Verifiers() {}

  /** Returns every store's verifier. */
  public static List<StoreVerifier<?>> all() {
    return ALL;
  }

  /** Returns every verifier's credential keys, in the registry's order. */
  public static List<String> credentialKeys() {
    return ALL.stream().flatMap(v -> v.credentialKeys().stream()).toList();
  }

  /** Returns the verifier that reads analyses like {@code analysis}, if its store has one. */
  public static Optional<StoreVerifier<?>> of(StoreAnalysis analysis) {
    return ALL.stream().filter(v -> v.analysisType().isInstance(analysis)).findFirst();
  }

  /** Verifies {@code analysis} with its store's verifier, which it must have ({@link #of}). */
  public static VerifyResult run(
      StoreAnalysis analysis, VerifyOptions options, Credentials credentials, Progress progress) {
    return run(of(analysis).orElseThrow(), analysis, options, credentials, progress);
  }

  /**
   * What verifying {@code analysis} would load, estimated without an engine by its store's
   * verifier, which it must have ({@link #of}).
   */
  public static LoadBudget.Estimate loadEstimate(StoreAnalysis analysis, VerifyOptions options) {
    return loadEstimate(of(analysis).orElseThrow(), analysis, options);
  }

  private static <A extends StoreAnalysis> LoadBudget.Estimate loadEstimate(
      StoreVerifier<A> v, StoreAnalysis analysis, VerifyOptions options) {
    return v.loadEstimate(v.analysisType().cast(analysis), options);
  }

  private static <A extends StoreAnalysis> VerifyResult run(
      StoreVerifier<A> v,
      StoreAnalysis analysis,
      VerifyOptions options,
      Credentials credentials,
      Progress progress) {
    return v.run(v.analysisType().cast(analysis), options, credentials, progress);
  }
}
