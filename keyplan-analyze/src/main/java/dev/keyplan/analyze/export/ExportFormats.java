package dev.keyplan.analyze.export;

import dev.keyplan.dynamodb.export.DynamoDbExportFormat;
import dev.keyplan.mongodb.export.MongoExportFormat;
import java.util.List;
import java.util.Optional;

/**
 * The export formats keyplan analyze converts, one line per store that has one: the registry of
 * this module, the one file here that names more than one store (as {@code Stores} is in the core).
 */
public final class ExportFormats {
  private ExportFormats() {}

  /** A key-value store's table export to object storage: one item per line. */
  public static final ExportFormat TABLE = new DynamoDbExportFormat();

  /** A document store's export tool's output: one Extended JSON document per line. */
  public static final ExportFormat EXTENDED_JSON = new MongoExportFormat();

  private static final List<ExportFormat> ALL = List.of(TABLE, EXTENDED_JSON);

  /** Returns every format, in the order {@link ExportFormat#sniff} tries them. */
  public static List<ExportFormat> all() {
    return ALL;
  }

  /** Returns the format named {@code id} ({@link ExportFormat#id}). */
  public static Optional<ExportFormat> byId(String id) {
    return ALL.stream().filter(f -> f.id().equals(id)).findFirst();
  }
}
