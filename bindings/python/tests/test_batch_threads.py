"""BatchEnv's thread pool: the games and every array are the same whatever the thread count."""

import numpy as np
import pytest

from tengen import BatchEnv


def run(threads, steps=150):
    env = BatchEnv(300, 7, rules="tromp-taylor", seed=11, max_moves=60, threads=threads)
    assert env.threads == threads
    out = [env.reset()]
    for _ in range(steps):
        actions = env.sample_actions()
        masks, results, dones = env.step(actions)
        out += [actions, masks, results, dones]
    out += [env.observe(), env.planes(), env.to_move(), env.move_numbers()]
    return out


def test_same_games_with_one_two_and_three_threads():
    one = run(1)
    for t in (2, 3):
        other = run(t)
        assert len(one) == len(other)
        for a, b in zip(one, other):
            assert a.shape == b.shape and a.dtype == b.dtype
            assert (a == b).all()
    # Games ended and restarted along the way (60 moves at most), so resets were exercised.
    dones = np.stack(one[4:-4:4])
    assert dones.any()


def test_threads_default_and_errors():
    env = BatchEnv(4, 5)
    assert env.threads >= 1
    assert "threads" in repr(env)
    with pytest.raises(ValueError):
        BatchEnv(4, 5, threads=0)


def test_arrays_are_fresh_and_writable():
    env = BatchEnv(8, 5, threads=2)
    masks = env.legal_masks()
    masks[:] = False  # the caller owns it: the next call is unaffected
    assert env.legal_masks().all()
    planes = env.planes()
    assert planes.flags["C_CONTIGUOUS"] and planes.flags["WRITEABLE"]
    assert (planes[:, 16] == 1).all() and (planes[:, :16] == 0).all()


def test_planes_held_by_the_caller_are_never_overwritten():
    # planes() reuses an earlier array only when nothing in Python refers to it any more.
    env = BatchEnv(16, 5, seed=1, threads=2)
    held = env.planes()
    snapshot = held.copy()
    view = env.planes()[3]  # a view keeps its base array alive too
    view_snapshot = view.copy()
    for _ in range(6):
        env.step(env.sample_actions())
        p = env.planes()
        del p
    assert (held == snapshot).all()
    assert (view == view_snapshot).all()
