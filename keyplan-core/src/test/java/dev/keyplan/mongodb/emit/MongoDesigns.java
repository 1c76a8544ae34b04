package dev.keyplan.mongodb.emit;

import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbAnalyzer;
import java.nio.file.Path;

/**
 * The MongoDB designs the mongosh tests share, written as model text so each reads like a user's
 * file.
 *
 * <p>{@link #LOGINS} has every part the script translates, in three collections on 2 shards:
 *
 * <ul>
 *   <li>{@code users}: {@code _id} is user_id (a sole key attribute); an enumeration ({@code
 *       plan}); an embedded array of Device kept to 10 elements; a unique case-insensitive index on
 *       email; {@code validation: true}.
 *   <li>{@code sessions}: a named sparse partial index, a TTL index of 1 day, a compound ranged
 *       shard key whose second field is the id (so {@code _id} in the script), with no index
 *       starting with it (the analysis adds one), and two zones bounded by MinKey and MaxKey.
 *   <li>{@code events}: an entity without a key, so an ObjectId {@code _id}; a hashed shard key.
 * </ul>
 */
final class MongoDesigns {
  private MongoDesigns() {}

  static final String LOGINS =
      """
      model: logins
      horizon: 30d
      entities:
        User:
          attributes:
            user_id: uuid
            email: {type: text, size: 30B}
            plan: {type: text, values: [free, pro]}
          key: [user_id]
          count: 1000
        Device:
          attributes:
            user_id: uuid
            device_id: uuid
            name: {type: text, size: 20B}
          key: [user_id, device_id]
          count: 3000
        Session:
          attributes:
            session_id: uuid
            region: {type: text, values: [eu, us]}
            user_id: uuid
            started_at: timestamp
          key: [session_id]
          growth: 10/s
          spread:
            region: {distinct: 2}
        Event:
          attributes:
            device_id: uuid
            at: {type: timestamp, time_ordered: true}
            kind: {type: text, size: 8B}
          growth: 100/s
          spread:
            device_id: {distinct: 3000}
      patterns:
        - id: sign-in
          rate: 20/s
          query: User where email = ?
          ignore_case: [email]
        - id: user-sessions
          rate: 5/s
          query: Session where region = ? and user_id = ?
        - id: log-event
          rate: 100/s
          insert: Event
      mongodb:
        shards: 2
        collections:
          users:
            entity: User
            embed:
              devices: {entity: Device, max: 10}
            indexes:
              - {keys: {email: 1}, unique: true, collation: case-insensitive}
            validation: true
          sessions:
            entity: Session
            indexes:
              - {keys: {region: 1, user_id: 1}, name: by_user, partial: {user_id: {$exists: true}}, sparse: true}
              - {keys: {started_at: 1}, ttl: 1d}
            shard_key: {region: 1, session_id: 1}
            zones:
              - {name: EU, min: MinKey, max: us, shards: [0]}
              - {name: US, min: us, max: MaxKey, shards: [1]}
          events:
            entity: Event
            shard_key: {device_id: hashed}
      """;

  static MongoDbAnalysis analyze(String text) {
    return MongoDbAnalyzer.analyze(ModelReader.read("m.yaml", text, Path.of(".")));
  }
}
