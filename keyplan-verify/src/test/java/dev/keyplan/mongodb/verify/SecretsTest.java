package dev.keyplan.mongodb.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keyplan.model.Model;
import dev.keyplan.mongodb.design.MongoDbAnalyzer;
import dev.keyplan.simulate.Progress;
import dev.keyplan.verify.Credentials;
import dev.keyplan.verify.VerifyException;
import dev.keyplan.verify.VerifyOptions;
import dev.keyplan.verify.VerifyResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The URI's user and password appear in no result and no message: on every failure path a URI with
 * a password is fed to — no URI, a malformed one, a server that cannot be reached, a server whose
 * errors repeat the URI — and in a whole result whose findings carry such an error.
 */
final class SecretsTest {
  private static final String PASSWORD = "s3cr3t-pa55";
  private static final String USER = "alice-admin";
  // Percent-encoded, as a URI must write '@' and ':' in a password: the decoded form is
  // "p@ss:w0rd".
  private static final String ENCODED =
      "mongodb://bob-operator:p%40ss%3Aw0rd@db.example.net:27017/?authSource=admin";

  @Test
  void scrub_replacesTheUri_itsUserInfo_theUser_andThePasswordAsWrittenAndDecoded() {
    Secrets s = Secrets.of(ENCODED);
    String text = "auth failed for bob-operator with p@ss:w0rd (p%40ss%3Aw0rd) on " + ENCODED;
    assertThat(s.scrub(text))
        .isEqualTo("auth failed for *** with *** (***) on ***")
        .doesNotContain("p@ss")
        .doesNotContain("bob-operator");
    assertThat(Secrets.of("mongodb://h:27017/").scrub("h:27017 is down"))
        .isEqualTo("h:27017 is down");
  }

  @Test
  void noUri_namesTheVariable_andWhyNotTheCommandLine() {
    assertThatThrownBy(
            () ->
                MongoDbVerifier.run(
                    MongoDbAnalyzer.analyze(Examples.model("shop-mongodb.yaml")),
                    VerifyOptions.defaults(),
                    Credentials.none(),
                    Progress.NONE))
        .isInstanceOf(VerifyException.class)
        .hasMessageStartingWith("no MongoDB to verify against: set KEYPLAN_MONGODB_URI")
        .hasMessageContaining("never taken from the command line");
  }

  @Test
  void aMalformedUri_isRefused_withoutItsPassword() {
    Credentials c =
        Credentials.load(
            Optional.empty(),
            Map.of(MongoDbVerifier.URI, "mongodb://" + USER + ":" + PASSWORD + "@"));
    assertThatThrownBy(
            () ->
                MongoDbVerifier.run(
                    MongoDbAnalyzer.analyze(Examples.model("shop-mongodb.yaml")),
                    VerifyOptions.defaults(),
                    c,
                    Progress.NONE))
        .isInstanceOf(VerifyException.class)
        .hasMessageStartingWith("KEYPLAN_MONGODB_URI is not a MongoDB connection string")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain(PASSWORD).doesNotContain(USER));
  }

  @Test
  void anUnreachableServer_isNamedByItsHostsOnly(@TempDir Path dir) throws Exception {
    // Port 1 on the loopback answers nothing; the URI's own timeout keeps the test short.
    Path file = dir.resolve("mongo.properties");
    Files.writeString(
        file,
        MongoDbVerifier.URI
            + "=mongodb://"
            + USER
            + ":"
            + PASSWORD
            + "@127.0.0.1:1/?serverSelectionTimeoutMS=300&connectTimeoutMS=300\n");
    Credentials c = Credentials.load(Optional.of(file), Map.of());
    assertThatThrownBy(
            () ->
                MongoDbVerifier.run(
                    MongoDbAnalyzer.analyze(Examples.model("shop-mongodb.yaml")),
                    VerifyOptions.defaults(),
                    c,
                    Progress.NONE))
        .isInstanceOf(VerifyException.class)
        .hasMessageStartingWith("cannot reach MongoDB at mongodb://127.0.0.1:1: ")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain(PASSWORD).doesNotContain(USER));
    assertThat(c.toString()).doesNotContain(PASSWORD);
  }

  @Test
  void aServerErrorRepeatingTheUri_isScrubbed_inTheMessage() {
    String uri = "mongodb://" + USER + ":" + PASSWORD + "@db.example.net/";
    FakeGateway g = new FakeGateway();
    g.failWith = "Command failed for " + uri + " (user " + USER + ", password " + PASSWORD + ")";
    assertThatThrownBy(
            () ->
                MongoDbVerifier.run(
                    Examples.analysis("shop-mongodb.yaml"),
                    g,
                    VerifyOptions.defaults(),
                    Progress.NONE,
                    DriverGateway.hosts(uri),
                    Secrets.of(uri)))
        .isInstanceOf(VerifyException.class)
        .hasMessage(
            "MongoDB at mongodb://db.example.net refused keyplan verify: Command failed for *** (user ***,"
                + " password ***)");
  }

  @Test
  void aWholeResult_holdsNoSecret_evenWhereAServerErrorIsAFinding() {
    String uri = "mongodb://" + USER + ":" + PASSWORD + "@db.example.net/";
    FakeGateway g = new FakeGateway();
    g.explain =
        (collection, q) -> {
          throw new IllegalStateException("explain refused for " + USER + " / " + PASSWORD);
        };
    Model m = Examples.model("shop-mongodb.yaml");
    VerifyResult r =
        MongoDbVerifier.run(
            dev.keyplan.mongodb.design.MongoDbAnalyzer.analyze(m),
            g,
            VerifyOptions.defaults().withScale(20, 1),
            Progress.NONE,
            DriverGateway.hosts(uri),
            Secrets.of(uri));
    assertThat(r.findings())
        .contains(
            "customer-orders (busiest): MongoDB refused the read: explain refused for *** / ***");
    String all = r.toString() + r.asResult();
    assertThat(all)
        .doesNotContain(PASSWORD)
        .doesNotContain(USER)
        .contains("mongodb://db.example.net");
  }
}
