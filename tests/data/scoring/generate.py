#!/usr/bin/env python3
"""Generates the GNU Go fixtures of this folder (see README.md).

Usage: python3 generate.py [FIRST_SEED] [COUNT]
"""
import subprocess
import sys

GNUGO = "/usr/games/gnugo"


def gtp(proc, cmd):
    proc.stdin.write(cmd + "\n")
    proc.stdin.flush()
    lines = []
    while True:
        line = proc.stdout.readline()
        if line == "":
            raise RuntimeError("gnugo closed")
        if line.strip() == "" and lines:
            break
        if line.strip() == "":
            continue
        lines.append(line.rstrip("\n"))
    text = "\n".join(lines)
    if not text.startswith("="):
        raise RuntimeError(f"{cmd}: {text}")
    return text[1:].strip()


def game(seed):
    proc = subprocess.Popen(
        [GNUGO, "--mode", "gtp", "--level", "1", "--chinese-rules", "--seed", str(seed)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    gtp(proc, "boardsize 9")
    gtp(proc, "clear_board")
    gtp(proc, "komi 7.5")
    moves = []
    passes = 0
    color = "b"
    while passes < 2 and len(moves) < 300:
        mv = gtp(proc, f"genmove {color}").upper()
        moves.append(f"{color.upper()} {mv}")
        passes = passes + 1 if mv == "PASS" else 0
        color = "w" if color == "b" else "b"
    board = gtp(proc, "showboard")
    dead = gtp(proc, "final_status_list dead").split()
    seki = gtp(proc, "final_status_list seki").split()
    score = gtp(proc, "final_score")
    rows = []
    for line in board.splitlines():
        parts = line.split()
        if parts and parts[0].isdigit() and len(parts) >= 10:
            rows.append("".join("X" if c == "X" else "O" if c == "O" else "." for c in parts[1:10]))
    gtp(proc, "quit")
    proc.wait()
    assert len(rows) == 9, board
    return moves, rows, dead, seki, score, passes >= 2


def main():
    first = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 8
    for seed in range(first, first + count):
        moves, rows, dead, seki, score, ended = game(seed)
        name = f"gnugo-9x9-seed{seed}.txt"
        with open(name, "w") as f:
            f.write(f"# GNU Go 3.8 self-play: gnugo --mode gtp --level 1 --chinese-rules --seed {seed}\n")
            f.write(f"# boardsize 9, komi 7.5, genmove b/w until two passes (ended by passes: {ended})\n")
            f.write("size 9\nkomi 7.5\n")
            f.write("moves " + " ".join(m.replace(" ", ":") for m in moves) + "\n")
            f.write("board\n")
            for r in rows:
                f.write(r + "\n")
            f.write("dead " + " ".join(sorted(dead)) + "\n")
            f.write("seki " + " ".join(sorted(seki)) + "\n")
            f.write(f"score {score}\n")
        print(name, score, len(moves), "dead", len(dead), "seki", len(seki))


if __name__ == "__main__":
    main()
