package dev.keyplan.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CredentialsTest {
  @Test
  void fromTheEnvironment_onlyTheKnownKeys_andNeverTheirValues() {
    Credentials c =
        Credentials.load(
            Optional.empty(),
            Map.of(
                "KEYPLAN_MONGODB_URI",
                "mongodb://u:hunter2@h/",
                "HOME",
                "/root",
                "AWS_SECRET_ACCESS_KEY",
                "abc/xyz"));
    assertEquals(Optional.of("mongodb://u:hunter2@h/"), c.get("KEYPLAN_MONGODB_URI"));
    assertEquals(Optional.empty(), c.get("HOME"));
    assertThat(c.toString())
        .isEqualTo("credentials from environment (AWS_SECRET_ACCESS_KEY, KEYPLAN_MONGODB_URI)")
        .doesNotContain("hunter2");
  }

  @Test
  void aFile_isTheOnlySource_andAnUnknownKeyIsNamed(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("c.properties");
    Files.writeString(f, "KEYPLAN_CASSANDRA_USERNAME=bob\n");
    Credentials c =
        Credentials.load(Optional.of(f), Map.of("KEYPLAN_CASSANDRA_PASSWORD", "from-env"));
    assertEquals(Optional.empty(), c.get("KEYPLAN_CASSANDRA_PASSWORD"));
    Files.writeString(f, "PASSWORD=x\n");
    var e =
        assertThrows(
            IllegalArgumentException.class, () -> Credentials.load(Optional.of(f), Map.of()));
    assertThat(e.getMessage())
        .startsWith("the credentials file " + f + " has an unknown key PASSWORD")
        .doesNotContain("=x");
    var missing =
        assertThrows(
            IllegalArgumentException.class,
            () -> Credentials.load(Optional.of(dir.resolve("none")), Map.of()));
    assertThat(missing.getMessage()).endsWith(": no such file");
  }

  @Test
  void options_areCheckedOnce() {
    assertThrows(
        IllegalArgumentException.class, () -> VerifyOptions.defaults().withPrefix("Bad-Prefix"));
    assertThrows(IllegalArgumentException.class, () -> VerifyOptions.defaults().withScale(5, 1));
    assertEquals("keyplan_verify_", VerifyOptions.defaults().prefix());
  }
}
