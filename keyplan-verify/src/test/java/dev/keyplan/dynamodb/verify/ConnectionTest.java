package dev.keyplan.dynamodb.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keyplan.verify.Credentials;
import dev.keyplan.verify.VerifyException;
import dev.keyplan.verify.VerifyOptions;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Where keyplan connects, as whom, and that no credential ever reaches a message. */
final class ConnectionTest {
  private static final String KEY_ID = "AKIDEXAMPLE7TESTKEY";
  private static final String SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";

  private static Credentials aws() {
    return Credentials.load(
        Optional.empty(),
        Map.of(DynamoDbVerifier.ACCESS_KEY_ID, KEY_ID, DynamoDbVerifier.SECRET_ACCESS_KEY, SECRET));
  }

  @Test
  void loopbackHosts_areKnownWithoutADnsLookUp() {
    assertThat(Connection.isLoopback("127.0.0.1")).isTrue();
    assertThat(Connection.isLoopback("127.8.9.10")).isTrue();
    assertThat(Connection.isLoopback("localhost")).isTrue();
    assertThat(Connection.isLoopback("[::1]")).isTrue();
    assertThat(Connection.isLoopback("10.0.0.1")).isFalse();
    assertThat(Connection.isLoopback("128.0.0.1")).isFalse();
    // A name that resolves to a loopback address is still remote: it is not looked up.
    assertThat(Connection.isLoopback("dynamodb.us-east-1.amazonaws.com")).isFalse();
  }

  @Test
  void noCredentials_onALoopbackEndpoint_signsWithTheFixedLocalPair() {
    Connection c =
        Connection.of(
            VerifyOptions.defaults().withEndpoint("http://127.0.0.1:8000"), Credentials.none());
    assertThat(c.localPair()).isTrue();
    assertThat(c.region()).isEqualTo("us-east-1");
    assertThat(c.describe()).isEqualTo("http://127.0.0.1:8000");
  }

  @Test
  void noCredentials_onARemoteEndpoint_failsNamingTheVariables() {
    assertThatThrownBy(
            () ->
                Connection.of(
                    VerifyOptions.defaults().withEndpoint("https://dynamodb.example.com"),
                    Credentials.none()))
        .isInstanceOf(VerifyException.class)
        .hasMessageContaining("AWS_ACCESS_KEY_ID")
        .hasMessageContaining("AWS_SECRET_ACCESS_KEY");
  }

  @Test
  void noCredentials_andNoEndpoint_failsBeforeReachingAws() {
    assertThatThrownBy(() -> Connection.of(VerifyOptions.defaults(), Credentials.none()))
        .isInstanceOf(VerifyException.class)
        .hasMessageContaining("AWS DynamoDB in us-east-1");
  }

  @Test
  void halfAPair_failsWithoutShowingTheHalfGiven() {
    Credentials half =
        Credentials.load(Optional.empty(), Map.of(DynamoDbVerifier.SECRET_ACCESS_KEY, SECRET));
    assertThatThrownBy(
            () ->
                Connection.of(VerifyOptions.defaults().withEndpoint("http://127.0.0.1:8000"), half))
        .isInstanceOf(VerifyException.class)
        .hasMessageContaining("only one of")
        .hasMessageNotContaining(SECRET);
  }

  @Test
  void givenCredentials_areUsedEvenOnALoopbackEndpoint_andNeverDescribed() {
    Connection c =
        Connection.of(VerifyOptions.defaults().withEndpoint("http://localhost:8000"), aws());
    assertThat(c.localPair()).isFalse();
    assertThat(c.describe()).doesNotContain(KEY_ID).doesNotContain(SECRET);
  }

  @Test
  void scrub_removesEveryCredentialFromAnEngineMessage() {
    Connection c =
        Connection.of(VerifyOptions.defaults().withEndpoint("http://127.0.0.1:8000"), aws());
    String echoed =
        "The request signature we calculated does not match: Credential="
            + KEY_ID
            + "/20260101/us-east-1/dynamodb, secret "
            + SECRET;
    assertThat(c.scrub(echoed))
        .doesNotContain(KEY_ID)
        .doesNotContain(SECRET)
        .contains("<redacted>");
  }

  @Test
  void theLocalPair_isNotScrubbed_becauseTableNamesHoldTheSameWord() {
    Connection c =
        Connection.of(
            VerifyOptions.defaults().withEndpoint("http://127.0.0.1:8000"), Credentials.none());
    assertThat(c.scrub("table keyplan_verify_AppTable")).isEqualTo("table keyplan_verify_AppTable");
  }

  @Test
  void tlsWithAnHttpEndpoint_isRejected() {
    VerifyOptions tls =
        new VerifyOptions(
            Optional.of("http://127.0.0.1:8000"),
            "keyplan_verify_",
            false,
            false,
            2000,
            50,
            true,
            Optional.empty(),
            1,
            Optional.empty(),
            Optional.empty());
    assertThatThrownBy(() -> Connection.of(tls, Credentials.none()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("https://");
  }

  @Test
  void anEndpointThatIsNotAnHttpUrl_isRejected() {
    assertThatThrownBy(() -> Connection.parse("127.0.0.1:8000"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("http:// or https://");
    assertThatThrownBy(() -> Connection.parse("http://"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(Connection.parse(" https://dynamodb.eu-west-1.amazonaws.com ").getHost())
        .isEqualTo("dynamodb.eu-west-1.amazonaws.com");
  }

  @Test
  void theRegionOption_namesTheSigningRegion() {
    VerifyOptions o =
        new VerifyOptions(
            Optional.of("http://127.0.0.1:8000"),
            "keyplan_verify_",
            false,
            false,
            2000,
            50,
            false,
            Optional.empty(),
            1,
            Optional.empty(),
            Optional.of("eu-west-1"));
    assertThat(Connection.of(o, Credentials.none()).region()).isEqualTo("eu-west-1");
  }
}
