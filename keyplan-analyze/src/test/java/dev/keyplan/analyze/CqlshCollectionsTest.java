package dev.keyplan.analyze;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.keyplan.analyze.Analysis.AttributeFigures;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.simulate.Progress;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Collections as cqlsh's {@code COPY TO} writes them into CSV: a list in brackets, a set and a map
 * in braces, text in single quotes with a quote doubled; JSON cells beside them still count as
 * JSON.
 */
class CqlshCollectionsTest {
  @TempDir Path dir;

  @Test
  void listsSetsAndMaps_countTheirTopLevelElements() throws IOException {
    Files.writeString(
        dir.resolve("m.yaml"),
        """
        model: m
        horizon: 1y
        entities:
          Playlist:
            attributes:
              id: int
              songs: {type: list<text>, size: 20B}
              ratings: {type: set<int>, size: 8B}
              meta: {type: 'map<text, text>', size: 30B}
            key: [id]
        patterns:
          - id: by-id
            rate: 1/s
            query: Playlist where id = ?
        """);
    // Row 1: 3 songs, one holding a comma and a doubled quote; 2 ratings; 2 map entries, one value
    //   a frozen list (one element, whatever it holds).
    // Row 2: an empty list, 1 rating, an empty map (cqlsh writes {}).
    // Row 3: JSON, as another export writes it: 2 songs; the set and map cells empty (absent).
    // songs: 3, 0, 2 → mean 5/3; ratings: 2, 1 → mean 1.5; meta: 2, 0 → mean 1.
    Files.writeString(
        dir.resolve("p.csv"),
        """
        id,songs,ratings,meta
        1,"['a, b', 'it''s', '[x]']","{4, 5}","{'k': 'v', 'l': ['p, q', 'r']}"
        2,[],{7},{}
        3,"[""s"",""t""]",,
        """);
    Analysis a =
        Analyzer.analyze(
            new AnalyzeRequest(
                ModelReader.read(dir.resolve("m.yaml")),
                "Playlist",
                List.of(dir.resolve("p.csv").toString()),
                Optional.empty(),
                Map.of(),
                Optional.of(List.of(List.of("id"))),
                Optional.empty(),
                OptionalDouble.empty(),
                0,
                AnalyzeRequest.DEFAULT_TOP,
                false,
                new EngineSettings("1GB", 2, Optional.empty())),
            Progress.NONE);
    assertThat(attribute(a, "songs").elements().get().average()).isCloseTo(5.0 / 3, within(1e-9));
    assertThat(attribute(a, "songs").elements().get().max()).isEqualTo(3);
    assertThat(attribute(a, "ratings").elements().get().average()).isCloseTo(1.5, within(1e-9));
    assertThat(attribute(a, "meta").elements().get().average()).isCloseTo(1.0, within(1e-9));
    assertThat(attribute(a, "meta").elements().get().max()).isEqualTo(2);
  }

  private static AttributeFigures attribute(Analysis a, String name) {
    return a.attributes().stream().filter(x -> x.name().equals(name)).findFirst().orElseThrow();
  }
}
