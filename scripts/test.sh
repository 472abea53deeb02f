#!/usr/bin/env bash
# The one test command: installs what the tests need when it is missing, then runs every suite.
# Usage: scripts/test.sh            (everything, about 20-30 minutes on 2 cores from scratch)
#        SKIP_INSTALL=1 scripts/test.sh   (do not try to install system packages)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
mkdir -p target
log=target/test.log
: > "$log"
# Everything below is also copied to target/test.log, to total the test counts at the end.
exec > >(tee -a "$log") 2>&1

section() { printf '\n=== %s ===\n' "$*"; }

# Tests write only into temporary folders and target/: the tree's status after them must be the
# status before them (a developer's own uncommitted work is in both and passes).
tree_status() { git status --porcelain=v1 --untracked-files=all 2>/dev/null || true; }
status_before=$(tree_status)

need_apt=()
[ -x /usr/games/gnugo ] || command -v gnugo >/dev/null 2>&1 || need_apt+=(gnugo)
command -v redis-server >/dev/null 2>&1 || need_apt+=(redis-server)
if [ ${#need_apt[@]} -gt 0 ] && [ -z "${SKIP_INSTALL:-}" ]; then
  section "installing ${need_apt[*]}"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi
export PATH="$PATH:/usr/games"
# Python test scripts import helpers beside them: no __pycache__ left in the tree.
export PYTHONDONTWRITEBYTECODE=1

section "format and lints"
bash scripts/check-interfaces.sh
cargo fmt --all -- --check
cargo clippy --workspace --all-targets --quiet -- -D warnings
# The Python bindings sit outside the workspace with their own committed Cargo.lock: a dependency added to a
# workspace crate must be added there too, or building them rewrites the lock (fail now, clearly).
for sub in bindings/python; do
  if ! (cd "$sub" && cargo metadata --locked --format-version 1 >/dev/null 2>&1); then
    echo "FAILED: $sub/Cargo.lock is out of date; run 'cargo update -w' in $sub and commit it"
    exit 1
  fi
done

section "Rust tests (unit, integration, doc, differential against GNU Go)"
cargo test --workspace --quiet

for extra in scripts/test.d/*.sh; do
  [ -e "$extra" ] || continue
  section "$extra"
  bash "$extra"
done

section "the tests left the source tree as they found it"
status_after=$(tree_status)
if [ "$status_after" != "$status_before" ]; then
  echo "FAILED: the tests changed the source tree (git status before and after):"
  diff <(printf '%s\n' "$status_before") <(printf '%s\n' "$status_after") || true
  exit 1
fi
echo "git status unchanged"

section "all suites passed"
# Totals: cargo's "test result" lines, pytest's "N passed in", the clients' "N passed, 0 failed".
total=$(grep -Eo 'test result: ok\. [0-9]+ passed|^[0-9]+ passed in|^[0-9]+ passed, 0 failed' "$log" \
  | grep -Eo '[0-9]+ passed' | awk '{s += $1} END {print s + 0}')
echo "$total passed, 0 failed"
