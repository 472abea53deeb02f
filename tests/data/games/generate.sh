#!/usr/bin/env bash
# Regenerates the game-record corpus: GNU Go 3.8 self-play at --level 1, saved by GNU Go
# itself, plus a sidecar NAME.position with the final position GNU Go reports.
#
#   tests/data/games/generate.sh [GNUGO]      (default /usr/games/gnugo, else gnugo on PATH)
#
# GNU Go's GTP `printsgf` writes the current *position* as AB/AW set-up, not the moves, so the
# records come from `gnugo --score aftermath -l START.sgf -o NAME.sgf`: GNU Go plays both sides
# from START (an empty or handicap board) until the game ends, then plays out the aftermath
# (--play-out-aftermath --capture-all-dead: dead stones are captured, so captures are many) and
# writes the whole game. The sidecar comes from GNU Go's GTP after `loadsgf NAME.sgf`:
# `list_stones black`, `list_stones white`, `captures black`, `captures white`.
set -euo pipefail
cd "$(dirname "$0")"
GNUGO=${1:-/usr/games/gnugo}
[ -x "$GNUGO" ] || GNUGO=$(command -v gnugo)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# name size seed handicap-setup
games=(
  "g9-s01 9 1 -" "g9-s02 9 2 -" "g9-s03 9 3 -" "g9-s04 9 4 -" "g9-s05 9 5 -" "g9-s06 9 6 -"
  "g9-s07 9 7 -" "g9-s08 9 8 -" "g9-s09 9 9 -" "g9-s10 9 10 -" "g9-s11 9 11 -" "g9-s12 9 12 -"
  "g9-h2-s21 9 21 HA[2]AB[cg][gc]PL[W]" "g9-h3-s22 9 22 HA[3]AB[cg][gc][gg]PL[W]"
  "g13-s01 13 1 -" "g13-s02 13 2 -" "g13-s03 13 3 -" "g13-s04 13 4 -" "g13-s05 13 5 -"
  "g13-s06 13 6 -" "g13-s07 13 7 -" "g13-s08 13 8 -"
  "g13-h3-s23 13 23 HA[3]AB[dj][jd][jj]PL[W]"
  "g19-s01 19 1 -" "g19-s02 19 2 -" "g19-s03 19 3 -" "g19-s04 19 4 -" "g19-s05 19 5 -"
  "g19-h4-s24 19 24 HA[4]AB[dd][dp][pd][pp]PL[W]" "g19-h2-s25 19 25 HA[2]AB[dp][pd]PL[W]"
)

for spec in "${games[@]}"; do
  read -r name size seed setup <<<"$spec"
  [ "$setup" = "-" ] && setup=""
  komi=7.5
  [ -n "$setup" ] && komi=0.5
  printf '(;GM[1]FF[4]SZ[%s]KM[%s]RU[Chinese]%s)\n' "$size" "$komi" "$setup" >"$tmp/start.sgf"
  "$GNUGO" --quiet --chinese-rules --level 1 --seed "$seed" --never-resign \
    --score aftermath --play-out-aftermath --capture-all-dead \
    -l "$tmp/start.sgf" -o "$name.sgf" >/dev/null 2>&1
  printf 'loadsgf %s\nlist_stones black\nlist_stones white\ncaptures black\ncaptures white\nquit\n' \
    "$name.sgf" | "$GNUGO" --mode gtp --quiet --chinese-rules |
    awk 'BEGIN { split("black:,white:,captures black:,captures white:", k, ",") }
         /^= / { n++; if (n > 1 && n <= 5) { sub(/^= ?/, ""); print k[n-1], $0 } }' \
    >"$name.position"
  echo "$name: $(grep -o ';[BW]\[' "$name.sgf" | wc -l) moves" >&2
done
