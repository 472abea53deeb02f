"""dlgo's game-state API (from *Deep Learning and the Game of Go*), a game through both APIs, and the ML arrays."""

import random

import numpy as np
import pytest

from tengen import GameState, Go, IllegalMoveError, Move, Player, Point

LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def play(state, *moves):
    for m in moves:
        if m == "pass":
            m = Move.pass_turn()
        elif m == "resign":
            m = Move.resign()
        else:
            m = Move.play(Point(*m))
        state = state.apply_move(m)
    return state


def test_value_types():
    assert Point(1, 2) == Point(1, 2) == (1, 2)
    assert hash(Point(1, 2)) == hash((1, 2))
    row, col = Point(3, 4)
    assert (row, col) == (3, 4) and Point(3, 4).row == 3 and Point(3, 4)[1] == 4
    assert Point(2, 2).neighbors() == [Point(1, 2), Point(3, 2), Point(2, 1), Point(2, 3)]
    assert Move.play(Point(1, 1)) == Move.play(Point(1, 1)) != Move.play(Point(1, 2))
    assert len({Move.play(Point(1, 1)), Move.play(Point(1, 1)), Move.pass_turn(), Move.pass_turn()}) == 2
    m = Move.play(Point(4, 5))
    assert m.is_play and not m.is_pass and not m.is_resign and m.point == Point(4, 5)
    assert Move.pass_turn().is_pass and Move.pass_turn().point is None
    assert Move.resign().is_resign
    assert str(m) == "(r 4, c 5)" and str(Move.pass_turn()) == "pass"
    assert Move(is_pass=True) == Move.pass_turn()
    assert Player.black.other == Player.white and Player.white.other == Player.black
    assert Player.black != Player.white and Player.black.value == 1


def test_new_game_and_moves():
    s = GameState.new_game(19)
    assert s.board.num_rows == s.board.num_cols == 19
    assert s.next_player == Player.black
    assert s.previous_state is None and s.last_move is None
    assert not s.is_over()
    assert len(s.legal_moves()) == 361 + 2
    s2 = s.apply_move(Move.play(Point(4, 4)))
    assert s2.board.get(Point(4, 4)) == Player.black
    assert s.board.get(Point(4, 4)) is None  # the old state is unchanged
    assert s2.previous_state.board.get(Point(4, 4)) is None
    assert s2.last_move == Move.play(Point(4, 4))
    assert s2.next_player == Player.white
    assert GameState.new_game((9, 13)).board.num_cols == 13


def test_legal_moves_order_is_dlgos():
    s = GameState.new_game(3)
    moves = s.legal_moves()
    assert [m.point for m in moves[:-2]] == [Point(r, c) for r in range(1, 4) for c in range(1, 4)]
    assert moves[-2] == Move.pass_turn() and moves[-1] == Move.resign()


def test_game_over():
    s = play(GameState.new_game(9), "pass")
    assert not s.is_over()
    s = play(s, "pass")
    assert s.is_over() and s.legal_moves() == []
    assert not s.is_valid_move(Move.play(Point(1, 1)))
    assert play(GameState.new_game(9), (1, 1), "resign").is_over()
    with pytest.raises(IllegalMoveError):
        play(GameState.new_game(9), "resign", (1, 1))


def test_illegal_moves_raise_and_checks():
    s = play(GameState.new_game(9), (5, 5))
    assert not s.is_valid_move(Move.play(Point(5, 5)))
    with pytest.raises(IllegalMoveError):
        s.apply_move(Move.play(Point(5, 5)))
    with pytest.raises(ValueError):
        s.apply_move(Move.play(Point(10, 1)))
    assert not s.is_valid_move(Move.play(Point(0, 1)))
    # White stones at B1 and A2 make A1 a suicide for black.
    s = play(GameState.new_game(9), (5, 5), (1, 2), (5, 6), (2, 1))
    assert s.is_move_self_capture(Player.black, Move.play(Point(1, 1)))
    assert not s.is_move_self_capture(Player.white, Move.play(Point(1, 1)))
    assert not s.is_valid_move(Move.play(Point(1, 1)))


def test_ko():
    # The kata's ko at the top edge: black F9 E8, white C9 D8 E9; black D9 takes E9.
    s = GameState.new_game(9)
    s = play(s, (9, 6), (9, 3), (8, 5), (8, 4), "pass", (9, 5), (9, 4))
    assert s.board.get(Point(9, 5)) is None  # black took the ko
    retake = Move.play(Point(9, 5))
    assert s.does_move_violate_ko(Player.white, retake)
    assert not s.is_valid_move(retake)
    assert not s.is_move_self_capture(Player.white, retake)
    s = play(s, (1, 1), (1, 9))
    assert s.is_valid_move(retake) and not s.does_move_violate_ko(Player.white, retake)


def test_go_string():
    s = play(GameState.new_game(9), (5, 5), (1, 1), (5, 6))
    gs = s.board.get_go_string(Point(5, 6))
    assert gs.color == Player.black
    assert gs.stones == frozenset({Point(5, 5), Point(5, 6)})
    assert gs.num_liberties == 6
    assert s.board.get_go_string(Point(3, 3)) is None


def test_branches_share_and_stay_correct():
    root = play(GameState.new_game(9), (5, 5), (4, 4))
    a = play(root, (1, 1), (1, 2))
    b = play(root, (1, 2), (1, 1))
    la, lb = a.legal_moves(), b.legal_moves()
    for _ in range(3):  # jumping between branches moves the cached game back and forth
        assert a.legal_moves() == la and b.legal_moves() == lb
        assert a.board.get(Point(1, 1)) == Player.black and b.board.get(Point(1, 1)) == Player.white
        assert root.legal_moves() == play(GameState.new_game(9), (5, 5), (4, 4)).legal_moves()


def test_long_chain_is_cheap_to_drop():
    s = GameState.new_game(5)
    for _ in range(20000):
        s = s.apply_move(Move.pass_turn())
    del s


def test_rules_keyword():
    assert GameState.new_game(9).rules == "ko=situational,suicide=forbidden,scoring=area,komi=7.5,handicap-bonus=n"
    assert GameState.new_game(9, rules="japanese").rules.startswith("ko=simple,suicide=forbidden,scoring=territory")
    with pytest.raises(ValueError):
        GameState.new_game(9, rules="ko=sometimes")
    # Suicide allowed: a lone-stone suicide under Tromp-Taylor's positional superko is refused,
    # a multi-stone one is legal.
    s = play(GameState.new_game(5, rules="tromp-taylor"), (5, 5), (1, 2), (5, 4), (2, 1))
    assert not s.is_valid_move(Move.play(Point(1, 1)))
    assert s.is_move_self_capture(Player.black, Move.play(Point(1, 1)))


def test_game_through_both_apis():
    rng = random.Random(7)
    kata = Go(9)
    state = GameState.new_game(9, rules="simple")
    for _ in range(150):
        moves = state.legal_moves()[:-1]  # no resignation
        move = rng.choice(moves) if rng.random() > 0.05 else Move.pass_turn()
        state = state.apply_move(move)
        if move.is_pass:
            kata.pass_turn()
        else:
            kata.move(f"{move.point.row}{LETTERS[move.point.col - 1]}")
        arr = state.board_array()
        assert kata.board == [["x" if v == 1 else "o" if v == -1 else "." for v in row] for row in arr]
        assert kata.turn == state.next_player.name
        if state.is_over():
            break


def test_board_array_and_mask_hand_checked():
    s = play(GameState.new_game(5), (1, 1), (5, 5))  # black A1 (bottom-left), white E5 (top-right)
    arr = s.board_array()
    assert arr.dtype == np.int8 and arr.shape == (5, 5)
    expected = np.zeros((5, 5), np.int8)
    expected[4, 0] = 1
    expected[0, 4] = -1
    assert (arr == expected).all()
    mask = s.legal_mask()
    assert mask.dtype == np.bool_ and mask.shape == (26,)
    assert not mask[4 * 5 + 0] and not mask[0 * 5 + 4] and mask[25]
    assert mask.sum() == 24
    rect = play(GameState.new_game((3, 4)), (3, 4))  # top-right of 3 rows x 4 columns
    assert rect.board_array().shape == (3, 4) and rect.board_array()[0, 3] == 1
    assert rect.legal_mask().shape == (13,) and not rect.legal_mask()[3]


def test_mask_excludes_ko_and_suicide():
    s = GameState.new_game(9)
    s = play(s, (9, 6), (9, 3), (8, 5), (8, 4), "pass", (9, 5), (9, 4))
    mask = s.legal_mask()
    assert not mask[0 * 9 + 4]  # E9, the ko
    assert mask.sum() == len(s.legal_moves()) - 1  # pass in both, resign only in the list


def test_planes_hand_checked():
    s0 = GameState.new_game(5)
    s1 = play(s0, (1, 1))       # black A1 -> [4, 0]
    s2 = play(s1, (5, 5))       # white E5 -> [0, 4]
    s3 = play(s2, (3, 3))       # black C3 -> [2, 2]
    p = s3.planes()  # white to move
    assert p.dtype == np.int8 and p.shape == (17, 5, 5)
    def stones(plane):
        return {tuple(x) for x in np.argwhere(plane)}
    assert stones(p[0]) == {(0, 4)}            # white now
    assert stones(p[1]) == {(0, 4)}            # white after move 2
    assert stones(p[2]) == set()               # white after move 1
    assert stones(p[3]) == set()               # the start
    assert all(stones(p[k]) == set() for k in range(4, 8))  # before the start
    assert stones(p[8]) == {(4, 0), (2, 2)}    # black now
    assert stones(p[9]) == {(4, 0)}
    assert stones(p[10]) == {(4, 0)}
    assert stones(p[11]) == set()
    assert (p[16] == 0).all()                  # white to move
    q = s2.planes()  # black to move
    assert stones(q[0]) == {(4, 0)} and stones(q[8]) == {(0, 4)} and (q[16] == 1).all()
    assert (s0.planes()[16] == 1).all() and s0.planes()[:16].sum() == 0
