package dev.keyplan.mongodb.model;

import dev.keyplan.input.Location;
import dev.keyplan.input.Suggest;
import dev.keyplan.input.YamlMap;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Quantities;
import dev.keyplan.model.yaml.EntityReader;
import dev.keyplan.model.yaml.SectionReader;
import dev.keyplan.mongodb.model.MongoDbDesign.Embed;
import dev.keyplan.mongodb.model.MongoDbDesign.Field;
import dev.keyplan.mongodb.model.MongoDbDesign.Index;
import dev.keyplan.mongodb.model.MongoDbDesign.IndexKey;
import dev.keyplan.mongodb.model.MongoDbDesign.ShardKey;
import dev.keyplan.mongodb.model.MongoDbDesign.TimeSeries;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.ScalarNode;

/**
 * Reads a collection's {@code timeseries:} (docs/model.md, "Time-series collections") and holds the
 * rest of the collection to what the server accepts of a time-series collection. The options are
 * checked as {@code createCollection} checks them (mongodb/mongo,
 * src/mongo/db/timeseries/timeseries_options.cpp, {@code checkBucketingParameters}; MongoDB manual,
 * "db.createCollection()",
 * https://www.mongodb.com/docs/manual/reference/method/db.createCollection/):
 *
 * <ul>
 *   <li>{@code timeField} is required and holds a BSON date;
 *   <li>{@code metaField} may be any field but {@code _id} or the timeField;
 *   <li>a {@code granularity} takes no {@code bucketRoundingSeconds}, and a {@code
 *       bucketMaxSpanSeconds} beside it must be the granularity's own span; without one, {@code
 *       bucketMaxSpanSeconds} and {@code bucketRoundingSeconds} come together and are equal (1 to
 *       31,536,000 s); with neither, the granularity is {@code seconds}.
 * </ul>
 *
 * <p>And the collection (MongoDB manual, "Time Series Collection Limitations",
 * https://www.mongodb.com/docs/manual/core/timeseries/timeseries-limitations/): no schema
 * validation, no unique or text index, and a shard key of the metaField, its subfields and the
 * timeField only, the timeField ranged and last.
 */
final class MongoDbTimeSeriesReader extends SectionReader {
  MongoDbTimeSeriesReader(SectionReader context) {
    super(context);
  }

  /**
   * Reads {@code x}'s {@code timeseries:} for entity {@code e}, whose fields {@code fields} are.
   */
  Optional<TimeSeries> read(YamlMap x, Entity e, List<Field> fields) {
    var t0 =
        YamlMap.of(
            file,
            x.node("timeseries").get(),
            "time-series options such as {timeField: timestamp, metaField: sensor_id,"
                + " granularity: seconds}",
            problems);
    if (t0.isEmpty()) {
      return Optional.empty();
    }
    YamlMap t = t0.get().allow(MongoDbSectionReader.TIMESERIES, "timeseries");
    String time =
        t.scalar("timeField", "the attribute holding each measurement's date", true).orElse("");
    if (!time.isEmpty()) {
      if (e.attribute(time).isEmpty()) {
        t.error(
            t.valueLocation("timeField"),
            EntityReader.unknownAttribute(e.name(), time, e.attributes().keySet()));
      } else if (!dated(e, fields, time)) {
        t.error(
            t.valueLocation("timeField"),
            "the timeField holds a BSON date; '"
                + time
                + "' is "
                + e.attribute(time).get().type()
                + " (give it type timestamp or date, or fields: {"
                + time
                + ": date})");
      }
    }
    Optional<String> meta = Optional.empty();
    List<String> metaAttributes = new ArrayList<>();
    boolean metaDocument = false;
    Optional<Node> metaNode = t.node("metaField");
    if (metaNode.isPresent() && metaNode.get() instanceof MappingNode) {
      metaDocument = true;
      meta = metaDocument(t, metaNode.get(), e, time, metaAttributes);
    } else if (metaNode.isPresent()) {
      meta = t.scalar("metaField", "an attribute, or {metadata: [sensorId, type]}", false);
      meta.ifPresent(
          m -> {
            checkMetaName(t, t.valueLocation("metaField"), m, e, time);
            metaAttributes.add(m);
          });
    }
    Optional<String> granularity =
        t.scalar("granularity", "seconds, minutes or hours", false)
            .filter(
                g -> {
                  if (MongoDbSectionReader.GRANULARITY_SPAN.containsKey(g)) {
                    return true;
                  }
                  t.error(
                      t.valueLocation("granularity"),
                      "expected seconds, minutes or hours but found '"
                          + g
                          + "'"
                          + Suggest.closest(g, MongoDbSectionReader.GRANULARITY_SPAN.keySet())
                              .map(s -> " (did you mean '" + s + "'?)")
                              .orElse(""));
                  return false;
                });
    long span = seconds(t, "bucketMaxSpanSeconds", MongoDbSectionReader.MAX_BUCKET_SPAN);
    long rounding = seconds(t, "bucketRoundingSeconds", MongoDbSectionReader.MAX_BUCKET_SPAN);
    if (granularity.isPresent() || (!t.has("granularity") && span == 0 && rounding == 0)) {
      String g = granularity.orElse("seconds");
      long own = MongoDbSectionReader.GRANULARITY_SPAN.get(g);
      if (t.has("bucketRoundingSeconds")) {
        t.error(
            t.keyLocation("bucketRoundingSeconds"),
            "bucketRoundingSeconds is custom bucketing and cannot go with granularity "
                + g
                + "; give granularity alone, or bucketMaxSpanSeconds and bucketRoundingSeconds"
                + " (equal) without it");
      }
      if (span > 0 && span != own) {
        t.error(
            t.valueLocation("bucketMaxSpanSeconds"),
            "granularity "
                + g
                + " spans "
                + own
                + " s a bucket, and bucketMaxSpanSeconds beside it may only repeat that; for "
                + span
                + " s use custom bucketing without granularity");
      }
      span = own;
      rounding = MongoDbSectionReader.GRANULARITY_ROUNDING.get(g);
      granularity = Optional.of(g);
    } else if (!t.has("granularity")) {
      if (span == 0 || rounding == 0) {
        String missing = span == 0 ? "bucketMaxSpanSeconds" : "bucketRoundingSeconds";
        if (!t.has(missing)) {
          t.error(
              t.location(),
              "custom bucketing needs both bucketMaxSpanSeconds and bucketRoundingSeconds,"
                  + " equal; '"
                  + missing
                  + "' is missing");
        }
      } else if (span != rounding) {
        t.error(
            t.valueLocation("bucketRoundingSeconds"),
            "bucketRoundingSeconds must equal bucketMaxSpanSeconds ("
                + span
                + " s) but is "
                + rounding
                + " s");
      }
      rounding = span;
    }
    long expire = seconds(t, "expireAfterSeconds", dev.keyplan.model.yaml.ModelReader.MAX_HORIZON);
    return Optional.of(
        new TimeSeries(
            time,
            meta,
            metaAttributes,
            metaDocument,
            granularity,
            span,
            rounding,
            expire,
            x.keyLocation("timeseries")));
  }

  /**
   * Reads {@code metaField: {metadata: [sensorId, type]}}: one field name, holding the listed
   * attributes as a sub-document.
   */
  private Optional<String> metaDocument(
      YamlMap t, Node n, Entity e, String time, List<String> attributes) {
    var m0 =
        YamlMap.of(
            file, n, "a metaField such as sensor_id or {metadata: [sensorId, type]}", problems);
    if (m0.isEmpty()) {
      return Optional.empty();
    }
    YamlMap m = m0.get();
    if (m.keys().size() != 1) {
      m.error(
          m.location(),
          "a sub-document metaField is one field and the attributes it holds, such as {metadata:"
              + " [sensorId, type]}");
      return Optional.empty();
    }
    String name = m.keys().iterator().next();
    if (!name.matches(MongoDbSectionReader.NAME) || name.equals("_id") || name.equals(time)) {
      m.error(
          m.keyLocation(name),
          "the metaField may not be _id or the timeField; expected a field name but found '"
              + name
              + "'");
    } else if (e.attribute(name).isPresent()) {
      m.error(
          m.keyLocation(name),
          "'"
              + name
              + "' is an attribute of "
              + e.name()
              + "; name the sub-document metaField apart from the attributes, or write metaField: "
              + name);
    }
    for (Node a :
        m.sequence(name, "the attributes the metaField holds, such as [sensorId, type]")) {
      m.scalarOf(a, "an attribute name")
          .ifPresent(
              s -> {
                Location at = YamlMap.location(file, a);
                if (e.attribute(s).isEmpty()) {
                  m.error(at, EntityReader.unknownAttribute(e.name(), s, e.attributes().keySet()));
                } else if (s.equals(time)) {
                  m.error(at, "the timeField '" + time + "' cannot be in the metaField");
                } else {
                  attributes.add(s);
                }
              });
    }
    if (attributes.isEmpty() && !(m.node(name).get() instanceof ScalarNode)) {
      m.error(m.keyLocation(name), "the metaField '" + name + "' holds no attribute");
    }
    return Optional.of(name);
  }

  /** Checks a metaField naming one attribute: it exists, is not the timeField nor the _id. */
  private void checkMetaName(YamlMap t, Location at, String m, Entity e, String time) {
    if (e.attribute(m).isEmpty()) {
      t.error(at, EntityReader.unknownAttribute(e.name(), m, e.attributes().keySet()));
    } else if (m.equals(time)) {
      t.error(at, "the metaField may not be the timeField '" + time + "'");
    } else if (e.key().equals(List.of(m))) {
      t.error(
          at,
          "'"
              + m
              + "' is the key of "
              + e.name()
              + ", which keyplan stores as _id, and the metaField may not be _id");
    }
  }

  /**
   * Reads a whole number of seconds ({@code 3600}) or a duration ({@code 1h}) in [1, max]; 0 when
   * absent or wrong (reported).
   */
  private long seconds(YamlMap t, String key, long max) {
    Optional<String> v = t.scalar(key, "seconds, such as 3600 or 1h", false);
    if (v.isEmpty()) {
      return 0;
    }
    var n = Quantities.count(v.get());
    if (n.isPresent() && v.get().trim().matches("[0-9][0-9,_]*")) {
      return whole(v.get(), t.valueLocation(key), key + " in seconds", 1, max);
    }
    return duration(v.get(), t.valueLocation(key), key + ", a duration such as 1h", max);
  }

  /**
   * True if attribute {@code a} is stored as a BSON date: by its {@code fields:} type, else its
   * own.
   */
  private static boolean dated(Entity e, List<Field> fields, String a) {
    return fields.stream()
        .filter(f -> f.name().equals(a))
        .findFirst()
        .flatMap(Field::type)
        .map("date"::equals)
        .orElseGet(
            () ->
                e.attribute(a)
                    .map(
                        x ->
                            Set.of("timestamp", "date")
                                .contains(x.type().toLowerCase(java.util.Locale.ROOT)))
                    .orElse(false));
  }

  /**
   * Holds the rest of a time-series collection to what the server accepts: no embedded entity
   * (keyplan writes one with {@code $push}, an update the server allows on the metaField only), no
   * validator, no unique or text index, and a shard key of the metaField, its subfields and the
   * timeField, the timeField ranged and last.
   */
  void limits(
      YamlMap x,
      TimeSeries t,
      List<Embed> embeds,
      List<Index> indexes,
      Optional<ShardKey> key,
      boolean validation) {
    if (!embeds.isEmpty()) {
      x.error(
          x.keyLocation("embed"),
          "a time-series collection stores measurements: keyplan writes an embedded entity with"
              + " $push, an update the server refuses outside the metaField; store the measurement's"
              + " fields on it");
    }
    if (validation) {
      x.error(
          x.valueLocation("validation"),
          "time-series collections do not take schema validation rules (MongoDB manual, \"Time"
              + " Series Collection Limitations\")");
    }
    for (Index ix : indexes) {
      if (ix.unique()) {
        x.error(
            ix.location(),
            "time-series collections do not allow unique indexes (MongoDB manual, \"Time Series"
                + " Indexes\", Prohibited Indexes)");
      }
      if (ix.keys().stream().anyMatch(k -> k.kind() == IndexKey.Kind.TEXT)) {
        x.error(
            ix.location(),
            "time-series collections do not allow text indexes (MongoDB manual, \"Time Series"
                + " Indexes\", Prohibited Indexes)");
      }
    }
    if (key.isEmpty()) {
      return;
    }
    List<IndexKey> keys = key.get().keys();
    for (int i = 0; i < keys.size(); i++) {
      IndexKey k = keys.get(i);
      boolean isTime = k.field().equals(t.timeField());
      if (!isTime && !t.isMeta(k.field())) {
        x.error(
            key.get().location(),
            "a time-series shard key holds only the metaField"
                + t.metaField().map(m -> " (" + m + ")").orElse("")
                + ", its subfields and the timeField ("
                + t.timeField()
                + "); '"
                + k.field()
                + "' is none of them (MongoDB manual, \"Time Series Collection Limitations\","
                + " Shard Key Fields)");
      } else if (isTime && (k.kind() == IndexKey.Kind.HASHED || i != keys.size() - 1)) {
        x.error(
            key.get().location(),
            "the timeField '"
                + t.timeField()
                + "' may be in a time-series shard key only ranged (1) and as its last field"
                + " (MongoDB manual, \"Time Series Collection Limitations\", Shard Key Fields)");
      }
    }
  }
}
