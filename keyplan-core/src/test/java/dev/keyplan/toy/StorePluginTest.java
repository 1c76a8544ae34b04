package dev.keyplan.toy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keyplan.check.CheckResult;
import dev.keyplan.check.Checker;
import dev.keyplan.check.Finding;
import dev.keyplan.check.Severity;
import dev.keyplan.check.query.PatternNotServed;
import dev.keyplan.input.InputException;
import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.store.Stores;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Adding a store touches only its own package plus one registry line: {@link ToyStore}, a test-only
 * store in a package of its own, is registered here and {@code check} runs on a model naming it,
 * side by side with a built-in store, with no edit of the model reader, the checker or the result.
 */
final class StorePluginTest {
  private static final Stores STORES = Stores.builtIn().plus(new ToyStore());

  private static final String MODEL =
      """
      model: toy-and-dynamodb
      horizon: 1d
      entities:
        User:
          attributes: {user_id: uuid, name: {type: text, size: 20B}}
          key: [user_id]
          count: 1000
      patterns:
        - {id: get-user, rate: 10/s, query: User where user_id = ?}
      toy:
        buckets: 1
      dynamodb:
        tables:
          Users:
            partition_key: PK
            items:
              User:
                keys: {PK: "U#{user_id}"}
      """;

  @Test
  void aModelNamingTheToyStoreIsReadAndChecked() {
    Model m = ModelReader.read("toy.yaml", MODEL, Path.of("."), STORES.sections());
    // the registry's order: dynamodb before toy
    assertThat(m.designs()).extracting(d -> d.store().id()).containsExactly("dynamodb", "toy");
    assertThat(m.design(ToyStore.ToyDesign.class)).map(ToyStore.ToyDesign::buckets).contains(1);

    CheckResult r =
        CheckResult.of(
            m,
            STORES,
            Checker.of(List.of(ToyStore.ToyTooFewBuckets.class, PatternNotServed.class)));
    assertThat(r.analyses()).extracting(a -> a.store().id()).containsExactly("dynamodb", "toy");
    // 1 bucket takes 1 / 1 = 100% of the requests, over the rule's half.
    assertThat(r.findings())
        .extracting(Finding::rule, Finding::store, Finding::severity)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("ToyTooFewBuckets", "toy", Severity.WARNING));
    assertThat(r.findings().get(0).message())
        .isEqualTo("the busiest of 1 buckets takes 100% of the requests");
    // the located key of the section: line 10, column 1
    assertThat(r.findings().get(0).location().line()).isEqualTo(10);
    // the neutral view: the toy's plan of get-user is served
    assertThat(
            r.analysis(ToyStore.ToyAnalysis.class)
                .orElseThrow()
                .plan("get-user")
                .orElseThrow()
                .kind()
                .served())
        .isTrue();
  }

  @Test
  void withoutItsRegistryLineTheToySectionIsAnUnknownKey() {
    assertThatThrownBy(() -> ModelReader.read("toy.yaml", MODEL, Path.of(".")))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("toy.yaml:10:1: error: unknown key 'toy' in the model");
  }

  @Test
  void aBadToyValueIsLocatedByTheToysOwnReader() {
    String bad = MODEL.replace("buckets: 1", "buckets: many");
    assertThatThrownBy(() -> ModelReader.read("toy.yaml", bad, Path.of("."), STORES.sections()))
        .isInstanceOf(InputException.class)
        .hasMessageContaining(
            "toy.yaml:11:12: error: expected a number of buckets such as 4, a whole number from 1 to 1,024, but found 'many'");
  }

  @Test
  void nothingToCheckNamesEverySectionTheRegistryReads() {
    String none = MODEL.substring(0, MODEL.indexOf("toy:"));
    Model m = ModelReader.read("none.yaml", none, Path.of("."), STORES.sections());
    assertThatThrownBy(() -> CheckResult.of(m, STORES, Checker.builtIn()))
        .isInstanceOf(InputException.class)
        .hasMessageContaining(
            "add a 'cassandra:', 'scylladb:', 'dynamodb:', 'mongodb:' or 'toy:' section");
  }

  @Test
  void twoStoresCannotReadOneSection() {
    assertThatThrownBy(() -> STORES.plus(new ToyStore()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("two stores read 'toy:'");
  }
}
