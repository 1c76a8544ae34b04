/**
 * The store-neutral view of an analysis: {@link dev.keyplan.analysis.StoreAnalysis}, which each
 * store's analysis record implements, and the {@link dev.keyplan.analysis.Plan} and {@link
 * dev.keyplan.analysis.AccessKind} of one access pattern, so that rules, renderers, simulators and
 * verifiers read any store's analysis without knowing the store.
 */
package dev.keyplan.analysis;
