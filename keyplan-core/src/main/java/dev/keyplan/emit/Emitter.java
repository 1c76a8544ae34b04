package dev.keyplan.emit;

import dev.keyplan.analysis.StoreAnalysis;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * One target of {@code keyplan emit}: the analysed design of a store in the form a tool deploys or
 * imports (CQL, CreateTable input, a CloudFormation template, a mongosh script…). Each store lists
 * its emitters ({@code Store.emitters()}); {@code keyplan emit} finds the target there and names no
 * store.
 *
 * @param <A> the analysis the emitter reads
 */
public interface Emitter<A extends StoreAnalysis> {
  /**
   * What the emitter is told beyond the analysis.
   *
   * @param date the date a target that writes one writes ({@code --date}), else {@link
   *     #DEFAULT_DATE}
   */
  record Options(LocalDateTime date) {
    /** The date written when the user gives none: fixed, so exports of one design do not differ. */
    public static final LocalDateTime DEFAULT_DATE = LocalDateTime.of(2000, 1, 1, 0, 0);
  }

  /** The target's name on the command line ({@code cql}). */
  String target();

  /** One line for {@code keyplan emit --help}. */
  String summary();

  /**
   * Returns the text to print.
   *
   * @throws dev.keyplan.input.InputException when the design has nothing this target can emit
   */
  String emit(A analysis, Options options);

  /** True when the target writes dates, which {@code --date} sets. */
  default boolean takesDate() {
    return false;
  }

  /** Command lines that show the target in use, for {@code keyplan emit --help}. */
  default List<String> examples() {
    return List.of();
  }

  /** Returns this emitter with {@code lines} as its examples. */
  default Emitter<A> withExamples(String... lines) {
    Emitter<A> self = this;
    List<String> examples = List.of(lines);
    return new Emitter<>() {
      @Override
      public String target() {
        return self.target();
      }

      @Override
      public String summary() {
        return self.summary();
      }

      @Override
      public String emit(A analysis, Options options) {
        return self.emit(analysis, options);
      }

      @Override
      public boolean takesDate() {
        return self.takesDate();
      }

      @Override
      public Optional<String> note(A analysis) {
        return self.note(analysis);
      }

      @Override
      public List<String> examples() {
        return examples;
      }
    };
  }

  /** A note for stderr about what the output leaves to another target, if any. */
  default Optional<String> note(A analysis) {
    return Optional.empty();
  }

  /** Returns an emitter of {@code target} that needs no options. */
  static <A extends StoreAnalysis> Emitter<A> of(
      String target, String summary, Function<A, String> emit) {
    return of(target, summary, false, (a, o) -> emit.apply(a), a -> Optional.empty());
  }

  /** Returns an emitter of {@code target}. */
  static <A extends StoreAnalysis> Emitter<A> of(
      String target,
      String summary,
      boolean takesDate,
      BiFunction<A, Options, String> emit,
      Function<A, Optional<String>> note) {
    return new Emitter<>() {
      @Override
      public String target() {
        return target;
      }

      @Override
      public String summary() {
        return summary;
      }

      @Override
      public String emit(A analysis, Options options) {
        return emit.apply(analysis, options);
      }

      @Override
      public boolean takesDate() {
        return takesDate;
      }

      @Override
      public Optional<String> note(A analysis) {
        return note.apply(analysis);
      }
    };
  }
}
