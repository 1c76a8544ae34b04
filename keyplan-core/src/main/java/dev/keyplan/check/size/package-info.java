/**
 * Rules of the size category: data that passes a store's limits or guidelines at the model's
 * horizon (partitions, items, documents, item collections, key values, unbounded arrays, lists and
 * partitions, bloated documents, typed values stored as strings), and tables keyplan cannot size
 * because the model does not give a key's spread.
 */
package dev.keyplan.check.size;
