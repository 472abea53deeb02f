#!/usr/bin/env bash
# Builds and installs the Python bindings in a fresh venv and runs their tests.
# Needs Rust (cargo), Python 3.9+ with venv and pip, and access to PyPI.
# VENV selects the venv (default: .venv under a new temporary directory); PYTHON the interpreter.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
python="${PYTHON:-python3}"
venv="${VENV:-$(mktemp -d)/.venv}"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$(dirname "$venv")/target}"
"$python" -m venv "$venv"
"$venv/bin/python" -m pip install -q --upgrade pip
"$venv/bin/python" -m pip install -q "$here"
"$venv/bin/python" -m pip install -q pytest numpy sgfmill
# dlgo 0.2 pins an old numpy; its goboard_fast needs none of its dependencies.
"$venv/bin/python" -m pip install -q --no-deps dlgo==0.2
cd "$here"
exec "$venv/bin/python" -m pytest -q tests "$@"
