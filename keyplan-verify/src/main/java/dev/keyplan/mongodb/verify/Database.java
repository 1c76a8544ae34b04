package dev.keyplan.mongodb.verify;

import dev.keyplan.verify.VerifyException;
import dev.keyplan.verify.VerifyOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;

/**
 * The one database a run works in: {@code <prefix><model name>}, lower case, every character other
 * than a letter, digit or underscore made {@code _}, cut to {@value #MAX_NAME} characters (MongoDB
 * manual, "Naming Restrictions": database names are shorter than 64 characters, cannot hold {@code
 * /\. "$} and friends, and two may not differ only in case). If it exists, the run refuses and
 * touches nothing unless {@code reuse}; then it creates only collections that do not exist, and at
 * the end drops exactly what it created: the database if it made it, else its own collections.
 */
final class Database {
  static final int MAX_NAME = 63;

  final String name;
  final boolean created;
  private final MongoGateway gateway;
  private final List<String> createdCollections = new ArrayList<>();

  private Database(MongoGateway gateway, String name, boolean created) {
    this.gateway = gateway;
    this.name = name;
    this.created = created;
  }

  static String nameFor(VerifyOptions o, String model) {
    String n = (o.prefix() + model).toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_]", "_");
    return n.length() > MAX_NAME ? n.substring(0, MAX_NAME) : n;
  }

  /**
   * Opens {@code name}: new, or existing when {@code reuse}.
   *
   * @throws VerifyException if it exists and reuse was not asked for, or one differing only in case
   *     exists
   */
  static Database open(MongoGateway g, VerifyOptions o, String name) {
    List<String> names = g.databaseNames();
    Optional<String> other =
        names.stream().filter(n -> !n.equals(name) && n.equalsIgnoreCase(name)).findFirst();
    if (other.isPresent()) {
      throw new VerifyException(
          "database "
              + other.get()
              + " exists and differs from "
              + name
              + " only in case, which"
              + " MongoDB does not allow: choose another --prefix");
    }
    boolean exists = names.contains(name);
    if (exists && !o.reuse()) {
      throw new VerifyException(
          "database "
              + name
              + " already exists; keyplan verify works only in what it creates:"
              + " pass --reuse to work in it (keyplan then adds and drops only its own collections), or --prefix for another name");
    }
    return new Database(g, name, !exists);
  }

  /** Returns the namespace {@code database.collection}. */
  String namespace(String collection) {
    return name + "." + collection;
  }

  /**
   * Creates a collection with {@code create}, refusing if one of that name exists.
   *
   * @throws VerifyException naming the collection that exists
   */
  void createCollection(BsonDocument create) {
    String collection = create.getString("create").getValue();
    BsonDocument listed =
        gateway.command(
            name,
            new BsonDocument("listCollections", new BsonInt32(1))
                .append("filter", new BsonDocument("name", new BsonString(collection)))
                .append("nameOnly", org.bson.BsonBoolean.TRUE));
    // Read the names back rather than trust the filter: a server that ignores it lists them all.
    boolean exists =
        listed.getDocument("cursor").getArray("firstBatch").stream()
            .anyMatch(
                v ->
                    v.asDocument()
                        .getString("name", new BsonString(""))
                        .getValue()
                        .equals(collection));
    if (exists) {
      throw new VerifyException(
          "collection "
              + namespace(collection)
              + " already exists; keyplan verify never touches a"
              + " collection it did not create: drop it, or choose another --prefix");
    }
    gateway.command(name, create);
    createdCollections.add(collection);
  }

  /** Returns the collections this run created, in order. */
  List<String> createdCollections() {
    return List.copyOf(createdCollections);
  }

  /** Drops what this run created: the database if it made it, else its own collections. */
  void dropCreated() {
    if (created) {
      gateway.command(name, new BsonDocument("dropDatabase", new BsonInt32(1)));
      return;
    }
    for (String c : createdCollections) {
      gateway.command(name, new BsonDocument("drop", new BsonString(c)));
    }
  }
}
