/**
 * What every store's simulator shares: the settings of a run ({@link
 * dev.keyplan.simulate.SimulationSettings}), how operations spread over a key's values ({@link
 * dev.keyplan.simulate.Keys}), Poisson arrivals ({@link dev.keyplan.simulate.Poisson}), recorded
 * traces to replay ({@link dev.keyplan.simulate.Trace}), progress reporting ({@link
 * dev.keyplan.simulate.Progress}), and the store-neutral result every renderer prints ({@link
 * dev.keyplan.simulate.SimulationResult}).
 */
package dev.keyplan.simulate;
