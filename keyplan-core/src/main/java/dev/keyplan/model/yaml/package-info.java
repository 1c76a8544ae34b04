/**
 * Reads a workload model file (docs/model.md) into a {@code Model}: {@link
 * dev.keyplan.model.yaml.ModelReader} reads the entities and patterns and hands each store section
 * to the store that owns its key ({@link dev.keyplan.model.yaml.StoreSection}), and every problem
 * of the file is reported at its line and column in one {@code InputException}.
 */
package dev.keyplan.model.yaml;
