/**
 * {@code keyplan verify} ({@link dev.keyplan.cli.verify.VerifyCommand}): reads the model and the
 * options, runs the chosen store's verifier against a real engine, and prints keyplan's predictions
 * beside the measurements as text or JSON.
 */
package dev.keyplan.cli.verify;
