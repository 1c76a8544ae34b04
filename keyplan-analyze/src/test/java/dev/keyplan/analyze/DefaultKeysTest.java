package dev.keyplan.analyze;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/**
 * Without {@code --keys}, analyze measures the keys the model's designs partition the entity by,
 * then the keys its patterns look rows up by, then the entity's own key.
 */
class DefaultKeysTest {

  private static List<List<String>> defaults(String example, String entity, List<String> held) {
    Model model = ModelReader.read(Path.of("examples", example));
    AnalyzeRequest request =
        new AnalyzeRequest(
            model,
            entity,
            List.of("data.csv"),
            Optional.empty(),
            Map.of(),
            Optional.empty(),
            Optional.empty(),
            OptionalDouble.empty(),
            0,
            AnalyzeRequest.DEFAULT_TOP,
            false,
            EngineSettings.DEFAULT);
    return Analyzer.modelKeys(request, model.entity(entity).orElseThrow(), held);
  }

  @Test
  void theShardKeyComesFirst() {
    // tenants-mongodb-fixed.yaml shards on {country_code: 1, tenant_id: 1} (seed 004's fix): the
    // compound key is measured first. Its patterns look tenants up by (country_code, tenant_id),
    // already there, and by country_code; last comes the entity's key, tenant_id.
    List<String> held = List.of("tenant_id", "country_code", "name", "plan", "settings");
    assertThat(defaults("tenants-mongodb-fixed.yaml", "Tenant", held))
        .containsExactly(
            List.of("country_code", "tenant_id"), List.of("country_code"), List.of("tenant_id"));
  }

  @Test
  void aKeyTheDataDoesNotHold_isLeftOut() {
    // Without a tenant_id column, only country_code can be measured.
    assertThat(defaults("tenants-mongodb-fixed.yaml", "Tenant", List.of("country_code")))
        .containsExactly(List.of("country_code"));
  }
}
