package dev.keyplan.mongodb.verify;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.client.FindIterable;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Collation;
import com.mongodb.client.model.CollationStrength;
import com.mongodb.client.model.CountOptions;
import com.mongodb.client.model.InsertManyOptions;
import dev.keyplan.verify.Credentials;
import dev.keyplan.verify.VerifyException;
import dev.keyplan.verify.VerifyOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.bson.BsonDocument;
import org.bson.BsonInt32;

/**
 * The gateway on the official driver (mongodb-driver-sync 5.14): the URI from the credentials
 * ({@code KEYPLAN_MONGODB_URI}, from the environment or the credentials file, never the command
 * line), TLS when the URI says {@code tls=true} or {@code --tls} is given (trusting the JVM's trust
 * store), 15 s to find a server, 10 s to connect and 30 s for one read of an answer unless the
 * URI's {@code serverSelectionTimeoutMS}, {@code connectTimeoutMS} or {@code socketTimeoutMS} says
 * otherwise (connection string options:
 * https://www.mongodb.com/docs/manual/reference/connection-string-options/). A failure to connect
 * names the hosts, never the URI's user or password.
 */
final class DriverGateway implements MongoGateway {
  private final MongoClient client;

  /** Milliseconds to find a server (serverSelectionTimeoutMS) unless the URI says otherwise. */
  static final int SELECTION_TIMEOUT_MS = 15_000;

  /** Milliseconds to open a connection (connectTimeoutMS) unless the URI says otherwise. */
  static final int CONNECT_TIMEOUT_MS = 10_000;

  /** Milliseconds to wait on one read of an answer (socketTimeoutMS) unless the URI says so. */
  static final int READ_TIMEOUT_MS = 30_000;

  private DriverGateway(MongoClient client) {
    this.client = client;
  }

  /** Returns the URI from the credentials, or a message saying where to put it. */
  static String uri(Credentials credentials) {
    return credentials
        .get(MongoDbVerifier.URI)
        .orElseThrow(
            () ->
                new VerifyException(
                    "no MongoDB to verify against: set "
                        + MongoDbVerifier.URI
                        + " (mongodb://HOST:PORT/, or mongodb+srv://…) in the environment or in --credentials FILE;"
                        + " the URI is never taken from the command line, since it may hold a password"));
  }

  /** Returns the hosts of {@code uri}, for the report: no user, no password, no options. */
  static String hosts(String uri) {
    try {
      ConnectionString cs = new ConnectionString(uri);
      return (uri.startsWith("mongodb+srv://") ? "mongodb+srv://" : "mongodb://")
          + String.join(",", cs.getHosts());
    } catch (IllegalArgumentException e) {
      return "an invalid URI";
    }
  }

  /** Connects and checks the server answers {@code ping}. */
  static DriverGateway open(VerifyOptions options, Credentials credentials) {
    String uri = uri(credentials);
    Secrets secrets = Secrets.of(uri);
    ConnectionString cs;
    try {
      cs = new ConnectionString(uri);
    } catch (IllegalArgumentException e) {
      throw new VerifyException(
          MongoDbVerifier.URI + " is not a MongoDB connection string: " + secrets.reason(e));
    }
    MongoClientSettings.Builder b =
        MongoClientSettings.builder()
            .applyConnectionString(cs)
            .applicationName("keyplan-verify")
            .applyToClusterSettings(
                c ->
                    c.serverSelectionTimeout(
                        cs.getServerSelectionTimeout() == null
                            ? SELECTION_TIMEOUT_MS
                            : cs.getServerSelectionTimeout(),
                        TimeUnit.MILLISECONDS))
            // The driver reads a socket for ever by default (socketTimeoutMS 0): set a limit,
            // so a server that stops answering mid-run is an error, not a hang. The URI's
            // connectTimeoutMS and socketTimeoutMS win when given.
            .applyToSocketSettings(
                s ->
                    s.connectTimeout(
                            cs.getConnectTimeout() == null
                                ? CONNECT_TIMEOUT_MS
                                : cs.getConnectTimeout(),
                            TimeUnit.MILLISECONDS)
                        .readTimeout(
                            cs.getSocketTimeout() == null ? READ_TIMEOUT_MS : cs.getSocketTimeout(),
                            TimeUnit.MILLISECONDS));
    if (options.tls()) {
      b.applyToSslSettings(s -> s.enabled(true));
    }
    MongoClient client = MongoClients.create(b.build());
    try {
      client
          .getDatabase("admin")
          .runCommand(new BsonDocument("ping", new BsonInt32(1)), BsonDocument.class);
    } catch (RuntimeException e) {
      client.close();
      throw new VerifyException("cannot reach MongoDB at " + hosts(uri) + ": " + secrets.reason(e));
    }
    return new DriverGateway(client);
  }

  @Override
  public List<String> databaseNames() {
    return client.listDatabaseNames().into(new ArrayList<>());
  }

  @Override
  public BsonDocument command(String database, BsonDocument command) {
    return client.getDatabase(database).runCommand(command, BsonDocument.class);
  }

  @Override
  public void insertMany(String database, String collection, List<BsonDocument> documents) {
    if (!documents.isEmpty()) {
      collection(database, collection).insertMany(documents, new InsertManyOptions().ordered(true));
    }
  }

  @Override
  public long read(String database, String collection, ReadQuery q) {
    MongoCollection<BsonDocument> c = collection(database, collection);
    Collation collation =
        q.collation()
            .map(
                x ->
                    Collation.builder()
                        .locale(x.getString("locale").getValue())
                        .collationStrength(
                            CollationStrength.fromInt(x.getInt32("strength").getValue()))
                        .build())
            .orElse(null);
    if (q.count()) {
      return c.countDocuments(q.filter(), new CountOptions().collation(collation));
    }
    FindIterable<BsonDocument> find = c.find(q.filter()).sort(q.sort()).collation(collation);
    if (q.limit().isPresent()) {
      find = find.limit(q.limit().getAsInt());
    }
    long n = 0;
    for (BsonDocument ignored : find) {
      n++;
    }
    return n;
  }

  private MongoCollection<BsonDocument> collection(String database, String collection) {
    return client.getDatabase(database).getCollection(collection, BsonDocument.class);
  }

  @Override
  public void close() {
    client.close();
  }
}
