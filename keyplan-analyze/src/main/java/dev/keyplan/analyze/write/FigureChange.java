package dev.keyplan.analyze.write;

import dev.keyplan.input.Location;
import java.util.Optional;

/**
 * One measured figure against the model: what {@code keyplan analyze} prints without {@code
 * --write} (nothing changes on disk), and what {@code --write} writes.
 *
 * @param path where the figure lives in the model, as dotted keys ({@code
 *     entities.Message.spread.channel_id.distinct})
 * @param declared the value as the model writes it, when it writes one
 * @param measured the measured value as it is (or would be) written ({@code 10.2M})
 * @param verdict new, agrees or contradicts ({@link Tolerance} says when two figures agree)
 * @param written whether the merged text carries the measured value; false only where {@link #note}
 *     says why (a figure the model cannot hold there)
 * @param note why a figure is not written, or how it was compared; empty when there is nothing to
 *     add
 * @param at where the declared value is written, or the entity when it is not
 */
public record FigureChange(
    String path,
    Optional<String> declared,
    String measured,
    Verdict verdict,
    boolean written,
    String note,
    Location at) {

  /** How a measured figure stands against the model. */
  public enum Verdict {
    /** The model does not say it. */
    NEW,
    /** The model says it, within the measurement's error or {@link Tolerance}'s tolerance. */
    AGREES,
    /** The model says something else: reported, and replaced by {@code --write}. */
    CONTRADICTS;

    /** Returns the verdict as printed: {@code new}, {@code agrees}, {@code contradicts}. */
    public String word() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }
}
