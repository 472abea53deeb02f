#!/usr/bin/env bash
# Fuzz every cargo-fuzz target (fuzz/ and crates/sgf/fuzz) for a fixed budget, on the stable
# toolchain: cargo-fuzz's `-Z` flags are let through with RUSTC_BOOTSTRAP=1, so a fresh machine
# with only stable fuzzes as much as one with nightly. Inputs under fuzz/regressions/TARGET/ (each
# named after the bug it found) are replayed first. Budget per target: FUZZ_RUNS runs (20,000) or
# FUZZ_SECONDS seconds (60), whichever ends first. Long runs: docs/RELIABILITY.md.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
runs=${FUZZ_RUNS:-20000}
seconds=${FUZZ_SECONDS:-60}
export RUSTC_BOOTSTRAP=1
command -v cargo-fuzz >/dev/null 2>&1 || cargo install --quiet --locked cargo-fuzz
export CARGO_TARGET_DIR="$root/target/fuzz"
corpora="$CARGO_TARGET_DIR/corpus"
logs="$CARGO_TARGET_DIR/logs"
mkdir -p "$corpora" "$logs"
passed=0
for project in fuzz crates/sgf/fuzz; do
  cd "$root/$project"
  cargo fuzz build -O 2>&1 | tail -1
  targets=$(cargo fuzz list)
  [ -n "$targets" ] || { echo "FAILED: no fuzz target in $project"; exit 1; }
  for t in $targets; do
    name=$(echo "$project/$t" | tr '/' '-')
    log="$logs/$name.log"
    dirs=("$corpora/$name")
    mkdir -p "${dirs[0]}"
    # Regression inputs and the repository's game records seed the corpus (read only).
    [ -d "$root/fuzz/regressions/$t" ] && dirs+=("$root/fuzz/regressions/$t")
    case $t in sgf | parse) dirs+=("$root/tests/data/games") ;; esac
    if cargo fuzz run -O "$t" "${dirs[@]}" -- -runs="$runs" -max_total_time="$seconds" \
      -max_len=4096 -artifact_prefix="$CARGO_TARGET_DIR/artifacts-$name-" >"$log" 2>&1; then
      echo "$project $t: $(grep -E '^Done' "$log" || echo 'done')"
      passed=$((passed + 1))
    else
      tail -40 "$log"
      echo "FAILED: fuzz target $t of $project crashed; the input is in $CARGO_TARGET_DIR/artifacts-$name-*."
      echo "Copy it to fuzz/regressions/$t/NAME-OF-THE-BUG, fix the bug, and add a test named after it"
      echo "in the crate at fault (replay: cd $project && RUSTC_BOOTSTRAP=1 cargo fuzz run $t FILE)."
      exit 1
    fi
  done
done
echo "fuzz: $passed targets, each for $runs runs or $seconds s, no crash"
