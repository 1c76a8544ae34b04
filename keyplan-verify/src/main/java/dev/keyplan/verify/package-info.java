/**
 * What every store's verifier shares: the options of {@code keyplan verify} ({@link
 * dev.keyplan.verify.VerifyOptions}), the engines' credentials, kept out of every output ({@link
 * dev.keyplan.verify.Credentials}), client-side latency histograms ({@link
 * dev.keyplan.verify.Latency}), the store-neutral result the renderers print ({@link
 * dev.keyplan.verify.VerifyResult}), and the exception that stops a run ({@link
 * dev.keyplan.verify.VerifyException}). docs/verify.md describes the command.
 */
package dev.keyplan.verify;
