package dev.keyplan.mongodb.emit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbCollection;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;

/**
 * The driver commands carry exactly the arguments the mongosh script writes, so {@code keyplan
 * verify} creates what {@code keyplan emit mongosh} would: each command's pieces, written in shell
 * syntax, stand in the script as they are.
 */
final class MongoCommandsTest {
  private final MongoDbAnalysis a = MongoDesigns.analyze(MongoDesigns.LOGINS);
  private final String script = MongoshScript.emit(a);

  @Test
  void create_holdsTheScriptsValidatorOptions_onlyWhenValidated() {
    MongoDbCollection users = a.collection("users").orElseThrow();
    BsonDocument create = MongoCommands.create(users);
    assertThat(create.getString("create").getValue()).isEqualTo("users");
    BsonDocument options = create.clone();
    options.remove("create");
    assertThat(script)
        .contains("db.createCollection(\"users\", " + ShellJson.pretty(options) + ");");
    assertThat(MongoCommands.create(a.collection("events").orElseThrow()))
        .isEqualTo(BsonDocument.parse("{create: 'events'}"));
  }

  @Test
  void createIndexes_holdsEveryDeclaredIndex_asTheScriptsCreateIndexLines_neverId() {
    MongoDbCollection sessions = a.collection("sessions").orElseThrow();
    BsonDocument command = MongoCommands.createIndexes(sessions).orElseThrow();
    // by_user, started_at_1 and the shard key's index the analysis adds; _id_ is never created.
    assertThat(command.getArray("indexes")).hasSize(3);
    for (BsonValue v : command.getArray("indexes")) {
      BsonDocument spec = v.asDocument().clone();
      BsonDocument key = spec.remove("key").asDocument();
      assertThat(spec.getString("name").getValue()).isNotEqualTo("_id_");
      assertThat(script)
          .contains(
              "db.getCollection(\"sessions\").createIndex("
                  + ShellJson.compact(key)
                  + ", "
                  + ShellJson.compact(spec)
                  + ");");
    }
  }

  @Test
  void shardCollection_andZones_areTheScriptsShHelpersArguments() {
    MongoDbCollection sessions = a.collection("sessions").orElseThrow();
    BsonDocument shard = MongoCommands.shardCollection("db.sessions", sessions);
    // The id attribute session_id is stored as _id; no unique index on exactly the key, so not
    // unique.
    assertThat(shard)
        .isEqualTo(
            BsonDocument.parse("{shardCollection: 'db.sessions', key: {region: 1, _id: 1}}"));
    assertThat(script)
        .contains(
            "sh.shardCollection(db.getName() + \".sessions\", "
                + ShellJson.compact(shard.getDocument("key"))
                + ");");
    var eu = sessions.zones().get(0);
    BsonDocument range = MongoCommands.zoneRange("db.sessions", sessions, eu, "db_EU");
    assertThat(range.getString("zone").getValue()).isEqualTo("db_EU");
    assertThat(script)
        .contains(
            ShellJson.compact(range.getDocument("min"))
                + ", "
                + ShellJson.compact(range.getDocument("max"))
                + ", \"EU\");");
  }
}
