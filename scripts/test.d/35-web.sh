#!/usr/bin/env bash
# The web board in real headless Chromium (Debian chromium driven by npm playwright-core): two
# players, a capture, an illegal ko attempt, two passes, a dead group, both accept. Installs
# chromium and playwright-core when missing; screenshots go to artifacts/web/.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash tests/web/run.sh
