#!/usr/bin/env python3
"""A small GTP referee: tengen against GNU Go on 9x9, both colors, scored by GNU Go.

    scripts/match.py --games 20 --seconds 1 --level 1 [--tengen target/release/tengen]
                     [--size 9] [--komi 7] [--threads 1] [--sgf-dir DIR] [--seed 0]
                     [--playouts N] [--first K] [--parallel P]

Game k gives tengen black when k is even and white when k is odd. A game ends after two passes in
a row, a resignation or 400 moves; it is scored by GNU Go's `final_score` under Chinese (area)
rules with the given komi (GNU Go removes the stones it finds dead). Prints one line per game and
then the win rate (a draw counts half) with its standard error and a 95% Wilson interval.
--parallel P plays P games at a time (each a tengen and a GNU Go process); the game lines come in
the order the games finish. --first K starts at game K, so a match cut short is finished with
--first at the next game and the results pooled.
"""

import argparse
import concurrent.futures
import math
import os
import subprocess
import sys
import time


class Gtp:
    def __init__(self, argv):
        self.p = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )

    def cmd(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        lines = []
        while True:
            out = self.p.stdout.readline()
            if out == "":
                raise RuntimeError(f"engine exited during {line!r}")
            out = out.rstrip("\n")
            if out == "" and lines:
                break
            if out == "" and not lines:
                continue
            lines.append(out)
        text = "\n".join(lines)
        if not text.startswith("="):
            raise RuntimeError(f"{line!r} -> {text!r}")
        return text[1:].strip()

    def close(self):
        try:
            self.cmd("quit")
        except Exception:
            pass
        self.p.wait(timeout=10)


def play_game(args, k):
    tengen_black = k % 2 == 0
    tengen = Gtp(
        [args.tengen, "gtp", "--rules", f"chinese,komi={args.komi}", "--seed", str(args.seed + k)]
        + (["--playouts", str(args.playouts)] if args.playouts else ["--seconds", str(args.seconds)])
        + ["--threads", str(args.threads)]
    )
    gnugo = Gtp([args.gnugo, "--mode", "gtp", "--level", str(args.level), "--chinese-rules"])
    for e in (tengen, gnugo):
        e.cmd(f"boardsize {args.size}")
        e.cmd("clear_board")
        e.cmd(f"komi {args.komi}")
    players = {"b": tengen if tengen_black else gnugo, "w": gnugo if tengen_black else tengen}
    color, passes, moves, result = "b", 0, [], None
    think = {"tengen": 0.0, "gnugo": 0.0}
    while len(moves) < 400:
        me, other = players[color], players["w" if color == "b" else "b"]
        t0 = time.time()
        mv = me.cmd(f"genmove {color}").lower()
        think["tengen" if me is tengen else "gnugo"] += time.time() - t0
        if mv == "resign":
            result = ("W" if color == "b" else "B") + "+R"
            break
        other.cmd(f"play {color} {mv}")
        moves.append((color, mv))
        passes = passes + 1 if mv == "pass" else 0
        if passes >= 2:
            break
        color = "w" if color == "b" else "b"
    if result is None:
        result = gnugo.cmd("final_score")
    if args.sgf_dir:
        os.makedirs(args.sgf_dir, exist_ok=True)
        path = os.path.join(args.sgf_dir, f"game{k:03}.sgf")
        with open(path, "w") as f:
            f.write(sgf(args, moves, result, tengen_black))
    tengen.close()
    gnugo.close()
    winner = result[:1].upper()
    if winner not in "BW":
        return 0.5, result, len(moves), think  # a draw ("0"): half a win
    won = (winner == "B") == tengen_black
    return float(won), result, len(moves), think


def sgf(args, moves, result, tengen_black):
    def pt(v):
        if v == "pass":
            return ""
        col = "abcdefghjklmnopqrstuvwxyz".index(v[0])
        row = args.size - int(v[1:])
        return "abcdefghijklmnopqrstuvwxyz"[col] + "abcdefghijklmnopqrstuvwxyz"[row]

    names = ("tengen", f"GNU Go level {args.level}")
    pb, pw = names if tengen_black else names[::-1]
    body = "".join(f";{c.upper()}[{pt(v)}]" for c, v in moves)
    return f"(;GM[1]FF[4]SZ[{args.size}]KM[{args.komi}]RU[Chinese]PB[{pb}]PW[{pw}]RE[{result}]{body})\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--playouts", type=int, default=0)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--level", type=int, default=1)
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--komi", type=float, default=7.0)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--first", type=int, default=0, help="number of the first game (colors, seeds)")
    ap.add_argument("--tengen", default="target/release/tengen")
    ap.add_argument("--gnugo", default="/usr/games/gnugo")
    ap.add_argument("--sgf-dir", default="")
    ap.add_argument("--parallel", type=int, default=1, help="games played at the same time")
    args = ap.parse_args()
    wins = 0.0
    started = time.time()
    games = range(args.first, args.first + args.games)
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.parallel)) as pool:
        running = {pool.submit(play_game, args, k): k for k in games}
        for done in concurrent.futures.as_completed(running):
            k = running[done]
            won, result, n, think = done.result()
            wins += won
            color = "black" if k % 2 == 0 else "white"
            print(
                f"game {k}: tengen {color} {result} {['loss', 'draw', 'win'][int(2 * won)]} ({n} moves, "
                f"tengen {think['tengen']:.0f} s, gnugo {think['gnugo']:.0f} s)",
                flush=True,
            )
    n = args.games
    p = wins / n
    se = math.sqrt(p * (1 - p) / n)
    z = 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    print(
        f"tengen won {wins:g}/{n} = {100 * p:.0f}% ± {100 * se:.0f}% (95% Wilson {100 * (centre - half):.0f}%..{100 * (centre + half):.0f}%) "
        f"against GNU Go level {args.level}, {args.size}x{args.size} komi {args.komi}, "
        f"{'%d playouts' % args.playouts if args.playouts else '%g s' % args.seconds} a move, "
        f"{args.threads} thread(s); {time.time() - started:.0f} s"
    )


if __name__ == "__main__":
    sys.exit(main())
