/**
 * The located-input toolkit every reader of a user's file shares: places in a file ({@link
 * dev.keyplan.input.Location}), the problems found there ({@link dev.keyplan.input.Diagnostic},
 * thrown together as one {@link dev.keyplan.input.InputException}), YAML mappings and JSON trees
 * read with their positions ({@link dev.keyplan.input.YamlMap}, {@link
 * dev.keyplan.input.SourceSpan}, {@link dev.keyplan.input.LocatedJson}, {@link
 * dev.keyplan.input.JsonChecks}), and did-you-mean suggestions ({@link dev.keyplan.input.Suggest}).
 *
 * <p>Every file is read by {@link dev.keyplan.input.TextInput} within {@link
 * dev.keyplan.input.InputLimits}, and every YAML file composed by {@link
 * dev.keyplan.input.YamlChecks#compose}, so all readers refuse the same hostile input alike.
 */
package dev.keyplan.input;
