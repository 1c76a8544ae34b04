package dev.keyplan.dynamodb.check;

import dev.keyplan.check.Findings;
import dev.keyplan.check.design.BidiControlInIdentifier;
import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.dynamodb.design.KeyPath;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * BidiControlInIdentifier's part for DynamoDB: the names the {@code dynamodb:} section or an
 * imported schema (describe-table, CreateTable, NoSQL Workbench) gives, which DynamoDB's own rules
 * do not restrict enough (an attribute name may be any UTF-8): each table's name, its indexes'
 * names and its key attributes', at the place each is written. The rule's id, summary and page are
 * {@code BidiControlInIdentifier}'s.
 */
public final class DynamoDbBidiControlInIdentifier implements DynamoDbRule {
  @Override
  public void check(DynamoDbAnalysis a, Findings out) {
    for (DynamoDbTable t : a.tables()) {
      BidiControlInIdentifier.report("table", t.name(), t.name(), t.location(), out);
      // A key attribute is reported once per table, at the first path (table or index) using it.
      Set<String> keys = new LinkedHashSet<>();
      for (KeyPath p : t.paths()) {
        if (p.isIndex()) {
          BidiControlInIdentifier.report(
              "index", t.name() + "." + p.name(), p.name(), p.location(), out);
        }
        for (String k : p.partitionKey()) {
          if (keys.add(k)) {
            BidiControlInIdentifier.report(
                "key attribute", t.name() + "." + k, k, p.location(), out);
          }
        }
        for (String k : p.sortKey()) {
          if (keys.add(k)) {
            BidiControlInIdentifier.report(
                "key attribute", t.name() + "." + k, k, p.location(), out);
          }
        }
      }
    }
  }
}
