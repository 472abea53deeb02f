#!/usr/bin/env bash
# Light playouts of tengen and its peers in one run, on one core each (see docs/BENCHMARKS.md).
# Usage: scripts/bench.sh [SECONDS]   (default 5 per figure)
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-5}
cargo build --release -q -p tengen-cli
tengen="${CARGO_TARGET_DIR:-target}/release/tengen"
[ -x "$tengen" ] || { echo "bench.sh: no binary at $tengen after the build" >&2; exit 1; }
(cd crates/bench/peers && [ -d node_modules ] || npm install --silent)
venv=target/bench-venv
[ -x $venv/bin/python ] || { python3 -m venv $venv && $venv/bin/pip install -q sgfmill; }
# A figure that is not a number means a peer failed: stop rather than print an empty table.
row() {
  [[ "$2" =~ ^[0-9]+([.][0-9]+)?$ ]] || { echo "bench.sh: no figure for $1 (got '$2')" >&2; exit 1; }
  printf '%-34s %12s\n' "$1" "$2"
}
for size in 9 19; do
  echo "== ${size}x${size} light playouts, playouts/s (one core) =="
  row "tengen (simple ko)" "$(taskset -c 0 $tengen bench playouts --size $size --seconds $secs | tail -1 | cut -d' ' -f1)"
  row "tengen (positional superko)" "$(taskset -c 0 $tengen bench playouts --size $size --seconds $secs --superko | tail -1 | cut -d' ' -f1)"
  row "@sabaki/go-board (node)" "$(cd crates/bench/peers && taskset -c 0 node playouts.mjs $size $secs | tail -1 | cut -d' ' -f1)"
  row "sgfmill (python)" "$(taskset -c 0 $venv/bin/python crates/bench/peers/playouts.py $size $secs | tail -1 | cut -d' ' -f1)"
done
echo "goban crate and single operations: cargo bench -p tengen-bench"
