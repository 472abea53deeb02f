#!/usr/bin/env python3
"""Asks GNU Go 3.8 (level 10) for `final_status_list dead` on every position of positions.jsonl
and compares with the hand-read truth: per stone, exact positions, and positions where a string
of 5 stones or more is misjudged. Run `python3 gnugo_judge.py` in this folder (needs
/usr/games/gnugo; one GNU Go at a time, about a minute on 2 cores). Prints one line per position
and the totals; `cargo test -p tengen-scoring --test hand_positions -- --nocapture` prints
tengen's totals in the same form.
"""
import json
import subprocess
import sys

COLS = "ABCDEFGHJKLMNOPQRST"


def strings(rows):
    """Every stone's string, as a dict point -> frozenset of points."""
    n, out = len(rows), {}
    for y in range(n):
        for x in range(n):
            if rows[y][x] == "." or (x, y) in out:
                continue
            c, s, st = rows[y][x].upper(), {(x, y)}, [(x, y)]
            while st:
                a, b = st.pop()
                for p in ((a + 1, b), (a - 1, b), (a, b + 1), (a, b - 1)):
                    if 0 <= p[0] < n and 0 <= p[1] < n and p not in s and rows[p[1]][p[0]].upper() == c:
                        s.add(p)
                        st.append(p)
            for p in s:
                out[p] = frozenset(s)
    return out


def gnugo_dead(p):
    n = p["size"]
    sgf_pt = lambda x, y: "abcdefghijklmnopqrs"[x] + "abcdefghijklmnopqrs"[y]
    ab = "".join(f"[{sgf_pt(x, y)}]" for y, r in enumerate(p["rows"]) for x, c in enumerate(r) if c in "Xx")
    aw = "".join(f"[{sgf_pt(x, y)}]" for y, r in enumerate(p["rows"]) for x, c in enumerate(r) if c in "Oo")
    path = "/tmp/scoring-hand-gnugo.sgf"
    with open(path, "w") as f:
        f.write(f"(;GM[1]FF[4]SZ[{n}]KM[0]AB{ab}AW{aw})")
    cmds = f"loadsgf {path}\nfinal_status_list dead\nquit\n"
    out = subprocess.run(["/usr/games/gnugo", "--mode", "gtp", "--level", "10", "--chinese-rules"],
                         input=cmds, capture_output=True, text=True, timeout=600).stdout
    answers = [a for a in out.split("\n\n") if a.strip()]
    assert answers[0].startswith("="), out
    dead = set()
    for v in answers[1].lstrip("= ").split():
        x, y = COLS.index(v[0].upper()), n - int(v[1:])
        dead.add((x, y))
    return dead


def main():
    positions = [json.loads(l) for l in open("positions.jsonl")]
    stones = right = exact = big = 0
    for p in positions:
        rows, n = p["rows"], p["size"]
        dead = gnugo_dead(p)
        wrong = set()
        for y in range(n):
            for x in range(n):
                c = rows[y][x]
                if c == ".":
                    continue
                stones += 1
                if (c in "xo") == ((x, y) in dead):
                    right += 1
                else:
                    wrong.add((x, y))
        st = strings(rows)
        exact += not wrong
        big += any(len(st[w]) >= 5 for w in wrong)
        names = " ".join(COLS[x] + str(n - y) for x, y in sorted(wrong))
        print(f"{p['name']}: {'ok' if not wrong else 'misjudged ' + names}", flush=True)
    print(f"GNU Go 3.8 level 10: stones {100 * right / stones:.2f}% ({right}/{stones}), exact "
          f"{exact}/{len(positions)}, positions with a misjudged string >= 5: {big}")


if __name__ == "__main__":
    sys.exit(main())
