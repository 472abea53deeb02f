#!/usr/bin/env bash
# Interop tests of tengen with real clients: GNU Go and @sabaki/gtp (GTP games), sgfmill and
# @sabaki/sgf (SGF both ways; the game information of a scored server game and of GTP printsgf).
# Installs what is missing (npm packages in this folder, a venv with sgfmill under the cargo
# target folder, gnugo via apt), builds tengen, runs everything.
# Exits non-zero on any failure; the last line is `N passed, M failed`.
#
#   tests/clients/run.sh [GTP_SECONDS]     (time budget of the GTP games, default 90)
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
target=${CARGO_TARGET_DIR:-$root/target}
budget=${1:-90}
passed=0
failed=0

die() {
  echo "run.sh: $*" >&2
  echo "$passed passed, $((failed + 1)) failed"
  exit 1
}

# Tools.
gnugo=$(command -v gnugo || true)
[ -z "$gnugo" ] && [ -x /usr/games/gnugo ] && gnugo=/usr/games/gnugo
if [ -z "$gnugo" ]; then
  echo "installing gnugo with apt" >&2
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd=sudo
  $sudo_cmd apt-get update -qq && $sudo_cmd apt-get install -y -qq gnugo >&2 || die "cannot install gnugo"
  gnugo=$(command -v gnugo || echo /usr/games/gnugo)
fi
command -v node >/dev/null && command -v npm >/dev/null || die "node and npm are needed"
if [ ! -d "$here/node_modules/@sabaki/gtp" ] || [ ! -d "$here/node_modules/@sabaki/sgf" ]; then
  (cd "$here" && npm install --no-audit --no-fund --silent) >&2 || die "npm install failed"
fi
venv=$target/clients-venv
if ! "$venv/bin/python" -c 'import sgfmill' 2>/dev/null; then
  python3 -m venv "$venv" >&2 && "$venv/bin/pip" install -q sgfmill >&2 || die "cannot install sgfmill"
fi
(cd "$root" && cargo build --release -p tengen-cli) >&2 || die "cargo build failed"
tengen=$target/release/tengen
out=$(mktemp -d "${TMPDIR:-/tmp}/tengen-clients.XXXXXX")
trap 'rm -rf "$out"' EXIT

# Runs one test script; its last line is `RESULT passed failed`.
run() {
  local log=$out/log.txt
  "$@" >"$log" 2>&1
  local rc=$?
  grep -v '^RESULT ' "$log"
  local p f
  read -r _ p f < <(grep '^RESULT ' "$log" | tail -1)
  if [ -z "${p:-}" ]; then
    echo "FAIL $* (exit $rc, no result)"
    p=0 f=1
  elif [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
    f=1
  fi
  passed=$((passed + p))
  failed=$((failed + f))
}

run "$venv/bin/python" "$here/sgf_interop.py" "$tengen" "$gnugo" "$root/tests/data/games" "$out/sgf"
run node "$here/sgf_interop.js" "$out/sgf"
run "$venv/bin/python" "$here/sgf_scored.py" "$tengen" "$out/scored"
run node "$here/sgf_scored.js" "$out/scored"
run node "$here/gtp_games.js" "$tengen" "$gnugo" "$budget"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
