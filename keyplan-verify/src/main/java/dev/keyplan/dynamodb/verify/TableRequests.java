package dev.keyplan.dynamodb.verify;

import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.emit.CreateTableJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.StreamSpecification;

/**
 * The CreateTable requests of a design: keyplan's own CreateTable input ({@link
 * CreateTableJson#createTable}, what {@code keyplan emit --format dynamodb-json} prints) read back
 * member by member, with two changes, both stated in the report: every table name gets the
 * namespace prefix, and billing is on demand (PAY_PER_REQUEST, no ProvisionedThroughput), so a
 * verification never reserves capacity and is billed per request on AWS. Streams stay as designed.
 */
final class TableRequests {
  private TableRequests() {}

  /**
   * Returns one request per table of {@code analysis}, in model order, named {@code prefix + name}.
   */
  static List<CreateTableRequest> of(DynamoDbAnalysis analysis, String prefix) {
    Object parsed = JsonTree.parse(CreateTableJson.createTable(analysis));
    List<Object> tables = parsed instanceof List<?> l ? List.copyOf(l) : List.of(parsed);
    List<CreateTableRequest> out = new ArrayList<>();
    for (Object t : tables) {
      out.add(request(JsonTree.object(t), prefix));
    }
    return out;
  }

  private static CreateTableRequest request(Map<String, Object> t, String prefix) {
    List<AttributeDefinition> attributes = new ArrayList<>();
    for (Map<String, Object> a : JsonTree.objects(t, "AttributeDefinitions")) {
      attributes.add(
          AttributeDefinition.builder()
              .attributeName((String) a.get("AttributeName"))
              .attributeType((String) a.get("AttributeType"))
              .build());
    }
    List<GlobalSecondaryIndex> globals = new ArrayList<>();
    for (Map<String, Object> i : JsonTree.objects(t, "GlobalSecondaryIndexes")) {
      globals.add(
          GlobalSecondaryIndex.builder()
              .indexName((String) i.get("IndexName"))
              .keySchema(keySchema(i))
              .projection(projection(i))
              .build());
    }
    List<LocalSecondaryIndex> locals = new ArrayList<>();
    for (Map<String, Object> i : JsonTree.objects(t, "LocalSecondaryIndexes")) {
      locals.add(
          LocalSecondaryIndex.builder()
              .indexName((String) i.get("IndexName"))
              .keySchema(keySchema(i))
              .projection(projection(i))
              .build());
    }
    CreateTableRequest.Builder b =
        CreateTableRequest.builder()
            .tableName(prefix + t.get("TableName"))
            .attributeDefinitions(attributes)
            .keySchema(keySchema(t))
            .billingMode(BillingMode.PAY_PER_REQUEST);
    if (!globals.isEmpty()) {
      b.globalSecondaryIndexes(globals);
    }
    if (!locals.isEmpty()) {
      b.localSecondaryIndexes(locals);
    }
    Object stream = t.get("StreamSpecification");
    if (stream != null) {
      Map<String, Object> s = JsonTree.object(stream);
      b.streamSpecification(
          StreamSpecification.builder()
              .streamEnabled((Boolean) s.get("StreamEnabled"))
              .streamViewType((String) s.get("StreamViewType"))
              .build());
    }
    return b.build();
  }

  private static List<KeySchemaElement> keySchema(Map<String, Object> o) {
    List<KeySchemaElement> out = new ArrayList<>();
    for (Map<String, Object> k : JsonTree.objects(o, "KeySchema")) {
      out.add(
          KeySchemaElement.builder()
              .attributeName((String) k.get("AttributeName"))
              .keyType((String) k.get("KeyType"))
              .build());
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  private static Projection projection(Map<String, Object> index) {
    Map<String, Object> p = JsonTree.object(index.get("Projection"));
    Projection.Builder b = Projection.builder().projectionType((String) p.get("ProjectionType"));
    Object include = p.get("NonKeyAttributes");
    if (include != null) {
      b.nonKeyAttributes((List<String>) include);
    }
    return b.build();
  }
}
