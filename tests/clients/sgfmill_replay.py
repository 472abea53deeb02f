#!/usr/bin/env python3
"""What `tengen bench replay` measures, done with sgfmill: parse every SGF record and play
every move of its main line on an sgfmill Board (which captures, and refuses an occupied point,
but checks no ko or superko), on one core and then on all cores (one process per core).

    python3 sgfmill_replay.py PATH... [--seconds S]

Prints records/s and moves/s for both, as `tengen bench replay` does."""
import argparse
import multiprocessing
import os
import sys
import time

from sgfmill import sgf, sgf_moves


def sgf_files(paths):
    out = []
    for p in paths:
        if os.path.isdir(p):
            for root, _, names in os.walk(p):
                out += [os.path.join(root, n) for n in names if n.lower().endswith(".sgf")]
        else:
            out.append(p)
    return sorted(set(out))


def replay(data):
    """Parses one record and plays its main line; returns (records, moves, failed)."""
    try:
        game = sgf.Sgf_game.from_bytes(data)
        board, plays = sgf_moves.get_setup_and_moves(game)
        for colour, move in plays:
            if move is not None:
                board.play(move[0], move[1], colour)
        return 1, len(plays), 0
    except ValueError:
        return 1, 0, 1


def run_for(corpus, seconds):
    start = time.perf_counter()
    records = moves = failed = 0
    while True:
        for data in corpus:
            r, m, f = replay(data)
            records += r
            moves += m
            failed += f
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return records, moves, failed, elapsed


def worker(args):
    corpus, seconds = args
    return run_for(corpus, seconds)


def report(label, records, moves, nbytes, elapsed):
    print(f"{label}: {records / elapsed:.0f} records/s, {moves / elapsed:.0f} moves/s, "
          f"{nbytes / elapsed / 1e6:.1f} MB/s ({records} records in {elapsed:.2f} s, "
          f"{elapsed * 1e6 / max(records, 1):.1f} µs/record)")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--seconds", type=float, default=3.0)
    a = ap.parse_args()
    corpus = []
    for f in sgf_files(a.paths):
        with open(f, "rb") as fh:
            corpus.append(fh.read())
    if not corpus:
        sys.exit("sgfmill_replay.py: no SGF file found")
    size = sum(len(d) for d in corpus)
    r, m, failed, _ = run_for(corpus, 0)
    print(f"corpus: {len(corpus)} files, {r} records, {m} moves, {size / 1e3:.1f} KB; "
          f"sgfmill (no ko check)")
    if failed:
        print(f"warning: {failed} records failed to replay")
    r, m, _, e = run_for(corpus, a.seconds)
    report("one core", r, m, size * r // len(corpus), e)
    n = os.cpu_count() or 1
    start = time.perf_counter()
    with multiprocessing.Pool(n) as pool:
        parts = pool.map(worker, [(corpus, a.seconds)] * n)
    e = time.perf_counter() - start
    r = sum(p[0] for p in parts)
    m = sum(p[1] for p in parts)
    report(f"all cores ({n} processes)", r, m, size * r // len(corpus), e)


if __name__ == "__main__":
    main()
