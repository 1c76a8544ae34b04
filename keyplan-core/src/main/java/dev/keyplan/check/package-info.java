/**
 * The rule framework of {@code keyplan check}: a {@link dev.keyplan.check.Rule} (its metadata in
 * {@link dev.keyplan.check.RuleSpec}) reads one store's analysis and reports {@link
 * dev.keyplan.check.Finding}s, the {@link dev.keyplan.check.Checker} runs the registered rules
 * ({@link dev.keyplan.check.BuiltInRules}) in a stable order, and {@link
 * dev.keyplan.check.CheckResult} holds a model's analyses with every finding.
 *
 * <p>The rules themselves live in one subpackage per category; the subpackage's name is the
 * category {@code keyplan rules} prints.
 */
package dev.keyplan.check;
