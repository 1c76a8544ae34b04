package dev.keyplan.cassandra.check;

import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.design.TableLeftOut;
import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;

/**
 * Lists the tables of the checked keyspaces that store no entity of the model, which the check
 * leaves out: a model may describe part of a real keyspace (the queries of one service, a few
 * tables of 20), so such a table is info, one finding per table at its {@code CREATE TABLE}, not an
 * error. The finding names the entity whose attributes cover most of the table's columns and the
 * columns it lacks, which is what to add, or to map under {@code tables: {t: {entity: E, columns:
 * {column: attribute}}}}, for the table to be checked. A table the model names under {@code
 * tables:} and whose columns do not fit stays an input error (the binder's).
 */
@RuleSpec(
    category = Category.DESIGN,
    summary = "Table of the schema that stores no entity of the model, left out of the check",
    severity = Severity.INFO)
public final class UnboundTable implements CassandraRule {
  @Override
  public void check(CassandraAnalysis a, Findings out) {
    for (TableLeftOut t : a.tablesLeftOut()) {
      String name = t.table().name();
      out.report(
          Severity.INFO,
          name,
          t.table().location(),
          "table "
              + name
              + " stores no entity of the model, so the check leaves it out"
              + t.closest()
                  .map(
                      e ->
                          t.lacking().isEmpty()
                              ? ""
                              : " (closest is "
                                  + e
                                  + ", which lacks "
                                  + String.join(", ", t.lacking())
                                  + ")")
                  .orElse(" (the model has no entities)"),
          "if the model should cover it, add the missing attributes to the entity, map its columns"
              + " to attributes under 'tables: {"
              + name
              + ": {entity: E, columns: {column: attribute}}}', or declare them under 'derived:'");
    }
  }
}
