package dev.keyplan.analyze;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.keyplan.analyze.measured.MeasuredEntity;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.simulate.Progress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What {@link Analysis#measured} hands the model writer, on rows whose figures are known. */
final class AnalysisMeasuredTest {
  @TempDir Path dir;

  @Test
  void measuredEntity_inTheModelsTerms() throws Exception {
    // Three messages: channel 1 holds messages 1 and 2, channel 2 message 3; message 2 has no
    // body.
    Path csv = dir.resolve("m.csv");
    Files.writeString(
        csv, "channel_id,message_id,author_id,body\n1,1,7,hello\n1,2,7,\n2,3,8,hey\n");
    Analysis a =
        Analyzer.analyze(
            new AnalyzeRequest(
                ModelReader.read(Path.of("examples/chat.yaml")),
                "Message",
                List.of(csv.toString()),
                Optional.empty(),
                Map.of(),
                Optional.of(
                    List.of(
                        List.of("channel_id"),
                        List.of("message_id"),
                        List.of("channel_id", "message_id"))),
                Optional.empty(),
                OptionalDouble.empty(),
                0,
                AnalyzeRequest.DEFAULT_TOP,
                false,
                new EngineSettings("256MiB", 1, Optional.empty())),
            Progress.NONE);
    MeasuredEntity m = a.measured();
    assertThat(m.count()).isEqualTo(3);
    assertThat(m.growthPerSecond()).isEmpty();
    // body: 2 of 3 rows, "hello" and "hey": (5 + 3) / 2 = 4 bytes; bigint is fixed: no size.
    assertThat(m.attributes().get("body").present()).isCloseTo(2.0 / 3, within(1e-12));
    assertThat(m.attributes().get("body").averageBytes().getAsDouble()).isEqualTo(4);
    assertThat(m.attributes().get("channel_id").averageBytes()).isEmpty();
    // channel_id: 2 values, the busiest with 2 of 3 rows.
    assertThat(m.spreads().get("channel_id").distinct()).isEqualTo(2);
    assertThat(m.spreads().get("channel_id").busiestShare()).isCloseTo(2.0 / 3, within(1e-12));
    // (channel_id, message_id) has 3 values over 2 channels: 1.5 messages per channel, the
    // model's per: on message_id.
    assertThat(m.spreads().get("message_id").per()).containsEntry("channel_id", 1.5);
    assertThat(m.spreads()).doesNotContainKey("author_id");
    // Provenance: the file and the SHA-256 of its bytes.
    assertThat(m.provenance().files()).hasSize(1);
    assertThat(m.provenance().files().get(0).sha256()).hasSize(64);
  }
}
