#!/usr/bin/env bash
# shellcheck source-path=SCRIPTDIR
# A DynamoDB-compatible endpoint for keyplan's integration tests: dynalite 4.0.0 (Apache-2.0),
# in memory, on 127.0.0.1. AWS's DynamoDB Local is not used: its licence does not allow it here.
#
#   dynalite.sh start     install (first time), start, wait until the port answers
#   dynalite.sh stop      SIGTERM, SIGKILL after a limit; safe to call when stopped
#   dynalite.sh status    exit 0 and a summary when running, exit 3 when not
#
# The version and every transitive package are pinned by package.json and package-lock.json
# beside this script and installed with `npm ci`. The port and the work directory come from
# env.sh. Other settings (optional):
#   KEYPLAN_DYNALITE_START_TIMEOUT  seconds to wait for the port    (default 30)
#   KEYPLAN_DYNALITE_STOP_TIMEOUT   seconds from SIGTERM to SIGKILL (default 10)
# Clients use endpoint http://127.0.0.1:$KEYPLAN_DYNALITE_PORT, any region, any non-empty keys.
# dynalite differs from DynamoDB in ways docs/engines.md lists; do not compare there.
set -euo pipefail

# shellcheck disable=SC2034  # read by lib.sh
ENGINE=dynalite
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/env.sh"
source "$here/lib.sh"

work="$KEYPLAN_ENGINES_DIR/dynalite"
pidfile="$work/dynalite.pid"
# The running server's address as an `export` line, for .ci/run and for tests run by hand.
endpoint_env="$work/endpoint.env"
cli="$work/node_modules/dynalite/cli.js"
port=$KEYPLAN_DYNALITE_PORT
start_timeout=${KEYPLAN_DYNALITE_START_TIMEOUT:-30}
stop_timeout=${KEYPLAN_DYNALITE_STOP_TIMEOUT:-10}

check_settings() {
  check_port KEYPLAN_DYNALITE_PORT "$port"
  [[ "$start_timeout" =~ ^[0-9]+$ ]] \
    || die "KEYPLAN_DYNALITE_START_TIMEOUT must be whole seconds, but was '$start_timeout'"
  [[ "$stop_timeout" =~ ^[0-9]+$ ]] \
    || die "KEYPLAN_DYNALITE_STOP_TIMEOUT must be whole seconds, but was '$stop_timeout'"
}

check_node() {
  command -v node >/dev/null || die "node not found; dynalite 4 needs Node.js 20 or later"
  command -v npm >/dev/null || die "npm not found; it installs dynalite from the npm registry"
  local major
  major=$(node -p 'process.versions.node.split(".")[0]')
  ((major >= 20)) || die "dynalite 4.0.0 needs Node.js 20 or later, but node is $(node -v)"
}

# Installs exactly what package-lock.json names, again only when the lock file changes.
# --ignore-scripts: the one install script in the tree (classic-level's node-gyp-build) only
# looks for a prebuilt LevelDB binding, and the in-memory store never loads LevelDB anyway.
install() {
  if [[ -f "$cli" ]] && cmp -s "$here/package-lock.json" "$work/package-lock.json"; then
    return
  fi
  log "installing dynalite 4.0.0 with npm ci into $work"
  local t0
  t0=$(now_ms)
  mkdir -p "$work"
  cp "$here/package.json" "$here/package-lock.json" "$work/"
  (cd "$work" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error >&2) \
    || die "npm ci failed (see its output above)"
  log "installed in $(($(now_ms) - t0)) ms"
}

start() {
  check_settings
  check_node
  local pid
  if pid=$(running_pid "$pidfile" "$cli"); then
    die "already running as PID $pid; run '$0 stop' first"
  fi
  if port_open "$port"; then
    die "127.0.0.1:$port is already in use; choose another port in KEYPLAN_DYNALITE_PORT"
  fi
  install
  rm -f "$endpoint_env"
  local t0
  t0=$(now_ms)
  # No --path: the store is in memory, so every start is empty. Table creation, deletion and
  # updates complete at once instead of after dynalite's default 500 ms in CREATING/DELETING.
  spawn "$pidfile" "$work/dynalite.log" node "$cli" --host 127.0.0.1 --port "$port" \
    --createTableMs 0 --deleteTableMs 0 --updateTableMs 0
  pid=$(<"$pidfile")
  local deadline=$((t0 + start_timeout * 1000))
  until port_open "$port"; do
    if ! alive "$pid"; then
      rm -f "$pidfile"
      log "dynalite exited while starting; its log:"
      tail -n 30 "$work/dynalite.log" >&2 || true
      exit 1
    fi
    if (($(now_ms) >= deadline)); then
      stop_pid "$pidfile" "$cli" 5 || true
      die "dynalite did not open 127.0.0.1:$port within ${start_timeout} s, so it was stopped"
    fi
    sleep 0.05
  done
  cat >"$endpoint_env" <<EOF
# The dynalite started by scripts/engines/dynalite.sh; removed when it stops.
export KEYPLAN_DYNAMODB_ENDPOINT=http://127.0.0.1:$port
EOF
  log "ready in $(($(now_ms) - t0)) ms: http://127.0.0.1:$port, PID $pid, in memory," \
    "RSS $(rss "$pid")"
}

stop() {
  [[ "$stop_timeout" =~ ^[0-9]+$ ]] \
    || die "KEYPLAN_DYNALITE_STOP_TIMEOUT must be whole seconds, but was '$stop_timeout'"
  stop_pid "$pidfile" "$cli" "$stop_timeout"
  rm -f "$endpoint_env"
}

status() {
  local pid
  if pid=$(running_pid "$pidfile" "$cli"); then
    echo "dynalite: running, PID $pid, RSS $(rss "$pid"), work dir $work"
    grep '^export' "$endpoint_env" 2>/dev/null || true
  else
    echo "dynalite: not running (work dir $work)"
    return 3
  fi
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  *)
    echo "usage: $0 start|stop|status" >&2
    exit 2
    ;;
esac
