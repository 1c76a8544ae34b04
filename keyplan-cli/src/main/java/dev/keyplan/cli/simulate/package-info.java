/**
 * {@code keyplan simulate} ({@link dev.keyplan.cli.simulate.SimulateCommand}): a model's workload
 * run through one store's partitioning engine, reached through {@link
 * dev.keyplan.cli.simulate.Simulations}, the path from command-line options to a store's simulator
 * that {@code keyplan report --simulate} takes too, with a progress bar on stderr ({@link
 * dev.keyplan.cli.simulate.ProgressBar}).
 */
package dev.keyplan.cli.simulate;
