/**
 * The workload model: {@link dev.keyplan.model.Model} with its entities, attributes and spreads,
 * its access patterns and their operations (in the compact form {@link
 * dev.keyplan.model.OperationParser} reads), and its store designs, held as {@link
 * dev.keyplan.model.StoreDesign}s the spine never looks inside; with the quantities a model is
 * written in ({@link dev.keyplan.model.Quantities}, {@link dev.keyplan.model.Units}). The YAML
 * reader is in {@code dev.keyplan.model.yaml}.
 */
package dev.keyplan.model;
