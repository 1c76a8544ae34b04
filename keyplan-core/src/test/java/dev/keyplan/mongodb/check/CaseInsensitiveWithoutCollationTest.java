package dev.keyplan.mongodb.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.Finding;
import dev.keyplan.check.RuleTester;
import java.util.List;
import org.junit.jupiter.api.Test;

/** CaseInsensitiveWithoutCollation: ignore_case needs an index whose collation ignores case. */
final class CaseInsensitiveWithoutCollationTest {
  private final RuleTester tester = RuleTester.of(CaseInsensitiveWithoutCollation.class);

  @Test
  void aSimpleCollationIndex_cannotServe_aCaseInsensitiveOneCan() {
    // users: 1M documents; email_1 has the simple collation, so the sign-in ignoring case is a
    //   COLLSCAN of 1,000,000 documents, × 50/s = 50,000,000/s ⇒ warning.
    // members: the same read with collation: case-insensitive on email ⇒ the index serves it.
    // by-email-exact compares with case ⇒ nothing to check.
    List<Finding> found =
        tester
            .model(
                """
        model: logins
        horizon: 1d
        entities:
          User:
            attributes:
              user_id: uuid
              email: {type: text, size: 30B, unique: true}
            key: [user_id]
            count: 1M
          Member:
            attributes:
              member_id: uuid
              email: {type: text, size: 30B, unique: true}
            key: [member_id]
            count: 1M
        patterns:
          - id: sign-in # FINDING: CaseInsensitiveWithoutCollation [warning]: it runs as a COLLSCAN, examining 1,000,000 documents a request, 50,000,000/s at 50/s
            rate: 50/s
            query: User where email = ?
            ignore_case: [email]
          - id: member-sign-in
            rate: 50/s
            query: Member where email = ?
            ignore_case: [email]
          - {id: by-email-exact, rate: 10/s, query: User where email = ?}
        mongodb:
          collections:
            users:
              entity: User
              indexes:
                - {email: 1}
            members:
              entity: Member
              indexes:
                - {keys: {email: 1}, collation: case-insensitive}
        """)
            .expectMarkedFindings();
    assertThat(found.get(0).fix())
        .startsWith("db.users.createIndex({email: 1}, {collation: {locale: \"en\", strength: 2}})");
  }
}
