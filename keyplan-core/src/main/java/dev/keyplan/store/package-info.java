/**
 * The store plug-in interface and registry: {@link dev.keyplan.store.Store}, what a store reads
 * from a model and how it analyses it, and {@link dev.keyplan.store.Stores}, the registry of every
 * store, through which the spine (model reader, check, renderers, CLI) reaches a store without
 * naming one.
 */
package dev.keyplan.store;
