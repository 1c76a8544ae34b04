/**
 * How a MongoDB analysis reads in each format of {@code keyplan check}: {@link
 * dev.keyplan.mongodb.report.MongoDbSections}, the store's {@code StoreReport}, and its text, JSON
 * and Markdown parts ({@link dev.keyplan.mongodb.report.MongoDbText}, {@link
 * dev.keyplan.mongodb.report.MongoDbJson}, {@link dev.keyplan.mongodb.report.MongoDbMarkdown}):
 * each pattern's index, examined documents, sort and routing, the collections' documents and sizes,
 * shards, and embed-or-reference advice.
 */
package dev.keyplan.mongodb.report;
