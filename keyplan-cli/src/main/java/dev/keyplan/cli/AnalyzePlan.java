package dev.keyplan.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.keyplan.analyze.write.FigureChange;
import java.util.List;
import java.util.Locale;

/**
 * What {@code keyplan analyze} did with the model file: each measured figure against it (the merge
 * plan), and whether the file was written. Rendered here, in the CLI, rather than by
 * keyplan-analyze's {@code AnalysisJson}: that shape is every engine's (a Spark job writes it too,
 * with no model file at hand), while the plan needs the file, which only the command reads.
 *
 * @param file the model file as given
 * @param entity the entity measured
 * @param outcome what happened to the file
 * @param changes each figure against the model, in the model's order (none for a new model)
 * @param refusal why {@code --write} would refuse this model, when it would; else empty
 */
record AnalyzePlan(
    String file, String entity, Outcome outcome, List<FigureChange> changes, String refusal) {

  AnalyzePlan {
    changes = List.copyOf(changes);
  }

  /** What happened to the model file. */
  enum Outcome {
    /** No {@code --write}: nothing changed on disk. */
    PLANNED,
    /** No {@code --write}, and the merge would be refused ({@link #refusal} says why). */
    REFUSED,
    /** {@code --write} wrote the measured figures. */
    WRITTEN,
    /** {@code --write}, and the file already held every figure as it would be written. */
    UNCHANGED,
    /** {@code --new} wrote a new model. */
    CREATED;

    String word() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** Figures the merge writes: those the model can hold ({@link FigureChange#written}). */
  long writable() {
    return changes.stream().filter(FigureChange::written).count();
  }

  /** The text section after the figures. */
  String text() {
    StringBuilder out = new StringBuilder();
    String shownFile = AnalyzeText.shown(file, 200);
    if (outcome == Outcome.CREATED) {
      out.append("\nWrote a new model ")
          .append(shownFile)
          .append(" with entity ")
          .append(entity)
          .append(" and its measured figures.\n")
          .append("Next: add an access pattern under 'patterns:' and a store section (")
          .append(storeSections())
          .append("), then run: keyplan check ")
          .append(shownFile)
          .append('\n');
      return out.toString();
    }
    out.append("\nAgainst the model ").append(shownFile).append('\n');
    if (!changes.isEmpty()) {
      int width = "figure".length();
      for (FigureChange c : changes) {
        width = Math.max(width, Math.min(60, c.path().length()));
      }
      String row = "  %-" + width + "s %-12s %-12s %-12s %s%n";
      out.append(
          String.format(Locale.ROOT, row, "figure", "declared", "measured", "verdict", "note")
              .stripTrailing());
      out.append('\n');
      for (FigureChange c : changes) {
        out.append(
            String.format(
                    Locale.ROOT,
                    row,
                    AnalyzeText.shown(c.path(), 120),
                    c.declared().map(d -> AnalyzeText.shown(d, 40)).orElse("-"),
                    AnalyzeText.shown(c.measured(), 40),
                    c.verdict().word(),
                    AnalyzeText.shown(c.note(), 400))
                .stripTrailing());
        out.append('\n');
      }
    }
    switch (outcome) {
      case PLANNED ->
          out.append("Nothing written; --write writes ")
              .append(writable())
              .append(writable() == 1 ? " figure" : " figures")
              .append(" into ")
              .append(shownFile)
              .append(".\n");
      case REFUSED ->
          out.append("Nothing written; --write would refuse: ")
              .append(AnalyzeText.shown(refusal, 1_000))
              .append('\n');
      case WRITTEN ->
          out.append("Wrote ")
              .append(writable())
              .append(writable() == 1 ? " figure" : " figures")
              .append(" into ")
              .append(shownFile)
              .append(", each line marked [measured]; the entity's comment names the data.\n");
      case UNCHANGED ->
          out.append("Nothing to write: ")
              .append(shownFile)
              .append(" already holds these figures as measured.\n");
      default -> throw new IllegalStateException("not a merge outcome: " + outcome);
    }
    return out.toString();
  }

  /** The store sections a model may hold, from the registry: "a:, b: or c:". */
  static String storeSections() {
    List<String> ids =
        dev.keyplan.store.Stores.builtIn().all().stream()
            .flatMap(s -> s.ids().stream())
            .map(id -> id.id() + ":")
            .toList();
    return ids.size() == 1
        ? ids.get(0)
        : String.join(", ", ids.subList(0, ids.size() - 1)) + " or " + ids.get(ids.size() - 1);
  }

  /**
   * {@code analysis} (AnalysisJson's text) with a last member {@code model}: {@code {file, entity,
   * outcome, writable, refusal, changes: [{path, declared, measured, verdict, written, note, at}]}}
   * (docs/analyze.md, "JSON"). The other members keep their order and their text: each number is
   * read back and written as it was (a double's shortest decimal both ways).
   */
  String json(String analysis) {
    ObjectMapper mapper = new ObjectMapper();
    try {
      ObjectNode root = (ObjectNode) mapper.readTree(analysis);
      ObjectNode m = root.putObject("model");
      m.put("file", file);
      m.put("entity", entity);
      m.put("outcome", outcome.word());
      // The figures --write writes (or wrote, with outcome "written"): the changes it can hold.
      m.put("writable", writable());
      if (refusal.isEmpty()) {
        m.putNull("refusal");
      } else {
        m.put("refusal", refusal);
      }
      ArrayNode list = m.putArray("changes");
      for (FigureChange c : changes) {
        ObjectNode o = list.addObject();
        o.put("path", c.path());
        if (c.declared().isPresent()) {
          o.put("declared", c.declared().get());
        } else {
          o.putNull("declared");
        }
        o.put("measured", c.measured());
        o.put("verdict", c.verdict().word());
        o.put("written", c.written());
        o.put("note", c.note());
        o.put("at", c.at().toString());
      }
      return mapper.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("AnalysisJson wrote JSON that does not read", e);
    }
  }
}
