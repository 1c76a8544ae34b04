# shellcheck shell=bash
# Process and port helpers shared by cassandra.sh and dynalite.sh (sourced, not run).
# The caller sets ENGINE (the log prefix) before sourcing.

log() { echo "[$ENGINE] $*" >&2; }

die() {
  log "$*"
  exit 1
}

now_ms() { date +%s%3N; }

# Rejects a port that is not a number in 1..65535, naming the variable and its value.
check_port() {
  local name=$1 value=$2
  if ! [[ "$value" =~ ^[1-9][0-9]{0,4}$ ]] || ((value > 65535)); then
    die "$name must be a port number in 1..65535, but was '$value'"
  fi
}

# Succeeds when something accepts TCP connections on 127.0.0.1:$1 (bash's /dev/tcp, so no nc).
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# Succeeds while any thread of process $1 still runs. A zombie is dead: an exited daemon is
# reparented to init, which may take a second to reap it, and `kill -0` succeeds on a zombie.
# Threads are checked one by one because the JVM's main thread exits (and shows as a zombie)
# while its shutdown hooks are still flushing and closing ports on other threads.
alive() {
  local stat state
  for stat in /proc/"$1"/task/*/stat; do
    state=$(sed 's/.*) //' "$stat" 2>/dev/null | cut -d' ' -f1) || continue
    [[ -n "$state" && "$state" != Z && "$state" != X ]] && return 0
  done
  return 1
}

# Succeeds when process $1 is alive and its command line contains $2. The PID file alone is not
# trusted: after a reboot or a crash its number may belong to some other process by now.
owned() {
  alive "$1" && tr '\0' ' ' <"/proc/$1/cmdline" 2>/dev/null | grep -qF -- "$2"
}

# Prints the PID recorded in pid file $1 when that process is alive and matches $2.
running_pid() {
  local pid
  [[ -s "$1" ]] || return 1
  pid=$(<"$1")
  [[ "$pid" =~ ^[0-9]+$ ]] && owned "$pid" "$2" && echo "$pid"
}

# Starts "$@" detached in its own session with output to log file $2, writing its PID to $1.
# The child writes its own PID before exec, so the file is right even when setsid has to fork.
spawn() {
  local pidfile=$1 logfile=$2
  shift 2
  rm -f "$pidfile"
  # shellcheck disable=SC2016  # $$ and $@ belong to the inner shell
  setsid bash -c 'echo $$ >"$0"; exec "$@"' "$pidfile" "$@" >"$logfile" 2>&1 </dev/null &
  local deadline=$(($(now_ms) + 5000))
  until [[ -s "$pidfile" ]]; do
    (($(now_ms) < deadline)) || die "no PID written to $pidfile within 5 s"
    sleep 0.02
  done
}

# Stops the process recorded in pid file $1 (matching $2): SIGTERM, then SIGKILL after $3
# seconds. Succeeds when nothing runs, so it is safe to call twice or after a crash.
stop_pid() {
  local pidfile=$1 match=$2 timeout=$3 pid t0
  if ! pid=$(running_pid "$pidfile" "$match"); then
    log "not running"
    rm -f "$pidfile"
    return 0
  fi
  t0=$(now_ms)
  kill -TERM "$pid" 2>/dev/null || true
  local deadline=$((t0 + timeout * 1000))
  while alive "$pid"; do
    if (($(now_ms) >= deadline)); then
      log "PID $pid still running ${timeout} s after SIGTERM; sending SIGKILL"
      kill -KILL "$pid" 2>/dev/null || true
      # A process in uninterruptible sleep outlives even SIGKILL for a while; do not hang on it.
      local until=$(($(now_ms) + 10000))
      while alive "$pid" && (($(now_ms) < until)); do sleep 0.05; done
      if alive "$pid"; then die "PID $pid survived SIGKILL for 10 s"; fi
      break
    fi
    sleep 0.05
  done
  rm -f "$pidfile"
  log "stopped PID $pid in $(($(now_ms) - t0)) ms"
}

# Prints the resident memory of process $1, e.g. "655 MB".
rss() { awk '/^VmRSS/ { printf "%d MB", $2 / 1024 }' "/proc/$1/status" 2>/dev/null; }
