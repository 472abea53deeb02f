#!/bin/bash
# The driver that made japanese.jsonl and japanese-heldout.jsonl (README.md, "Games ended
# Japanese-style"): ten configurations (SIZE LEVEL HANDICAP), taken in turn, one development game
# (seed 10000 + 100*K + ROUND) and one held-out game (seed 12000 + 100*K + ROUND) each, rounds
# 1..12, one GNU Go process at a time, under a time limit:
#   setsid nohup timeout 2400 nice ./japanese.sh /tmp/jdev /tmp/jheld > /tmp/japanese.log 2>&1 &
#   python3 generate.py collect /tmp/jdev japanese.jsonl
#   python3 generate.py collect /tmp/jheld japanese-heldout.jsonl
set -u
DEV=${1:?usage: japanese.sh DEVDIR HELDOUTDIR}
HELD=${2:?usage: japanese.sh DEVDIR HELDOUTDIR}
cd "$(dirname "$0")"
for i in 1 2 3 4 5 6 7 8 9 10 11 12; do
  k=0
  for cfg in "9 1 0" "9 3 0" "9 7 0" "9 10 0" "9 2 2" "13 1 0" "13 4 0" "13 2 3" "19 1 0" "19 2 4"; do
    set -- $cfg
    python3 generate.py run-japanese "$1" "$2" "$3" $((10000 + 100 * k + i)) 1 "$DEV"
    python3 generate.py run-japanese "$1" "$2" "$3" $((12000 + 100 * k + i)) 1 "$HELD"
    k=$((k + 1))
  done
done
