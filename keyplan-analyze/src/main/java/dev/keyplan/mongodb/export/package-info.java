/**
 * The MongoDB side of keyplan analyze's store exports: mongoexport's Extended JSON lines, read with
 * the core's Extended JSON reader and BSON size ({@link
 * dev.keyplan.mongodb.export.MongoExportFormat}).
 */
package dev.keyplan.mongodb.export;
