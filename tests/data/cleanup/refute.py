#!/usr/bin/env python3
"""Refutes recorded truths of the cleanup corpus (README.md, "Refuted truths"): positions where
both cleanups went wrong the same way, read out here with rules written out in this file (no
tengen; GNU Go only where asked).

  python3 refute.py s7           13x13-h0-l1-s7 (positions.jsonl): both cleanups left the white
                                 group at L12 standing, but black captures it whoever moves first
  python3 refute.py s7 gnugo     GNU Go 3.8 --level 10 (/usr/games/gnugo) plays it out: black M13,
                                 then each white try, then kgs-genmove_cleanup for both sides until
                                 two passes; about a minute
  python3 refute.py s32903       19x19-h4-l2-s32903 (japanese-dev8.jsonl): both cleanups captured
                                 black's A11 A10 B10 A9, but black keeps them whoever moves first
                                 (about 40 s)
  python3 refute.py s32903 gnugo GNU Go's own readers on that string (owl_attack, owl_defend,
                                 attack, dragon_status) against its final_status

The reading: the recorded two-pass position; moves are the empty points of the fight named for
each position, and pass; captures, no suicide, no position may repeat on the line (positional
superko). The attacker wins when the target string is captured, its owner when two passes in a
row leave it standing. The rest of the board is taken as it stands (moves elsewhere are not
tried).
"""
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
GNUGO = "/usr/games/gnugo"
LETTERS = "ABCDEFGHJKLMNOPQRST"


class Board:
    """An N x N board as a string of '.', 'X' (black) and 'O' (white), row N first."""

    def __init__(self, n):
        self.n = n

    def pt(self, v):
        return (self.n - int(v[1:])) * self.n + LETTERS.index(v[0])

    def vx(self, k):
        return LETTERS[k % self.n] + str(self.n - k // self.n)

    def nb(self, k):
        n = self.n
        y, x = divmod(k, n)
        if y:
            yield k - n
        if y < n - 1:
            yield k + n
        if x:
            yield k - 1
        if x < n - 1:
            yield k + 1

    def string(self, b, k):
        c, s, st, libs = b[k], {k}, [k], set()
        while st:
            p = st.pop()
            for q in self.nb(p):
                if b[q] == ".":
                    libs.add(q)
                elif b[q] == c and q not in s:
                    s.add(q)
                    st.append(q)
        return s, libs

    def play(self, b, k, c):
        """The position after `c` plays `k`, or None when the point is taken or it is suicide."""
        if b[k] != ".":
            return None
        b = list(b)
        b[k] = c
        o = "O" if c == "X" else "X"
        for q in self.nb(k):
            if b[q] == o:
                s, libs = self.string(b, q)
                if not libs:
                    for p in s:
                        b[p] = "."
        if not self.string(b, k)[1]:
            return None  # suicide
        return "".join(b)

    def sgf_point(self, m):
        return (ord(m[1]) - 97) * self.n + (ord(m[0]) - 97)


def record(file, pid):
    """The record and its two-pass position, replayed from its SGF (setup stones, captures)."""
    with open(os.path.join(HERE, file)) as f:
        p = next(json.loads(l) for l in f if f'"{pid}"' in l)
    g = Board(p["size"])
    b = "." * (g.n * g.n)
    sgf = p["sgf"]
    for c, group in re.findall(r"A([BW])((?:\[[a-s]{2}\])+)", sgf):
        for m in re.findall(r"\[([a-s]{2})\]", group):
            b = g.play(b, g.sgf_point(m), "X" if c == "B" else "O")
    for c, m in re.findall(r";([BW])\[([a-s]{2})?\]", sgf):
        if m:  # not a pass
            b = g.play(b, g.sgf_point(m), "X" if c == "B" else "O")
            assert b is not None, m
    return p, g, b


def keeps(g, b, target, owner, colour, passes, path, moves):
    """Whether `owner` keeps the string at `target` with `colour` to move."""
    if b[target] != owner:
        return False
    if passes == 2:
        return True
    other = "O" if colour == "X" else "X"
    for k in moves + [None]:
        if k is None:
            nxt, np = b, passes + 1
        else:
            nxt, np = g.play(b, k, colour), 0
            if nxt is None or nxt in path:
                continue
        r = keeps(g, nxt, target, owner, other, np, path | {nxt}, moves)
        if colour == owner and r:
            return True
        if colour != owner and not r:
            return False
    return colour != owner


class Gtp:
    def __init__(self):
        self.p = subprocess.Popen(
            [GNUGO, "--mode", "gtp", "--chinese-rules", "--level", "10"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def send(self, c):
        self.p.stdin.write(c + "\n")
        self.p.stdin.flush()
        out = []
        while True:
            l = self.p.stdout.readline()
            if not l.strip() and out:
                return " ".join(out)
            if l.strip():
                out.append(l.strip())


def sgf_file(p, name):
    path = os.path.join(os.environ.get("TMPDIR", "/tmp"), name)
    with open(path, "w") as f:
        f.write(p["sgf"])
    return path


# 13x13-h0-l1-s7: white's L12 group around a bulky five in the top-right corner.
S7_CORNER = ["G13", "J13", "K13", "L13", "M13", "N13", "M12", "N12"]


def s7_kills_after(g, start, b1, passes, moves):
    """Black's moves that kill in `b1`, black to move."""
    out = []
    for k in moves + [None]:
        b2 = b1 if k is None else g.play(b1, k, "X")
        if b2 is None or (k is not None and b2 in (start, b1)):
            continue
        np = passes + 1 if k is None else 0
        if not keeps(g, b2, g.pt("L12"), "O", "O", np, frozenset([start, b1, b2]), moves):
            out.append("pass" if k is None else g.vx(k))
    return out


def s7_read(g, start, first_black):
    """White to move (after black's `first_black`, if any): each white try and black's kills."""
    moves = [g.pt(v) for v in S7_CORNER]
    b0 = start if first_black is None else g.play(start, g.pt(first_black), "X")
    lives = keeps(g, b0, g.pt("L12"), "O", "O", 0, frozenset([b0]), moves)
    print(f"after {'black ' + first_black if first_black else 'the two passes'}, white to move: "
          f"white {'lives' if lives else 'is captured whatever it does'}")
    for w in moves + [None]:
        b1 = b0 if w is None else g.play(b0, w, "O")
        if b1 is None:
            print(f"  white {g.vx(w)}: illegal")
            continue
        kills = s7_kills_after(g, b0, b1, 1 if w is None else 0, moves)
        print(f"  white {'pass' if w is None else g.vx(w)}: black kills with {kills or 'nothing'}")


def s7_gnugo(p):
    sgf = sgf_file(p, "refute_s7.sgf")
    for w in [None] + [v for v in S7_CORNER if v != "M13"]:
        gtp = Gtp()
        assert gtp.send("loadsgf " + sgf).startswith("=")
        assert gtp.send("play black M13") == "="
        moves, colour = ["B M13"], "white"
        if w is not None:
            if gtp.send("play white " + w) != "=":
                print(f"white {w}: illegal")
                continue
            moves.append("W " + w)
            colour = "black"
        passes = 0
        while passes < 2 and len(moves) < 200:
            m = gtp.send("kgs-genmove_cleanup " + colour)[2:]
            moves.append(colour[0].upper() + " " + m)
            passes = passes + 1 if m.upper() == "PASS" else 0
            colour = "white" if colour == "black" else "black"
        left = gtp.send("color L12")[2:]
        gtp.send("quit")
        print(f"white {w or '(its own cleanup move)'}: L12 at the end: {left}")
        print("   " + " ".join(moves))


# 19x19-h4-l2-s32903: black's A11 A10 B10 A9 on the left edge, liberties A12 and A8; A12 also
# touches black's living string from B12. The fight: those two liberties, the points beside
# them (A7, B7, A13) and the points where white's dead B14 C14 C15 could lend a white stone on
# A12 liberties (A14, B13, C13, D13, D14, B15).
S32903_FIGHT = ["A8", "A7", "B7", "A12", "A13", "A14", "B13", "C13", "D13", "D14", "B15"]


def s32903_read(g, start):
    moves = [g.pt(v) for v in S32903_FIGHT]
    target = g.pt("A10")
    for first, name in (("O", "white"), ("X", "black")):
        kept = keeps(g, start, target, "X", first, 0, frozenset([start]), moves)
        print(f"{name} to move: black {'keeps' if kept else 'loses'} A11 A10 B10 A9")


def s32903_gnugo(p):
    gtp = Gtp()
    assert gtp.send("loadsgf " + sgf_file(p, "refute_s32903.sgf")).startswith("=")
    for c in ["owl_attack A10", "owl_defend A10", "attack A10", "dragon_status A10",
              "final_status A10"]:
        print(f"{c}: {gtp.send(c)[2:]}")
    gtp.send("quit")


if __name__ == "__main__":
    which, mode = (sys.argv[1:] + [None, None])[:2]
    if which == "s7":
        p, g, start = record("positions.jsonl", "13x13-h0-l1-s7")
        if mode == "gnugo":
            s7_gnugo(p)
        else:
            s7_read(g, start, None)
            s7_read(g, start, "M13")
            s7_read(g, start, "L13")
    elif which == "s32903":
        p, g, start = record("japanese-dev8.jsonl", "19x19-h4-l2-s32903")
        if mode == "gnugo":
            s32903_gnugo(p)
        else:
            s32903_read(g, start)
    else:
        sys.exit(__doc__)
