package dev.keyplan.analyze;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.keyplan.analyze.measured.Provenance;
import dev.keyplan.analyze.source.DataFormat;
import dev.keyplan.analyze.source.NativeSize;
import dev.keyplan.input.InputException;
import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.simulate.Progress;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The conversion hook of {@link Analyzer}: a store's export is measured from its converted JSON
 * Lines, while the provenance names the user's files with their own SHA-256, and the converted
 * files are gone after the run, also after an error.
 */
class AnalyzeExportsTest {
  @TempDir Path tmp;

  static final String MODEL =
      """
      model: exports
      horizon: 1y
      entities:
        Order:
          attributes: {pk: {type: text, size: 3B}, sk: {type: text, size: 3B}}
          key: [pk, sk]
      patterns:
        - id: orders-of-customer
          says: A customer's orders
          rate: 10/s
          query: Order where pk = ?
      """;

  static final String EXPORT =
      """
      {"Item":{"pk":{"S":"C#1"},"sk":{"S":"O#1"}}}
      {"Item":{"pk":{"S":"C#2"},"sk":{"S":"O#2"}}}
      """;

  private Analysis run(List<String> data, Path spill) throws IOException {
    Path model = tmp.resolve("m.yaml");
    Files.writeString(model, MODEL);
    Model m = ModelReader.read(model);
    return Analyzer.analyze(
        new AnalyzeRequest(
            m,
            "Order",
            data,
            Optional.empty(),
            Map.of(),
            Optional.empty(),
            Optional.empty(),
            OptionalDouble.empty(),
            0,
            AnalyzeRequest.DEFAULT_TOP,
            false,
            new EngineSettings("256MB", 1, Optional.of(spill))),
        Progress.NONE);
  }

  private static List<Path> left(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.toList();
    }
  }

  @Test
  void provenanceIsTheExportFile_andTheConvertedFilesAreDeleted() throws Exception {
    Path gz = tmp.resolve("part-0001.json.gz");
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
      out.write(EXPORT.getBytes(StandardCharsets.UTF_8));
    }
    Path spill = Files.createDirectory(tmp.resolve("spill"));
    Analysis a = run(List.of(gz.toString()), spill);
    assertThat(a.data().format()).isEqualTo(DataFormat.TABLE_EXPORT.id());
    assertThat(a.rowSizes().nativeSize()).isEqualTo(NativeSize.ITEM_BYTES);
    // The SHA-256 of the gzip file's bytes as stored, not of the converted text.
    String expected =
        HexFormat.of()
            .formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(gz)));
    assertThat(a.provenance().files())
        .containsExactly(new Provenance.SourceFile(gz.toString(), expected));
    assertThat(left(spill)).as("the converted files' directory is removed").isEmpty();
  }

  @Test
  void afterAnErrorTheConvertedFilesAreDeletedToo() throws IOException {
    // The first file converts; the second's line 2 is no item: the run stops after a conversion.
    Path good = tmp.resolve("a.json");
    Files.writeString(good, EXPORT);
    Path bad = tmp.resolve("b.json");
    Files.writeString(bad, EXPORT.lines().findFirst().orElseThrow() + "\n42\n");
    Path spill = Files.createDirectory(tmp.resolve("spill"));
    InputException e =
        catchThrowableOfType(
            InputException.class, () -> run(List.of(good.toString(), bad.toString()), spill));
    assertThat(e.diagnostics().get(0).toString()).startsWith(bad + ":2:1: error: ");
    assertThat(left(spill)).isEmpty();
  }

  @Test
  void anEmptyExportIsNoDataToMeasure() throws IOException {
    // An export writes an empty file for an empty partition; a data set of nothing else has no row
    // to measure: a located error, as an empty CSV file is.
    Path empty = tmp.resolve("empty.json");
    Files.writeString(empty, "");
    Path spill = Files.createDirectory(tmp.resolve("spill"));
    InputException e =
        catchThrowableOfType(
            InputException.class,
            () ->
                Analyzer.analyze(
                    new AnalyzeRequest(
                        ModelReader.read(write()),
                        "Order",
                        List.of(empty.toString()),
                        Optional.of(DataFormat.TABLE_EXPORT),
                        Map.of(),
                        Optional.empty(),
                        Optional.empty(),
                        OptionalDouble.empty(),
                        0,
                        AnalyzeRequest.DEFAULT_TOP,
                        false,
                        new EngineSettings("256MB", 1, Optional.of(spill))),
                    Progress.NONE));
    assertThat(e.diagnostics().get(0).toString())
        .startsWith(empty + ":1:1: error: no record in the export");
    assertThat(left(spill)).isEmpty();
  }

  private Path write() throws IOException {
    Path model = tmp.resolve("m.yaml");
    Files.writeString(model, MODEL);
    return model;
  }

  @Test
  void everyExportDataFormatHasItsConverter() {
    for (DataFormat f : DataFormat.values()) {
      assertThat(f.export().isPresent()).as(f.id()).isEqualTo(f.nativeSize() != NativeSize.NONE);
      f.export().ifPresent(x -> assertThat(x.id()).isEqualTo(f.id()));
    }
  }
}
