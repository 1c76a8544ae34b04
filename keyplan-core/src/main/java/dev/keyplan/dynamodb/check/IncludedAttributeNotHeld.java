package dev.keyplan.dynamodb.check;

import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbItem;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.dynamodb.design.KeyPath;
import dev.keyplan.dynamodb.model.DynamoDbDesign.Projection;
import dev.keyplan.input.Suggest;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Notes an index whose INCLUDE projection names an attribute that no item type of its table holds.
 * DynamoDB accepts any name there: "NonKeyAttributes - Represents the non-key attribute names which
 * will be projected into the index" (API Reference, Projection,
 * https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_Projection.html), checked only
 * for count and length, never against items. So the design is valid and the finding is info: the
 * name may be a typo (a did-you-mean is given), or an attribute the model has not given any item
 * type yet, in which case the index's entries are sized without it. A table with no item types at
 * all (a table of an imported file the model does not describe yet) is not reported: nothing there
 * is modelled to compare with.
 */
@RuleSpec(
    category = Category.DESIGN,
    summary = "An INCLUDE projection names an attribute no item type of the table holds",
    severity = Severity.INFO)
public final class IncludedAttributeNotHeld implements DynamoDbRule {
  @Override
  public void check(DynamoDbAnalysis a, Findings out) {
    for (DynamoDbTable t : a.tables()) {
      if (t.items().isEmpty()) {
        continue;
      }
      Set<String> held = new LinkedHashSet<>();
      t.paths().forEach(p -> held.addAll(p.keyAttributes()));
      for (DynamoDbItem it : t.items()) {
        held.addAll(it.attributeNames());
      }
      for (KeyPath path : t.paths()) {
        if (path.projection().type() != Projection.Type.INCLUDE) {
          continue;
        }
        for (String name : path.projection().include()) {
          if (held.contains(name)) {
            continue;
          }
          out.report(
              Severity.INFO,
              path.label(),
              path.location(),
              "index "
                  + path.label()
                  + " includes '"
                  + name
                  + "', which no item type of table "
                  + t.name()
                  + " holds"
                  + Suggest.closest(name, held).map(x -> " (did you mean '" + x + "'?)").orElse("")
                  + "; DynamoDB accepts the name, and keyplan sizes the index's entries without it",
              "correct the name, or add the attribute to the item types that carry it"
                  + " (attributes: under the item type)");
        }
      }
    }
  }
}
