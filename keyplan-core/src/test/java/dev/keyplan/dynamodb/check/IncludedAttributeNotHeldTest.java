package dev.keyplan.dynamodb.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * IncludedAttributeNotHeld: an INCLUDE projection may name any attribute (API Reference,
 * Projection), so a name no item type holds is info, never an input error. Before issue 16 the
 * binder rejected it ("index 'ByCustomer' includes 'totl', which no item of table 'Shop' holds",
 * exit 2), and a multi-table Workbench file failed as a whole when one of its tables had no item
 * types in the model yet.
 */
final class IncludedAttributeNotHeldTest {
  private static final String ENTITIES =
      """
      model: shop
      horizon: 1y
      entities:
        Order:
          attributes:
            order_id: uuid
            customer_id: uuid
            total: {type: decimal, size: 8B}
          key: [order_id]
          count: 1M
      patterns:
        - id: order
          rate: 10/s
          query: Order where order_id = ?
      """;

  @Test
  void aMisspeltIncludeName_isInfoWithTheNameItMeant() {
    RuleTester.of(IncludedAttributeNotHeld.class)
        .model(
            ENTITIES
                + """
                dynamodb:
                  tables:
                    Shop:
                      partition_key: PK
                      indexes:
                        ByCustomer: {partition_key: customer_id, projection: [totl]}   # FINDING: IncludedAttributeNotHeld [info]: includes 'totl', which no item type of table Shop holds (did you mean 'total'?)
                      items:
                        Order: {keys: {PK: "O#{order_id}"}}
                """)
        .expectMarkedFindings();
  }

  @Test
  void anIncludeNameAnItemHolds_hasNoFinding() {
    RuleTester.of(IncludedAttributeNotHeld.class)
        .model(
            ENTITIES
                + """
                dynamodb:
                  tables:
                    Shop:
                      partition_key: PK
                      indexes:
                        ByCustomer: {partition_key: customer_id, projection: [total]}
                      items:
                        Order: {keys: {PK: "O#{order_id}"}}
                """)
        .expectMarkedFindings();
  }

  // SocialFeed_3.0.json (README.md in its folder) has two tables: feed, whose GSI ByHandle
  // INCLUDEs follower# and post#, and mentions, whose GSI ByAuthor INCLUDEs snippet. The model
  // describes only feed, with an item type holding handle but neither count: the file imports,
  // with info on feed's two names and nothing on mentions, which has no item types yet.
  @Test
  void aMultiTableFileWhereOneTableHasNoItemTypes_imports() {
    var found =
        RuleTester.of(IncludedAttributeNotHeld.class)
            .model(
                """
                model: social
                horizon: 1y
                entities:
                  User:
                    attributes:
                      user_id: uuid
                      handle: {type: text, size: 12B}
                    key: [user_id]
                    count: 1M
                patterns:
                  - id: user
                    rate: 10/s
                    query: User where user_id = ?
                dynamodb:
                  schema: src/test/resources/dynamodb/workbench/SocialFeed_3.0.json
                  tables:
                    feed:
                      items:
                        user:
                          entity: User
                          keys: {PK: "u#{user_id}", SK: count}
                """)
            .findings();
    assertThat(found)
        .extracting(f -> f.location().line() + " " + f.target() + " " + f.severity().word())
        .containsExactly("48 feed.ByHandle info", "48 feed.ByHandle info");
    assertThat(found.get(0).message()).contains("includes 'follower#'");
    assertThat(found.get(1).message()).contains("includes 'post#'");
  }
}
