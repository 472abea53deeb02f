#!/usr/bin/env bash
# Python bindings: build, install into a fresh venv, pytest (includes the differential test
# against PyPI dlgo 0.2).
set -euo pipefail
cd "$(dirname "$0")/../.."
VENV="$(pwd)/target/python-venv" CARGO_TARGET_DIR="$(pwd)/target/python" bash bindings/python/run_tests.sh
