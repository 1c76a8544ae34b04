package dev.keyplan.analyze.export;

import java.util.List;

/**
 * One record of an export, converted: its values as a plain JSON object, its size in its store's
 * own encoding, and the native type of each top-level attribute.
 *
 * @param json the record as one plain JSON object, {@code {"id":"C#7","total":12.5}}: same
 *     attribute names, values unwrapped (docs/analyze.md, "Store exports"), on one line
 * @param nativeBytes the record's size as its store counts it against its limit: a DynamoDB item's
 *     bytes, a BSON document's bytes
 * @param attributes each top-level attribute's name and native type, in the record's order
 */
public record ExportRecord(String json, long nativeBytes, List<Attribute> attributes) {

  public ExportRecord {
    if (!json.startsWith("{") || !json.endsWith("}")) {
      throw new IllegalArgumentException("a record is one JSON object, not " + json);
    }
    if (nativeBytes < 0) {
      throw new IllegalArgumentException("negative size " + nativeBytes);
    }
    attributes = List.copyOf(attributes);
  }

  /**
   * One top-level attribute as seen.
   *
   * @param name its name
   * @param type its native type: a DynamoDB descriptor ({@code S}, {@code N}…) or a BSON type's
   *     alias ({@code string}, {@code objectId}…)
   * @param wholeNumber whether it is a number with no fraction that fits a 64-bit integer
   */
  public record Attribute(String name, String type, boolean wholeNumber) {}
}
