package dev.keyplan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Dependencies point one way inside the core: model → store facts → design → checks and emitters.
 * A class may import its own layer and the layers below, never one above (the modules already keep
 * report and cli above the core).
 */
final class LayeringTest {
  private static final Path SOURCES = Path.of("src/main/java/dev/keyplan");
  private static final Map<String, Integer> LAYER = Map.of(
      "model", 0, "store", 1, "design", 2, "check", 3, "emit", 3, "simulate", 3);
  private static final Pattern IMPORT = Pattern.compile("^import (?:static )?dev\\.keyplan\\.(\\w+)\\.", Pattern.MULTILINE);

  @Test
  void everyImportPointsDownOrSideways() throws IOException {
    List<String> violations = new ArrayList<>();
    try (Stream<Path> files = Files.walk(SOURCES)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
        String top = SOURCES.relativize(f).getName(0).toString();
        Integer own = LAYER.get(top);
        assertThat(own).as("layer of package %s (%s)", top, f).isNotNull();
        Matcher m = IMPORT.matcher(Files.readString(f, StandardCharsets.UTF_8));
        while (m.find()) {
          int to = LAYER.getOrDefault(m.group(1), Integer.MAX_VALUE);
          if (to > own || (to == own && !m.group(1).equals(top))) {
            violations.add(f + " imports dev.keyplan." + m.group(1));
          }
        }
      }
    }
    assertThat(violations).isEmpty();
  }
}
