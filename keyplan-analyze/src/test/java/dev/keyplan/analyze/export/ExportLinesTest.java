package dev.keyplan.analyze.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.keyplan.input.InputException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The line reader's own bounds, which the conversion tests cannot reach at their real size. */
class ExportLinesTest {

  @Test
  void aFileOfMoreLinesThanAPlaceCanNumber_stopsAtItsLastNumberedLine() throws IOException {
    // The bound is Integer.MAX_VALUE lines in use; with 3, the fourth line stops reading at the
    // third, column 1, instead of numbering lines past what a place holds.
    ExportLines lines =
        ExportLines.open(
            "big.json",
            new ByteArrayInputStream("a\nb\nc\nd\n".getBytes(StandardCharsets.UTF_8)),
            3);
    assertThat(lines.next().text()).isEqualTo("a");
    assertThat(lines.next().text()).isEqualTo("b");
    assertThat(lines.next().text()).isEqualTo("c");
    InputException e = catchThrowableOfType(InputException.class, lines::next);
    assertThat(e.diagnostics().get(0).toString())
        .isEqualTo(
            "big.json:3:1: error: more lines than the 3 one file may have; expected a file of at"
                + " most that many lines (split it: several files form one data set)");
  }

  @Test
  void exactlyTheBound_isRead() throws IOException {
    ExportLines lines =
        ExportLines.open(
            "f.json", new ByteArrayInputStream("a\nb\nc\n".getBytes(StandardCharsets.UTF_8)), 3);
    for (int i = 0; i < 3; i++) {
      assertThat(lines.next().problem()).isNull();
    }
    assertThat(lines.next()).isNull();
  }
}
