/**
 * The size rule over several stores: tables, item types and shard keys keyplan cannot size because
 * the model does not say how a key spreads ({@link dev.keyplan.check.size.KeySpreadUndeclared}).
 * The size rules over one store live in its {@code check} package.
 */
package dev.keyplan.check.size;
