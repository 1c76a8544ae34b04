package dev.keyplan.mongodb.check;

import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbCollection;
import dev.keyplan.mongodb.design.MongoDbPlan;
import dev.keyplan.mongodb.design.MongoDbTimeSeriesPlanner;
import java.util.Optional;

/**
 * Flags a write the server refuses on a time-series collection (MongoDB 8.0; MongoDB manual, "Time
 * Series Collection Limitations", Updates, Deletes and Transactions,
 * https://www.mongodb.com/docs/manual/core/timeseries/timeseries-limitations/): an update that
 * matches or modifies anything but the metaField, or is not an {@code updateMany} ({@code multi:
 * true}); an upsert; any write inside a transaction ({@code batch: logged}). Deletes that match
 * other fields are allowed since 7.0 and only noted in the plan (5.1 to 6.3 refuse them).
 *
 * <p>The reason is the analysis' ({@link MongoDbTimeSeriesPlanner#refusal}, also in the plan's
 * notes). <b>Error</b>: the application's write fails every time.
 *
 * <p>Worked example: {@code update: Reading set value where device_id = ? and t = ?} on a
 * time-series collection with metaField {@code device_id} matches on {@code t} and modifies {@code
 * value}: refused twice over.
 */
@RuleSpec(
    category = Category.WRITE,
    summary = "Write a time-series collection refuses",
    severity = Severity.ERROR)
public final class TimeSeriesWriteRefused implements MongoDbRule {
  @Override
  public void check(MongoDbAnalysis a, Findings out) {
    for (MongoDbPlan plan : a.plans()) {
      if (plan.access() != MongoDbPlan.Access.WRITE) {
        continue;
      }
      for (String name :
          plan.touches().stream().map(MongoDbPlan.Touch::collection).distinct().toList()) {
        Optional<MongoDbCollection> c = a.collection(name);
        Optional<String> why =
            c.flatMap(x -> MongoDbTimeSeriesPlanner.refusal(x, plan.pattern(), plan.operation()));
        if (why.isEmpty()) {
          continue;
        }
        out.report(
            Severity.ERROR,
            plan.pattern().id(),
            plan.pattern().location(),
            "pattern " + plan.pattern().id() + " is refused by the server: " + why.get(),
            "update a time-series collection only by its metaField ("
                + c.get().timeSeries().orElseThrow().options().metaField().orElse("none here")
                + ") with updateMany and no upsert, outside transactions; keep what changes per"
                + " measurement in a regular collection, or write a new measurement instead of"
                + " changing one");
      }
    }
  }
}
