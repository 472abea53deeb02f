#!/usr/bin/env bash
# docs/INTERFACES.md is the interface contract (CLI, GTP, HTTP, Python) that outside tools rely on,
# kept in the repository so that it stands alone. Where the shared master copy exists beside the
# checkout (../shared/spec/interfaces.md), the two must be identical: exit 1 with the diff if not.
set -euo pipefail
cd "$(dirname "$0")/.."
master=../shared/spec/interfaces.md
if [ ! -f "$master" ]; then
  echo "interfaces: no $master beside this checkout; docs/INTERFACES.md stands alone"
  exit 0
fi
if ! diff -u "$master" docs/INTERFACES.md; then
  echo "FAILED: docs/INTERFACES.md differs from $master; copy the master over it"
  exit 1
fi
echo "interfaces: docs/INTERFACES.md matches $master"
