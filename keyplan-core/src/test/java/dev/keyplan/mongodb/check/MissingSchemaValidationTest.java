package dev.keyplan.mongodb.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.Finding;
import dev.keyplan.check.RuleTester;
import java.util.List;
import org.junit.jupiter.api.Test;

/** MissingSchemaValidation: a collection with no validator, with what one would check. */
final class MissingSchemaValidationTest {
  private final RuleTester tester = RuleTester.of(MissingSchemaValidation.class);

  @Test
  void aCollectionWithoutAValidator_isNoted_oneWithItIsNot() {
    // sessions: _id, user_id, started_at held, no validator; 200 inserts/s + 50 updates/s = 250
    //   writes/s would be checked. users has validation: true ⇒ nothing.
    List<Finding> found =
        tester
            .model(
                """
        model: logins
        horizon: 30d
        entities:
          User:
            attributes:
              user_id: uuid
              email: {type: text, size: 30B}
            key: [user_id]
            count: 1M
          Session:
            attributes:
              session_id: uuid
              user_id: uuid
              started_at: timestamp
            key: [session_id]
            growth: 200/s
        patterns:
          - {id: sign-in, rate: 200/s, insert: Session}
          - {id: touch, rate: 50/s, update: Session set started_at where session_id = ?}
        mongodb:
          collections:
            users: {entity: User, validation: true}
            sessions: {entity: Session} # FINDING: MissingSchemaValidation [info]: collection sessions has no validator: MongoDB accepts documents of any shape, while keyplan sized them as 3 typed fields; a validator would check every write, about 250/s
        """)
            .expectMarkedFindings();
    assertThat(found.get(0).fix()).startsWith("write validation: true");
  }

  @Test
  void aTimeSeriesCollection_takesNoValidator_soNothingIsAdvised() {
    // Time-series collections do not support schema validation rules (MongoDB manual, "Time Series
    // Collection Limitations", Unsupported Features): advising validation: true would be refused.
    tester
        .model(
            """
        model: iot
        horizon: 30d
        entities:
          Reading:
            attributes: {device_id: bigint, t: timestamp, value: double}
            key: [device_id, t]
            growth: 1k/s
            spread: {device_id: {distinct: 1k}}
        patterns:
          - {id: ingest, rate: 1k/s, insert: Reading}
        mongodb:
          collections:
            readings:
              entity: Reading
              timeseries: {timeField: t, metaField: device_id}
        """)
        .expectMarkedFindings();
  }
}
