#!/usr/bin/env bash
# shellcheck source-path=SCRIPTDIR
# A real single-node Apache Cassandra 5.0.6 on 127.0.0.1 for keyplan's integration tests.
#
#   cassandra.sh start            fetch (first time), configure, start, wait until CQL answers
#   cassandra.sh stop             SIGTERM, SIGKILL after a limit; safe to call when stopped
#   cassandra.sh status           exit 0 and a summary when running, exit 3 when not
#   cassandra.sh nodetool ARGS…   nodetool against this node over JMX, e.g. `nodetool status`
#
# The server is org.apache.cassandra:cassandra-all from Maven Central (cassandra-pom.xml), run
# as CassandraDaemon in a JVM of its own; no tarball, no cqlsh. Ports and the work directory come
# from env.sh. Other settings (all optional):
#   KEYPLAN_CASSANDRA_JAVA           java binary; must be Java 17 (default: the first 17 found)
#   KEYPLAN_CASSANDRA_HEAP           maximum heap, -Xmx                         (default 512m)
#   KEYPLAN_CASSANDRA_START_TIMEOUT  seconds to wait for CQL before giving up   (default 180)
#   KEYPLAN_CASSANDRA_STOP_TIMEOUT   seconds from SIGTERM to SIGKILL            (default 60)
#   KEYPLAN_CASSANDRA_KEEP_DATA=1    keep the data of the previous run (default: start empty)
# docs/engines.md explains each setting and the times measured.
set -euo pipefail

# shellcheck disable=SC2034  # read by lib.sh
ENGINE=cassandra
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/env.sh"
source "$here/lib.sh"

work="$KEYPLAN_ENGINES_DIR/cassandra"
lib="$work/lib"
conf="$work/conf"
logs="$work/logs"
data="$work/data"
pidfile="$work/cassandra.pid"
# The running node's addresses as `export` lines, for .ci/run and for tests run by hand.
endpoint_env="$work/endpoint.env"
native_port=$KEYPLAN_CASSANDRA_PORT
storage_port=$KEYPLAN_CASSANDRA_STORAGE_PORT
jmx_port=$KEYPLAN_CASSANDRA_JMX_PORT
heap=${KEYPLAN_CASSANDRA_HEAP:-512m}
start_timeout=${KEYPLAN_CASSANDRA_START_TIMEOUT:-180}
stop_timeout=${KEYPLAN_CASSANDRA_STOP_TIMEOUT:-60}
daemon_class=org.apache.cassandra.service.CassandraDaemon
# What a live daemon of this work directory has on its command line (see owned in lib.sh).
signature="@$conf/jvm-server.options"

check_settings() {
  check_port KEYPLAN_CASSANDRA_PORT "$native_port"
  check_port KEYPLAN_CASSANDRA_STORAGE_PORT "$storage_port"
  check_port KEYPLAN_CASSANDRA_JMX_PORT "$jmx_port"
  # 256 MiB is the least that was tried and held the memtables (64 + 64 MiB) with room to spare.
  local heap_mib=0
  if [[ "$heap" =~ ^([0-9]+)[mM]$ ]]; then heap_mib=$((10#${BASH_REMATCH[1]})); fi
  if [[ "$heap" =~ ^([0-9]+)[gG]$ ]]; then heap_mib=$((10#${BASH_REMATCH[1]} * 1024)); fi
  ((heap_mib >= 256)) \
    || die "KEYPLAN_CASSANDRA_HEAP must be at least 256m, written like 512m or 1g, but was '$heap'"
  [[ "$start_timeout" =~ ^[0-9]+$ ]] \
    || die "KEYPLAN_CASSANDRA_START_TIMEOUT must be whole seconds, but was '$start_timeout'"
  [[ "$stop_timeout" =~ ^[0-9]+$ ]] \
    || die "KEYPLAN_CASSANDRA_STOP_TIMEOUT must be whole seconds, but was '$stop_timeout'"
}

java_version() {
  "$1" -XshowSettings:properties -version 2>&1 \
    | awk -F' = ' '/java.specification.version/ { print $2; exit }'
}

# Cassandra 5.0 runs on Java 11 or 17 only: on Java 24+ it dies at start because it installs a
# security Policy, which those JDKs no longer allow. So a JAVA_HOME pointing at a newer JDK is
# passed over in favour of any JDK 17 on the machine; only 17 is tested.
find_java17() {
  if [[ -n "${KEYPLAN_CASSANDRA_JAVA:-}" ]]; then
    [[ "$(java_version "$KEYPLAN_CASSANDRA_JAVA")" == 17 ]] \
      || die "KEYPLAN_CASSANDRA_JAVA must be a Java 17, but '$KEYPLAN_CASSANDRA_JAVA' is not"
    echo "$KEYPLAN_CASSANDRA_JAVA"
    return
  fi
  local candidate
  for candidate in "${JAVA_HOME:+$JAVA_HOME/bin/java}" "$(command -v java || true)" \
      /usr/lib/jvm/*/bin/java /usr/lib/jvm/*/Contents/Home/bin/java \
      /Library/Java/JavaVirtualMachines/*/Contents/Home/bin/java \
      "$HOME"/.sdkman/candidates/java/*/bin/java; do
    if [[ -x "$candidate" && "$(java_version "$candidate")" == 17 ]]; then
      echo "$candidate"
      return
    fi
  done
  die "no Java 17 found (JAVA_HOME, PATH, /usr/lib/jvm); Cassandra 5.0 needs one." \
    "Set KEYPLAN_CASSANDRA_JAVA to a Java 17 binary."
}

# Copies cassandra-all and its runtime jars into lib/, once per version of cassandra-pom.xml.
# The copy goes to a scratch directory first, so an interrupted fetch never looks complete.
fetch() {
  if [[ -f "$lib/.pom.xml" ]] && cmp -s "$here/cassandra-pom.xml" "$lib/.pom.xml"; then
    return
  fi
  command -v mvn >/dev/null || die "mvn not found; it fetches cassandra-all from Maven Central"
  log "fetching cassandra-all 5.0.6 and its runtime dependencies with Maven"
  local t0 scratch="$work/lib.partial"
  t0=$(now_ms)
  rm -rf "$scratch"
  # Maven's output goes to a file and is shown only on failure (3.8's -q still prints colour codes).
  if ! mvn -B -ntp --strict-checksums -f "$here/cassandra-pom.xml" \
      dependency:copy-dependencies -Dengines.lib="$scratch" >"$work/maven.log" 2>&1; then
    tail -n 40 "$work/maven.log" >&2
    die "Maven could not fetch cassandra-all 5.0.6; its log is $work/maven.log"
  fi
  cp "$here/cassandra-pom.xml" "$scratch/.pom.xml"
  rm -rf "$lib"
  mv "$scratch" "$lib"
  log "fetched $(find "$lib" -name '*.jar' | wc -l) jars in $(($(now_ms) - t0)) ms"
}

# 16 evenly spaced tokens t_i = -2^63 + 2^59 + i * 2^60, i = 0..15: a fixed ring makes token
# ownership the same on every run, and skips the token allocator, which costs about 1 s.
even_tokens() {
  local i tokens=""
  for i in $(seq 0 15); do
    tokens+="${tokens:+,}$((-9223372036854775807 - 1 + (1 << 59) + i * (1 << 60)))"
  done
  echo "$tokens"
}

write_yaml() {
  cat >"$conf/cassandra.yaml" <<EOF
# Written by scripts/engines/cassandra.sh on every start; edit the script, not this file.
# Key names are Cassandra 5.0's. Settings not listed keep cassandra-all's built-in defaults.
cluster_name: keyplan-test
num_tokens: 16
initial_token: '$(even_tokens)'
partitioner: org.apache.cassandra.dht.Murmur3Partitioner
# No authentication: the node listens on 127.0.0.1 only and holds throw-away data.
authenticator: AllowAllAuthenticator
authorizer: AllowAllAuthorizer
network_authorizer: AllowAllNetworkAuthorizer
role_manager: CassandraRoleManager
# One node, datacenter1 / rack1, seeded by itself.
endpoint_snitch: SimpleSnitch
dynamic_snitch: false
seed_provider:
  - class_name: org.apache.cassandra.locator.SimpleSeedProvider
    parameters:
      - seeds: "127.0.0.1:$storage_port"
listen_address: 127.0.0.1
rpc_address: 127.0.0.1
storage_port: $storage_port
start_native_transport: true
native_transport_port: $native_port
data_file_directories:
  - $data/data
commitlog_directory: $data/commitlog
saved_caches_directory: $data/saved_caches
hints_directory: $data/hints
cdc_raw_directory: $data/cdc_raw
# Sized for a 512 MiB heap on a 2-core machine rather than for a production server.
commitlog_sync: periodic
commitlog_sync_period: 10000ms
commitlog_segment_size: 32MiB
memtable_heap_space: 64MiB
memtable_offheap_space: 64MiB
concurrent_reads: 8
concurrent_writes: 8
concurrent_counter_writes: 8
concurrent_materialized_view_writes: 8
concurrent_compactors: 1
key_cache_size: 8MiB
# keyplan verify drops what it creates; a snapshot per DROP would only cost time and disk.
auto_snapshot: false
incremental_backups: false
snapshot_before_compaction: false
# keyplan's CQL emitter writes materialized views and SASI indexes, which 5.0 turns off by default.
materialized_views_enabled: true
sasi_indexes_enabled: true
user_defined_functions_enabled: false
EOF
}

write_logback() {
  cat >"$conf/logback.xml" <<EOF
<configuration scan="false">
  <appender name="FILE" class="ch.qos.logback.core.FileAppender">
    <file>$logs/system.log</file>
    <encoder><pattern>%-5level [%thread] %date{ISO8601} %F:%L - %msg%n</pattern></encoder>
  </appender>
  <!-- INFO: start waits for the "Starting listening for CQL clients" line. -->
  <root level="INFO"><appender-ref ref="FILE"/></root>
</configuration>
EOF
  cat >"$conf/logback-tools.xml" <<'EOF'
<configuration scan="false">
  <appender name="STDERR" class="ch.qos.logback.core.ConsoleAppender">
    <target>System.err</target>
    <encoder><pattern>%-5level %msg%n</pattern></encoder>
  </appender>
  <root level="WARN"><appender-ref ref="STDERR"/></root>
</configuration>
EOF
}

# The --add-exports/--add-opens list is the JPMS section of Cassandra 5.0's
# conf/jvm17-server.options; the jar does not ship conf/, so it is repeated here.
jpms_server_flags() {
  cat <<'EOF'
--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED
--add-exports=java.management.rmi/com.sun.jmx.remote.internal.rmi=ALL-UNNAMED
--add-exports=java.rmi/sun.rmi.registry=ALL-UNNAMED
--add-exports=java.rmi/sun.rmi.server=ALL-UNNAMED
--add-exports=java.sql/java.sql=ALL-UNNAMED
--add-exports=java.base/java.lang.ref=ALL-UNNAMED
--add-exports=jdk.unsupported/sun.misc=ALL-UNNAMED
--add-exports=jdk.compiler/com.sun.tools.javac.file=ALL-UNNAMED
--add-exports=jdk.attach/sun.tools.attach=ALL-UNNAMED
--add-opens=java.base/java.lang.module=ALL-UNNAMED
--add-opens=java.base/jdk.internal.loader=ALL-UNNAMED
--add-opens=java.base/jdk.internal.ref=ALL-UNNAMED
--add-opens=java.base/jdk.internal.reflect=ALL-UNNAMED
--add-opens=java.base/jdk.internal.math=ALL-UNNAMED
--add-opens=java.base/jdk.internal.module=ALL-UNNAMED
--add-opens=java.base/jdk.internal.util.jar=ALL-UNNAMED
--add-opens=jdk.management/com.sun.management.internal=ALL-UNNAMED
--add-opens=java.base/sun.nio.ch=ALL-UNNAMED
--add-opens=java.base/java.io=ALL-UNNAMED
--add-opens=java.base/java.lang.reflect=ALL-UNNAMED
--add-opens=jdk.compiler/com.sun.tools.javac=ALL-UNNAMED
--add-opens=java.base/java.lang=ALL-UNNAMED
--add-opens=java.base/java.util=ALL-UNNAMED
EOF
}

# The JPMS section of conf/jvm17-clients.options: without it NodeTool fails with
# IllegalAccessException on sun.nio.ch.DirectBuffer.
jpms_client_flags() {
  cat <<'EOF'
--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED
--add-exports=java.base/jdk.internal.ref=ALL-UNNAMED
--add-exports=java.base/sun.nio.ch=ALL-UNNAMED
--add-exports=java.management.rmi/com.sun.jmx.remote.internal.rmi=ALL-UNNAMED
--add-exports=java.rmi/sun.rmi.registry=ALL-UNNAMED
--add-exports=java.rmi/sun.rmi.server=ALL-UNNAMED
--add-exports=java.sql/java.sql=ALL-UNNAMED
--add-exports=jdk.unsupported/sun.misc=ALL-UNNAMED
--add-exports=jdk.compiler/com.sun.tools.javac.file=ALL-UNNAMED
--add-exports=jdk.attach/sun.tools.attach=ALL-UNNAMED
--add-opens=java.base/java.lang.module=ALL-UNNAMED
--add-opens=java.base/jdk.internal.loader=ALL-UNNAMED
--add-opens=java.base/jdk.internal.ref=ALL-UNNAMED
--add-opens=java.base/jdk.internal.reflect=ALL-UNNAMED
--add-opens=java.base/jdk.internal.math=ALL-UNNAMED
--add-opens=java.base/jdk.internal.module=ALL-UNNAMED
--add-opens=java.base/jdk.internal.util.jar=ALL-UNNAMED
--add-opens=jdk.management/com.sun.management.internal=ALL-UNNAMED
--add-opens=java.base/sun.nio.ch=ALL-UNNAMED
--add-opens=java.base/java.io=ALL-UNNAMED
--add-opens=java.base/java.util.concurrent=ALL-UNNAMED
--add-opens=java.base/java.util=ALL-UNNAMED
--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED
--add-opens=java.base/java.math=ALL-UNNAMED
--add-opens=jdk.compiler/com.sun.tools.javac=ALL-UNNAMED
--add-opens=java.base/java.lang=ALL-UNNAMED
--add-opens=java.base/java.lang.reflect=ALL-UNNAMED
--add-opens=java.base/java.net=ALL-UNNAMED
EOF
}

write_jvm_options() {
  {
    # A small heap with a small initial size: as root, JNA's mlockall pins the committed heap,
    # so -Xms is resident memory from the first second.
    echo "-Xms128m"
    echo "-Xmx$heap"
    echo "-Xss256k"
    # G1 as in jvm17-server.options, without its 16m regions, which suit large heaps only.
    echo "-XX:+UseG1GC"
    echo "-XX:+ParallelRefProcEnabled"
    echo "-XX:MaxTenuringThreshold=1"
    echo "-XX:MaxGCPauseMillis=300"
    echo "-XX:InitiatingHeapOccupancyPercent=70"
    # A node out of memory should die visibly, not limp on.
    echo "-XX:+ExitOnOutOfMemoryError"
    echo "-XX:+PerfDisableSharedMem"
    echo "-ea"
    echo "-da:net.openhft..."
    echo "-Djava.net.preferIPv4Stack=true"
    echo "-Djdk.attach.allowAttachSelf=true"
    jpms_server_flags
    echo "-Dio.netty.tryReflectionSetAccessible=true"
    echo "-Dio.netty.allocator.useCacheForAllThreads=true"
    echo "-Dio.netty.allocator.maxOrder=11"
    echo "-Dcassandra.config=file://$conf/cassandra.yaml"
    echo "-Dlogback.configurationFile=file://$conf/logback.xml"
    echo "-Dcassandra.logdir=$logs"
    echo "-Dcassandra.storagedir=$data"
    echo "-Dcassandra.triggers_dir=$conf/triggers"
    # Keeps stdout open, so a JVM that dies early leaves its reason in logs/stdout.log.
    echo "-Dcassandra-foreground=yes"
    # Start and stop fast: a single node has no peers to wait for or to tell it is leaving.
    echo "-Dcassandra.skip_wait_for_gossip_to_settle=0"
    echo "-Dcassandra.ring_delay_ms=100"
    echo "-Dcassandra.superuser_setup_delay_ms=0"
    echo "-Dcassandra.shutdown_announce_in_ms=0"
    # No fsync for the system keyspaces: the data is thrown away anyway.
    echo "-Dcassandra.unsafesystem=true"
    # Refresh system.size_estimates every 30 s instead of every 5 min.
    echo "-Dcassandra.size_recorder_interval=30"
    # JMX bound to 127.0.0.1 without authentication, for nodetool and the table metrics.
    # The RMI objects share the registry's port, so no random port is opened.
    echo "-Dcassandra.jmx.local.port=$jmx_port"
    echo "-Dcom.sun.management.jmxremote.rmi.port=$jmx_port"
  } >"$conf/jvm-server.options"
}

write_client_options() {
  mkdir -p "$conf"
  {
    echo "-Xmx128m"
    echo "-XX:+UseSerialGC"
    echo "-Djava.net.preferIPv4Stack=true"
    echo "-Djdk.attach.allowAttachSelf=true"
    jpms_client_flags
    echo "-Dcassandra.logdir=$logs"
    echo "-Dlogback.configurationFile=file://$conf/logback-tools.xml"
  } >"$conf/jvm-clients.options"
}

# Succeeds once this start's log says CQL is served and the ports answer.
ready() {
  grep -q "Starting listening for CQL clients" "$logs/system.log" 2>/dev/null \
    && port_open "$native_port" && port_open "$jmx_port"
}

fail_start() {
  log "$1; the last lines of the log:"
  tail -n 30 "$logs/stdout.log" >&2 2>/dev/null || true
  tail -n 40 "$logs/system.log" >&2 2>/dev/null || true
  exit 1
}

start() {
  check_settings
  local pid
  if pid=$(running_pid "$pidfile" "$signature"); then
    die "already running as PID $pid; run '$0 stop' first"
  fi
  local port
  for port in "$native_port" "$storage_port" "$jmx_port"; do
    if port_open "$port"; then
      die "127.0.0.1:$port is already in use; choose other ports in KEYPLAN_CASSANDRA_PORT," \
        "KEYPLAN_CASSANDRA_STORAGE_PORT and KEYPLAN_CASSANDRA_JMX_PORT"
    fi
  done
  local java
  java=$(find_java17)
  mkdir -p "$work" "$conf/triggers" "$logs"
  fetch
  if [[ "${KEYPLAN_CASSANDRA_KEEP_DATA:-0}" != 1 ]]; then rm -rf "$data"; fi
  mkdir -p "$data"
  write_yaml
  write_logback
  write_jvm_options
  write_client_options
  : >"$logs/system.log"
  rm -f "$endpoint_env"

  local t0
  t0=$(now_ms)
  spawn "$pidfile" "$logs/stdout.log" \
    "$java" "@$conf/jvm-server.options" -cp "$lib/*" "$daemon_class"
  pid=$(<"$pidfile")
  log "PID $pid ($java); waiting up to ${start_timeout} s for CQL on 127.0.0.1:$native_port"
  local deadline=$((t0 + start_timeout * 1000))
  until ready; do
    if ! alive "$pid"; then
      rm -f "$pidfile"
      fail_start "Cassandra exited while starting"
    fi
    if (($(now_ms) >= deadline)); then
      stop_pid "$pidfile" "$signature" 10 || true
      fail_start "Cassandra did not serve CQL within ${start_timeout} s, so it was stopped"
    fi
    sleep 0.25
  done
  cat >"$endpoint_env" <<EOF
# The Cassandra started by scripts/engines/cassandra.sh; removed when it stops.
export KEYPLAN_CASSANDRA_ENDPOINT=127.0.0.1:$native_port
export KEYPLAN_CASSANDRA_JMX=127.0.0.1:$jmx_port
EOF
  log "ready in $(($(now_ms) - t0)) ms: CQL 127.0.0.1:$native_port, JMX 127.0.0.1:$jmx_port," \
    "datacenter1, RSS $(rss "$pid")"
}

stop() {
  [[ "$stop_timeout" =~ ^[0-9]+$ ]] \
    || die "KEYPLAN_CASSANDRA_STOP_TIMEOUT must be whole seconds, but was '$stop_timeout'"
  stop_pid "$pidfile" "$signature" "$stop_timeout"
  rm -f "$endpoint_env"
}

status() {
  local pid
  if pid=$(running_pid "$pidfile" "$signature"); then
    echo "cassandra: running, PID $pid, RSS $(rss "$pid"), work dir $work"
    grep '^export' "$endpoint_env" 2>/dev/null || true
  else
    echo "cassandra: not running (work dir $work)"
    return 3
  fi
}

nodetool() {
  check_settings
  [[ -f "$lib/.pom.xml" ]] || die "no Cassandra in $lib yet; run '$0 start' first"
  local java
  java=$(find_java17)
  write_client_options
  [[ -f "$conf/logback-tools.xml" ]] || write_logback
  # The running node's JMX port wins over the environment: a shell without the test ports set
  # would otherwise reach whatever Cassandra listens on the default 7199.
  if running_pid "$pidfile" "$signature" >/dev/null && [[ -f "$endpoint_env" ]]; then
    jmx_port=$(sed -n 's/^export KEYPLAN_CASSANDRA_JMX=127\.0\.0\.1://p' "$endpoint_env")
  fi
  exec "$java" "@$conf/jvm-clients.options" -cp "$lib/*" org.apache.cassandra.tools.NodeTool \
    -h 127.0.0.1 -p "$jmx_port" "$@"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  nodetool)
    shift
    nodetool "$@"
    ;;
  *)
    echo "usage: $0 start|stop|status|nodetool ARGS..." >&2
    exit 2
    ;;
esac
