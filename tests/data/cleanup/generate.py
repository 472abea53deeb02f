#!/usr/bin/env python3
"""Generates the cleanup corpus of this folder (see README.md): GNU Go 3.8 games played out to two
passes, then cleaned up with `kgs-genmove_cleanup` for both sides until two passes with nothing
dead left. The stones of the two-pass position that the cleanup removed are the dead ones.

Usage:
  python3 generate.py run SIZE LEVEL HANDICAP FIRST_SEED COUNT [OUTDIR]   one game per seed, one
                                                                          JSON file per game in OUTDIR
  python3 generate.py run-japanese SIZE LEVEL HANDICAP FIRST_SEED COUNT OUTDIR
                                              the same, games ended Japanese-style (game_japanese)
  python3 generate.py collect OUTDIR [FILE]                               merge into FILE
                                                                          (positions.jsonl)

Each game: `gnugo --mode gtp --chinese-rules --level LEVEL --seed SEED`, `boardsize SIZE`,
`komi` (7.5, or 0.5 with handicap), `fixed_handicap HANDICAP` when HANDICAP > 1; then
`SEED % 4` opening moves drawn by Python's random.Random(SEED) inside the lines 3..SIZE-2 (for
variety: GNU Go alone plays nearly the same game for every seed), then `genmove` for both sides
until two passes in a row. A second GNU Go at `--level 10` replays the moves and answers
`final_status_list dead` (the peer). The first GNU Go then plays `kgs-genmove_cleanup` for both
sides until two passes in a row.
"""
import json
import os
import random
import re
import subprocess
import sys
import time

GNUGO = "/usr/games/gnugo"
LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
# The values under which a player of a Japanese-style game passes (see game_japanese).
PASS_BELOW = [0.5, 1.0, 1.5, 2.0]


class Gtp:
    def __init__(self, level, seed, rules="chinese"):
        self.proc = subprocess.Popen(
            [GNUGO, "--mode", "gtp", f"--{rules}-rules", "--level", str(level), "--seed", str(seed)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def send(self, cmd, ok=True):
        self.proc.stdin.write(cmd + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if line == "":
                raise RuntimeError("gnugo closed")
            if line.strip() == "" and lines:
                break
            if line.strip() == "":
                continue
            lines.append(line.rstrip("\n"))
        text = "\n".join(lines)
        if not text.startswith("="):
            if ok:
                raise RuntimeError(f"{cmd}: {text}")
            return None
        return text[1:].strip()

    def close(self):
        try:
            self.send("quit")
        except Exception:
            pass
        self.proc.wait()


def to_xy(v, size):
    return LETTERS.index(v[0]), size - int(v[1:])


def to_sgf(v, size):
    x, y = to_xy(v, size)
    return "abcdefghijklmnopqrstuvwxyz"[x] + "abcdefghijklmnopqrstuvwxyz"[y]


def stones(g):
    return {"B": set(g.send("list_stones black").upper().split()),
            "W": set(g.send("list_stones white").upper().split())}


def area(size, black, white):
    """Tromp-Taylor area of a board: (black, white) stones plus empty regions reaching one color."""
    cell = {}
    for v in black:
        cell[to_xy(v, size)] = "B"
    for v in white:
        cell[to_xy(v, size)] = "W"
    count = {"B": 0, "W": 0}
    for c in cell.values():
        count[c] += 1
    seen = set()
    for x in range(size):
        for y in range(size):
            if (x, y) in cell or (x, y) in seen:
                continue
            region, reach, stack = [], set(), [(x, y)]
            seen.add((x, y))
            while stack:
                p = stack.pop()
                region.append(p)
                for q in ((p[0] + 1, p[1]), (p[0] - 1, p[1]), (p[0], p[1] + 1), (p[0], p[1] - 1)):
                    if not (0 <= q[0] < size and 0 <= q[1] < size):
                        continue
                    if q in cell:
                        reach.add(cell[q])
                    elif q not in seen:
                        seen.add(q)
                        stack.append(q)
            if len(reach) == 1:
                count[reach.pop()] += len(region)
    return count["B"], count["W"]


def owner_map(size, black, white):
    """Owner of every point ('B', 'W' or None) by Tromp-Taylor area."""
    cell = {}
    for v in black:
        cell[to_xy(v, size)] = "B"
    for v in white:
        cell[to_xy(v, size)] = "W"
    own = dict(cell)
    seen = set()
    for x in range(size):
        for y in range(size):
            if (x, y) in cell or (x, y) in seen:
                continue
            region, reach, stack = [], set(), [(x, y)]
            seen.add((x, y))
            while stack:
                p = stack.pop()
                region.append(p)
                for q in ((p[0] + 1, p[1]), (p[0] - 1, p[1]), (p[0], p[1] + 1), (p[0], p[1] - 1)):
                    if not (0 <= q[0] < size and 0 <= q[1] < size):
                        continue
                    if q in cell:
                        reach.add(cell[q])
                    elif q not in seen:
                        seen.add(q)
                        stack.append(q)
            o = reach.pop() if len(reach) == 1 else None
            for p in region:
                own[p] = o
    return own


def result_text(margin):
    if margin > 0:
        return f"B+{margin:g}"
    if margin < 0:
        return f"W+{-margin:g}"
    return "0"


def cleanup(g, color, before, size):
    """Both sides play kgs-genmove_cleanup from `color` on until two passes in a row: returns the
    (color, vertex) stones of `before` that were removed, the number of turns and the stones after."""
    removed = set()
    turns = 0
    passes = 0
    while passes < 2 and turns < 2 * size * size:
        mv = g.send(f"kgs-genmove_cleanup {color}").upper()
        turns += 1
        passes = passes + 1 if mv == "PASS" else 0
        color = "W" if color == "B" else "B"
        now = stones(g)
        for c in "BW":
            removed |= {(c, v) for v in before[c] - now[c]}
    return removed, turns, stones(g)


def parse_sgf(sgf, size):
    """(setup vertices, [(color, vertex)]) of a corpus SGF (as this script writes it)."""
    def vertex(s):
        if s == "":
            return "PASS"
        x, y = ord(s[0]) - ord("a"), ord(s[1]) - ord("a")
        return LETTERS[x] + str(size - y)
    setup = []
    m = re.search(r"AB((?:\[[a-z]{2}\])+)", sgf)
    if m:
        setup = [vertex(s) for s in re.findall(r"\[([a-z]{2})\]", m.group(1))]
    moves = [(c, vertex(s)) for c, s in re.findall(r";([BW])\[([a-z]{0,2})\]", sgf)]
    return setup, moves


def recheck(rec):
    """The second cleanup of an existing record: GNU Go --level 10 replays the record's game and
    cleans it up; returns the fields `dead_second` and `cleanups_agree`."""
    size = rec["size"]
    setup, moves = parse_sgf(rec["sgf"], size)
    g = replayed(10, rec["seed"], "chinese", size, rec["komi"], setup, moves)
    before = stones(g)
    color = "B" if moves[-1][0] == "W" else "W"
    removed, _, _ = cleanup(g, color, before, size)
    g.close()
    dead2 = sorted(v for _, v in removed)
    return {"dead_second": dead2, "cleanups_agree": dead2 == sorted(rec["dead"])}


def opening(g, size, komi, handicap, seed):
    """Sets up a new game in `g` (handicap stones placed by GNU Go) and plays `seed % 4` random
    moves, so that games of one configuration differ; returns (setup, moves, color to move)."""
    g.send(f"boardsize {size}")
    g.send("clear_board")
    g.send(f"komi {komi}")
    setup = []
    if handicap > 1:
        setup = g.send(f"fixed_handicap {handicap}").upper().split()
    moves = []
    color = "W" if handicap > 1 else "B"
    rnd = random.Random(seed)
    for _ in range(seed % 4):
        for _try in range(50):
            v = LETTERS[rnd.randrange(2, size - 2)] + str(rnd.randrange(3, size - 1))
            if g.send(f"play {color} {v}", ok=False) is not None:
                moves.append((color, v))
                color = "W" if color == "B" else "B"
                break
    return setup, moves, color


def record_sgf(size, komi, rules, handicap, setup, moves):
    """The game as SGF text (`rules`: the RU value)."""
    sgf = f"(;GM[1]FF[4]CA[UTF-8]SZ[{size}]KM[{komi:g}]RU[{rules}]"
    if setup:
        sgf += f"HA[{handicap}]AB" + "".join(f"[{to_sgf(v, size)}]" for v in setup)
    for c, v in moves:
        sgf += f";{c}[{'' if v == 'PASS' else to_sgf(v, size)}]"
    return sgf + ")"


def game(size, level, handicap, seed):
    komi = 0.5 if handicap > 1 else 7.5
    g = Gtp(level, seed)
    setup, moves, color = opening(g, size, komi, handicap, seed)
    passes = 0
    limit = {9: 250, 13: 450, 19: 800}.get(size, 4 * size * size)
    while passes < 2 and len(moves) < limit:
        mv = g.send(f"genmove {color}").upper()
        if mv == "RESIGN":
            g.close()
            return None
        moves.append((color, mv))
        passes = passes + 1 if mv == "PASS" else 0
        color = "W" if color == "B" else "B"
    if passes < 2:
        g.close()
        return None
    before = stones(g)
    # The peer: GNU Go at level 10 on the same position.
    peer = replayed(10, seed, "chinese", size, komi, setup, moves)
    peer_dead = sorted(peer.send("final_status_list dead").upper().split())
    peer_seki = sorted(peer.send("final_status_list seki").upper().split())
    # The second cleanup: the level-10 GNU Go cleans the same position up on its own.
    removed2, _, _ = cleanup(peer, color, before, size)
    peer.close()
    # The first cleanup, by the game's own GNU Go.
    removed, cleanup_moves, after = cleanup(g, color, before, size)
    left_dead = g.send("final_status_list dead").upper().split()
    cleanup_score = g.send("final_score")
    g.close()
    dead = sorted(v for _, v in removed)
    # Sanity: a removed stone whose point ends in its own color's area after the cleanup was
    # probably alive and lost to a bad cleanup move (or replaced); such games are flagged.
    own = owner_map(size, after["B"], after["W"])
    suspect = sorted(v for c, v in removed if own.get(to_xy(v, size)) == c)
    bl = before["B"] - {v for c, v in removed if c == "B"}
    wl = before["W"] - {v for c, v in removed if c == "W"}
    ba, wa = area(size, bl, wl)
    margin = ba - wa - komi
    sgf = record_sgf(size, komi, "Chinese", handicap, setup, moves)
    return {
        "id": f"{size}x{size}-h{handicap}-l{level}-s{seed}",
        "size": size, "komi": komi, "handicap": handicap, "level": level, "seed": seed,
        "sgf": sgf,
        "dead": dead,
        "result": result_text(margin),
        "black_area": ba, "white_area": wa,
        "gnugo_dead": peer_dead, "gnugo_seki": peer_seki,
        "dead_second": sorted(v for _, v in removed2),
        "cleanups_agree": removed == removed2,
        "cleanup_moves": cleanup_moves, "cleanup_result": cleanup_score,
        "dead_left_after_cleanup": sorted(left_dead),
        "suspect": suspect,
    }


def replayed(level, seed, rules, size, komi, setup, moves):
    """A fresh GNU Go (`rules`: "chinese" or "japanese") with the game's moves replayed."""
    g = Gtp(level, seed, rules)
    g.send(f"boardsize {size}")
    g.send("clear_board")
    g.send(f"komi {komi}")
    if setup:
        g.send("set_free_handicap " + " ".join(setup))
    for c, v in moves:
        g.send(f"play {c} {v}")
    return g


def game_japanese(size, level, handicap, seed):
    """A game ended Japanese-style (README.md, "Games ended Japanese-style"): played to two passes
    under GNU Go's Japanese rules, so the two-pass position keeps open dame and dead stones; then
    cleaned up under area rules by fresh GNU Go processes that replay the moves with
    `--chinese-rules` (GNU Go's GTP cannot switch rules in a running game)."""
    komi = 0.5 if handicap > 1 else 6.5
    g = Gtp(level, seed, "japanese")
    setup, moves, color = opening(g, size, komi, handicap, seed)
    # GNU Go fills dame and plays out one-point boundaries even under Japanese rules; a player
    # here passes instead when GNU Go's best move is worth less than `pass_below` points (its own
    # move valuation, `top_moves`), as players of a Japanese-rules game do.
    pass_below = random.Random(seed * 7 + 1).choice(PASS_BELOW)
    passes = 0
    limit = {9: 250, 13: 450, 19: 800}.get(size, 4 * size * size)
    while passes < 2 and len(moves) < limit:
        mv = g.send(f"reg_genmove {color}").upper()
        if mv == "RESIGN":
            g.close()
            return None
        if mv != "PASS":
            top = g.send("top_moves").split()
            value = float(top[1]) if len(top) > 1 and top[0].upper() == mv else 0.0
            if value < pass_below:
                mv = "PASS"
        g.send(f"play {color} {mv}")
        moves.append((color, mv))
        passes = passes + 1 if mv == "PASS" else 0
        color = "W" if color == "B" else "B"
    if passes < 2:
        g.close()
        return None
    before = stones(g)
    japanese_score = g.send("final_score")
    g.close()
    # The peer: GNU Go level 10 (area rules) on the two-pass position; then it cleans the
    # position up on its own (the second cleanup).
    peer = replayed(10, seed, "chinese", size, komi, setup, moves)
    peer_dead = sorted(peer.send("final_status_list dead").upper().split())
    peer_seki = sorted(peer.send("final_status_list seki").upper().split())
    other = "W" if color == "B" else "B"
    removed2, _, _ = cleanup(peer, other, before, size)
    peer.close()
    # The first cleanup: the game's level under area rules.
    c = replayed(level, seed, "chinese", size, komi, setup, moves)
    removed, cleanup_moves, after = cleanup(c, color, before, size)
    left_dead = c.send("final_status_list dead").upper().split()
    cleanup_score = c.send("final_score")
    c.close()
    dead = sorted(v for _, v in removed)
    own = owner_map(size, after["B"], after["W"])
    suspect = sorted(v for col, v in removed if own.get(to_xy(v, size)) == col)
    bl = before["B"] - {v for col, v in removed if col == "B"}
    wl = before["W"] - {v for col, v in removed if col == "W"}
    ba, wa = area(size, bl, wl)
    aba, awa = area(size, after["B"], after["W"])
    sgf = record_sgf(size, komi, "Japanese", handicap, setup, moves)
    return {
        "id": f"{size}x{size}-h{handicap}-l{level}-s{seed}",
        "rules": "japanese",
        "size": size, "komi": komi, "handicap": handicap, "level": level, "seed": seed,
        "sgf": sgf,
        "dead": dead,
        "result": result_text(ba - wa - komi),
        "black_area": ba, "white_area": wa,
        "dame": size * size - ba - wa,
        "pass_below": pass_below,
        "cleanup_first": color, "second_cleanup_first": other,
        "japanese_score": japanese_score,
        "gnugo_dead": peer_dead, "gnugo_seki": peer_seki,
        "dead_second": sorted(v for _, v in removed2),
        "cleanups_agree": removed == removed2,
        "cleanup_moves": cleanup_moves, "cleanup_result": cleanup_score,
        "result_after_cleanup": result_text(aba - awa - komi),
        "black_area_after_cleanup": aba, "white_area_after_cleanup": awa,
        "dame_after_cleanup": size * size - aba - awa,
        "dead_left_after_cleanup": sorted(left_dead),
        "suspect": suspect,
    }


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    if sys.argv[1] in ("run", "run-japanese"):
        make = game if sys.argv[1] == "run" else game_japanese
        size, level, handicap, first, count = map(int, sys.argv[2:7])
        out = sys.argv[7] if len(sys.argv) > 7 else "out"
        os.makedirs(out, exist_ok=True)
        for seed in range(first, first + count):
            name = os.path.join(out, f"{size}x{size}-h{handicap}-l{level}-s{seed}.json")
            if os.path.exists(name):
                continue
            start = time.monotonic()
            rec = make(size, level, handicap, seed)
            if rec is None:
                print("skipped", name, flush=True)
                continue
            with open(name + ".tmp", "w") as f:
                json.dump(rec, f)
            os.rename(name + ".tmp", name)
            print(name, rec["result"], "dead", len(rec["dead"]), "gnugo", len(rec["gnugo_dead"]),
                  "suspect", len(rec["suspect"]), "agree", rec["cleanups_agree"],
                  f"{time.monotonic() - start:.0f}s", flush=True)
    elif sys.argv[1] == "recheck":
        # recheck JSONL OUTDIR: the second cleanup of every record of JSONL, one file per record
        src, out = sys.argv[2], sys.argv[3]
        os.makedirs(out, exist_ok=True)
        with open(src) as f:
            recs = [json.loads(line) for line in f if line.strip()]
        for rec in recs:
            name = os.path.join(out, rec["id"] + ".json")
            if "dead_second" in rec or os.path.exists(name):
                continue
            fields = recheck(rec)
            with open(name + ".tmp", "w") as f:
                json.dump(fields, f)
            os.rename(name + ".tmp", name)
            print(rec["id"], "agree" if fields["cleanups_agree"] else "DISAGREE",
                  sorted(rec["dead"]), fields["dead_second"], flush=True)
    elif sys.argv[1] == "merge":
        # merge JSONL OUTDIR: add the fields that `recheck` wrote to the records of JSONL
        src, out = sys.argv[2], sys.argv[3]
        with open(src) as f:
            recs = [json.loads(line) for line in f if line.strip()]
        done = 0
        for rec in recs:
            name = os.path.join(out, rec["id"] + ".json")
            if os.path.exists(name):
                with open(name) as f:
                    rec.update(json.load(f))
                done += 1
        with open(src, "w") as f:
            for r in recs:
                f.write(json.dumps(r, sort_keys=True) + "\n")
        print(done, "of", len(recs), "records rechecked")
    elif sys.argv[1] == "collect":
        out = sys.argv[2]
        target = sys.argv[3] if len(sys.argv) > 3 else "positions.jsonl"
        recs = []
        for name in sorted(os.listdir(out)):
            if name.endswith(".json"):
                with open(os.path.join(out, name)) as f:
                    recs.append(json.load(f))
        recs.sort(key=lambda r: (r["size"], r["handicap"], r["level"], r["seed"]))
        here = os.path.dirname(os.path.abspath(__file__))
        # A refuted truth (README.md, "Refuted truths") is set by hand: keep it across a collect.
        refuted = {}
        if os.path.exists(os.path.join(here, target)):
            with open(os.path.join(here, target)) as f:
                for line in f:
                    if line.strip():
                        old = json.loads(line)
                        if "truth_refuted" in old:
                            refuted[old["id"]] = old["truth_refuted"]
        for r in recs:
            if r["id"] in refuted:
                r["truth_refuted"] = refuted[r["id"]]
        with open(os.path.join(here, target), "w") as f:
            for r in recs:
                f.write(json.dumps(r, sort_keys=True) + "\n")
        print(len(recs), "positions")
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
