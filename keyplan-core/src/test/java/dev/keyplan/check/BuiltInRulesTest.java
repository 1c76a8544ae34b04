package dev.keyplan.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.cassandra.cql.CqlParser;
import dev.keyplan.cassandra.design.CassandraAnalyzer;
import dev.keyplan.cassandra.model.CassandraDesign;
import dev.keyplan.dynamodb.design.DynamoDbAnalyzer;
import dev.keyplan.dynamodb.model.DynamoDbDesign;
import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.mongodb.model.MongoDbDesign;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A rule is one class, one test, one page and one registry line; this test fails the build when any
 * of the four is missing or the four disagree (the guard Error Prone keeps for its checks).
 */
final class BuiltInRulesTest {
  private static final Path DOCS = Path.of("..", "docs", "rules");
  private static final List<String> HEADINGS =
      List.of(
          "## Why it matters",
          "## What is computed",
          "## How to fix",
          "## Example",
          "## Suppressing");

  static Stream<Class<? extends Rule>> rules() {
    return BuiltInRules.all().stream();
  }

  @Test
  void registry_isSortedById_withUniqueIds() {
    // each list a rule's line goes into is sorted, and the ids are unique across them
    List<List<Class<? extends Rule>>> lists = new java.util.ArrayList<>();
    lists.add(BuiltInRules.overSeveralStores());
    dev.keyplan.store.Stores.builtIn().all().forEach(st -> lists.add(st.rules()));
    for (List<Class<? extends Rule>> list : lists) {
      assertThat(list.stream().map(Class::getSimpleName).toList()).isSorted();
    }
    List<String> ids =
        BuiltInRules.all().stream().map(Class::getSimpleName).collect(Collectors.toList());
    assertThat(ids).isSorted().doesNotHaveDuplicates();
  }

  @Test
  void everyRuleClass_isRegistered() throws IOException, URISyntaxException {
    Path classes =
        Path.of(BuiltInRules.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    Set<String> found = new TreeSet<>();
    // every class with a @RuleSpec, in the spine's check packages and in each store's
    try (Stream<Path> files = Files.walk(classes.resolve("dev/keyplan"))) {
      for (Path f :
          files
              .filter(p -> p.toString().endsWith(".class") && !p.toString().contains("$"))
              .toList()) {
        String name = classes.relativize(f).toString().replace('/', '.').replace(".class", "");
        try {
          Class<?> c = Class.forName(name);
          if (Checker.isRule(c) && c.isAnnotationPresent(RuleSpec.class)) {
            found.add(c.getName());
          }
        } catch (ClassNotFoundException e) {
          throw new AssertionError(e);
        }
      }
    }
    assertThat(found)
        .isEqualTo(
            BuiltInRules.all().stream()
                .map(Class::getName)
                .collect(Collectors.toCollection(TreeSet::new)));
  }

  @Test
  void everyPage_belongsToARule() throws IOException {
    Set<String> ids =
        BuiltInRules.all().stream().map(Class::getSimpleName).collect(Collectors.toSet());
    try (Stream<Path> pages = Files.list(DOCS)) {
      assertThat(pages.map(p -> p.getFileName().toString().replace(".md", "")))
          .allMatch(ids::contains);
    }
  }

  @ParameterizedTest
  @MethodSource("rules")
  void rule_hasSpecTestAndPage(Class<?> rule) throws IOException {
    RuleSpec spec = rule.getAnnotation(RuleSpec.class);
    assertThat(spec).as("@RuleSpec on %s", rule).isNotNull();
    assertThat(spec.summary()).isNotBlank().doesNotEndWith(".");
    // a rule over several stores lives in the spine's check packages, a rule over one store in
    // that store's check package
    assertThat(rule.getPackageName())
        .matches(
            Rule.OnStores.class.isAssignableFrom(rule)
                ? "dev\\.keyplan\\.check\\.\\w+"
                : "dev\\.keyplan\\.\\w+\\.check");
    assertThat(Checker.isRule(rule)).as("%s implements a store's rule interface", rule).isTrue();
    try {
      Class.forName(rule.getName() + "Test");
    } catch (ClassNotFoundException e) {
      throw new AssertionError("missing test class " + rule.getName() + "Test");
    }
    Path page = DOCS.resolve(rule.getSimpleName() + ".md");
    assertThat(page).as("page of %s", rule.getSimpleName()).exists();
    String text = Files.readString(page, StandardCharsets.UTF_8);
    assertThat(text).startsWith("# " + rule.getSimpleName() + "\n");
    for (String h : HEADINGS) {
      assertThat(text).as("%s in %s", h, page).contains(h);
    }
    assertThat(
            BuiltInRulesTest.class.getResource(
                "/dev/keyplan/docs/rules/" + rule.getSimpleName() + ".md"))
        .as("page packaged in the jar")
        .isNotNull();
  }

  @ParameterizedTest
  @MethodSource("rules")
  void pageExample_triggersItsRule(Class<? extends Rule> rule) throws IOException {
    String text =
        Files.readString(DOCS.resolve(rule.getSimpleName() + ".md"), StandardCharsets.UTF_8);
    String example = text.substring(text.indexOf("## Example"));
    String yaml = block(example, "yaml");
    Model model = ModelReader.read("example.yaml", yaml, Path.of("."));
    List<Finding> findings = new ArrayList<>();
    if (model.design(CassandraDesign.class).isPresent()) {
      String cql = block(example, "cql");
      var analysis =
          CassandraAnalyzer.analyze(
              model,
              model.design(CassandraDesign.class).get(),
              CqlParser.parse("example.cql", cql));
      findings.addAll(Checker.of(List.of(rule)).check(analysis));
    }
    if (model.design(DynamoDbDesign.class).isPresent()) {
      findings.addAll(Checker.of(List.of(rule)).check(DynamoDbAnalyzer.analyze(model)));
    }
    if (model.design(MongoDbDesign.class).isPresent()) {
      findings.addAll(
          Checker.of(List.of(rule))
              .check(dev.keyplan.mongodb.design.MongoDbAnalyzer.analyze(model)));
    }
    assertThat(findings).as("findings of %s's example", rule.getSimpleName()).isNotEmpty();
  }

  private static String block(String text, String language) {
    Matcher m = Pattern.compile("```" + language + "\\n(.*?)```", Pattern.DOTALL).matcher(text);
    List<String> blocks = new ArrayList<>();
    while (m.find()) {
      blocks.add(m.group(1));
    }
    assertThat(blocks).as("one ```%s block in the example", language).hasSize(1);
    return blocks.get(0);
  }
}
