# shellcheck shell=bash
# Ports and the work directory of the test engines: the one place their defaults live.
# Sourced by cassandra.sh, dynalite.sh and .ci/run; every value can be overridden from the
# environment, so two checkouts (or a developer's own Cassandra on 9042) never collide.
#
#   KEYPLAN_ENGINES_DIR            work dir for both engines     <repo>/target/engines
#   KEYPLAN_CASSANDRA_PORT         CQL native transport          9042
#   KEYPLAN_CASSANDRA_STORAGE_PORT internode (gossip) port       7000
#   KEYPLAN_CASSANDRA_JMX_PORT     JMX, for nodetool and metrics 7199
#   KEYPLAN_DYNALITE_PORT          dynalite's HTTP port          8000
#
# Everything listens on 127.0.0.1 only.

engines_repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
KEYPLAN_ENGINES_DIR="${KEYPLAN_ENGINES_DIR:-$engines_repo/target/engines}"
# Absolute, so the PID files mean the same from any directory; without blanks, because the
# path goes into Cassandra's JVM options file, where a blank separates arguments.
[[ "$KEYPLAN_ENGINES_DIR" == /* ]] || KEYPLAN_ENGINES_DIR="$PWD/$KEYPLAN_ENGINES_DIR"
if [[ "$KEYPLAN_ENGINES_DIR" =~ [[:space:]] ]]; then
  echo "KEYPLAN_ENGINES_DIR must not contain blanks, but was '$KEYPLAN_ENGINES_DIR'" >&2
  exit 1
fi
export KEYPLAN_ENGINES_DIR
export KEYPLAN_CASSANDRA_PORT="${KEYPLAN_CASSANDRA_PORT:-9042}"
export KEYPLAN_CASSANDRA_STORAGE_PORT="${KEYPLAN_CASSANDRA_STORAGE_PORT:-7000}"
export KEYPLAN_CASSANDRA_JMX_PORT="${KEYPLAN_CASSANDRA_JMX_PORT:-7199}"
export KEYPLAN_DYNALITE_PORT="${KEYPLAN_DYNALITE_PORT:-8000}"
