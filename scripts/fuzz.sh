#!/usr/bin/env bash
# Fuzzes keyplan's readers with Jazzer (module keyplan-fuzz; docs/reliability.md, "Fuzzing").
#
#   scripts/fuzz.sh list                     the targets, one Class#method a line
#   scripts/fuzz.sh TARGET DURATION          one target (Class#method, Class or method) for DURATION
#   scripts/fuzz.sh all DURATION             every target, one after another, DURATION each
#   scripts/fuzz.sh rotate N DURATION        N targets chosen from the commit (CI's fuzz step)
#
# DURATION is seconds or a number with s, m or h (90, 90s, 10m, 1h). The long run of issue 18 is
# `scripts/fuzz.sh all 1h`. A plain `mvn test` replays every target's saved inputs instead
# (regression mode); this script runs the fuzzer proper (JAZZER_FUZZ=1).
#
# Jazzer fuzzes one @FuzzTest per JVM, so each target gets a fresh test JVM (surefire's
# reuseForks=false) in one Maven run. A crash fails the run and Jazzer saves the input as
# keyplan-fuzz/src/test/resources/<package>/<Class>Inputs/<method>/crash-<sha1>, where `mvn test`
# replays it from then on: fix the reader, keep the input (rename it after what it is), commit both.
# Inputs that reached new code are kept in keyplan-fuzz/.cifuzz-corpus/ (not committed) and resumed
# by the next run on this machine.
#
# Environment: KEYPLAN_FUZZ_TIMEOUT (seconds one input may take before it counts as a hang,
# default 10), KEYPLAN_FUZZ_MAVEN_ARGS (extra Maven arguments, e.g. -o for an offline build).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

tests_root=keyplan-fuzz/src/test/java

# Every @FuzzTest as Class#method (fully qualified), sorted: the order `rotate` counts in.
targets() {
  grep -rl --include='*FuzzTest.java' '@FuzzTest' "$tests_root" | sort | while read -r f; do
    local class
    class=${f#"$tests_root"/}
    class=${class%.java}
    class=${class//\//.}
    # The method is the first `void name(` after the annotation.
    awk '/@FuzzTest/ {want=1; next} want && match($0, /void [a-zA-Z0-9_]+\(/) {
           print substr($0, RSTART + 5, RLENGTH - 6); want=0 }' "$f" |
      while read -r m; do echo "$class#$m"; done
  done | sort
}

seconds() {
  local d=$1
  case "$d" in
    *h) echo $((${d%h} * 3600)) ;;
    *m) echo $((${d%m} * 60)) ;;
    *s) echo "${d%s}" ;;
    *[!0-9]* | '') echo "fuzz.sh: expected a duration such as 90s, 10m or 1h, got '$d'" >&2; exit 2 ;;
    *) echo "$d" ;;
  esac
}

# Fuzzes the given Class#method targets for $1 seconds each, in one Maven run.
fuzz() {
  local secs=$1
  shift
  local list t
  # Surefire takes simple class names (keyplan's are unique); Class#method, comma-separated.
  list=$(for t in "$@"; do t=${t##*.}; echo -n "$t,"; done)
  list=${list%,}
  echo "fuzz: $# target(s), ${secs} s each: $*"
  # jazzer.internal.arg.N are libFuzzer's arguments (arg.0 is its argv[0]); Jazzer puts them after
  # its own, so this -max_total_time overrides the @FuzzTest's maxDuration, which only a bare
  # `JAZZER_FUZZ=1 mvn test` uses. -timeout turns an input that runs for longer into a finding.
  # shellcheck disable=SC2086
  JAZZER_FUZZ=1 mvn -B -ntp ${KEYPLAN_FUZZ_MAVEN_ARGS:-} -pl keyplan-fuzz -am test \
    -Dtest="$list" -Dsurefire.failIfNoSpecifiedTests=false -DreuseForks=false \
    -Djazzer.internal.arg.0=fuzz \
    -Djazzer.internal.arg.1=-max_total_time="$secs" \
    -Djazzer.internal.arg.2=-timeout="${KEYPLAN_FUZZ_TIMEOUT:-10}" \
    -Djazzer.internal.arg.3=-print_final_stats=1
}

# Resolves a target given as Class#method, Class or method (simple or qualified names).
resolve() {
  local want=$1 t found=()
  while read -r t; do
    local class=${t%#*} method=${t#*#}
    local simple=${class##*.}
    case "$want" in
      "$t" | "$class" | "$simple" | "$method" | "$simple#$method") found+=("$t") ;;
    esac
  done < <(targets)
  if [[ ${#found[@]} -ne 1 ]]; then
    echo "fuzz.sh: '$want' names ${#found[@]} targets; expected one of:" >&2
    targets >&2
    exit 2
  fi
  echo "${found[0]}"
}

case "${1:-}" in
  list)
    targets
    ;;
  all)
    [[ $# -eq 2 ]] || { echo "usage: scripts/fuzz.sh all DURATION" >&2; exit 2; }
    secs=$(seconds "$2")
    mapfile -t all < <(targets)
    fuzz "$secs" "${all[@]}"
    ;;
  rotate)
    [[ $# -eq 3 ]] || { echo "usage: scripts/fuzz.sh rotate N DURATION" >&2; exit 2; }
    n=$2
    secs=$(seconds "$3")
    mapfile -t all < <(targets)
    # The commit picks the first target: the low 28 bits of its hash, modulo the number of
    # targets; the next N-1 follow in sorted order. Every commit fuzzes a different few, and the
    # same commit always the same few, so a red CI run can be repeated.
    head=$(git rev-parse HEAD)
    first=$((16#${head:0:7} % ${#all[@]}))
    chosen=()
    for ((i = 0; i < n && i < ${#all[@]}; i++)); do
      chosen+=("${all[$(((first + i) % ${#all[@]}))]}")
    done
    echo "fuzz: commit ${head:0:12} picks target $first of ${#all[@]}"
    fuzz "$secs" "${chosen[@]}"
    ;;
  '' | -h | --help)
    sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
    ;;
  *)
    [[ $# -eq 2 ]] || { echo "usage: scripts/fuzz.sh TARGET DURATION" >&2; exit 2; }
    # Assigned first: set -e stops the script when a plain assignment's command substitution
    # fails, but not when the substitution is an argument (an unknown target would run them all).
    secs=$(seconds "$2")
    target=$(resolve "$1")
    fuzz "$secs" "$target"
    ;;
esac
