package dev.keyplan.dynamodb.verify;

import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbAnalyzer;
import dev.keyplan.dynamodb.design.DynamoDbItem;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.dynamodb.design.KeyPath;
import dev.keyplan.model.Model;
import dev.keyplan.simulate.Progress;
import dev.keyplan.verify.Credentials;
import dev.keyplan.verify.LoadBudget;
import dev.keyplan.verify.StoreVerifier;
import dev.keyplan.verify.VerifyException;
import dev.keyplan.verify.VerifyOptions;
import dev.keyplan.verify.VerifyResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;

/**
 * {@code keyplan verify --store dynamodb}: runs a model's DynamoDB design on a DynamoDB endpoint
 * through the AWS SDK for Java v2 and sets the consumed capacity it reports beside keyplan's
 * predictions.
 *
 * <ol>
 *   <li>keyplan's analysis ({@link DynamoDbAnalyzer}) and its CreateTable input ({@link
 *       TableRequests}) with every table named {@code <prefix><table>}, billed on demand;
 *   <li>every one of those tables looked up; one that exists stops the run unless {@code --reuse}
 *       ({@link Namespace}); the others are created;
 *   <li>the busiest and a typical partition key value of every key template a pattern uses loaded,
 *       counted and sized as keyplan's analysis says, scaled to {@code --max-rows} ({@link
 *       GroupPlanner}, {@link ItemBuilder}, {@link Loader});
 *   <li>every pattern run {@code --samples} times per key as keyplan's plan says ({@link
 *       DynamoDbVerifyReads}, {@link DynamoDbVerifyWrites}), each item type's size measured ({@link
 *       SizeProbe});
 *   <li>the tables keyplan created dropped, and the items it wrote into reused tables deleted,
 *       unless {@code --keep}, whether the run succeeded or not.
 * </ol>
 *
 * <p>The engine's errors reach the user as a {@link VerifyException} whose message holds no
 * credential; docs/verify-dynamodb.md lists what is compared and what is not, and why.
 */
public final class DynamoDbVerifier {
  /** The AWS access key id, as the AWS CLI reads it. */
  public static final String ACCESS_KEY_ID = "AWS_ACCESS_KEY_ID";

  /** The AWS secret access key. */
  public static final String SECRET_ACCESS_KEY = "AWS_SECRET_ACCESS_KEY";

  /** The session token of temporary AWS credentials. */
  public static final String SESSION_TOKEN = "AWS_SESSION_TOKEN";

  private DynamoDbVerifier() {}

  /** Returns this store's verifier, for the registry ({@code dev.keyplan.verify.Verifiers}). */
  public static StoreVerifier<DynamoDbAnalysis> verifier() {
    return new StoreVerifier<>() {
      @Override
      public Class<DynamoDbAnalysis> analysisType() {
        return DynamoDbAnalysis.class;
      }

      @Override
      public List<String> credentialKeys() {
        return List.of(ACCESS_KEY_ID, SECRET_ACCESS_KEY, SESSION_TOKEN);
      }

      @Override
      public VerifyResult run(
          DynamoDbAnalysis analysis,
          VerifyOptions options,
          Credentials credentials,
          Progress progress) {
        return DynamoDbVerifier.run(analysis, options, credentials, progress);
      }

      @Override
      public LoadBudget.Estimate loadEstimate(DynamoDbAnalysis analysis, VerifyOptions options) {
        return DynamoDbVerifier.loadEstimate(analysis, options);
      }
    };
  }

  /**
   * What {@link #run} loads at most, from the analysis and {@code --max-rows} alone: {@link
   * GroupPlanner} makes a busiest and a typical group for each table or index and partition key
   * template a pattern reaches, each scaled down to at most {@code --max-rows} rows plus at least
   * one row per item type. This counts every template of every item type, reached or not, so it
   * errs high; DynamoDB rows are not sized here (bytes 0).
   */
  static LoadBudget.Estimate loadEstimate(DynamoDbAnalysis a, VerifyOptions options) {
    long rows = 0;
    for (DynamoDbTable t : a.tables()) {
      List<KeyPath> paths = new ArrayList<>();
      paths.add(t.table());
      paths.addAll(t.gsis());
      for (KeyPath path : paths) {
        Map<String, Integer> itemTypes = new LinkedHashMap<>();
        for (DynamoDbItem it : t.items()) {
          if (it.on(path)) {
            itemTypes.merge(it.partitionSignature(path), 1, Integer::sum);
          }
        }
        for (int n : itemTypes.values()) {
          rows += 2L * (options.maxRows() + n);
        }
      }
    }
    return new LoadBudget.Estimate(rows, 0);
  }

  /**
   * Verifies the analysed DynamoDB design against the endpoint {@code options} name.
   *
   * @throws IllegalArgumentException when an option is malformed
   * @throws VerifyException when the engine cannot be reached, refuses the request, or a table
   *     keyplan would create exists without {@code --reuse}
   */
  public static VerifyResult run(
      DynamoDbAnalysis analysis,
      VerifyOptions options,
      Credentials credentials,
      Progress progress) {
    Model model = analysis.model();
    List<CreateTableRequest> tables = TableRequests.of(analysis, options.prefix());
    Connection connection = Connection.of(options, credentials);
    try (DynamoDbClient client = connection.client()) {
      Session session = new Session(model, analysis, options, client, connection);
      List<String> cleanup = new ArrayList<>();
      try {
        session.create(tables);
        session.measure(progress);
      } catch (SdkClientException e) {
        throw new VerifyException(
            "cannot reach DynamoDB at "
                + connection.describe()
                + ": "
                + connection.scrub(e.getMessage()));
      } catch (SdkException e) {
        throw new VerifyException(
            connection.describe() + " refused a request: " + connection.scrub(e.getMessage()));
      } finally {
        cleanup.addAll(cleanUp(session, options, connection));
      }
      return DynamoDbVerifyReport.of(session, cleanup);
    }
  }

  /**
   * Drops what keyplan created and deletes what it wrote into reused tables, unless {@code keep}.
   */
  private static List<String> cleanUp(Session s, VerifyOptions options, Connection connection) {
    List<String> out = new ArrayList<>();
    if (options.keep()) {
      if (!s.names.created().isEmpty()) {
        out.add(
            "--keep: the tables keyplan created were left in place: "
                + String.join(", ", s.names.created()));
      }
      return out;
    }
    try {
      for (String t : s.names.reused()) {
        int n = s.ledger.deleteAll(s.client, t);
        out.add(
            "reused table "
                + t
                + ": the "
                + n
                + " items keyplan wrote were deleted; nothing else in it was touched");
      }
      List<String> dropped = s.names.dropCreated();
      if (!dropped.isEmpty()) {
        out.add("the tables keyplan created were dropped: " + String.join(", ", dropped));
      }
    } catch (SdkException e) {
      out.add("cleaning up failed: " + connection.scrub(e.getMessage()));
    }
    return out;
  }
}
