package dev.keyplan.dynamodb.verify;

import dev.keyplan.verify.Credentials;
import dev.keyplan.verify.VerifyException;
import dev.keyplan.verify.VerifyOptions;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentials;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;

/**
 * Where and as whom keyplan talks to DynamoDB, decided once from the options and credentials.
 *
 * <ul>
 *   <li>Endpoint: {@code --endpoint} as an {@code http://} or {@code https://} URL (TLS is the
 *       scheme's: an https endpoint is verified against the JVM's trust store); none means AWS's
 *       own regional endpoint.
 *   <li>Region: {@code --region}, default {@code us-east-1}; it only names the signing region on a
 *       local endpoint.
 *   <li>Credentials: {@code AWS_ACCESS_KEY_ID} and {@code AWS_SECRET_ACCESS_KEY} (and {@code
 *       AWS_SESSION_TOKEN}) from {@link Credentials}. With none and a loopback endpoint (dynalite,
 *       which checks no signature) a fixed pair {@value #LOCAL_KEY}/{@value #LOCAL_KEY} is used;
 *       with none and any other endpoint the run stops before connecting.
 * </ul>
 *
 * <p>The SDK's default credential chain is never consulted: a run meant for a local engine must not
 * pick up a developer's AWS profile.
 */
final class Connection {
  /** Access key id and secret of the local pair; dynalite accepts any. */
  static final String LOCAL_KEY = "keyplan";

  static final String DEFAULT_REGION = "us-east-1";

  private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");

  private final Optional<URI> endpoint;
  private final Region region;
  private final boolean localPair;
  private final AwsCredentials credentials;

  private Connection(
      Optional<URI> endpoint, Region region, boolean localPair, AwsCredentials credentials) {
    this.endpoint = endpoint;
    this.region = region;
    this.localPair = localPair;
    this.credentials = credentials;
  }

  /**
   * Returns the connection the options and credentials describe.
   *
   * @throws IllegalArgumentException for a malformed endpoint or {@code --tls} with http
   * @throws VerifyException when a remote endpoint has no credentials, naming the variables
   */
  static Connection of(VerifyOptions options, Credentials secrets) {
    Optional<URI> endpoint = options.endpoint().map(Connection::parse);
    if (options.tls() && endpoint.isPresent() && !endpoint.get().getScheme().equals("https")) {
      throw new IllegalArgumentException(
          "--tls asks for TLS but the endpoint "
              + endpoint.get()
              + " is http://: give an https:// endpoint (TLS follows the URL's scheme)");
    }
    Region region = Region.of(options.region().orElse(DEFAULT_REGION));
    Optional<String> id = secrets.get(DynamoDbVerifier.ACCESS_KEY_ID);
    Optional<String> secret = secrets.get(DynamoDbVerifier.SECRET_ACCESS_KEY);
    if (id.isPresent() != secret.isPresent()) {
      throw new VerifyException(
          "only one of "
              + DynamoDbVerifier.ACCESS_KEY_ID
              + " and "
              + DynamoDbVerifier.SECRET_ACCESS_KEY
              + " is set ("
              + secrets
              + "): give both, or neither for a local endpoint");
    }
    if (id.isPresent()) {
      Optional<String> token = secrets.get(DynamoDbVerifier.SESSION_TOKEN);
      AwsCredentials c =
          token.isPresent()
              ? AwsSessionCredentials.create(id.get(), secret.get(), token.get())
              : AwsBasicCredentials.create(id.get(), secret.get());
      return new Connection(endpoint, region, false, c);
    }
    if (endpoint.isEmpty() || !isLoopback(endpoint.get().getHost())) {
      throw new VerifyException(
          "no AWS credentials for "
              + endpoint.map(URI::toString).orElse("AWS DynamoDB in " + region)
              + ": set "
              + DynamoDbVerifier.ACCESS_KEY_ID
              + " and "
              + DynamoDbVerifier.SECRET_ACCESS_KEY
              + " (and "
              + DynamoDbVerifier.SESSION_TOKEN
              + " for temporary credentials) in the environment or the"
              + " credentials file; only a loopback endpoint (dynalite) runs without them");
    }
    return new Connection(endpoint, region, true, AwsBasicCredentials.create(LOCAL_KEY, LOCAL_KEY));
  }

  /** Returns the endpoint as a URI: http or https, with a host. */
  static URI parse(String text) {
    URI uri;
    try {
      uri = new URI(text.trim());
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException(
          "--endpoint '"
              + text
              + "' is not a URL ("
              + e.getReason()
              + "): give an http:// or https:// URL, such as http://127.0.0.1:8000");
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null) {
      throw new IllegalArgumentException(
          "--endpoint '"
              + text
              + "' must be an http:// or https:// URL with a host,"
              + " such as http://127.0.0.1:8000");
    }
    return uri;
  }

  /**
   * Returns true for {@code localhost} and literal loopback addresses (127.0.0.0/8, ::1), decided
   * without a DNS look-up.
   */
  static boolean isLoopback(String host) {
    String h = host.toLowerCase(Locale.ROOT);
    if (h.startsWith("[") && h.endsWith("]")) {
      h = h.substring(1, h.length() - 1);
    }
    return h.equals("localhost")
        || h.equals("::1")
        || h.equals("0:0:0:0:0:0:0:1")
        || IPV4.matcher(h).matches() && h.startsWith("127.");
  }

  /** Time allowed to open a TCP connection to the endpoint. */
  static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);

  /** Time allowed for one attempt of a request, and between two reads of its answer. */
  static final Duration ATTEMPT_TIMEOUT = Duration.ofSeconds(10);

  /**
   * Time allowed for one call, its retries and their back-off included: an endpoint that accepts
   * and never answers is reported as unreachable after this long, not waited on for ever.
   */
  static final Duration CALL_TIMEOUT = Duration.ofSeconds(30);

  /**
   * Returns a client for this connection; the caller closes it. Every timeout is set here rather
   * than left to the SDK's defaults (URL connection client: 2 s to connect, 30 s a read; no limit
   * on a call, whose retries of a timed-out attempt then add up to minutes), so that docs/verify.md
   * "Timeouts" states them: {@link #CONNECT_TIMEOUT}, {@link #ATTEMPT_TIMEOUT}, {@link
   * #CALL_TIMEOUT}. AWS SDK for Java 2.x developer guide, "Configure timeouts",
   * https://docs.aws.amazon.com/sdk-for-java/latest/developer-guide/timeouts.html.
   */
  DynamoDbClient client() {
    DynamoDbClientBuilder b =
        DynamoDbClient.builder()
            .region(region)
            .credentialsProvider(StaticCredentialsProvider.create(credentials))
            .httpClient(
                UrlConnectionHttpClient.builder()
                    .connectionTimeout(CONNECT_TIMEOUT)
                    .socketTimeout(ATTEMPT_TIMEOUT)
                    .build())
            .overrideConfiguration(
                c -> c.apiCallAttemptTimeout(ATTEMPT_TIMEOUT).apiCallTimeout(CALL_TIMEOUT));
    endpoint.ifPresent(b::endpointOverride);
    return b.build();
  }

  /**
   * Returns {@code message} with every credential value replaced by {@code <redacted>}: an engine's
   * error can echo the access key id (a signature mismatch quotes the credential scope), and no
   * message keyplan shows may hold one.
   */
  String scrub(String message) {
    if (message == null) {
      return "";
    }
    String out = message;
    for (String secret : secretValues()) {
      if (!secret.isEmpty()) {
        out = out.replace(secret, "<redacted>");
      }
    }
    return out;
  }

  private java.util.List<String> secretValues() {
    if (localPair) {
      // The fixed local pair is no secret, and "keyplan" is in every table name.
      return java.util.List.of();
    }
    java.util.List<String> out =
        new java.util.ArrayList<>(
            java.util.List.of(credentials.accessKeyId(), credentials.secretAccessKey()));
    if (credentials instanceof AwsSessionCredentials s) {
      out.add(s.sessionToken());
    }
    return out;
  }

  /** Returns where requests go, for the settings table; never a credential. */
  String describe() {
    return endpoint.map(URI::toString).orElse("AWS DynamoDB, " + region.id());
  }

  /** Returns the signing region. */
  String region() {
    return region.id();
  }

  /** Returns true when the fixed local pair stands in for missing credentials. */
  boolean localPair() {
    return localPair;
  }
}
