#!/usr/bin/env python3
"""SGF interop between tengen, GNU Go and sgfmill.

    python3 sgf_interop.py TENGEN GNUGO CORPUS_DIR OUT_DIR

For every record of the corpus (written by GNU Go):
  1. tengen reads it (GTP `loadsgf`) to the same game: same final position as sgfmill's replay
     of the same file, and the same color to move as GNU Go's `loadsgf` answers, also for
     `loadsgf FILE N` at a few move numbers;
  2. tengen writes it (GTP `printsgf FILE`) and sgfmill reads that file to the same size, set-up,
     komi, handicap and moves as the original;
  3. sgfmill writes the game afresh and tengen reads that to the same final position.
For a few records, GNU Go's own GTP `printsgf` (the position as AB/AW set-up) reads in tengen to
the position GNU Go reports. Writes OUT_DIR/manifest.json (tengen-written files and their moves)
for sgf_interop.js. Prints one line per check, then `RESULT passed failed`.
"""
import json
import os
import sys

from sgfmill import boards, sgf, sgf_moves

from gtp_pipe import Gtp

COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def vertex(row, col):
    return f"{COLUMNS[col]}{row + 1}"


def position(board):
    """(black vertices, white vertices), each sorted."""
    out = {"b": [], "w": []}
    for row in range(board.side):
        for col in range(board.side):
            c = board.get(row, col)
            if c:
                out[c].append(vertex(row, col))
    return sorted(out["b"]), sorted(out["w"])


def engine_position(engine):
    _, b = engine.send("list_stones black")
    _, w = engine.send("list_stones white")
    return sorted(b.split()), sorted(w.split())


def summary(game):
    """Size, set-up, komi, handicap and moves of an sgfmill game."""
    root = game.get_root()
    setup = tuple(sorted(map(tuple, root.get(p) if root.has_property(p) else []))
                  for p in ("AB", "AW"))
    komi = root.get("KM") if root.has_property("KM") else None
    ha = root.get("HA") if root.has_property("HA") else None
    moves = [node.get_move() for node in game.get_main_sequence()[1:]]
    moves = [m for m in moves if m[0] is not None]
    return {"size": game.get_size(), "setup": setup, "komi": komi,
            "handicap": ha or None, "moves": moves}


def final_board(game):
    board, plays = sgf_moves.get_setup_and_moves(game)
    for colour, move in plays:
        if move is not None:
            board.play(move[0], move[1], colour)
    return board, plays


def main():
    tengen_bin, gnugo_bin, corpus, out = sys.argv[1:5]
    os.makedirs(out, exist_ok=True)
    passed = failed = 0

    def check(name, ok, detail=""):
        nonlocal passed, failed
        if ok:
            passed += 1
            print(f"ok   {name}")
        else:
            failed += 1
            print(f"FAIL {name}: {detail}")

    tengen = Gtp([tengen_bin, "gtp"])
    gnugo = Gtp([gnugo_bin, "--mode", "gtp", "--level", "1"])
    manifest = []
    files = sorted(f for f in os.listdir(corpus) if f.endswith(".sgf"))
    for i, name in enumerate(files):
        path = os.path.join(corpus, name)
        with open(path, "rb") as fh:
            original = sgf.Sgf_game.from_bytes(fh.read())
        want = summary(original)
        board, plays = final_board(original)

        # 1. GNU Go's record read by tengen: same position as sgfmill, same color to move as GNU Go.
        ok, to_move = tengen.send(f"loadsgf {path}")
        _, gg_to_move = gnugo.send(f"loadsgf {path}")
        check(f"tengen reads {name}", ok and to_move == gg_to_move
              and engine_position(tengen) == position(board),
              f"answer {to_move!r} (GNU Go {gg_to_move!r}), or positions differ")
        n = len(plays)
        for k in sorted({1, 2, n // 2, n, n + 1}):
            ok_t, t = tengen.send(f"loadsgf {path} {k}")
            _, g = gnugo.send(f"loadsgf {path} {k}")
            same = ok_t and t == g and engine_position(tengen) == engine_position(gnugo)
            if not same:
                check(f"loadsgf {name} {k}", False, f"tengen {t!r}, GNU Go {g!r}")
                break
        else:
            check(f"loadsgf {name} N as GNU Go (N in 1, 2, {n // 2}, {n}, {n + 1})", True)

        # 2. tengen writes it; sgfmill reads the same game.
        written = os.path.abspath(os.path.join(out, f"tengen-{name}"))
        tengen.send(f"loadsgf {path}")
        ok, _ = tengen.send(f"printsgf {written}")
        try:
            with open(written, "rb") as fh:
                got = summary(sgf.Sgf_game.from_bytes(fh.read()))
            same = ok and got == want
            detail = f"{got} != {want}"
        except (OSError, ValueError) as e:
            same, detail = False, str(e)
        check(f"sgfmill reads tengen's {name}", same, detail)
        manifest.append({"file": written, "size": want["size"],
                         "moves": [[c.upper(), None if m is None else vertex(*m)]
                                   for c, m in want["moves"]],
                         "black": sorted(vertex(*p) for p in want["setup"][0]),
                         "white": sorted(vertex(*p) for p in want["setup"][1])})

        # 3. sgfmill writes it afresh; tengen reads the same game.
        fresh = sgf.Sgf_game(size=want["size"])
        root = fresh.get_root()
        if want["komi"] is not None:
            root.set("KM", want["komi"])
        if want["handicap"]:
            root.set("HA", want["handicap"])
        if want["setup"][0] or want["setup"][1]:
            root.set_setup_stones(want["setup"][0], want["setup"][1])
        for colour, move in want["moves"]:
            fresh.extend_main_sequence().set_move(colour, move)
        mine = os.path.abspath(os.path.join(out, f"sgfmill-{name}"))
        with open(mine, "wb") as fh:
            fh.write(fresh.serialise())
        ok, _ = tengen.send(f"loadsgf {mine}")
        _, printed = tengen.send("printsgf")
        reread = summary(sgf.Sgf_game.from_bytes(printed.encode()))
        check(f"tengen reads sgfmill's {name}", ok and engine_position(tengen) == position(board)
              and reread["moves"] == want["moves"], "positions or moves differ")

        # GNU Go's own GTP printsgf (a position as set-up), every third record.
        if i % 3 == 0:
            diagram = os.path.abspath(os.path.join(out, f"gnugo-printsgf-{name}"))
            gnugo.send(f"loadsgf {path}")
            gnugo.send(f"printsgf {diagram}")
            ok, t = tengen.send(f"loadsgf {diagram}")
            _, g = gnugo.send(f"loadsgf {diagram}")
            check(f"tengen reads GNU Go's printsgf of {name}",
                  ok and t == g and engine_position(tengen) == engine_position(gnugo),
                  f"tengen {t!r}, GNU Go {g!r}")

    tengen.close()
    gnugo.close()
    with open(os.path.join(out, "manifest.json"), "w") as fh:
        json.dump(manifest, fh)
    print(f"RESULT {passed} {failed}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
