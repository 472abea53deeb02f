#!/usr/bin/env bash
# Fuzz every target for a short fixed number of runs (the long runs are in docs/RELIABILITY.md).
# FUZZ_RUNS overrides the count per target.
set -euo pipefail
cd "$(dirname "$0")/../../fuzz"
runs=${FUZZ_RUNS:-20000}
if ! rustup toolchain list | grep -q nightly; then
  echo "SKIPPED: no nightly toolchain on this machine (cargo fuzz needs it)"; exit 0
fi
command -v cargo-fuzz >/dev/null 2>&1 || cargo install --quiet --locked cargo-fuzz
export CARGO_TARGET_DIR="$(pwd)/../target/fuzz"
cargo +nightly fuzz build 2>&1 | tail -1
passed=0
for t in sgf gtp_session rules_text coords engine game_document; do
  if cargo +nightly fuzz run "$t" -- -runs="$runs" -max_len=4096 2>&1 | tee /tmp/fuzz-$t.log | grep -E "^Done"; then
    passed=$((passed + 1))
  else
    tail -30 /tmp/fuzz-$t.log; echo "fuzz target $t failed"; exit 1
  fi
done
echo "fuzz: $passed targets x $runs runs, no crash"
