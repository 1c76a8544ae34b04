package dev.keyplan.mongodb.verify;

import java.util.List;
import org.bson.BsonDocument;

/**
 * The few driver calls keyplan verify makes on MongoDB, kept this small so that a test can stand in
 * for a server with a plain class of its own ({@code FakeGateway}) and no mock library. Everything
 * but bulk loading and the timed reads is a database command (MongoDB manual, "Database Commands"),
 * as the driver's helpers send them.
 */
interface MongoGateway extends AutoCloseable {
  /** Returns the names of the databases that exist ({@code listDatabases}, names only). */
  List<String> databaseNames();

  /**
   * Runs {@code command} on {@code database} and returns the server's reply.
   *
   * @throws RuntimeException the driver's exception when the server answers {@code ok: 0}
   */
  BsonDocument command(String database, BsonDocument command);

  /** Inserts {@code documents} into {@code collection}, in batches the driver splits. */
  void insertMany(String database, String collection, List<BsonDocument> documents);

  /**
   * Runs a read as the application would (a find iterated to its end, or a count) and returns the
   * documents it returned or counted.
   */
  long read(String database, String collection, ReadQuery query);

  @Override
  void close();
}
