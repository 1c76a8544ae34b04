package dev.keyplan.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.keyplan.model.Entity;
import dev.keyplan.model.yaml.ModelReader;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The distinct values and busiest share of a key of several attributes ({@link CompositeKey}), and
 * the assumption each figure rests on. The messages are issue 17 §4's case (a user has one
 * country): 200 countries, the busiest holding 45%; 10M users, the busiest holding 0.001%.
 */
final class CompositeKeyTest {
  private static Entity message(String userSpread, String countrySpread) {
    String yaml =
        """
        model: m
        horizon: 1y
        entities:
          Message:
            attributes:
              message_id: bigint
              user_id: bigint
              country: {type: text, size: 2B}
              device_id: bigint
            key: [message_id]
            count: 1B
            spread:
              user_id: %s
              country: %s
              device_id: {distinct: 30M}
        patterns:
          - id: q
            rate: 1/s
            query: Message where user_id = ?
        """
            .formatted(userSpread, countrySpread);
    return ModelReader.read("m.yaml", yaml, Path.of(".")).entities().get("Message");
  }

  private static final String USERS = "{distinct: 10M, busiest: 0.001%";
  private static final String COUNTRIES = "{distinct: 200, busiest: 45%}";

  @Test
  void withoutAStatement_theAttributesMultiplyAsIndependent_andSaySo() {
    // 200 × 10M = 2 × 10⁹ values; busiest 45% × 0.001% = 4.5 × 10⁻⁶.
    CompositeKey k =
        CompositeKey.of(message(USERS + "}", COUNTRIES), List.of("country", "user_id"), 1e9);
    assertThat(k.distinct()).isCloseTo(2e9, within(1.0));
    assertThat(k.busiestShare()).isCloseTo(4.5e-6, within(1e-15));
    assertThat(k.assumption()).isEqualTo(CompositeKey.Assumption.INDEPENDENT);
    assertThat(k.independent()).containsExactly("country", "user_id");
    assertThat(k.text()).startsWith("assumes country and user_id independent");
  }

  @Test
  void belongsTo_theKeyHasTheFinerAttributesValues_andItsBusiest() {
    // A user has one country: (country, user_id) has 10M values, the busiest user's 0.001% =
    // 1 × 10⁻⁵ of the rows: 2.2 times the independent 4.5 × 10⁻⁶.
    CompositeKey k =
        CompositeKey.of(
            message(USERS + ", belongs_to: country}", COUNTRIES),
            List.of("country", "user_id"),
            1e9);
    assertThat(k.distinct()).isEqualTo(10_000_000);
    assertThat(k.busiestShare()).isCloseTo(1e-5, within(1e-15));
    assertThat(k.assumption()).isEqualTo(CompositeKey.Assumption.STATED);
    assertThat(k.text()).isEqualTo("user_id belongs_to country");
  }

  @Test
  void belongsTo_needsNoSpreadForTheAttributeItImplies() {
    // The country's spread is not needed once each user has one: the key is known without it.
    CompositeKey k =
        CompositeKey.of(
            message(USERS + ", belongs_to: country}", "{}"), List.of("country", "user_id"), 1e9);
    assertThat(k.known()).isTrue();
    assertThat(k.distinct()).isEqualTo(10_000_000);
  }

  @Test
  void oneToOne_keepsTheFirstWritten() {
    // user_id and country belong to each other (1:1 here, for the arithmetic's sake): the key
    // (user_id, country) counts user_id alone: 10M values, busiest 0.001%.
    CompositeKey k =
        CompositeKey.of(
            message(USERS + ", belongs_to: country}", "{distinct: 10M, belongs_to: user_id}"),
            List.of("user_id", "country"),
            1e9);
    assertThat(k.distinct()).isEqualTo(10_000_000);
    assertThat(k.busiestShare()).isCloseTo(1e-5, within(1e-15));
    assertThat(k.text()).isEqualTo("user_id belongs_to country");
  }

  @Test
  void per_countsTheValuesUnderEachValueOfTheOther() {
    // 5 devices per user: (user_id, device_id) has 10M × 5 = 50M values, not 10M × 30M, and the
    // busiest user's 0.001% spreads evenly over its 5 devices: 2 × 10⁻⁶.
    Entity e = withDevicesPerUser();
    CompositeKey k = CompositeKey.of(e, List.of("user_id", "device_id"), 1e9);
    assertThat(k.distinct()).isCloseTo(5e7, within(1e-6));
    assertThat(k.busiestShare()).isCloseTo(2e-6, within(1e-15));
    assertThat(k.assumption()).isEqualTo(CompositeKey.Assumption.STATED);
    assertThat(k.text()).isEqualTo("device_id per user_id: 5");
  }

  private static Entity withDevicesPerUser() {
    String yaml =
        """
        model: m
        horizon: 1y
        entities:
          Message:
            attributes:
              message_id: bigint
              user_id: bigint
              device_id: bigint
            key: [message_id]
            count: 1B
            spread:
              user_id: {distinct: 10M, busiest: 0.001%}
              device_id: {distinct: 30M, per: {user_id: 5}}
        patterns:
          - id: q
            rate: 1/s
            query: Message where user_id = ?
        """;
    return ModelReader.read("m.yaml", yaml, Path.of(".")).entities().get("Message");
  }

  @Test
  void anAttributeWithoutASpread_leavesTheKeyUnknown_andNamesIt() {
    // country has no distinct, no values and is not the key: nothing says how many there are.
    CompositeKey k =
        CompositeKey.of(message(USERS + "}", "{}"), List.of("country", "user_id"), 1e9);
    assertThat(k.known()).isFalse();
    assertThat(k.unknown()).containsExactly("country");
    assertThat(k.distinct()).isNaN();
  }

  @Test
  void oneAttribute_assumesNothing() {
    CompositeKey k = CompositeKey.of(message(USERS + "}", COUNTRIES), List.of("user_id"), 1e9);
    assertThat(k.assumption()).isEqualTo(CompositeKey.Assumption.ONE_ATTRIBUTE);
    assertThat(k.distinct()).isEqualTo(10_000_000);
    assertThat(k.busiestShare()).isCloseTo(1e-5, within(1e-15));
  }
}
