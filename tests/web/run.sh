#!/usr/bin/env bash
# Browser test of the web board: installs what it needs when missing (Debian chromium, npm
# playwright-core), builds the server, starts it on port 0 with a fresh SQLite file, runs the
# node test, stops the server. Screenshots go to artifacts/web/ (gitignored).
# Usage: tests/web/run.sh        (SKIP_INSTALL=1 to never install system packages)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)

if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
command -v node >/dev/null 2>&1 || need+=(nodejs)
command -v npm >/dev/null 2>&1 || need+=(npm)
if [ ${#need[@]} -gt 0 ]; then
  if [ -n "${SKIP_INSTALL:-}" ]; then
    echo "missing ${need[*]} and SKIP_INSTALL is set" >&2
    exit 1
  fi
  echo "installing ${need[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi

cd "$here"
if [ ! -d node_modules/playwright-core ]; then
  # playwright-core downloads no browser: the Debian chromium is used.
  npm ci --no-audit --no-fund --silent || npm install --no-audit --no-fund --silent
fi

if [ -z "${TENGEN_SERVER:-}" ]; then
  (cd "$root" && cargo build --quiet -p tengen-server)
  TENGEN_SERVER="${CARGO_TARGET_DIR:-$root/target}/debug/tengen-server"
fi

work=$(mktemp -d)
out="$work/server.out"
"$TENGEN_SERVER" --addr 127.0.0.1:0 --store "sqlite:$work/tengen.db" --create-rate off \
  >"$out" 2>"$work/server.err" &
pid=$!
cleanup() {
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

base=""
for _ in $(seq 1 300); do
  base=$(sed -n 's/^listening on //p' "$out" | head -n1)
  [ -n "$base" ] && break
  kill -0 "$pid" 2>/dev/null || { cat "$work/server.err" >&2; echo "server exited" >&2; exit 1; }
  sleep 0.1
done
[ -n "$base" ] || { echo "server did not start" >&2; exit 1; }
echo "server at $base"

mkdir -p "$root/artifacts/web"
BASE_URL="$base" ARTIFACTS="$root/artifacts/web" node --test game.test.mjs
