/**
 * The rule framework of {@code keyplan check}: a {@link dev.keyplan.check.Rule} (its metadata in
 * {@link dev.keyplan.check.RuleSpec}) reads one store's analysis and reports {@link
 * dev.keyplan.check.Finding}s, the {@link dev.keyplan.check.Checker} runs the registered rules
 * ({@link dev.keyplan.check.BuiltInRules}) in a stable order, and {@link
 * dev.keyplan.check.CheckResult} holds a model's analyses with every finding.
 *
 * <p>A rule over one store lives in that store's {@code check} package; the rules over several
 * stores live here, in one subpackage per category ({@link dev.keyplan.check.Category}, which each
 * rule's {@code @RuleSpec} names), and each store contributes its part.
 */
package dev.keyplan.check;
