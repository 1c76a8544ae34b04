package dev.keyplan.check;

import dev.keyplan.input.Location;

/**
 * One problem a rule found in a design.
 *
 * @param rule the rule's id: its class's simple name, also the name of docs/rules/&lt;Id&gt;.md
 * @param store the store the finding is about ({@code cassandra}, {@code scylladb})
 * @param target what it is about: a table, a pattern id, an index
 * @param message what is wrong, with the numbers that show it
 * @param fix what to change
 * @param location where to change it: the pattern in the model, or the table in the CQL file
 */
public record Finding(
    String rule,
    Severity severity,
    String store,
    String target,
    String message,
    String fix,
    Location location) {}
