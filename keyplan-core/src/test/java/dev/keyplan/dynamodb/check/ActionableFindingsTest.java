package dev.keyplan.dynamodb.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.keyplan.check.Checker;
import dev.keyplan.check.Finding;
import dev.keyplan.check.Severity;
import dev.keyplan.dynamodb.design.DynamoDbAnalyzer;
import dev.keyplan.model.yaml.ModelReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 16, "no finding the user cannot act on": on the four provisioned NoSQL Workbench 3.0
 * designs with GSIs (written for keyplan in the shapes of AWS's public sample models: complaint
 * management, chat, social network and session store; {@code
 * src/test/resources/dynamodb/actionable} and the Workbench files beside them), every finding of
 * every built-in rule has a fix that, applied to the model (or to the schema file, for sample
 * data), gives files keyplan reads without an input error, in which that finding is gone and no new
 * error appears.
 *
 * <p>Where the fix prints literal model text (a capacity, an index overlay, a key template), the
 * test takes that text from the finding itself, so a fix keyplan would refuse fails here. Where it
 * leaves a figure to the user (a spread's N, shorter names), the test writes one. The set of
 * findings is pinned: a new finding on these designs fails the test until its fix is known.
 */
final class ActionableFindingsTest {
  private static final Path RESOURCES = Path.of("src/test/resources/dynamodb");

  @TempDir Path work;

  /** A model edit: (the finding, the files by path under {@code dynamodb/}) → the edited files. */
  private interface Fix extends BiFunction<Finding, Map<String, String>, Map<String, String>> {}

  @ParameterizedTest
  @ValueSource(strings = {"complaint-desk", "chat-rooms", "social-feed", "session-store"})
  void everyFindingsFix_isAccepted_andClearsIt(String design) throws IOException {
    Map<String, String> files = files(design);
    List<Finding> before = check(design, files);
    Map<String, Fix> fixes = fixes(design);
    assertThat(before.stream().map(ActionableFindingsTest::key).collect(Collectors.toSet()))
        .as("the findings on %s, each with a known fix", design)
        .isEqualTo(fixes.keySet());
    Set<String> errorsBefore = keys(before, Severity.ERROR);
    for (Finding f : before) {
      Map<String, String> fixed = fixes.get(key(f)).apply(f, new LinkedHashMap<>(files));
      assertThat(fixed).as("the fix of %s changes the files", key(f)).isNotEqualTo(files);
      List<Finding> after = check(design, fixed);
      assertThat(after.stream().map(ActionableFindingsTest::key))
          .as("after applying the fix of %s: %s", key(f), f.fix())
          .doesNotContain(key(f));
      assertThat(keys(after, Severity.ERROR))
          .as("no new error after the fix of %s", key(f))
          .isSubsetOf(errorsBefore);
    }
  }

  /** Each finding's fix, by rule and target, as the design's owner would apply it. */
  private static Map<String, Fix> fixes(String design) {
    Map<String, Fix> fixes = new LinkedHashMap<>();
    switch (design) {
      case "complaint-desk" -> {
        fixes.put("ProvisionedBelowNeed complaint_desk", tableCapacity("complaint_desk"));
        for (String index : List.of("by_customer", "by_escalation", "by_agent_comment")) {
          fixes.put(
              "ProvisionedBelowNeed complaint_desk." + index, indexCapacity("complaint_desk"));
        }
      }
      case "chat-rooms" -> {
        fixes.put("ProvisionedBelowNeed chat", tableCapacity("chat"));
        fixes.put("ProvisionedBelowNeed chat.inverted", indexCapacity("chat"));
        fixes.put("LowCardinalityIndexKey chat.inverted room", suggestedTemplate());
        fixes.put("LowCardinalityIndexKey chat message", suggestedTemplate());
        // The fix offers a spread or 'unique: true': a message id (a ULID) names one message.
        fixes.put(
            "KeySpreadUndeclared message",
            model(
                "message_id: {type: text, size: 26B, time_ordered: true}",
                "message_id: {type: text, size: 26B, time_ordered: true, unique: true}"));
        // Shorter names for what the item stores apart, and the key-embedded ids left out.
        fixes.put(
            "LongAttributeNames message",
            model(
                "keys: {PK: \"room#{room_id}\", SK: \"msg#{message_id}\"}",
                "keys: {PK: \"room#{room_id}\", SK: \"msg#{message_id}\"}\n"
                    + "          attributes: {sender: {name: s}, body: {name: b}}"));
      }
      case "social-feed" -> {
        fixes.put("ProvisionedBelowNeed feed", tableCapacity("feed"));
        fixes.put("ProvisionedBelowNeed feed.ByHandle", indexCapacity("feed"));
        // The fix says: write the value in DynamoDB JSON, typed values inside an M too.
        fixes.put(
            "UnreadSampleData feed",
            (f, files) -> {
              String json = files.get(SOCIAL_SCHEMA);
              json =
                  json.replace(
                          "\"bio\": \"writes compilers\"", "\"bio\": {\"S\": \"writes compilers\"}")
                      .replace("\"age\": 36", "\"age\": {\"N\": \"36\"}")
                      .replace("\"HP\": \"100\"", "\"M\": {\"hp\": {\"N\": \"100\"}}");
              files.put(SOCIAL_SCHEMA, json);
              return files;
            });
      }
      case "session-store" -> {
        fixes.put("ProvisionedBelowNeed sessions", tableCapacity("sessions"));
        fixes.put("ProvisionedBelowNeed sessions.GSI1_inverse", indexCapacity("sessions"));
      }
      default -> throw new IllegalArgumentException(design);
    }
    return fixes;
  }

  private static final String SOCIAL_SCHEMA = "workbench/SocialFeed_3.0.json";

  private static final Pattern CAPACITY = Pattern.compile("capacity: \\{read: \\d+, write: \\d+}");
  private static final Pattern INDEXES =
      Pattern.compile("indexes: \\{\\w+: \\{capacity: \\{read: \\d+, write: \\d+}}}");

  /** ProvisionedBelowNeed on a table: the capacity its fix names, set on the table. */
  private static Fix tableCapacity(String table) {
    return (f, files) -> underTable(files, table, printed(CAPACITY, f));
  }

  /** ProvisionedBelowNeed on a GSI without capacity: the overlay its fix names. */
  private static Fix indexCapacity(String table) {
    return (f, files) -> underTable(files, table, printed(INDEXES, f));
  }

  /**
   * LowCardinalityIndexKey: the template its fix proposes ({@code "meta#{shard:100}"}) in place of
   * the one its message names ({@code is the constant "meta"}, {@code is "room#{room_id}"}).
   */
  private static Fix suggestedTemplate() {
    return (f, files) -> {
      Matcher was =
          Pattern.compile("is (?:the constant )?\"([^\"]+)\" for item type").matcher(f.message());
      Matcher now = Pattern.compile("\"([^\"]+)\" gives").matcher(f.fix());
      assertThat(was.find() && now.find()).as(f.message() + " / " + f.fix()).isTrue();
      String old = was.group(1);
      String item = f.target().substring(f.target().lastIndexOf(' ') + 1);
      String name = files.keySet().iterator().next();
      String text = files.get(name);
      // The item type's own keys: line, the first after its name.
      int at = text.indexOf("\n        " + item + ":\n");
      int line = text.indexOf("keys:", at);
      int end = text.indexOf('\n', line);
      assertThat(at).as("item type %s in %s", item, name).isNotNegative();
      String keys = text.substring(line, end);
      String quoted = old.contains("{") ? '"' + old + '"' : old;
      assertThat(keys).contains(quoted);
      files.put(
          name,
          text.substring(0, line)
              + keys.replace(quoted, '"' + now.group(1) + '"')
              + text.substring(end));
      return files;
    };
  }

  /** A plain text edit of the model file, which must find its text exactly once. */
  private static Fix model(String from, String to) {
    return (f, files) -> {
      String name = files.keySet().iterator().next();
      String text = files.get(name);
      assertThat(text.split(Pattern.quote(from), -1)).as("'%s' once in %s", from, name).hasSize(2);
      files.put(name, text.replace(from, to));
      return files;
    };
  }

  private static String printed(Pattern p, Finding f) {
    Matcher m = p.matcher(f.fix());
    assertThat(m.find()).as("the fix prints %s: %s", p, f.fix()).isTrue();
    return m.group();
  }

  /** Adds {@code line} as the first key of {@code table} under the model's {@code tables:}. */
  private static Map<String, String> underTable(
      Map<String, String> files, String table, String line) {
    String name = files.keySet().iterator().next();
    String header = "\n    " + table + ":\n";
    String text = files.get(name);
    assertThat(text).contains(header);
    files.put(name, text.replace(header, header + "      " + line + "\n"));
    return files;
  }

  /** The model (first) and the schema files it names, by path under {@code dynamodb/}. */
  private static Map<String, String> files(String design) throws IOException {
    Map<String, String> files = new LinkedHashMap<>();
    String model = "actionable/" + design + ".yaml";
    String text = Files.readString(RESOURCES.resolve(model));
    files.put(model, text);
    Matcher schema = Pattern.compile("schema: \\.\\./(\\S+)").matcher(text);
    while (schema.find()) {
      files.put(schema.group(1), Files.readString(RESOURCES.resolve(schema.group(1))));
    }
    return files;
  }

  /** Writes the files under a fresh folder and runs every built-in rule on the model. */
  private List<Finding> check(String design, Map<String, String> files) {
    Path root;
    try {
      root = Files.createTempDirectory(work, design);
      for (var e : files.entrySet()) {
        Path p = root.resolve(e.getKey());
        Files.createDirectories(p.getParent());
        Files.writeString(p, e.getValue());
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Path model = root.resolve(files.keySet().iterator().next());
    assertThatCode(() -> ModelReader.read(model))
        .as("keyplan reads %s", model)
        .doesNotThrowAnyException();
    return Checker.builtIn().check(DynamoDbAnalyzer.analyze(ModelReader.read(model)));
  }

  private static String key(Finding f) {
    return f.rule() + " " + f.target();
  }

  private static Set<String> keys(List<Finding> findings, Severity s) {
    return findings.stream()
        .filter(f -> f.severity() == s)
        .map(ActionableFindingsTest::key)
        .collect(Collectors.toCollection(TreeSet::new));
  }
}
