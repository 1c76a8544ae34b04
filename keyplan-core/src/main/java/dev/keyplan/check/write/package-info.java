/**
 * The write rule over several stores: indexes every write keeps up, too many of them ({@link
 * dev.keyplan.check.write.TooManyIndexes}). The write rules over one store live in its {@code
 * check} package.
 */
package dev.keyplan.check.write;
