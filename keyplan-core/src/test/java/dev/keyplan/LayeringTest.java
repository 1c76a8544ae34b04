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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Dependencies point one way inside the core, on the same floors in the store-neutral spine and in
 * every store's package: input → model → workload → store facts and formats → design (analysis) →
 * checks, emitters and simulators → designers and the store's plug-in root. A class may import its
 * own floor's package (or the same kind of package in the spine: a store's simulator uses the
 * neutral {@code simulate}) and the floors below, never one above; and no store's package reaches
 * into another store's, by import or by fully qualified name.
 */
final class LayeringTest {
  private static final Path SOURCES = Path.of("src/main/java/dev/keyplan");

  /** The store packages: {@code dev.keyplan.<store>.<kind>}. */
  static final Set<String> STORES = Set.of("cassandra", "dynamodb", "mongodb");

  /** The floor of each kind of package, in the spine and inside a store. */
  private static final Map<String, Integer> FLOOR =
      Map.ofEntries(
          Map.entry("input", 0),
          // the workload model, and a store's design record with its section reader and the limits
          // it checks
          Map.entry("model", 1),
          Map.entry("facts", 1),
          Map.entry("workload", 2),
          // the formats a store reads (CQL, the token ring, Workbench files, catalogs)
          Map.entry("cql", 3),
          Map.entry("ring", 3),
          Map.entry("scylla", 3),
          Map.entry("schema", 3),
          Map.entry("workbench", 3),
          Map.entry("catalog", 3),
          // a store's analysis, and the store-neutral view of one
          Map.entry("design", 4),
          Map.entry("analysis", 4),
          Map.entry("check", 5),
          Map.entry("emit", 5),
          Map.entry("simulate", 5),
          // a store's designer, which searches designs through its analysis and the checks
          // (keyplan design), and the store-neutral shape of a proposal
          Map.entry("designer", 6),
          // the store's plug-in root, which ties its floors together, and the plug-in interface
          Map.entry("", 6),
          Map.entry("store", 6));

  /**
   * The registry, {@code dev.keyplan.store.Stores}: the composition root (as Caffeine's simulator
   * {@code Registry}), the one spine class that imports every store's plug-in. Any class may ask it
   * for the stores; that is the only way the spine reaches one.
   */
  private static final String REGISTRY = "store.Stores";

  private static final Pattern IMPORT =
      Pattern.compile(
          "^import (?:static )?dev\\.keyplan\\.([a-z][\\w.]*?)\\.([A-Z]\\w*)", Pattern.MULTILINE);
  private static final Pattern QUALIFIED =
      Pattern.compile("\\bdev\\.keyplan\\.(cassandra|dynamodb|mongodb)\\.");

  /** A package as {@code store} (empty in the spine) and {@code kind} (its floor's name). */
  record Place(String store, String kind) {
    static Place of(String packagePath) {
      String[] parts = packagePath.split("[./]");
      if (STORES.contains(parts[0])) {
        return new Place(parts[0], parts.length > 1 ? parts[1] : "");
      }
      return new Place("", parts[0]);
    }

    int floor() {
      Integer f = FLOOR.get(kind);
      if (f == null) {
        throw new AssertionError(
            "no floor for package kind '" + kind + "': add it to LayeringTest.FLOOR");
      }
      return f;
    }
  }

  private static List<Path> sources() throws IOException {
    try (Stream<Path> files = Files.walk(SOURCES)) {
      return files.filter(p -> p.toString().endsWith(".java")).toList();
    }
  }

  private static String relative(Path f) {
    return SOURCES.relativize(f).toString().replace('\\', '/');
  }

  private static String packagePath(Path f) {
    String rel = relative(f);
    return rel.contains("/") ? rel.substring(0, rel.lastIndexOf('/')) : "";
  }

  @Test
  void everyImportPointsDownOrSideways() throws IOException {
    List<String> violations = new ArrayList<>();
    for (Path f : sources()) {
      Place own = Place.of(packagePath(f));
      Matcher m = IMPORT.matcher(Files.readString(f, StandardCharsets.UTF_8));
      while (m.find()) {
        if ((m.group(1) + "." + m.group(2)).equals(REGISTRY)
            || relative(f).equals(REGISTRY.replace('.', '/') + ".java")) {
          continue;
        }
        Place to = Place.of(m.group(1));
        boolean sameStoreOrSpine = to.store().equals(own.store()) || to.store().isEmpty();
        boolean down = to.floor() < own.floor();
        // on one floor: the same kind of package, the same store, or a store implementing the
        // spine's types of its floor (a store's analysis is a StoreAnalysis)
        boolean sideways =
            to.floor() == own.floor()
                && (to.kind().equals(own.kind())
                    || to.store().equals(own.store())
                    || to.store().isEmpty() && !own.store().isEmpty());
        if (sameStoreOrSpine && !down && !sideways) {
          violations.add(
              relative(f)
                  + " imports dev.keyplan."
                  + m.group(1)
                  + " (floor "
                  + to.floor()
                  + " over "
                  + own.floor()
                  + ")");
        }
      }
    }
    assertThat(violations).isEmpty();
  }

  @Test
  void noStoreReachesIntoAnother() throws IOException {
    List<String> violations = new ArrayList<>();
    for (Path f : sources()) {
      Place own = Place.of(packagePath(f));
      if (own.store().isEmpty()) {
        continue;
      }
      Matcher m = QUALIFIED.matcher(withoutComments(Files.readString(f, StandardCharsets.UTF_8)));
      while (m.find()) {
        if (!m.group(1).equals(own.store())) {
          violations.add(relative(f) + " names dev.keyplan." + m.group(1));
        }
      }
    }
    assertThat(violations).isEmpty();
  }

  @Test
  void theSpineNamesNoStorePackage() throws IOException {
    List<String> violations = new ArrayList<>();
    for (Path f : sources()) {
      String rel = relative(f);
      if (!Place.of(packagePath(f)).store().isEmpty()
          || rel.equals(REGISTRY.replace('.', '/') + ".java")) {
        continue;
      }
      Matcher m = QUALIFIED.matcher(withoutComments(Files.readString(f, StandardCharsets.UTF_8)));
      if (m.find()) {
        violations.add(rel + " names dev.keyplan." + m.group(1));
      }
    }
    assertThat(violations).isEmpty();
  }

  /** The source with its comments blanked: a comment may cite another store's class. */
  static String withoutComments(String source) {
    return source.replaceAll("(?s)/\\*.*?\\*/", " ").replaceAll("//[^\\n]*", " ");
  }
}
