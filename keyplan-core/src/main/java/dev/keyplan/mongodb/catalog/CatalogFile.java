package dev.keyplan.mongodb.catalog;

import dev.keyplan.input.Location;
import dev.keyplan.input.TextInput;
import dev.keyplan.mongodb.facts.ExtendedJson;
import java.nio.file.Path;
import org.bson.BsonValue;

/**
 * What the catalog readers share: reading a file named by the model, and naming values in messages.
 */
final class CatalogFile {
  private CatalogFile() {}

  /**
   * Returns the file's text. A missing or unreadable file is one error at {@code namedAt}, the
   * model's {@code indexes_file:} or {@code sharding_file:} value, as for a DynamoDB schema file.
   */
  static String text(Path path, Location namedAt, String what) {
    return TextInput.read(path, "the mongodb " + what + " " + path, namedAt);
  }

  /** Returns how a message names a value: "the string 'x'", "the int32 1", "a document". */
  static String describe(BsonValue v) {
    if (v.isString()) {
      return "the string '" + v.asString().getValue() + "'";
    }
    if (v.isNumber() || v.isBoolean()) {
      return ExtendedJson.describe(v.getBsonType()).replaceFirst("^an? ", "the ")
          + " "
          + ExtendedJson.canonical(v).replaceAll("\\{\"\\$number\\w+\": \"([^\"]*)\"}", "$1");
    }
    return ExtendedJson.describe(v.getBsonType());
  }

  /** Returns the collection of a namespace {@code db.coll}: a database name has no dot. */
  static String collectionOf(String namespace) {
    int dot = namespace.indexOf('.');
    return dot < 0 ? namespace : namespace.substring(dot + 1);
  }
}
