package dev.keyplan.dynamodb.schema;

import dev.keyplan.dynamodb.workbench.WorkbenchReader;
import dev.keyplan.input.LocatedJson;
import dev.keyplan.input.Location;
import dev.keyplan.input.TextInput;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads the table definitions of a {@code dynamodb: {schema: FILE}}. The format is told by the
 * content, not the file name: a NoSQL Workbench model (an object with {@code ModelName} or {@code
 * DataModel}, read by {@link WorkbenchReader} and converted by {@link WorkbenchTables}), or the
 * DynamoDB API's shapes read by {@link TableDescriptionReader}: {@code aws dynamodb describe-table}
 * output, CreateTable input, or an array of them. Formats, members read and every check:
 * docs/dynamodb-import.md.
 */
public final class SchemaFiles {
  private SchemaFiles() {}

  /** The one error of a file in none of the formats, before "; found …". */
  static final String EXPECTED =
      "expected a NoSQL Workbench model, describe-table output or CreateTable input";

  private static final LocatedJson.Options SYNTAX =
      new LocatedJson.Options(
          "the file is empty; " + EXPECTED, "member", "\\n", /* utf8Strings= */ false);

  /**
   * Returns the tables defined in {@code path}, in file order. A missing or unreadable file is an
   * error at {@code namedAt} (the model's {@code schema:} value); everything wrong inside the file
   * is reported at its {@code file:line:column}, all of a file's problems at once.
   */
  public static List<ImportedTable> read(Path path, Location namedAt) {
    return read(path.toString(), TextInput.read(path, "the dynamodb schema file " + path, namedAt));
  }

  /** Returns the tables defined in {@code text}; {@code file} names it in diagnostics. */
  static List<ImportedTable> read(String file, String text) {
    LocatedJson.Node root = LocatedJson.parse(file, text, SYNTAX);
    if (root instanceof LocatedJson.Obj object && isWorkbenchModel(object)) {
      return WorkbenchTables.of(WorkbenchReader.read(file, text));
    }
    return TableDescriptionReader.read(root, EXPECTED);
  }

  /**
   * A Workbench model has {@code ModelName} and {@code DataModel}; either one is enough to say so,
   * so that a model missing the other gets the Workbench reader's precise error.
   */
  private static boolean isWorkbenchModel(LocatedJson.Obj object) {
    return object.members().stream()
        .anyMatch(m -> m.name().equals("ModelName") || m.name().equals("DataModel"));
  }
}
