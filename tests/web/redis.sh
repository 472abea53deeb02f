#!/usr/bin/env bash
# Starts or stops a private redis-server for tests: a free loopback port, append-only file with
# fsync on every write, in a temporary folder. Installs Debian's redis-server when missing.
#   eval "$(tests/web/redis.sh start)"   # exports REDIS_URL, REDIS_PID, REDIS_DIR
#   tests/web/redis.sh stop              # uses REDIS_PID and REDIS_DIR
set -euo pipefail
case "${1:-}" in
start)
  if ! command -v redis-server >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
    $SUDO apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq redis-server >/dev/null
  fi
  dir=$(mktemp -d)
  for _ in 1 2 3 4 5; do
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
    redis-server --port "$port" --bind 127.0.0.1 --appendonly yes --appendfsync always \
      --save '' --dir "$dir" --daemonize no >"$dir/redis.log" 2>&1 &
    pid=$!
    for _ in $(seq 1 100); do
      if [ "$(redis-cli -p "$port" PING 2>/dev/null)" = PONG ]; then
        echo "export REDIS_URL=redis://127.0.0.1:$port/0 REDIS_PID=$pid REDIS_DIR=$dir"
        exit 0
      fi
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.05
    done
    kill "$pid" 2>/dev/null || true
  done
  echo "redis-server did not start" >&2
  rm -rf "$dir"
  exit 1
  ;;
stop)
  [ -n "${REDIS_PID:-}" ] && kill "$REDIS_PID" 2>/dev/null || true
  [ -n "${REDIS_DIR:-}" ] && rm -rf "$REDIS_DIR"
  ;;
*)
  echo "usage: $0 start|stop" >&2
  exit 2
  ;;
esac
