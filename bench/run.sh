#!/usr/bin/env bash
# Builds the benchmarks jar and runs CheckBenchmark (JMH): `check` against its baseline
# `parseOnly` on generated models of 250, 500 and 1,000 patterns, for each store: Cassandra
# (75, 150, 300 tables) and DynamoDB (a single-table design plus 3, 5, 10 archive tables).
#
#   bench/run.sh                      # the full run recorded in bench/RESULTS.md (about 4 minutes)
#   bench/run.sh -p store=dynamodb    # any JMH option is passed through (-p patterns=1000, -prof gc, -wi 20 ...)
#   SKIP_BUILD=1 bench/run.sh         # reuse bench/target/benchmarks.jar
#
# Writes bench/target/jmh-result.json, bench/target/jmh-result.csv and bench/target/summary.md,
# and prints the tables, per store: per size check ms, parseOnly ms, check/parseOnly and
# check(n)/check(250); then the two stores side by side.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

if [[ "${SKIP_BUILD:-}" != "1" ]]; then
  mvn -q -DskipTests -pl bench -am package
fi

jar="bench/target/benchmarks.jar"
if [[ ! -f "$jar" ]]; then
  echo "run.sh: $jar is missing; run without SKIP_BUILD=1" >&2
  exit 1
fi

exec java -Dkeyplan.bench.out=bench/target -cp "$jar" dev.keyplan.bench.BenchmarkReport "$@"
