package dev.keyplan.dynamodb.emit;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.emit.TableDefinition.Index;
import dev.keyplan.dynamodb.emit.TableDefinition.KeyElement;
import dev.keyplan.dynamodb.emit.TableDefinition.Throughput;
import dev.keyplan.dynamodb.model.DynamoDbDesign.Projection;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * Writes the design's tables as input for {@code aws dynamodb create-table --cli-input-json}, one
 * request per table, member names as the CreateTable API reference spells them
 * (https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_CreateTable.html): {@code
 * TableName}, {@code AttributeDefinitions}, {@code KeySchema}, {@code LocalSecondaryIndexes},
 * {@code GlobalSecondaryIndexes} (each with {@code IndexName}, {@code KeySchema}, {@code
 * Projection} and, on a provisioned table, {@code ProvisionedThroughput}), {@code BillingMode},
 * {@code ProvisionedThroughput} and {@code StreamSpecification}. What goes into each is decided
 * once, in {@link TableDefinition}.
 *
 * <p>The CLI takes one request per call, so one table is one JSON object, ready for {@code
 * --cli-input-json file://table.json}; several tables are a JSON array of those objects, split with
 * {@code jq -c '.[]'}. Example, {@code examples/orders-dynamodb.yaml}:
 *
 * <pre>{@code
 * {
 *   "TableName": "AppTable",
 *   "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"},
 *     {"AttributeName": "SK", "AttributeType": "S"}, {"AttributeName": "GSI1PK", …}],
 *   "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
 *     {"AttributeName": "SK", "KeyType": "RANGE"}],
 *   "GlobalSecondaryIndexes": [{"IndexName": "GSI1",
 *     "KeySchema": [{"AttributeName": "GSI1PK", "KeyType": "HASH"}],
 *     "Projection": {"ProjectionType": "ALL"}}],
 *   "BillingMode": "PAY_PER_REQUEST"
 * }
 * }</pre>
 *
 * <p>TTL is not a CreateTable parameter: it is enabled on an existing table with UpdateTimeToLive
 * (https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_UpdateTimeToLive.html), whose
 * input {@link #updateTimeToLive} writes the same way, one object or an array. Item types and
 * sample data are not part of a table's definition and appear only in the NoSQL Workbench export
 * ({@link WorkbenchJson}).
 */
public final class CreateTableJson {
  private CreateTableJson() {}

  /** Returns the CreateTable input of every table: one object, or an array for several tables. */
  public static String createTable(DynamoDbAnalysis analysis) {
    List<TableDefinition> tables = TableDefinition.of(analysis);
    return JsonText.write(
        g -> {
          if (tables.size() != 1) {
            g.writeStartArray();
          }
          for (TableDefinition t : tables) {
            table(g, t);
          }
          if (tables.size() != 1) {
            g.writeEndArray();
          }
        });
  }

  /**
   * Returns the UpdateTimeToLive input of every table with TTL, {@code {"TableName": "Events",
   * "TimeToLiveSpecification": {"Enabled": true, "AttributeName": "expires_at"}}}: one object, or
   * an array for several; empty when no table has TTL.
   */
  public static Optional<String> updateTimeToLive(DynamoDbAnalysis analysis) {
    List<TableDefinition> tables =
        TableDefinition.of(analysis).stream().filter(t -> t.ttl().isPresent()).toList();
    if (tables.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        JsonText.write(
            g -> {
              if (tables.size() != 1) {
                g.writeStartArray();
              }
              for (TableDefinition t : tables) {
                g.writeStartObject();
                g.writeStringField("TableName", t.name());
                g.writeObjectFieldStart("TimeToLiveSpecification");
                g.writeBooleanField("Enabled", true);
                g.writeStringField("AttributeName", t.ttl().get());
                g.writeEndObject();
                g.writeEndObject();
              }
              if (tables.size() != 1) {
                g.writeEndArray();
              }
            }));
  }

  private static void table(JsonGenerator g, TableDefinition t) throws IOException {
    g.writeStartObject();
    g.writeStringField("TableName", t.name());
    g.writeArrayFieldStart("AttributeDefinitions");
    for (TableDefinition.Attribute a : t.attributes()) {
      g.writeStartObject();
      g.writeStringField("AttributeName", a.name());
      g.writeStringField("AttributeType", a.type());
      g.writeEndObject();
    }
    g.writeEndArray();
    keySchema(g, t.keySchema());
    if (!t.localIndexes().isEmpty()) {
      g.writeArrayFieldStart("LocalSecondaryIndexes");
      for (Index i : t.localIndexes()) {
        index(g, i);
      }
      g.writeEndArray();
    }
    if (!t.globalIndexes().isEmpty()) {
      g.writeArrayFieldStart("GlobalSecondaryIndexes");
      for (Index i : t.globalIndexes()) {
        index(g, i);
      }
      g.writeEndArray();
    }
    g.writeStringField("BillingMode", t.onDemand() ? "PAY_PER_REQUEST" : "PROVISIONED");
    if (t.throughput().isPresent()) {
      throughput(g, t.throughput().get());
    }
    if (t.stream().isPresent()) {
      g.writeObjectFieldStart("StreamSpecification");
      g.writeBooleanField("StreamEnabled", true);
      g.writeStringField("StreamViewType", t.stream().get());
      g.writeEndObject();
    }
    g.writeEndObject();
  }

  private static void keySchema(JsonGenerator g, List<KeyElement> keys) throws IOException {
    g.writeArrayFieldStart("KeySchema");
    for (KeyElement k : keys) {
      g.writeStartObject();
      g.writeStringField("AttributeName", k.attribute());
      g.writeStringField("KeyType", k.type().name());
      g.writeEndObject();
    }
    g.writeEndArray();
  }

  private static void index(JsonGenerator g, Index i) throws IOException {
    g.writeStartObject();
    g.writeStringField("IndexName", i.name());
    keySchema(g, i.keySchema());
    g.writeObjectFieldStart("Projection");
    g.writeStringField("ProjectionType", i.projection().type().name());
    if (i.projection().type() == Projection.Type.INCLUDE) {
      g.writeArrayFieldStart("NonKeyAttributes");
      for (String a : i.projection().include()) {
        g.writeString(a);
      }
      g.writeEndArray();
    }
    g.writeEndObject();
    if (i.throughput().isPresent()) {
      throughput(g, i.throughput().get());
    }
    g.writeEndObject();
  }

  private static void throughput(JsonGenerator g, Throughput t) throws IOException {
    g.writeObjectFieldStart("ProvisionedThroughput");
    g.writeNumberField("ReadCapacityUnits", t.read());
    g.writeNumberField("WriteCapacityUnits", t.write());
    g.writeEndObject();
  }
}
