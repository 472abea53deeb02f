#!/usr/bin/env python3
"""A small GTP referee: tengen against GNU Go (9x9 or 19x19), both colors, scored by GNU Go.

    scripts/match.py --games 20 --seconds 1 --level 1 [--tengen target/release/tengen]
                     [--size 9] [--komi 7] [--threads 1] [--sgf-dir DIR] [--seed 0]
                     [--playouts N] [--first K] [--parallel P] [--resign]
                     [--results FILE] [--commit TEXT]
    scripts/match.py --tally FILE [FILE ...]

Game k gives tengen black when k is even and white when k is odd. A game ends after two passes in
a row, a resignation or max(400, 2 x size x size) moves; it is scored by GNU Go's `final_score`
under Chinese (area) rules with the given komi (GNU Go removes the stones it finds dead). Prints
one line per game and then the win rate (a draw counts half) with its standard error and a 95%
Wilson interval. --parallel P plays P games at a time (each a tengen and a GNU Go process); the
game lines come in the order the games finish. --first K starts at game K, so a match cut short
is finished with --first at the next game and the results pooled.

--resign lets tengen resign a hopeless game (`tengen gtp --resign`: the best move's win rate
under 10%), as engine matches usually allow; GNU Go never resigns. --results FILE appends one JSON
line per finished game (game number, tengen's colour, result, win, moves, seconds) as soon as it
finishes, so a match cut off at any time can be counted: --tally FILE... prints the win rate of
the games recorded there. --commit TEXT (the commit the tengen binary was built from) is printed
at the start and stored with every game.
"""

import argparse
import concurrent.futures
import json
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
        + (["--resign"] if args.resign else [])
    )
    gnugo = Gtp([args.gnugo, "--mode", "gtp", "--level", str(args.level), "--chinese-rules"])
    for e in (tengen, gnugo):
        e.cmd(f"boardsize {args.size}")
        e.cmd("clear_board")
        e.cmd(f"komi {args.komi}")
    players = {"b": tengen if tengen_black else gnugo, "w": gnugo if tengen_black else tengen}
    color, passes, moves, result = "b", 0, [], None
    think = {"tengen": 0.0, "gnugo": 0.0}
    started = time.time()
    while len(moves) < max(400, 2 * args.size * args.size):
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
        if args.sgf_dir:
            # The game so far (no result yet), so a game cut off can be looked at.
            write_sgf(args, k, moves, "", tengen_black)
        if passes >= 2:
            break
        color = "w" if color == "b" else "b"
    if result is None:
        result = gnugo.cmd("final_score")
    if args.sgf_dir:
        write_sgf(args, k, moves, result, tengen_black)
    tengen.close()
    gnugo.close()
    winner = result[:1].upper()
    if winner not in "BW":
        won = 0.5  # a draw ("0"): half a win
    else:
        won = float((winner == "B") == tengen_black)
    if args.results:
        record = {
            "game": k,
            "tengen": "black" if tengen_black else "white",
            "result": result,
            "win": won,
            "moves": len(moves),
            "tengen_s": round(think["tengen"], 1),
            "gnugo_s": round(think["gnugo"], 1),
            "wall_s": round(time.time() - started, 1),
            "size": args.size,
            "level": args.level,
            "playouts": args.playouts,
            "seconds": None if args.playouts else args.seconds,
            "resign": args.resign,
            "commit": args.commit,
            "finished": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        }
        with open(args.results, "a") as f:
            f.write(json.dumps(record) + "\n")
    return won, result, len(moves), think


def write_sgf(args, k, moves, result, tengen_black):
    os.makedirs(args.sgf_dir, exist_ok=True)
    path = os.path.join(args.sgf_dir, f"game{k:03}.sgf")
    with open(path + ".tmp", "w") as f:
        f.write(sgf(args, moves, result, tengen_black))
    os.replace(path + ".tmp", path)


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


def wilson(wins, n):
    """The win rate, its standard error and the 95% Wilson interval, as percentages."""
    p = wins / n
    se = math.sqrt(p * (1 - p) / n)
    z = 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return 100 * p, 100 * se, 100 * (centre - half), 100 * (centre + half)


def tally(paths):
    """Prints the games recorded in results files and their win rate, by opponent level."""
    games = []
    for path in paths:
        if not os.path.exists(path):
            # A match whose first game has not finished yet has no results file.
            print(f"{path}: no finished game yet", file=sys.stderr)
            continue
        try:
            with open(path) as f:
                games += [json.loads(line) for line in f if line.strip()]
        except (OSError, ValueError) as e:
            print(f"cannot read {path}: {e}", file=sys.stderr)
            return 2
    if not games:
        print("no finished games recorded")
        return 1
    for g in games:
        print(
            f"level {g['level']} game {g['game']}: tengen {g['tengen']} {g['result']} "
            f"{['loss', 'draw', 'win'][int(2 * g['win'])]} ({g['moves']} moves, "
            f"tengen {g['tengen_s']:.0f} s, gnugo {g['gnugo_s']:.0f} s)"
        )
    for size, level in sorted({(g.get("size", 9), g["level"]) for g in games}):
        some = [g for g in games if (g.get("size", 9), g["level"]) == (size, level)]
        wins = sum(g["win"] for g in some)
        p, se, lo, hi = wilson(wins, len(some))
        by_color = ", ".join(
            f"as {c} {sum(g['win'] for g in some if g['tengen'] == c):g}/"
            f"{sum(1 for g in some if g['tengen'] == c)}"
            for c in ("black", "white")
        )
        print(
            f"{size}x{size}, GNU Go level {level}: tengen won {wins:g}/{len(some)} = {p:.0f}% "
            f"± {se:.0f}% (95% Wilson {lo:.0f}%..{hi:.0f}%); {by_color}"
        )
    return 0


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
    ap.add_argument("--resign", action="store_true", help="let tengen resign hopeless games")
    ap.add_argument("--results", default="", help="append one JSON line per finished game")
    ap.add_argument("--commit", default="", help="the commit tengen was built from (logged)")
    ap.add_argument("--tally", nargs="+", metavar="FILE", help="count the games of results files")
    args = ap.parse_args()
    if args.tally:
        return tally(args.tally)
    print(
        f"match: tengen {args.tengen} (commit {args.commit or 'not given'}) against GNU Go level "
        f"{args.level}, {args.size}x{args.size} komi {args.komi}, games {args.first}.."
        f"{args.first + args.games - 1}, "
        f"{'%d playouts' % args.playouts if args.playouts else '%g s' % args.seconds} a move"
        f"{', tengen may resign' if args.resign else ''}; started "
        f"{time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime())}",
        flush=True,
    )
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
    p, se, lo, hi = wilson(wins, n)
    print(
        f"tengen won {wins:g}/{n} = {p:.0f}% ± {se:.0f}% (95% Wilson {lo:.0f}%..{hi:.0f}%) "
        f"against GNU Go level {args.level}, {args.size}x{args.size} komi {args.komi}, "
        f"{'%d playouts' % args.playouts if args.playouts else '%g s' % args.seconds} a move, "
        f"{args.threads} thread(s); {time.time() - started:.0f} s"
    )


if __name__ == "__main__":
    sys.exit(main())
