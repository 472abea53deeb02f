#!/usr/bin/env bash
# Real clients: games between `tengen gtp` and GNU Go driven by npm @sabaki/gtp, SGF interop
# with PyPI sgfmill and npm @sabaki/sgf (installs its npm and PyPI packages when missing).
set -euo pipefail
cd "$(dirname "$0")/../.."
bash tests/clients/run.sh "${CLIENTS_SECONDS:-90}"
