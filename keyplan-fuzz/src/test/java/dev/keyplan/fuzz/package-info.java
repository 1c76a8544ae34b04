/**
 * What the fuzz targets share: the property they check ({@link dev.keyplan.fuzz.HostileBytes}) and
 * the shipped examples they start from. The targets themselves sit in the package of the reader
 * each one drives, so each calls the reader's text entry point and names no other store.
 */
package dev.keyplan.fuzz;
