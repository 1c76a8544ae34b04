package dev.keyplan.dynamodb.emit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.dynamodb.design.KeyPath;
import dev.keyplan.dynamodb.model.DynamoDbDesign;
import dev.keyplan.dynamodb.schema.ImportedTable;
import dev.keyplan.dynamodb.schema.SchemaFiles;
import dev.keyplan.input.Location;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What keyplan emits it reads back: the CreateTable input through the describe-table/CreateTable
 * reader, the NoSQL Workbench export through the Workbench reader (both behind {@code schema:}),
 * giving the same tables, keys, key types, indexes and capacity as the design they came from.
 */
final class RoundTripTest {
  @TempDir Path dir;

  private List<ImportedTable> readBack(String text, String name) throws IOException {
    Path file = dir.resolve(name);
    Files.writeString(file, text, StandardCharsets.UTF_8);
    return SchemaFiles.read(file, Location.NONE);
  }

  private static String describe(DynamoDbTable t) {
    StringBuilder s = new StringBuilder(t.name()).append(": ").append(t.primaryKey());
    for (KeyPath p : t.paths()) {
      if (p.isIndex()) {
        s.append(" ")
            .append(p.name())
            .append(p.local() ? "(local)" : "")
            .append(p.partitionKey())
            .append(p.sortKey())
            .append(p.projection().type());
      }
    }
    return s.toString();
  }

  private static String describe(DynamoDbDesign.Table t) {
    StringBuilder s =
        new StringBuilder(t.name())
            .append(": ")
            .append(
                t.sortKey()
                    .map(k -> List.of(t.partitionKey().get(), k))
                    .orElse(List.of(t.partitionKey().get())));
    for (DynamoDbDesign.Index ix : t.indexes()) {
      List<String> pk = ix.local() ? List.of(t.partitionKey().get()) : ix.partitionKey();
      s.append(" ")
          .append(ix.name())
          .append(ix.local() ? "(local)" : "")
          .append(pk)
          .append(ix.sortKey())
          .append(ix.projection().type());
    }
    return s.toString();
  }

  @Test
  void createTableInput_readsBackAsTheSameTables() throws IOException {
    DynamoDbAnalysis a = Designs.analyze(Designs.SHOP);
    List<ImportedTable> back = readBack(CreateTableJson.createTable(a), "tables.json");
    assertThat(back.stream().map(t -> describe(t.table())).collect(Collectors.toList()))
        .isEqualTo(a.tables().stream().map(RoundTripTest::describe).collect(Collectors.toList()));
    for (ImportedTable t : back) {
      DynamoDbTable original = a.table(t.table().name()).orElseThrow();
      for (Map.Entry<String, String> type : t.attributeTypes().entrySet()) {
        assertThat(type.getValue())
            .as("type of %s", type.getKey())
            .isEqualTo(original.keyTypes().get(type.getKey()));
      }
      assertThat(t.table().billing().orElseThrow().onDemand())
          .isEqualTo(original.billing().onDemand());
      if (!original.billing().onDemand()) {
        assertThat(t.table().billing().get().readUnits()).isEqualTo(original.billing().readUnits());
        assertThat(t.table().billing().get().writeUnits())
            .isEqualTo(original.billing().writeUnits());
      }
    }
  }

  @Test
  void workbenchExport_readsBackAsTheSameTables_withoutMultiAttributeIndexes() throws IOException {
    // The Workbench format holds one partition and one sort key object per index, so the export
    // leaves out multi-attribute global indexes (it names them in its description).
    DynamoDbAnalysis a = Designs.analyze(Designs.SHOP);
    List<ImportedTable> back =
        readBack(WorkbenchJson.emit(a, WorkbenchJson.DEFAULT_DATE), "model.json");
    List<String> expected =
        a.tables().stream()
            .map(RoundTripTest::describe)
            .map(d -> d.replaceAll(" ByTournament\\[[^]]*]\\[[^]]*]\\w+", ""))
            .collect(Collectors.toList());
    assertThat(back.stream().map(t -> describe(t.table())).collect(Collectors.toList()))
        .isEqualTo(expected);
  }
}
