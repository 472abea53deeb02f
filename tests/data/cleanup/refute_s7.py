#!/usr/bin/env python3
"""Refutes the recorded truth of `13x13-h0-l1-s7` in positions.jsonl (README.md, "Refuted
truths"): both cleanups left the white group at L12 standing, but it is dead.

  python3 refute_s7.py          exhaustive reading with the rules written out here (no tengen,
                                no GNU Go): seconds
  python3 refute_s7.py gnugo    GNU Go 3.8 --level 10 (/usr/games/gnugo) plays it out: black M13,
                                then each white try, then kgs-genmove_cleanup for both sides until
                                two passes; about a minute

The reading: the recorded two-pass position; moves are the empty points of the top-right corner
fight (G13 J13 K13 L13 M13 N13 M12 N12) and pass; captures, no suicide, no position may repeat on
the line (positional superko). Black wins when L12 is captured, white when two passes in a row
leave it standing. The rest of the board is taken as it stands (moves elsewhere are not tried).
"""
import json
import os
import re
import subprocess
import sys

N = 13
L = "ABCDEFGHJKLMN"
CORNER = ["G13", "J13", "K13", "L13", "M13", "N13", "M12", "N12"]


def pt(v):
    return (N - int(v[1:])) * N + L.index(v[0])


def vx(k):
    return L[k % N] + str(N - k // N)


def nb(k):
    y, x = divmod(k, N)
    if y:
        yield k - N
    if y < N - 1:
        yield k + N
    if x:
        yield k - 1
    if x < N - 1:
        yield k + 1


def string(b, k):
    c, s, st, libs = b[k], {k}, [k], set()
    while st:
        p = st.pop()
        for q in nb(p):
            if b[q] == ".":
                libs.add(q)
            elif b[q] == c and q not in s:
                s.add(q)
                st.append(q)
    return s, libs


def play(b, k, c):
    if b[k] != ".":
        return None
    b = list(b)
    b[k] = c
    o = "O" if c == "X" else "X"
    for q in nb(k):
        if b[q] == o:
            s, libs = string(b, q)
            if not libs:
                for p in s:
                    b[p] = "."
    if not string(b, k)[1]:
        return None  # suicide
    return "".join(b)


def record():
    """The two-pass position of the record, replayed from its SGF (captures included)."""
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "positions.jsonl")) as f:
        p = next(json.loads(l) for l in f if '"13x13-h0-l1-s7"' in l)
    b = "." * (N * N)
    sgf = p["sgf"]
    assert "AB[" not in sgf and "AW[" not in sgf
    for c, m in re.findall(r";([BW])\[([a-s]{2})?\]", sgf):
        if m:  # not a pass
            k = (ord(m[1]) - 97) * N + (ord(m[0]) - 97)
            b = play(b, k, "X" if c == "B" else "O")
            assert b is not None, m
    return p, b


def white_lives(b, colour, passes, path, moves):
    """Whether white keeps L12 with `colour` to move."""
    if b[pt("L12")] != "O":
        return False
    if passes == 2:
        return True
    other = "O" if colour == "X" else "X"
    for k in moves + [None]:
        if k is None:
            nxt, np = b, passes + 1
        else:
            nxt, np = play(b, k, colour), 0
            if nxt is None or nxt in path:
                continue
        r = white_lives(nxt, other, np, path | {nxt}, moves)
        if colour == "O" and r:
            return True
        if colour == "X" and not r:
            return False
    return colour == "X"


def black_kills_after(start, b1, passes, moves):
    """Black's moves that kill in `b1`, black to move."""
    out = []
    for k in moves + [None]:
        b2 = b1 if k is None else play(b1, k, "X")
        if b2 is None or (k is not None and b2 in (start, b1)):
            continue
        np = passes + 1 if k is None else 0
        if not white_lives(b2, "O", np, frozenset([start, b1, b2]), moves):
            out.append("pass" if k is None else vx(k))
    return out


def read(start, first_black):
    """White to move (after black's `first_black`, if any): each white try and black's kills."""
    moves = [pt(v) for v in CORNER]
    b0 = start if first_black is None else play(start, pt(first_black), "X")
    lives = white_lives(b0, "O", 0, frozenset([b0]), moves)
    print(f"after {'black ' + first_black if first_black else 'the two passes'}, white to move: "
          f"white {'lives' if lives else 'is captured whatever it does'}")
    for w in moves + [None]:
        b1 = b0 if w is None else play(b0, w, "O")
        if b1 is None:
            print(f"  white {vx(w)}: illegal")
            continue
        kills = black_kills_after(b0, b1, 1 if w is None else 0, moves)
        print(f"  white {'pass' if w is None else vx(w)}: black kills with {kills or 'nothing'}")


def gnugo():
    class Gtp:
        def __init__(self):
            self.p = subprocess.Popen(
                ["/usr/games/gnugo", "--mode", "gtp", "--chinese-rules", "--level", "10"],
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

    p, _ = record()
    sgf = os.path.join(os.environ.get("TMPDIR", "/tmp"), "refute_s7.sgf")
    with open(sgf, "w") as f:
        f.write(p["sgf"])
    for w in [None] + [v for v in CORNER if v != "M13"]:
        g = Gtp()
        assert g.send("loadsgf " + sgf).startswith("=")
        assert g.send("play black M13") == "="
        moves, colour = ["B M13"], "white"
        if w is not None:
            if g.send("play white " + w) != "=":
                print(f"white {w}: illegal")
                continue
            moves.append("W " + w)
            colour = "black"
        passes = 0
        while passes < 2 and len(moves) < 200:
            m = g.send("kgs-genmove_cleanup " + colour)[2:]
            moves.append(colour[0].upper() + " " + m)
            passes = passes + 1 if m.upper() == "PASS" else 0
            colour = "white" if colour == "black" else "black"
        left = g.send("color L12")[2:]
        g.send("quit")
        print(f"white {w or '(its own cleanup move)'}: L12 at the end: {left}")
        print("   " + " ".join(moves))


if __name__ == "__main__":
    if sys.argv[1:] == ["gnugo"]:
        gnugo()
    else:
        _, start = record()
        read(start, None)
        read(start, "M13")
        read(start, "L13")
