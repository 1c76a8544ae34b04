package dev.keyplan.mongodb.catalog;

import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import dev.keyplan.input.Location;
import dev.keyplan.mongodb.catalog.LocatedBson.Member;
import dev.keyplan.mongodb.catalog.LocatedBson.Node;
import dev.keyplan.mongodb.model.MongoDbDesign.Index;
import dev.keyplan.mongodb.model.MongoDbDesign.IndexKey;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads an {@code indexes_file}: what {@code db.collection.getIndexes()} prints (MongoDB manual,
 * "db.collection.getIndexes()"; the fields are those of "db.collection.createIndex()" options).
 *
 * <p>Shapes: an array of index documents, for one collection; a document mapping each collection to
 * such an array; or one index document per line. An index document needs {@code key}; {@code name},
 * {@code unique}, {@code sparse}, {@code hidden}, {@code partialFilterExpression}, {@code
 * expireAfterSeconds} and {@code collation.strength} are read, everything else ({@code v}, {@code
 * ns}, {@code background}, {@code 2dsphereIndexVersion} …) is ignored. The implicit index, key
 * {@code {_id: 1}}, is left out: keyplan gives every collection one. A hidden index is left out
 * too, since the planner does not use it (MongoDB manual, "Hidden Indexes"). A text index is
 * printed as {@code {_fts: "text", _ftsx: 1}} with its fields in {@code weights}: it is read back
 * as those fields, each {@code text}. Every problem is reported at once, at its file:line:column;
 * docs/mongodb-import.md lists them.
 */
public final class IndexesFile {
  private IndexesFile() {}

  static final String SHAPE =
      "getIndexes() output: an array of index documents such as [{v: 2, key: {_id: 1},"
          + " name: \"_id_\"}], or a document mapping each collection to one";

  /** Returns the file's indexes per collection; a missing file is an error at {@code namedAt}. */
  public static List<ImportedIndexes> read(Path path, Location namedAt) {
    return read(path.toString(), CatalogFile.text(path, namedAt, "indexes file"));
  }

  /** Returns the indexes in {@code text}; {@code file} names it in diagnostics. */
  static List<ImportedIndexes> read(String file, String text) {
    LocatedBson.Values values = LocatedBson.read(file, text);
    List<Diagnostic> problems = new ArrayList<>();
    List<ImportedIndexes> out = new ArrayList<>();
    Node top = values.values().get(0);
    if (values.perLine()) {
      out.add(collection(Optional.empty(), top.location(), values.values(), problems));
    } else if (top.value().isArray()) {
      out.add(collection(Optional.empty(), top.location(), top.elements(), problems));
    } else if (top.value().isDocument() && !top.members().isEmpty()) {
      for (Member m : top.members()) {
        if (m.value().value().isArray()) {
          out.add(collection(Optional.of(m.name()), m.location(), m.value().elements(), problems));
        } else {
          problems.add(
              new Diagnostic(
                  m.location(),
                  "expected the indexes of collection '"
                      + m.name()
                      + "', an array of index documents, found "
                      + CatalogFile.describe(m.value().value())));
        }
      }
    } else {
      problems.add(
          new Diagnostic(
              top.location(),
              "expected "
                  + SHAPE
                  + ", found "
                  + (top.value().isDocument()
                      ? "an empty document"
                      : CatalogFile.describe(top.value()))));
    }
    if (!problems.isEmpty()) {
      throw new InputException(problems);
    }
    return out;
  }

  private static ImportedIndexes collection(
      Optional<String> name, Location at, List<Node> docs, List<Diagnostic> problems) {
    List<Index> indexes = new ArrayList<>();
    Optional<String> ns = Optional.empty();
    // Where each index name was first written, hidden indexes and _id_ included.
    Map<String, Location> named = new HashMap<>();
    for (Node d : docs) {
      if (!d.value().isDocument()) {
        problems.add(
            new Diagnostic(
                d.location(),
                "expected an index document such as {v: 2, key: {email: 1},"
                    + " name: \"email_1\"}, found "
                    + CatalogFile.describe(d.value())));
        continue;
      }
      // Servers before 4.4 print each index's namespace; it names the collection of a bare array.
      Optional<Member> nsMember = d.member("ns").filter(m -> m.value().value().isString());
      if (name.isEmpty() && nsMember.isPresent()) {
        String c = CatalogFile.collectionOf(nsMember.get().value().value().asString().getValue());
        if (ns.isPresent() && !ns.get().equals(c)) {
          problems.add(
              new Diagnostic(
                  nsMember.get().location(),
                  "an array of getIndexes() output holds one"
                      + " collection's indexes; this one is of '"
                      + c
                      + "', the ones before of '"
                      + ns.get()
                      + "': map each collection to its own array"));
        }
        if (ns.isEmpty()) {
          ns = Optional.of(c);
        }
      }
      d.member("name")
          .filter(m -> m.value().value().isString())
          .ifPresent(m -> uniqueName(m, named, problems));
      IndexDocument.read(d, problems)
          .ifPresent(
              ix -> {
                if (!isImplicitId(ix)) {
                  indexes.add(ix);
                }
              });
    }
    return new ImportedIndexes(name.isPresent() ? name : ns, at, indexes);
  }

  /**
   * Reports an index name already used in the same collection, at the second one, naming the
   * first's place. MongoDB keeps index names unique within a collection: creating an index with the
   * name of an existing one is an error (MongoDB manual, "Specify an Index Name",
   * https://www.mongodb.com/docs/manual/core/indexes/create-index/specify-index-name/; the server
   * answers "Index with name: … already exists with different options", SERVER-13290), so a file
   * with two is not what {@code getIndexes()} printed, and keeping either would silently drop the
   * other.
   */
  private static void uniqueName(Member m, Map<String, Location> named, List<Diagnostic> problems) {
    String name = m.value().value().asString().getValue();
    Location first = named.putIfAbsent(name, m.location());
    if (first != null) {
      problems.add(
          new Diagnostic(
              m.location(),
              "index name '"
                  + name
                  + "' is used twice in one collection (first at line "
                  + first.line()
                  + ", column "
                  + first.column()
                  + "); MongoDB keeps index names unique within a collection, so one of the"
                  + " two is not what getIndexes() printed"));
    }
  }

  /** Returns true for the index every collection has on {@code _id}, which keyplan adds itself. */
  static boolean isImplicitId(Index ix) {
    return ix.keys().equals(List.of(new IndexKey("_id", IndexKey.Kind.ASCENDING)));
  }
}
