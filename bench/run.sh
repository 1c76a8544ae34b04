#!/usr/bin/env bash
# Builds the benchmarks jar and runs CheckBenchmark (JMH): `check` against its baseline
# `parseOnly` on generated models of 250, 500 and 1,000 patterns, for each store: Cassandra
# (75, 150, 300 tables) and DynamoDB (a single-table design plus 3, 5, 10 archive tables).
#
#   bench/run.sh                      # the full run recorded in bench/RESULTS.md (about 4 minutes)
#   bench/run.sh -p store=dynamodb    # any JMH option is passed through (-p patterns=1000, -prof gc, -wi 20 ...)
#   SKIP_BUILD=1 bench/run.sh         # reuse bench/target/benchmarks.jar
#   bench/run.sh cassandra            # instead: TokenBenchmark and ReplicaBenchmark, keyplan against
#                                     # cassandra-all 5.0.6 with -prof gc (about 2 minutes; JMH
#                                     # options pass through here too, e.g. -p keyType=text)
#   bench/run.sh simulate             # instead: SimulationBenchmark, keyplan simulate on examples/chat.yaml
#                                     # (exact and aggregate) against a per-operation ring walk (about 1 minute)
#   bench/run.sh analyze [--rows N]   # instead: keyplan analyze of one generated entity (three candidate
#                                     # keys) against DuckDB's own SQL for the same figures, CSV and
#                                     # Parquet, each a process, alternating, 3 times each (AnalyzeBench;
#                                     # --reps, --formats, --engines, --memory-limit, --threads, --heap);
#                                     # builds the CLI jar too; 10M rows take about 4 minutes on an idle
#                                     # machine (its data is made once, in 20 s)
#   bench/run.sh analyze-profile ARGS # a diagnostic: `keyplan analyze ARGS` with each SQL statement timed
#
# Writes bench/target/jmh-result.json, bench/target/jmh-result.csv and bench/target/summary.md,
# and prints the tables, per store: per size check ms, parseOnly ms, check/parseOnly and
# check(n)/check(250); then the two stores side by side. `cassandra` writes
# bench/target/cassandra-baseline.{json,csv,md} and prints keyplan and Cassandra ns/op, the speed
# ratio keyplan / Cassandra and bytes allocated per operation.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

modules=bench
if [[ "${1:-}" == analyze* ]]; then
  modules=bench,keyplan-cli
fi
if [[ "${SKIP_BUILD:-}" != "1" ]]; then
  mvn -q -DskipTests -pl "$modules" -am package
fi

jar="bench/target/benchmarks.jar"
if [[ ! -f "$jar" ]]; then
  echo "run.sh: $jar is missing; run without SKIP_BUILD=1" >&2
  exit 1
fi

report=dev.keyplan.bench.BenchmarkReport
if [[ "${1:-}" == "cassandra" ]]; then
  shift
  report=dev.keyplan.cassandra.bench.CassandraBaselineReport
elif [[ "${1:-}" == "simulate" ]]; then
  shift
  report=dev.keyplan.cassandra.bench.SimulationReport
elif [[ "${1:-}" == "analyze" ]]; then
  shift
  # Writes bench/target/analyze-summary.md; the data stays in bench/target/analyze-data.
  exec java -cp "$jar" dev.keyplan.analyze.bench.AnalyzeBench "$@"
elif [[ "${1:-}" == "analyze-profile" ]]; then
  shift
  exec java -Xmx1g -cp "keyplan-cli/target/keyplan.jar:bench/target/keyplan-bench-0.1.0-SNAPSHOT.jar" \
    dev.keyplan.analyze.bench.AnalyzeSqlProfile analyze "$@"
fi

exec java -Dkeyplan.bench.out=bench/target -cp "$jar" "$report" "$@"
