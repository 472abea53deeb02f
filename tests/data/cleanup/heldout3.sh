#!/bin/bash
# The driver that made heldout3.jsonl (README.md, "The third held-out set"): eight configurations
# (SIZE LEVEL HANDICAP SEED-BASE) taken in turn, one game each, rounds 1..10, under a time limit:
#   timeout 1200 ./heldout3.sh /tmp/h3out && python3 generate.py collect /tmp/h3out heldout3.jsonl
set -u
OUT=${1:?usage: heldout3.sh OUTDIR}
cd "$(dirname "$0")"
for i in 1 2 3 4 5 6 7 8 9 10; do
  for cfg in "9 2 0 8000" "9 3 0 8600" "9 1 2 8100" "13 1 0 8200" "13 2 0 8700" "13 1 3 8300" "19 0 0 8400" "19 0 4 8500"; do
    set -- $cfg
    python3 generate.py run "$1" "$2" "$3" $(($4 + i)) 1 "$OUT"
  done
done
