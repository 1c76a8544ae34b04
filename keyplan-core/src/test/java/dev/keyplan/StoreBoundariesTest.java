package dev.keyplan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The store plug-in boundaries in every module's production code (core, report, verify, CLI,
 * analyze and the benchmarks), where {@link LayeringTest} guards the core's floors:
 *
 * <ul>
 *   <li>no store's package ({@code dev.keyplan.<store>.*}, in any module) names another store's;
 *   <li>outside the store packages only the store id type and one registry per module name more
 *       than one store, and only the store id type spells a store's id as a string;
 *   <li>the report's shared package names no store at all beyond its registry, and the report
 *       module calls no analyzer and no sizer: it draws the analysis {@code check} built;
 *   <li>no simple class name is used twice.
 * </ul>
 *
 * "Names a store" is what a reader sees in the code, comments aside: an identifier, a literal or an
 * import containing {@code cassandra}/{@code scylla}, {@code dynamo} or {@code mongo}.
 */
final class StoreBoundariesTest {
  /** Every module's production sources, from the core module's directory where Maven runs. */
  private static final List<Path> MODULES =
      List.of(
          Path.of("src/main/java"),
          Path.of("../keyplan-report/src/main/java"),
          Path.of("../keyplan-verify/src/main/java"),
          Path.of("../keyplan-cli/src/main/java"),
          Path.of("../keyplan-analyze/src/main/java"),
          Path.of("../keyplan-spark/src/main/java"),
          Path.of("../bench/src/main/java"));

  private static final Map<String, Pattern> STORE_WORDS =
      Map.of(
          "cassandra", Pattern.compile("(?i)cassandra|scylla"),
          "dynamodb", Pattern.compile("(?i)dynamo"),
          "mongodb", Pattern.compile("(?i)mongo"));

  /** The store id type and the registry of each module: the only files that list the stores. */
  private static final Set<String> REGISTRIES =
      Set.of(
          "dev/keyplan/model/StoreId.java",
          "dev/keyplan/store/Stores.java",
          "dev/keyplan/report/StoreReports.java",
          "dev/keyplan/verify/Verifiers.java",
          "dev/keyplan/cli/StoreClis.java",
          "dev/keyplan/analyze/export/ExportFormats.java");

  private static final Pattern STORE_PACKAGE =
      Pattern.compile("^dev/keyplan/(cassandra|dynamodb|mongodb)/");
  private static final Pattern QUALIFIED =
      Pattern.compile("\\bdev\\.keyplan\\.(cassandra|dynamodb|mongodb)\\.");
  private static final Pattern ID_LITERAL =
      Pattern.compile("\"(?i:cassandra|scylladb|dynamodb|mongodb)\"");

  /** One source file: its path under {@code src/main/java} and its code without comments. */
  private record Source(String path, String code) {
    String store() {
      Matcher m = STORE_PACKAGE.matcher(path);
      return m.find() ? m.group(1) : "";
    }

    Set<String> storesNamed() {
      Set<String> out = new TreeSet<>();
      STORE_WORDS.forEach(
          (store, words) -> {
            if (words.matcher(code).find()) {
              out.add(store);
            }
          });
      return out;
    }
  }

  private static List<Source> sources() throws IOException {
    List<Source> out = new ArrayList<>();
    for (Path root : MODULES) {
      try (Stream<Path> files = Files.walk(root)) {
        for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
          out.add(
              new Source(
                  root.relativize(f).toString().replace('\\', '/'),
                  LayeringTest.withoutComments(Files.readString(f, StandardCharsets.UTF_8))));
        }
      }
    }
    return out;
  }

  @Test
  void noStorePackageNamesAnotherStore_inAnyModule() throws IOException {
    List<String> violations = new ArrayList<>();
    for (Source s : sources()) {
      if (s.store().isEmpty()) {
        continue;
      }
      Matcher m = QUALIFIED.matcher(s.code());
      while (m.find()) {
        if (!m.group(1).equals(s.store())) {
          violations.add(s.path() + " names dev.keyplan." + m.group(1));
        }
      }
    }
    assertThat(violations).isEmpty();
  }

  @Test
  void outsideTheStorePackages_onlyTheRegistriesNameMoreThanOneStore() throws IOException {
    List<String> violations = new ArrayList<>();
    for (Source s : sources()) {
      if (s.store().isEmpty() && !REGISTRIES.contains(s.path()) && s.storesNamed().size() > 1) {
        violations.add(s.path() + " names " + s.storesNamed());
      }
    }
    assertThat(violations).isEmpty();
  }

  @Test
  void onlyTheStoreIdTypeSpellsAStoreIdOutsideTheStorePackages() throws IOException {
    List<String> violations = new ArrayList<>();
    for (Source s : sources()) {
      if (!s.store().isEmpty() || s.path().equals("dev/keyplan/model/StoreId.java")) {
        continue;
      }
      Matcher m = ID_LITERAL.matcher(s.code());
      while (m.find()) {
        violations.add(s.path() + " spells " + m.group());
      }
    }
    assertThat(violations).isEmpty();
  }

  @Test
  void theReportsSharedPackageNamesNoStore() throws IOException {
    List<String> violations = new ArrayList<>();
    for (Source s : sources()) {
      if (s.path().startsWith("dev/keyplan/report/")
          && !REGISTRIES.contains(s.path())
          && !s.storesNamed().isEmpty()) {
        violations.add(s.path() + " names " + s.storesNamed());
      }
    }
    assertThat(violations).isEmpty();
  }

  @Test
  void noSimpleClassNameIsUsedTwice() throws IOException {
    // One name per role in every store (CassandraReadPlanner, DynamoDbReadPlanner…): a name a
    // reader meets twice would make them ask which one.
    Map<String, List<String>> byName = new java.util.TreeMap<>();
    for (Source s : sources()) {
      String name = s.path().substring(s.path().lastIndexOf('/') + 1);
      if (!name.equals("package-info.java")) {
        byName.computeIfAbsent(name, k -> new ArrayList<>()).add(s.path());
      }
    }
    byName.values().removeIf(paths -> paths.size() < 2);
    assertThat(byName).isEmpty();
  }

  @Test
  void theReportModuleCallsNoAnalyzerAndNoSizer() throws IOException {
    Pattern analysis = Pattern.compile("\\b\\w*(Analyzer|Sizer)\\b");
    List<String> violations = new ArrayList<>();
    try (Stream<Path> files = Files.walk(MODULES.get(1))) {
      for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
        Matcher m =
            analysis.matcher(
                LayeringTest.withoutComments(Files.readString(f, StandardCharsets.UTF_8)));
        while (m.find()) {
          violations.add(f.getFileName() + " uses " + m.group());
        }
      }
    }
    assertThat(violations).isEmpty();
  }
}
