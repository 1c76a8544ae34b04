package dev.keyplan.model.yaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Model;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The workload statements every store reads (docs/model.md, Spread and Attributes): {@code per:}
 * (values of one attribute per value of another), {@code belongs_to:} (each value of one attribute
 * has one value of another) and {@code present:} (the share of rows holding a value); what they
 * read as, and for each bad value the exact {@code file:line:column} and message.
 *
 * <p>Every case fills {@link #MODEL}, whose lines are numbered in the comment beside it.
 */
final class SpreadStatementsTest {
  private static final String MODEL =
      """
      model: m
      horizon: 1y
      entities:
        Track:
          attributes:
            artist_id: bigint
            album_id: bigint
            track_id: bigint
            country: {type: text, size: 2B}
            isrc: {type: text, size: 12B%s}
          key: [track_id]
          growth: 10/s
          spread:
            artist_id: {distinct: 1M%s}
            album_id: %s
            country: {distinct: 200%s}
      patterns:
        - id: q
          rate: 1/s
          query: Track where artist_id = ?
      %s""";

  // Lines: 1 model  2 horizon  3 entities  4 Track  5 attributes  6 artist_id  7 album_id
  //        8 track_id  9 country  10 isrc (its mapping opens at column 13, the %s after "12B" is
  //        column 35)  11 key  12 growth  13 spread  14 artist_id (mapping at column 18; the %s
  //        after "1M" at column 31)  15 album_id (its spread at column 17)  16 country (mapping at
  //        column 16; the %s after "200" at column 30)  17 patterns  … 20 query  21 the pattern's
  //        own extra lines

  private static String model(String isrc, String artist, String album, String country) {
    return MODEL.formatted(isrc, artist, album, country, "");
  }

  private static Entity track(String isrc, String artist, String album, String country) {
    Model m = ModelReader.read("m.yaml", model(isrc, artist, album, country), Path.of("."));
    return m.entities().get("Track");
  }

  private static List<String> errors(String yaml) {
    InputException e =
        catchThrowableOfType(
            InputException.class, () -> ModelReader.read("m.yaml", yaml, Path.of(".")));
    assertThat(e).as("an InputException for:\n%s", yaml).isNotNull();
    return e.diagnostics().stream().map(Diagnostic::toString).toList();
  }

  // ------------------------------------------------------------------ per

  @Test
  void per_readsTheCountOfValuesPerValueOfAnotherAttribute() {
    // "ten albums per artist" (issue 16 §2): album_id has 10M values, 10 under each artist.
    Entity e = track("", "", "{distinct: 10M, per: {artist_id: 10}}", "");
    assertThat(e.spread().get("album_id").per()).isEqualTo(Map.of("artist_id", 10.0));
    assertThat(e.spread().get("album_id").distinct()).hasValue(10_000_000);
  }

  @Test
  void per_badValues() {
    // Line 15, the spread at column 17: "{distinct: 10M, per: {" is 22 characters, so the
    // per mapping's first key is at column 39 and, after "artist_id: ", its value at column 50.
    assertThat(errors(model("", "", "{distinct: 10M, per: {artist_id: 0}}", "")))
        .containsExactly(
            "m.yaml:15:50: error: expected the average distinct values of 'album_id' per value"
                + " of 'artist_id', at least 1 (such as 10), but found '0'");
    assertThat(errors(model("", "", "{distinct: 10M, per: {artsit_id: 10}}", "")))
        .containsExactly(
            "m.yaml:15:39: error: entity 'Track' has no attribute 'artsit_id' (did you mean"
                + " 'artist_id'?)");
    assertThat(errors(model("", "", "{distinct: 10M, per: {album_id: 10}}", "")))
        .containsExactly(
            "m.yaml:15:39: error: 'per' names 'album_id' itself; expected another attribute of"
                + " 'Track'");
    // 20 albums per artist, but only 8 albums in all. "{distinct: 8, per: {" is 20 characters:
    // the key at column 37.
    assertThat(errors(model("", "", "{distinct: 8, per: {artist_id: 20}}", "")))
        .containsExactly(
            "m.yaml:15:37: error: 'album_id' has 20 values per artist_id but 8 distinct values"
                + " in all; expected at most that many");
  }

  @Test
  void per_inAPatternsSpread_isBadInput() {
    // A pattern's spread says how its requests fall; values per value describe the rows. Line
    // 21 is "    spread: {album_id: {per: …}}": the pattern's spread opens at column 13, the
    // album_id spread at column 24, its key per at column 25.
    String yaml =
        MODEL.formatted(
            "", "", "{distinct: 10M}", "", "    spread: {album_id: {per: {artist_id: 10}}}\n");
    assertThat(errors(yaml))
        .containsExactly(
            "m.yaml:21:25: error: 'per' describes the entity's rows, not a pattern's requests;"
                + " write it in the entity's spread of 'album_id'");
  }

  // ------------------------------------------------------------------ belongs_to

  @Test
  void belongsTo_readsOneNameOrAList() {
    Entity e = track("", "", "{distinct: 10M, belongs_to: artist_id}", "");
    assertThat(e.spread().get("album_id").belongsTo()).containsExactly("artist_id");
    e = track("", "", "{distinct: 10M, belongs_to: [artist_id, country]}", "");
    assertThat(e.spread().get("album_id").belongsTo()).containsExactly("artist_id", "country");
  }

  @Test
  void belongsTo_bothWays_isOneToOne_andAllowed() {
    Entity e = track("", ", belongs_to: album_id", "{distinct: 1M, belongs_to: artist_id}", "");
    assertThat(e.spread().get("album_id").belongsTo()).containsExactly("artist_id");
    assertThat(e.spread().get("artist_id").belongsTo()).containsExactly("album_id");
  }

  @Test
  void belongsTo_badValues() {
    // Line 15, the spread at column 17: "{distinct: 10M, belongs_to: " is 28 characters, so the
    // name starts at column 45.
    assertThat(errors(model("", "", "{distinct: 10M, belongs_to: album_id}", "")))
        .containsExactly(
            "m.yaml:15:45: error: 'belongs_to' names 'album_id' itself; expected another"
                + " attribute of 'Track'");
    assertThat(errors(model("", "", "{distinct: 10M, belongs_to: artst_id}", "")))
        .containsExactly(
            "m.yaml:15:45: error: entity 'Track' has no attribute 'artst_id' (did you mean"
                + " 'artist_id'?)");
    // A user has one country, so there are at least as many users as countries that have one:
    // albums (100) belonging to artists (1M) cannot be fewer. "{distinct: 100, belongs_to: " is
    // 28 characters too.
    assertThat(errors(model("", "", "{distinct: 100, belongs_to: artist_id}", "")))
        .containsExactly(
            "m.yaml:15:45: error: 'album_id' belongs to one artist_id but has fewer distinct"
                + " values (100) than artist_id (1,000,000); each artist_id that rows hold has at least"
                + " one album_id");
  }

  @Test
  void belongsTo_aCycleOfThree_isBadInput_onEachStatement() {
    // album → artist → country → album. artist's statement is on line 14 after "{distinct: 1M,
    // belongs_to: " (column 18 + 27 = 45), album's on line 15 at column 45, country's on line 16
    // after "{distinct: 200, belongs_to: " (column 16 + 28 = 44).
    assertThat(
            errors(
                model(
                    "",
                    ", belongs_to: country",
                    "{distinct: 10M, belongs_to: artist_id}",
                    ", belongs_to: album_id")))
        .containsExactly(
            "m.yaml:14:45: error: 'belongs_to' makes a cycle (artist_id → country → album_id →"
                + " artist_id); only two attributes may belong to each other (1:1): say"
                + " belongs_to both ways for each pair that is 1:1",
            "m.yaml:15:45: error: 'belongs_to' makes a cycle (album_id → artist_id → country →"
                + " album_id); only two attributes may belong to each other (1:1): say"
                + " belongs_to both ways for each pair that is 1:1",
            "m.yaml:16:44: error: 'belongs_to' makes a cycle (country → album_id → artist_id →"
                + " country); only two attributes may belong to each other (1:1): say"
                + " belongs_to both ways for each pair that is 1:1");
  }

  // ------------------------------------------------------------------ present

  @Test
  void present_readsAShare_andDefaultsToEveryRow() {
    Entity e = track(", present: 30%", "", "{distinct: 10M}", "");
    assertThat(e.attribute("isrc").orElseThrow().present()).isEqualTo(0.3);
    assertThat(e.attribute("isrc").orElseThrow().isSparse()).isTrue();
    assertThat(e.attribute("country").orElseThrow().present()).isEqualTo(1.0);
    assertThat(e.attribute("country").orElseThrow().isSparse()).isFalse();
  }

  @Test
  void present_badValues() {
    // Line 10: "isrc: {" puts the mapping at column 13; "{type: text, size: 12B" is 22
    // characters, so ", present: " starts at column 35 and its value at column 46.
    for (String bad : List.of("0%", "150%", "30", "many")) {
      assertThat(errors(model(", present: " + bad, "", "{distinct: 10M}", "")))
          .as(bad)
          .containsExactly(
              "m.yaml:10:46: error: expected the share of rows holding a value, above 0% and at"
                  + " most 100% (such as 30%), but found '"
                  + bad
                  + "'");
    }
  }

  @Test
  void present_onAKeyAttribute_isBadInput() {
    // track_id is the key (line 8, its type at column 17 once written as a mapping).
    String yaml =
        model("", "", "{distinct: 10M}", "")
            .replace("track_id: bigint", "track_id: {type: bigint, present: 50%}");
    assertThat(errors(yaml))
        .containsExactly(
            "m.yaml:8:7: error: 'track_id' is part of the key of 'Track', which every row holds;"
                + " 'present' below 100% applies to attributes outside the key");
  }

  // ------------------------------------------------------------------ residency

  @Test
  void residency_readsOnAnEnumeration() {
    String yaml =
        model("", "", "{distinct: 10M}", "")
            .replace(
                "country: {type: text, size: 2B}",
                "country: {type: text, values: [DE, FR], residency: true}");
    Entity e = ModelReader.read("m.yaml", yaml, Path.of(".")).entities().get("Track");
    assertThat(e.attribute("country").orElseThrow().residency()).isTrue();
    assertThat(e.attribute("isrc").orElseThrow().residency()).isFalse();
  }

  @Test
  void residency_withoutItsValues_isBadInput() {
    // country (line 9, its key at column 7) names no values and its spread (line 16) no shares:
    // the places are unknown.
    String yaml =
        model("", "", "{distinct: 10M}", "")
            .replace(
                "country: {type: text, size: 2B}",
                "country: {type: text, size: 2B, residency: true}");
    assertThat(errors(yaml))
        .containsExactly(
            "m.yaml:9:7: error: residency attribute 'country' of 'Track' needs its values: an"
                + " enumeration (values: [US, EU]) or a spread with shares ({shares: {US: 60%, EU:"
                + " 40%}})");
  }

  @Test
  void residency_onASparseAttribute_andTwice_isBadInput() {
    // isrc (line 10) reads "{type: text, values: [A, B], present: 30%, residency: true}" from
    // column 13: "{type: text" is 11 characters, ", values: [A, B]" 16 and ", present: 30%" 14, so
    // ", residency" starts at column 54 and its key at 56. country holds an enumeration and is a
    // residency attribute too: the second one (isrc, at 10:7) is refused. Errors come in file
    // order.
    String yaml =
        model(", values: [A, B], present: 30%, residency: true", "", "{distinct: 10M}", "")
            .replace(
                "country: {type: text, size: 2B}",
                "country: {type: text, values: [DE, FR], residency: true}")
            .replace("size: 12B, values", "values");
    assertThat(errors(yaml))
        .containsExactly(
            "m.yaml:10:7: error: entity 'Track' has two residency attributes, 'country' and"
                + " 'isrc': a row is kept in one place, named by one attribute",
            "m.yaml:10:56: error: a residency attribute is held by every row; 'isrc' is present in"
                + " 30% of them");
  }
}
