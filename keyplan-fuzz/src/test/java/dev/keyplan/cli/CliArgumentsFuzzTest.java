package dev.keyplan.cli;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.keyplan.fuzz.ShippedExamples;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The command line itself: a command from the list below on a shipped example, then options its own
 * picocli spec declares (so a new option is fuzzed the day it is added) with values the fuzzer
 * writes, or a flag alone. The property is issue 18's: the run ends with 0, 1 or 2, and never with
 * an internal error (exit 4) or a stack trace on stderr. A manual probe of about 800 option values
 * came first; this keeps at it.
 *
 * <p>Every run of {@code simulate} and {@code report} ends with {@code --budget 2e5} (about 1.2 s
 * at the documented 6 µs a step), so that a fuzzed {@code --duration} is refused by the budget
 * rather than run; a fuzzed {@code --budget} before it is picocli's "specified only once" error.
 */
class CliArgumentsFuzzTest {
  /** Commands and their positional arguments, the model a shipped example. */
  private static final List<String> COMMANDS =
      List.of(
          "check chat.yaml",
          "check orders-dynamodb.yaml",
          "check tenants-mongodb.yaml",
          "check shop-workbench.yaml",
          "report chat.yaml",
          "emit chat.yaml",
          "simulate cassandra chat.yaml",
          "simulate scylladb chat-scylla.yaml",
          "simulate dynamodb flash-sale.yaml",
          "simulate mongodb events-mongodb.yaml",
          "explain HotPartition",
          "rules",
          "cassandra token",
          "cassandra replicas chat.yaml",
          "dynamodb item-size",
          "mongodb hash",
          "mongodb doc-size");

  /** The options that write to a path they are given. */
  private static final java.util.Set<String> WRITES = java.util.Set.of("--output", "--csv");

  @FuzzTest(maxDuration = "30s")
  void arguments(FuzzedDataProvider data) {
    // A file argument of "-" reads standard input to its end, as a user's pipe would give it; the
    // test's own stdin is the test runner's channel, which never ends, so each run gets an empty
    // one (the fuzzer found `dynamodb item-size -`, which waited on it: the harness, not keyplan).
    System.setIn(new ByteArrayInputStream(new byte[0]));
    String[] command = data.pickValue(COMMANDS).split(" ");
    List<String> args = new ArrayList<>();
    for (String word : command) {
      args.add(word.endsWith(".yaml") ? ShippedExamples.dir().resolve(word).toString() : word);
    }
    CommandLine probe = Main.newCommandLine(sink(), sink());
    CommandLine target = probe;
    for (String word : command) {
      if (target.getSubcommands().containsKey(word)) {
        target = target.getSubcommands().get(word);
      }
    }
    List<OptionSpec> options = new ArrayList<>();
    for (OptionSpec option : target.getCommandSpec().options()) {
      // Options that write a file are left out: a fuzzed path could overwrite the repository.
      if (!WRITES.contains(option.longestName())) {
        options.add(option);
      }
    }
    int count = data.consumeInt(0, 4);
    for (int i = 0; i < count && !options.isEmpty(); i++) {
      OptionSpec option = data.pickValue(options);
      args.add(data.pickValue(option.names()));
      if (option.arity().max() > 0 && data.consumeBoolean()) {
        args.add(data.consumeString(60));
      }
    }
    if (data.consumeBoolean()) {
      args.add(data.consumeString(60)); // a stray positional argument
    }
    if (command[0].equals("simulate") || command[0].equals("report")) {
      args.add("--budget");
      args.add("2e5");
    }
    StringWriter err = new StringWriter();
    int code =
        Main.newCommandLine(sink(), new PrintWriter(err, true))
            .execute(args.toArray(new String[0]));
    String stderr = err.toString();
    if (code == ExitCode.INTERNAL.code()
        || code < 0
        || code > 2
        || STACK_FRAME.matcher(stderr).find()
        || INTERNAL_ERROR.matcher(stderr).find() && !echoes(args, "internal error")) {
      throw new IllegalStateException(
          "keyplan " + String.join(" ", args) + " exited " + code + ":\n" + stderr);
    }
  }

  /**
   * A Java stack frame as a trace prints it ({@code \tat dev.keyplan.X.y(X.java:12)}): a line that
   * merely contains a tab and "at " is not one, since picocli echoes a stray argument as given (the
   * fuzzer found {@code '…\tat 88l888…'} in "Unmatched argument at index 2").
   */
  private static final java.util.regex.Pattern STACK_FRAME =
      java.util.regex.Pattern.compile("(?m)^\\tat [\\w$.<>/@-]+\\([^)\\n]*\\)\\s*$");

  /**
   * keyplan's line for an internal error, at a line's start. It is a crash only when keyplan wrote
   * it: an option's bad value is echoed in its message (the fuzzer gave {@code --format 'keyplan:
   * internal error'}, which exits 2 with "but was 'keyplan: internal error'"), so the line counts
   * only when no argument holds the words; such a run still fails on its exit code if it crashed.
   */
  private static final java.util.regex.Pattern INTERNAL_ERROR =
      java.util.regex.Pattern.compile("(?m)^keyplan: internal error");

  private static boolean echoes(List<String> args, String words) {
    return args.stream().anyMatch(a -> a.contains(words));
  }

  private static PrintWriter sink() {
    return new PrintWriter(new StringWriter(), true);
  }
}
