package dev.keyplan.mongodb.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.Checker;
import dev.keyplan.check.Finding;
import dev.keyplan.check.RuleTester;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbCollection;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every mongosh command a MongoDB finding's fix prints is valid mongosh on the right collection
 * (issue 17: {@code db.products.createIndex({reviews.user_id: 1})} was printed, a syntax error). A
 * field path with a dot is enclosed in quotes (MongoDB manual, "Documents", Dot Notation:
 * https://www.mongodb.com/docs/manual/core/document/#dot-notation), and an index on an embedded
 * entity's field is created on its parent's collection by the path.
 */
final class MongoshFixTextTest {
  private static final Pattern COMMAND =
      Pattern.compile("db\\.(\\w+)\\.(createIndex|dropIndex|hideIndex)\\(|db\\.adminCommand\\(");

  @Test
  void anIndexOnAnEmbeddedField_isCreatedOnTheParent_withItsPathQuoted() {
    // reviews embedded in products (no collection of their own): "Review where user_id = ?" can
    // only scan products, so ScanOnHotPath's fix is the ESR index of the read on products, whose
    // review fields are at reviews.<attribute>: {"reviews.user_id": 1}. The case-insensitive read
    // by author gets CaseInsensitiveWithoutCollation's fix on the same path: {"reviews.author": 1}
    // with a collation (it printed {author: 1}, a field products' documents do not have).
    List<String> fixes =
        fixes(
            """
        model: catalogue
        horizon: 1y
        entities:
          Product:
            attributes:
              product_id: uuid
              name: {type: text, size: 40B}
            key: [product_id]
            count: 10k
          Review:
            attributes:
              review_id: uuid
              product_id: uuid
              user_id: uuid
              author: {type: text, size: 20B}
              text: {type: text, size: 200B}
            key: [review_id]
            count: 100k
            spread:
              product_id: {distinct: 10k}
              user_id: {distinct: 50k}
        patterns:
          - {id: user-reviews, rate: 100/s, query: Review where user_id = ?}
          - {id: author-reviews, rate: 10/s, query: Review where author = ?, ignore_case: author}
        mongodb:
          collections:
            products:
              entity: Product
              embed:
                reviews: {entity: Review, by: product_id, max: 20}
        """);
    assertThat(fixes)
        .anyMatch(f -> f.contains("db.products.createIndex({\"reviews.user_id\": 1})"))
        .anyMatch(f -> f.contains("db.products.createIndex({\"reviews.author\": 1}, {collation:"));
  }

  @Test
  void everyCommandOfEveryFix_isBalanced_quotesDottedKeys_andNamesACollectionOfTheDesign() {
    // The shipped MongoDB examples and the models above, through every built-in rule: each
    // db.<collection>.createIndex / dropIndex / hideIndex and db.adminCommand in a fix is checked
    // by commandIsValid (balanced brackets and quotes, no bare dotted key), and its collection is
    // one of the design's.
    int commands = 0;
    for (String file :
        List.of(
            "shop-mongodb.yaml",
            "shop-mongodb-embedded-reviews.yaml",
            "events-mongodb.yaml",
            "events-mongodb-hashed.yaml",
            "tenants-mongodb.yaml",
            "customers-zones-mongodb.yaml")) {
      MongoDbAnalysis a = analysis(example(file));
      for (Finding f : Checker.builtIn().check(a)) {
        Matcher m = COMMAND.matcher(f.fix());
        while (m.find()) {
          commands++;
          String call = call(f.fix(), m.end() - 1);
          assertThat(commandIsValid(call)).as("%s in %s: %s", call, file, f.fix()).isTrue();
          if (m.group(1) != null) {
            assertThat(a.collections().stream().map(MongoDbCollection::name))
                .as("collection of %s in %s", m.group(), file)
                .contains(m.group(1));
          }
        }
      }
    }
    assertThat(commands).as("commands checked").isPositive();
  }

  @Test
  void theCheck_rejectsWhatMongoshRejects() {
    // The small check is itself a specification: it must be able to fail.
    assertThat(commandIsValid("({\"reviews.user_id\": 1})")).isTrue();
    assertThat(commandIsValid("({customer_id: 1, created_at: -1})")).isTrue();
    assertThat(commandIsValid("({reviews.user_id: 1})")).isFalse();
    assertThat(commandIsValid("({a: 1)")).isFalse();
    assertThat(commandIsValid("(\"status_1)")).isFalse();
  }

  /** Returns the parenthesised argument list starting at {@code open}, up to its closing paren. */
  private static String call(String text, int open) {
    int depth = 0;
    boolean quoted = false;
    for (int i = open; i < text.length(); i++) {
      char ch = text.charAt(i);
      if (ch == '"' && text.charAt(i - 1) != '\\') {
        quoted = !quoted;
      } else if (!quoted && (ch == '(' || ch == '{' || ch == '[')) {
        depth++;
      } else if (!quoted && (ch == ')' || ch == '}' || ch == ']')) {
        depth--;
        if (depth == 0) {
          return text.substring(open, i + 1);
        }
      }
    }
    return text.substring(open);
  }

  /**
   * True when brackets and quotes balance, in order, and every object key outside quotes is a bare
   * identifier: a key with a dot must be quoted.
   */
  static boolean commandIsValid(String call) {
    List<Character> stack = new ArrayList<>();
    boolean quoted = false;
    for (int i = 0; i < call.length(); i++) {
      char ch = call.charAt(i);
      if (ch == '"' && (i == 0 || call.charAt(i - 1) != '\\')) {
        quoted = !quoted;
      } else if (quoted) {
        continue;
      } else if (ch == '(' || ch == '{' || ch == '[') {
        stack.add(ch);
      } else if (ch == ')' || ch == '}' || ch == ']') {
        char open = ch == ')' ? '(' : ch == '}' ? '{' : '[';
        if (stack.isEmpty() || stack.remove(stack.size() - 1) != open) {
          return false;
        }
      }
    }
    if (quoted || !stack.isEmpty()) {
      return false;
    }
    // A bare key (after { or , and before :) is an identifier; a dotted one is a syntax error.
    String outside = call.replaceAll("\"(?:[^\"\\\\]|\\\\.)*\"", "\"\"");
    Matcher keys = Pattern.compile("[{,]\\s*([^\\s:{},\"]+)\\s*:").matcher(outside);
    while (keys.find()) {
      if (!keys.group(1).matches("[A-Za-z_$][A-Za-z0-9_$]*")) {
        return false;
      }
    }
    return true;
  }

  private static List<String> fixes(String model) {
    return Checker.builtIn().check(analysis(model)).stream().map(Finding::fix).toList();
  }

  private static MongoDbAnalysis analysis(String model) {
    return RuleTester.withoutRule().model(model).mongodb();
  }

  private static String example(String file) {
    try {
      return java.nio.file.Files.readString(java.nio.file.Path.of("..", "examples", file));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
