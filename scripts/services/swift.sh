#!/usr/bin/env bash
# Starts OpenStack Swift with its S3 layer (s3api) on one node, from Debian's packages (installed when missing), for
# the image store's S3 driver: its tests, the cluster (npm run start:cluster) and CI. Idempotent: when the S3
# endpoint already answers, it does nothing.
#
#   endpoint  http://127.0.0.1:${SWIFT_PORT:-8088} (path-style; any region, e.g. us-east-1)
#   access key test:tester    secret testing      (Swift's tempauth account "test", user "tester")
#
# State (rings, configs, the one device's data, logs, pids) lives in SWIFT_STATE_DIR (/var/tmp/linkhunt-swift).
# `scripts/services/swift.sh stop` stops what an earlier start left running.
set -euo pipefail

state=${SWIFT_STATE_DIR:-/var/tmp/linkhunt-swift}
port=${SWIFT_PORT:-8088}
# The storage servers' ports: Swift's own defaults shifted by 10, so a Swift of the machine's own is left alone.
account_port=6212 container_port=6211 object_port=6210
memcached_port=${SWIFT_MEMCACHED_PORT:-11211}
endpoint="http://127.0.0.1:$port"

stop() {
  for pidfile in "$state"/run/*.pid; do
    [ -e "$pidfile" ] || continue
    # Each server leads its own process group (setsid): the group takes its worker with it.
    pid=$(cat "$pidfile")
    kill -- "-$pid" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    kill -9 -- "-$pid" 2>/dev/null || true
    rm -f "$pidfile"
  done
}
if [ "${1:-}" = stop ]; then stop; exit 0; fi

# Ready when tempauth gives the S3 user a token and its account answers (proxy and account server both up).
s3_answers() {
  local url token
  url=$(curl -sf -D - -o /dev/null -H 'X-Auth-User: test:tester' -H 'X-Auth-Key: testing' "$endpoint/auth/v1.0" 2>/dev/null | tr -d '\r') || return 1
  token=$(sed -n 's/^[Xx]-[Aa]uth-[Tt]oken: //p' <<< "$url")
  url=$(sed -n 's/^[Xx]-[Ss]torage-[Uu]rl: //p' <<< "$url")
  [ -n "$token" ] && curl -sf -o /dev/null -I -H "X-Auth-Token: $token" "$url" 2>/dev/null
}
if s3_answers; then
  echo "Swift (s3api) already answers at $endpoint"
  exit 0
fi

packages=(swift swift-proxy swift-account swift-container swift-object memcached)
missing=()
for package in "${packages[@]}"; do dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package"); done
if [ ${#missing[@]} -gt 0 ]; then
  echo "== installing Debian's ${missing[*]} for the S3 image store (Swift with s3api)"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

stop
mkdir -p "$state"/{conf,node/d1,run,log,cache}
user=$(id -un)
# The package's swift.conf holds the hash prefix and suffix every server needs (it is read from /etc/swift only).
if [ ! -s /etc/swift/swift.conf ]; then
  printf '[swift-hash]\nswift_hash_path_suffix = linkhunt\nswift_hash_path_prefix = linkhunt\n' > /etc/swift/swift.conf
fi

common="[DEFAULT]
bind_ip = 127.0.0.1
workers = 1
user = $user
swift_dir = $state/conf
devices = $state/node
mount_check = false
disable_fallocate = true
log_facility = LOG_LOCAL1
log_level = WARNING
"
# The three storage servers differ only in their name and port; each gets one device and one replica, and its ring
# is made once and kept.
for server in account:$account_port container:$container_port object:$object_port; do
  name=${server%%:*} server_port=${server##*:}
  cat > "$state/conf/$name-server.conf" <<EOF
$common
bind_port = $server_port
[pipeline:main]
pipeline = $name-server
[app:$name-server]
use = egg:swift#$name
EOF
  if [ ! -s "$state/conf/$name.ring.gz" ]; then
    (cd "$state/conf" && swift-ring-builder "$name.builder" create 10 1 1 >/dev/null \
      && swift-ring-builder "$name.builder" add "r1z1-127.0.0.1:$server_port/d1" 100 >/dev/null \
      && swift-ring-builder "$name.builder" rebalance >/dev/null)
  fi
done
# s3api before tempauth, which checks the S3 signature with the user's key; slo serves S3 multipart uploads.
cat > "$state/conf/proxy-server.conf" <<EOF
$common
bind_port = $port
[pipeline:main]
pipeline = catch_errors gatekeeper healthcheck proxy-logging cache listing_formats copy s3api tempauth slo dlo proxy-logging proxy-server
[app:proxy-server]
use = egg:swift#proxy
account_autocreate = true
[filter:tempauth]
use = egg:swift#tempauth
user_test_tester = testing .admin
[filter:s3api]
use = egg:swift#s3api
location = us-east-1
[filter:catch_errors]
use = egg:swift#catch_errors
[filter:gatekeeper]
use = egg:swift#gatekeeper
[filter:healthcheck]
use = egg:swift#healthcheck
[filter:proxy-logging]
use = egg:swift#proxy_logging
[filter:cache]
use = egg:swift#memcache
memcache_servers = 127.0.0.1:$memcached_port
[filter:listing_formats]
use = egg:swift#listing_formats
[filter:copy]
use = egg:swift#copy
[filter:slo]
use = egg:swift#slo
[filter:dlo]
use = egg:swift#dlo
EOF

start() { # name, command...
  local name=$1; shift
  setsid "$@" > "$state/log/$name.log" 2>&1 < /dev/null &
  echo $! > "$state/run/$name.pid"
}
if ! (exec 3<>"/dev/tcp/127.0.0.1/$memcached_port") 2>/dev/null; then
  start memcached memcached -u "$user" -l 127.0.0.1 -p "$memcached_port" -m 64
fi
start account swift-account-server "$state/conf/account-server.conf"
start container swift-container-server "$state/conf/container-server.conf"
start object swift-object-server "$state/conf/object-server.conf"
start proxy swift-proxy-server "$state/conf/proxy-server.conf"

for _ in $(seq 1 100); do
  if s3_answers; then
    for storage in $account_port $container_port $object_port; do
      until (exec 3<>"/dev/tcp/127.0.0.1/$storage") 2>/dev/null; do sleep 0.1; done
    done
    echo "Swift (s3api) answers at $endpoint (access key test:tester, secret testing)"
    exit 0
  fi
  sleep 0.2
done
echo "Swift did not answer at $endpoint within 20 s; its logs:" >&2
tail -n 20 "$state"/log/*.log >&2
exit 1
