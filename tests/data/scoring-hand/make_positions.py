#!/usr/bin/env python3
"""Writes positions.jsonl: hand-made finished positions with their dead stones read by hand.

Run `python3 make_positions.py` in this folder. Rows are top row first: `X`/`O` living stones,
`x`/`o` dead stones (the truth), `.` empty. The README says how each was read.
"""
import json

# Corner shapes for the top-left corner: the inner group is white ('O' alive, 'o' dead), its
# black ring ('X') joins the black side. Each has the reason its truth holds.
SHAPES = {
    "straight-three": (
        ["...oX", "ooooX", "XXXXX"],
        "white's eye space A9 B9 C9 is a straight three: black B9 leaves one eye, dead",
    ),
    "bent-three": (
        ["..oXX", ".ooXX", "ooXXX", "XXXXX"],
        "white's eye space A9 B9 A8 is a bent three in the corner: black A9 leaves one eye, dead",
    ),
    "square-four": (
        ["..oXX", "..oXX", "oooXX", "XXXXX"],
        "white's eye space A9 B9 A8 B8 is a square four: no two eyes whoever moves, dead",
    ),
    "bulky-five": (
        ["...oX", "..ooX", "oooXX", "XXXXX"],
        "white's eye space A9 B9 C9 A8 B8 is a bulky five: black on the vital point B9 kills, dead",
    ),
    "one-eye": (
        [".oooX", "ooooX", "XXXXX"],
        "white's 8 stones have the single eye A9 and no outside liberty: dead",
    ),
    "two-small-eyes": (
        [".O.OX", "OOOOX", "XXXXX"],
        "white's 6 stones have two one-point eyes A9 and C9 (pass-alive): alive",
    ),
    "false-eye": (
        [".o.ooX", "oooXXX", "XXXX.."],
        "white's eye C9 is false: black C9 takes D9 E9, leaving white A9 as its only eye, dead",
    ),
    "straight-four": (
        ["....OX", "OOOOOX", "XXXXXX"],
        "white's eye space A9..D9 is a straight four: black B9 is answered at C9, alive",
    ),
}


def base(n, wall):
    """Black owns the columns up to `wall`, white those after it (walls of stones)."""
    return [["X" if x == wall else "O" if x == wall + 1 else "." for x in range(n)] for _ in range(n)]


def paste(board, shape, corner):
    n = len(board)
    for y, r in enumerate(shape):
        for x, c in enumerate(r):
            if corner == "top-left":
                board[y][x] = c
            else:  # bottom-right, rotated by 180 degrees, colors swapped
                sw = {"X": "O", "O": "X", "o": "x", "x": "o"}.get(c, c)
                board[n - 1 - y][n - 1 - x] = sw


def vertex(x, y, n):
    return "ABCDEFGHJKLMNOPQRST"[x] + str(n - y)


positions = []


def add(name, rows, reason):
    n = len(rows)
    assert all(len(r) == n for r in rows), name
    positions.append({"name": name, "size": n, "rows": rows, "reason": reason})


for s in ["straight-three", "bent-three", "square-four", "bulky-five", "one-eye", "two-small-eyes"]:
    b = base(9, 4)
    paste(b, SHAPES[s][0], "top-left")
    add(f"9x9-{s}", ["".join(r) for r in b], SHAPES[s][1])

pairs13 = [("straight-four", "bulky-five"), ("bent-three", "two-small-eyes"),
           ("one-eye", "square-four"), ("false-eye", "straight-three")]
for a, c in pairs13:
    b = base(13, 6)
    paste(b, SHAPES[a][0], "top-left")
    paste(b, SHAPES[c][0], "bottom-right")
    add(f"13x13-{a}-and-{c}", ["".join(r) for r in b],
        f"top left: {SHAPES[a][1]}; bottom right, colors swapped: {SHAPES[c][1]}")

pairs19 = [("bulky-five", "straight-four"), ("square-four", "one-eye"), ("straight-three", "bent-three")]
for a, c in pairs19:
    b = base(19, 9)
    paste(b, SHAPES[a][0], "top-left")
    paste(b, SHAPES[c][0], "bottom-right")
    add(f"19x19-{a}-and-{c}", ["".join(r) for r in b],
        f"top left: {SHAPES[a][1]}; bottom right, colors swapped: {SHAPES[c][1]}")

# Whole boards drawn by hand.
add("9x9-false-seki-one-eye-each", [
    ".x.O.OX..",
    "xx.OOOX..",
    "OOOXXXX..",
    "..OX.....",
    "..OX.....",
    "..OX.....",
    "..OX.....",
    "..OX.....",
    "..OX.....",
], "looks like a seki (black A8 B8 B9 with the eye A9, white D9 D8 E8 F8 F9 with the eye E9, "
   "sharing C9 C8), but C8 also touches white's outer wall C7: white C8 joins the inner white "
   "group to the living wall, then white C9 captures; black, to move, could only have saved "
   "it by playing C8 before the end. Black's 3 stones are dead")
add("9x9-seki-one-eye-each", [
    ".X.O.OX..",
    "XX.OOOX..",
    "OXXOXXX..",
    "OOOXX....",
    "..OX.....",
    "..OX.....",
    "..OX.....",
    "..OX.....",
    "..OX.....",
], "black A8 B8 B9 B7 C7 (eye A9) and white D9 D8 E8 F8 F9 D7 (eye E9) share C9 C8, which touch "
   "no other group: whoever fills the second shared liberty is captured, seki; nothing dead")
add("9x9-seki-without-eyes", [
    "OX.OXX.X.",
    "OX.OXXXX.",
    "OXXXOX...",
    "OOOOOX...",
    "....OX...",
    "....OX...",
    "....OX...",
    "....OX...",
    "....OX...",
], "black B9 B8 B7 C7 D7 and white D9 D8 have only the two shared liberties C9 C8: seki "
   "without eyes; nothing dead")
add("9x9-hanezeki", [
    "OOXX.OOXX",
    "O.XXXOO.X",
    "XXXXOOOOO",
    "OOOOXXXXX",
    "...OX....",
    "...OX....",
    "...OX....",
    "...OX....",
    "...OX....",
], "hanezeki: black's inner group (C9 D9 C8 D8 E8 A7..D7) has white A9 B9 A8 in atari at B8 in "
   "its eye, white's (F9 G9 F8 G8 E7..J7) has black H9 J9 J8 in atari at H8 in its eye, they "
   "share E9; capturing leaves a bent three the other side kills with a placement and loses the "
   "race, filling E9 leaves one's own group in atari: seki, nothing dead (proved by "
   "crates/scoring/tests/hanezeki.rs)")
add("9x9-dead-invaders-and-dame", [
    "...XO....",
    ".o.XO.x..",
    "...XO....",
    "...X.O...",
    "..X..O...",
    "...X.O...",
    "...XO....",
    "...XO....",
    "...XO....",
], "the lone stones B8 (white) and G8 (black) lie in the other side's closed area with no "
   "room to make eyes once answered: dead; D5 E6 E5 E4 are dame, every wall string alive")
add("9x9-large-dead-group-one-eye", [
    "...XO....",
    "...XO....",
    "...XOOOOO",
    "...XOxxxO",
    "...XOx.xO",
    "...XOxxxO",
    "...XOOOOO",
    "...XO....",
    "...XO....",
], "black's 8 stones F6 G6 H6 F5 H5 F4 G4 H4 have the one eye G5 and are shut in by white's "
   "ring: dead")



def check(p):
    """Every string has a liberty."""
    rows, n = p["rows"], p["size"]
    col = lambda x, y: rows[y][x].upper()
    seen = set()
    for y in range(n):
        for x in range(n):
            if col(x, y) == "." or (x, y) in seen:
                continue
            stack, libs = [(x, y)], 0
            seen.add((x, y))
            while stack:
                a, b = stack.pop()
                for c, d in ((a + 1, b), (a - 1, b), (a, b + 1), (a, b - 1)):
                    if 0 <= c < n and 0 <= d < n:
                        if col(c, d) == ".":
                            libs += 1
                        elif col(c, d) == col(x, y) and (c, d) not in seen:
                            seen.add((c, d))
                            stack.append((c, d))
            assert libs > 0, (p["name"], vertex(x, y, n))


for p in positions:
    check(p)
with open("positions.jsonl", "w") as f:
    for p in positions:
        f.write(json.dumps(p) + "\n")
print(len(positions), "positions")
