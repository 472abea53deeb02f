"""The batched environment against GameState, move by move."""

import numpy as np
import pytest

from tengen import BatchEnv, GameState, IllegalMoveError, Move, Point


def action_to_move(a, size):
    if a == size * size:
        return Move.pass_turn()
    r, c = divmod(int(a), size)
    return Move.play(Point(size - r, c + 1))


def test_shapes_and_reset():
    env = BatchEnv(3, 9, seed=1)
    masks = env.reset()
    assert masks.shape == (3, 82) and masks.dtype == np.bool_ and masks.all()
    assert env.observe().shape == (3, 9, 9) and env.observe().dtype == np.int8
    assert env.planes().shape == (3, 17, 9, 9)
    assert env.num_actions == 82 and env.n == 3 and env.size == 9
    assert (env.to_move() == 1).all()


def test_two_passes_end_score_and_auto_reset():
    env = BatchEnv(2, 5, seed=0)
    env.step(np.array([12, 25]))
    masks, results, dones = env.step(np.array([25, 25]))
    # Game 1 passed twice: empty board, komi 7.5, white wins; then it starts again.
    assert list(dones) == [False, True]
    assert list(results) == [0, -1]
    assert env.move_numbers().tolist() == [2, 0]
    assert masks[1].all() and not masks[0][12]
    assert env.observe()[1].sum() == 0


def test_results_black_win_and_max_moves():
    env = BatchEnv(1, 3, rules="chinese,komi=0.5", max_moves=3)
    env.step([4])  # black in the centre owns the board
    env.step([9])
    _, results, dones = env.step([9])
    assert dones[0] and results[0] == 1
    env = BatchEnv(1, 3, max_moves=2)
    env.step([0])
    _, _, dones = env.step([8])
    assert dones[0]


def test_illegal_action_raises_and_nothing_moves():
    env = BatchEnv(2, 9)
    env.step(np.array([40, 40]))
    before = env.observe().copy()
    with pytest.raises(IllegalMoveError, match="game 1"):
        env.step(np.array([0, 40]))  # occupied in game 1
    with pytest.raises(ValueError):
        env.step(np.array([0, 82]))
    with pytest.raises(ValueError):
        env.step(np.array([0]))
    assert (env.observe() == before).all()
    assert env.move_numbers().tolist() == [1, 1]


@pytest.mark.parametrize("rules", ["chinese", "tromp-taylor", "japanese"])
def test_matches_game_state(rules):
    n, size = 6, 7
    env = BatchEnv(n, size, rules=rules, seed=3, max_moves=120)
    states = [GameState.new_game(size, rules=rules) for _ in range(n)]
    masks = env.reset()
    for _ in range(300):
        for g in range(n):
            assert (masks[g] == states[g].legal_mask()).all()
            assert (env.observe()[g] == states[g].board_array()).all()
            assert (env.planes()[g] == states[g].planes()).all()
        actions = env.sample_actions()
        masks, results, dones = env.step(actions)
        for g in range(n):
            states[g] = states[g].apply_move(action_to_move(actions[g], size))
            ended = states[g].is_over() or states[g].move_number >= 120
            assert bool(dones[g]) == ended
            if ended:
                states[g] = GameState.new_game(size, rules=rules)


def test_many_games_threads():
    env = BatchEnv(2048, 9, seed=5)
    for _ in range(100):
        masks, results, dones = env.step(env.sample_actions())
    assert masks.shape == (2048, 82)
    assert masks[:, -1].all()
