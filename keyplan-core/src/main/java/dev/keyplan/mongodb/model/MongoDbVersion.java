package dev.keyplan.mongodb.model;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The MongoDB server a design is planned for ({@code version:} in the mongodb section, default
 * 8.0), where the planner or mongos' routing differ between the versions keyplan models. Each
 * difference and its source (the release notes) is listed in docs/model.md, "Server version":
 *
 * <ul>
 *   <li>a single-document write ({@code updateOne}, {@code deleteOne}, {@code findAndModify}) or an
 *       {@code updateOne} upsert whose filter lacks the full shard key: a <i>write without shard
 *       key</i> since 7.1 (https://www.mongodb.com/docs/manual/release-notes/7.1/), refused before
 *       (an upsert then needs the full shard key, any other such write the shard key or {@code
 *       _id});
 *   <li>8.0's express path: an equality on {@code _id}, or on the one field of a unique index,
 *       skips the query planner and explains as {@code EXPRESS_IXSCAN}
 *       (https://www.mongodb.com/docs/manual/release-notes/8.0/); 6.0 and 7.0 explain an {@code
 *       _id} equality as {@code IDHACK} and any other as a planned {@code IXSCAN};
 *   <li>{@code analyzeShardKey} exists from 7.0, {@code moveCollection} and {@code
 *       unshardCollection} from 8.0; keyplan's advice names neither, only {@code
 *       refineCollectionShardKey} (4.4) and {@code reshardCollection} (5.0), which all three have,
 *       so no advice depends on the version.
 * </ul>
 */
public enum MongoDbVersion {
  V6_0("6.0"),
  V7_0("7.0"),
  V8_0("8.0");

  /** What a design without {@code version:} is planned for (issue 17's decision: 8.0). */
  public static final MongoDbVersion DEFAULT = V8_0;

  private final String label;

  MongoDbVersion(String label) {
    this.label = label;
  }

  /** The version as written in a model and printed: {@code 8.0}. */
  public String label() {
    return label;
  }

  /** The accepted spellings, oldest first. */
  public static List<String> labels() {
    return Arrays.stream(values()).map(MongoDbVersion::label).toList();
  }

  /** The version written {@code text}, if keyplan models it. */
  public static Optional<MongoDbVersion> of(String text) {
    return Arrays.stream(values()).filter(v -> v.label.equals(text.strip())).findFirst();
  }

  /**
   * True if mongos runs a single-document write or an upsert without the full shard key as a write
   * without shard key (7.1 and later: release notes 7.1); false where the server refuses it.
   */
  public boolean writesWithoutShardKey() {
    return this == V8_0;
  }

  /**
   * True if an equality on {@code _id} or on a unique single-field index takes the express path,
   * {@code EXPRESS_IXSCAN} in explain (8.0: release notes 8.0, "Express query stages").
   */
  public boolean expressPath() {
    return this == V8_0;
  }
}
