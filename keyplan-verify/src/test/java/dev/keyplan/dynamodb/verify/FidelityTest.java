package dev.keyplan.dynamodb.verify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.model.yaml.ModelReader;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What dynalite is trusted with, and what it is not. */
final class FidelityTest {
  @Test
  void anEmulatorsArn_carriesAccountZero() {
    assertThat(Fidelity.ofArn("arn:aws:dynamodb:us-east-1:000000000000:table/kp_AppTable"))
        .isEqualTo(Fidelity.DYNALITE);
    assertThat(Fidelity.ofArn("arn:aws:dynamodb:eu-west-1:123456789012:table/kp_AppTable"))
        .isEqualTo(Fidelity.DYNAMODB);
  }

  @Test
  void onDynalite_indexWritesAreNotCompared_butTheTablesAre() {
    DynamoDbAnalysis a = Examples.analysis(Examples.model("orders-dynamodb.yaml"));
    DynamoDbTable t = a.tables().get(0);
    List<dev.keyplan.dynamodb.design.DynamoDbItem> order = List.of(Examples.item(t, "Order"));
    assertThat(Fidelity.DYNALITE.writeUnits("AppTable.GSI1", a.tables(), order))
        .get()
        .asString()
        .contains("never charges global index writes");
    assertThat(Fidelity.DYNALITE.writeUnits("AppTable", a.tables(), order)).isEmpty();
    assertThat(Fidelity.DYNAMODB.writeUnits("AppTable.GSI1", a.tables(), order)).isEmpty();
  }

  @Test
  void onDynalite_aTableWhoseItemHasALocalIndexEntry_isNotComparedForWrites() {
    DynamoDbAnalysis a = Examples.analysis(Examples.coverage());
    DynamoDbTable t = a.tables().get(0);
    assertThat(
            Fidelity.DYNALITE.writeUnits(
                "Readings", a.tables(), List.of(Examples.item(t, "Reading"))))
        .get()
        .asString()
        .contains("local index writes");
    // The alerts' table has no local index: a write of both item types is compared there.
    DynamoDbTable counters = a.tables().get(1);
    assertThat(
            Fidelity.DYNALITE.writeUnits(
                "Counters",
                a.tables(),
                List.of(Examples.item(counters, "AlertById"), Examples.item(t, "Alert"))))
        .isEmpty();
  }

  @Test
  void onDynalite_localIndexFetchesAreNotCompared_butTheIndexReadIs() {
    var plan = Examples.analysis(Examples.coverage()).plan("readings-by-quality").orElseThrow();
    assertThat(Fidelity.DYNALITE.readUnits(plan, "Readings")).isPresent();
    assertThat(Fidelity.DYNALITE.readUnits(plan, "Readings.ByQuality")).isEmpty();
    assertThat(Fidelity.DYNAMODB.readUnits(plan, "Readings")).isEmpty();
  }

  @Test
  void transactions_areNotRun_andSayWhy() {
    var plan = Examples.analysis(Examples.model("appdata.yaml")).plan("place-order").orElseThrow();
    assertThat(plan.operation()).isEqualTo("TransactWriteItems");
    assertThat(Fidelity.DYNALITE.notRun(plan))
        .get()
        .asString()
        .contains("dynalite has no TransactWriteItems");
    assertThat(Fidelity.DYNAMODB.notRun(plan))
        .get()
        .asString()
        .contains("does not send transactions");
    assertThat(
            Fidelity.DYNALITE.notRun(
                Examples.analysis(Examples.model("appdata.yaml")).plan("get-user").orElseThrow()))
        .isEmpty();
  }

  @Test
  void nonAsciiKeyText_isNotComparedOnDynalite() {
    String yaml =
        """
        model: accents
        horizon: 1d
        entities:
          Café:
            attributes: {id: {type: text, size: 8B}, name: {type: text, size: 10B}}
            key: [id]
            count: 10
        patterns:
          - {id: get, rate: 1/s, query: Café where id = ?}
        dynamodb:
          tables:
            Cafes:
              partition_key: PK
              items:
                Café: {keys: {PK: "CAFÉ#{id}"}, attributes: [name]}
        """;
    DynamoDbAnalysis a = Examples.analysis(ModelReader.read("accents.yaml", yaml, Path.of(".")));
    var it = a.tables().get(0).items().get(0);
    assertThat(Fidelity.DYNALITE.text(List.of(it))).get().asString().contains("UTF-16");
    assertThat(Fidelity.DYNAMODB.text(List.of(it))).isEmpty();
  }
}
