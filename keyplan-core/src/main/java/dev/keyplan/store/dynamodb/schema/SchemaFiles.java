package dev.keyplan.store.dynamodb.schema;

import dev.keyplan.model.InputException;
import dev.keyplan.model.Location;
import java.nio.file.Path;
import java.util.List;

/** Reads the table definitions of a {@code dynamodb: {schema: FILE}}. */
public final class SchemaFiles {
  private SchemaFiles() {}

  /** Returns the tables defined in {@code path}. */
  public static List<ImportedTable> read(Path path, Location namedAt) {
    throw new InputException(namedAt, "dynamodb 'schema:' files cannot be read by this build yet");
  }
}
