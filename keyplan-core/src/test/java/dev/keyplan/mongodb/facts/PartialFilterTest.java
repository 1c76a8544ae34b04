package dev.keyplan.mongodb.facts;

import static org.assertj.core.api.Assertions.assertThat;

import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;

/** The two forms of a partial filter's text: shell JSON, and the YAML flow mapping of the model. */
final class PartialFilterTest {

  @Test
  void yamlFlow_plainScalarsTakeYamlCoreTypes() {
    // pending is not a JSON value: read as YAML, a string; 100 an int.
    assertThat(PartialFilter.parse("{status: pending, total: {$gt: 100}}"))
        .contains(
            new BsonDocument("status", new BsonString("pending"))
                .append("total", new BsonDocument("$gt", new BsonInt32(100))));
  }

  @Test
  void json_keepsAQuotedNumberAString() {
    assertThat(PartialFilter.parse("{\"code\": \"123\"}"))
        .contains(new BsonDocument("code", new BsonString("123")));
  }

  @Test
  void aDateLikeYamlScalar_isAString() {
    // YAML 1.2's core schema has no timestamps: 2026-01-01 stays text, as the model wrote it.
    assertThat(PartialFilter.parse("{since: 2026-01-01}"))
        .contains(new BsonDocument("since", new BsonString("2026-01-01")));
  }

  @Test
  void notADocument_isEmpty() {
    assertThat(PartialFilter.parse("[1, 2]")).isEmpty();
    assertThat(PartialFilter.parse("pending")).isEmpty();
  }
}
