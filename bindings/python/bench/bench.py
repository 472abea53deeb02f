#!/usr/bin/env python3
"""tengen's Python bindings against their peers, in one run.

1. Per call, as a Python program plays: list the legal moves, apply one at random. Moves per
   second for tengen's GameState, dlgo.goboard_fast (the book's package) and sgfmill's board
   (sgfmill has no legality check: its "legal moves" are the empty points, and it allows suicide
   and ko; so it does less work).
2. Batched: tengen.BatchEnv on 9x9 stepping N games at once in Rust over all cores, legal masks
   returned every step; then with the AlphaGo Zero planes requested every step as well.
3. pgx / OpenSpiel: timed if importable (install them yourself; not required).

Usage: python bench/bench.py [--seconds S] [--batch N]
"""

import argparse
import os
import random
import time

import numpy as np

import tengen


def per_call_tengen(size, seconds, seed=1):
    rng = random.Random(seed)
    moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        s = tengen.GameState.new_game(size)
        for _ in range(size * size * 2):
            legal = s.legal_moves()
            if not legal:
                break
            plays = legal[:-2]
            s = s.apply_move(rng.choice(plays) if plays else legal[-2])
            moves += 1
    return moves / (time.perf_counter() - start)


def per_call_dlgo(size, seconds, seed=1):
    from dlgo import goboard_fast as gb

    rng = random.Random(seed)
    moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        s = gb.GameState.new_game(size)
        for _ in range(size * size * 2):
            legal = s.legal_moves()
            if not legal:
                break
            plays = legal[:-2]
            s = s.apply_move(rng.choice(plays) if plays else legal[-2])
            moves += 1
    return moves / (time.perf_counter() - start)


def per_call_sgfmill(size, seconds, seed=1):
    from sgfmill import boards

    rng = random.Random(seed)
    moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        b = boards.Board(size)
        colour = "b"
        for _ in range(size * size * 2):
            empty = [(r, c) for r in range(size) for c in range(size) if b.get(r, c) is None]
            if not empty:
                break
            r, c = rng.choice(empty)
            b.play(r, c, colour)
            colour = "w" if colour == "b" else "b"
            moves += 1
    return moves / (time.perf_counter() - start)


def batched(n, size, seconds, planes):
    env = tengen.BatchEnv(n, size, seed=7)
    env.reset()
    steps, step_time, cpu_time = 0, 0.0, 0.0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        actions = env.sample_actions()
        t0, c0 = time.perf_counter(), time.process_time()
        masks, results, dones = env.step(actions)
        if planes:
            env.planes()
        step_time += time.perf_counter() - t0
        cpu_time += time.process_time() - c0
        steps += n
    total = time.perf_counter() - start
    return steps / step_time, steps / total, steps / cpu_time


def pgx_bench(n, seconds):
    try:
        import jax
        import pgx
    except ImportError:
        return None
    env = pgx.make("go_9x9")
    init, step = jax.jit(jax.vmap(env.init)), jax.jit(jax.vmap(env.step))
    key = jax.random.PRNGKey(0)
    state = init(jax.random.split(key, n))
    def act(state, key):
        logits = jax.numpy.where(state.legal_action_mask, 0.0, -1e9)
        return jax.random.categorical(key, logits)
    act = jax.jit(act)
    state = step(state, act(state, key))  # compile
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        key, sub = jax.random.split(key)
        state = step(state, act(state, sub))
        state.legal_action_mask.block_until_ready()
        steps += n
    return steps / (time.perf_counter() - start)


def open_spiel_bench(size, seconds, seed=1):
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("go", {"board_size": size})
    rng = random.Random(seed)
    moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        s = game.new_initial_state()
        while not s.is_terminal():
            s.apply_action(rng.choice(s.legal_actions()))
            moves += 1
    return moves / (time.perf_counter() - start)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=3.0, help="time per figure")
    ap.add_argument("--batch", type=int, default=8192, help="games in the batched environment")
    args = ap.parse_args()
    print(f"tengen {tengen.__version__}, {os.cpu_count()} CPUs, {args.seconds:g} s per figure")
    print("\nper call: legal moves listed + one applied, moves/s")
    for size in (9, 19):
        print(f"  {size}x{size}:")
        print(f"    tengen GameState      {per_call_tengen(size, args.seconds):>12,.0f}")
        try:
            print(f"    dlgo.goboard_fast     {per_call_dlgo(size, args.seconds):>12,.0f}")
        except ImportError:
            print("    dlgo.goboard_fast     not installed (pip install --no-deps dlgo==0.2)")
        try:
            print(f"    sgfmill board         {per_call_sgfmill(size, args.seconds):>12,.0f}   (empty points only, no legality)")
        except ImportError:
            print("    sgfmill board         not installed (pip install sgfmill)")
        os_rate = open_spiel_bench(size, args.seconds)
        print(f"    OpenSpiel go          {os_rate:>12,.0f}" if os_rate else "    OpenSpiel go          not installed")
    print(f"\nbatched: tengen.BatchEnv({args.batch}, 9), light-playout actions from sample_actions()")
    print("  (per CPU-second: the rate per core actually used; it shows the capacity on a busy machine)")
    for planes, label in ((False, "step + legal masks          "), (True, "step + legal masks + planes ")):
        step_only, with_sampling, per_cpu = batched(args.batch, 9, args.seconds, planes=planes)
        print(f"  {label}  {step_only:>12,.0f} steps/s   ({with_sampling:,.0f} with sampling;"
              f" {per_cpu:,.0f} per CPU-second)")
    pgx_rate = pgx_bench(1024, args.seconds)
    print(f"  pgx go_9x9 (jax, CPU)          {pgx_rate:>12,.0f} steps/s" if pgx_rate else "  pgx                            not installed")


if __name__ == "__main__":
    main()
