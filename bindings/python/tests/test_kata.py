"""Every example of the kata (a Go-board coding exercise) in Python form."""

import pytest

from tengen import Go, IllegalMoveError

EMPTY9 = [["."] * 9 for _ in range(9)]


def rows(text):
    return [line.split() for line in text.strip().splitlines()]


def place(game, black, white):
    """Plays black and white stones alternately, black first, passing for the side that runs out."""
    for k in range(max(len(black), len(white))):
        game.move(black[k]) if k < len(black) else game.pass_turn()
        game.move(white[k]) if k < len(white) else game.pass_turn()


CAPTURE_BEFORE = """
. x o o o o o . .
. x o o o o o x .
. . x o o o x . .
. . . x o o x . .
. . x . x x . . .
. . . . . . . o .
. . x . . . . . .
. . . x . . o . .
. . . . . . . . .
"""
CAPTURE_AFTER = """
. x . . . . . x .
. x . . . . . x .
. . x . . . x . .
. . . x . . x . .
. . x . x x . . .
. . . . . . . o .
. . x . . . . . .
. . . x . . o . .
. . . . . . . . .
"""
BLACK = ["9B", "8B", "8H", "7C", "7G", "6D", "6G", "5C", "5E", "5F", "3C", "2D"]
WHITE = ["9C", "9D", "9E", "9F", "9G", "8C", "8D", "8E", "8F", "8G", "7D", "7E", "7F",
         "6E", "6F", "4H", "2G"]


def test_new_board_is_empty():
    game = Go(9)
    assert game.board == EMPTY9


def test_placing_stones():
    game = Go(9)
    game.move("7A")
    game.move("1A")
    expected = [row[:] for row in EMPTY9]
    expected[2][0] = "x"
    expected[8][0] = "o"
    assert game.board == expected
    assert str(game) == "\n".join([
        "  A B C D E F G H J",
        "9 . . . . . . . . .",
        "8 . . . . . . . . .",
        "7 x . . . . . . . .",
        "6 . . . . . . . . .",
        "5 . . . . . . . . .",
        "4 . . . . . . . . .",
        "3 . . . . . . . . .",
        "2 . . . . . . . . .",
        "1 o . . . . . . . .",
    ])


def test_several_moves_in_one_call_and_lower_case():
    game = Go(9)
    game.move("7a", "1A", "5E")
    assert game.get_position("7A") == "x"
    assert game.get_position("1a") == "o"
    assert game.get_position("5E") == "x"
    assert game.turn == "white"


def test_capturing():
    game = Go(9)
    place(game, BLACK, WHITE)
    assert game.board == rows(CAPTURE_BEFORE)
    assert game.turn == "black"
    game.move("9H")
    assert game.board == rows(CAPTURE_AFTER)


def test_self_capture_is_illegal():
    game = Go(9)
    place(game, BLACK, WHITE)
    game.move("9J")
    before = game.board
    assert game.turn == "white"
    with pytest.raises(ValueError):
        game.move("9H")
    assert game.board == before
    assert game.turn == "white"


def test_ko_rule():
    game = Go(9)
    game.move("9F", "9C", "8E", "8D")
    game.pass_turn()
    game.move("9E")  # move 1
    move1 = game.board
    game.move("9D")  # move 2: black takes the ko
    assert game.get_position("9E") == "."
    move2 = game.board
    with pytest.raises(IllegalMoveError):
        game.move("9E")  # move 3: white may not take back at once
    assert game.board == move2 != move1
    assert game.turn == "white"
    game.move("1A", "1J")  # a ko threat and its answer
    game.move("9E")  # now legal
    assert game.get_position("9D") == "."


def test_illegal_move_is_a_value_error_and_earlier_moves_stand():
    game = Go(9)
    game.move("5E")
    with pytest.raises(ValueError):
        game.move("3C", "5E", "4D")
    assert game.get_position("3C") == "o"
    assert game.get_position("4D") == "."
    assert game.turn == "black"


@pytest.mark.parametrize("vertex", ["10A", "0A", "1K", "9I", "A1", "", "5"])
def test_out_of_bounds_and_bad_vertices(vertex):
    game = Go(9)
    with pytest.raises(ValueError):
        game.move(vertex)
    assert game.board == EMPTY9
    assert game.turn == "black"


def test_occupied_point():
    game = Go(9)
    game.move("5E")
    with pytest.raises(ValueError):
        game.move("5E")


def test_handicap_19():
    game = Go(19)
    game.handicap_stones(3)
    stones = {(r, c) for r, row in enumerate(game.board) for c, v in enumerate(row) if v == "x"}
    # 1 top-right, 2 bottom-left, 3 bottom-right (row index from the top).
    assert stones == {(3, 15), (15, 3), (15, 15)}
    assert game.get_position("16Q") == game.get_position("4D") == game.get_position("4Q") == "x"
    assert game.turn == "black"


@pytest.mark.parametrize("size,n,points", [
    (9, 5, {(2, 6), (6, 2), (6, 6), (2, 2), (4, 4)}),
    (13, 9, {(3, 9), (9, 3), (9, 9), (3, 3), (6, 6), (6, 3), (6, 9), (3, 6), (9, 6)}),
    (19, 9, {(3, 15), (15, 3), (15, 15), (3, 3), (9, 9), (9, 3), (9, 15), (3, 9), (15, 9)}),
])
def test_handicap_order(size, n, points):
    game = Go(size)
    game.handicap_stones(n)
    stones = {(r, c) for r, row in enumerate(game.board) for c, v in enumerate(row) if v == "x"}
    assert stones == points


def test_invalid_handicap():
    with pytest.raises(ValueError):
        Go(10).handicap_stones(2)  # only 9x9, 13x13, 19x19
    with pytest.raises(ValueError):
        Go(9).handicap_stones(6)  # too many
    with pytest.raises(ValueError):
        Go(19).handicap_stones(10)
    game = Go(9)
    game.move("5E")
    with pytest.raises(ValueError):
        game.handicap_stones(2)  # after the first move
    game = Go(9)
    game.handicap_stones(2)
    with pytest.raises(ValueError):
        game.handicap_stones(2)  # twice
    assert sum(row.count("x") for row in game.board) == 2


def test_size():
    game = Go(9, 6)
    assert game.size == {"height": 9, "width": 6}
    assert len(game.board) == 9 and all(len(row) == 6 for row in game.board)
    game.move("9F")
    assert game.board[0][5] == "x"
    assert Go(9).size == {"height": 9, "width": 9}


@pytest.mark.parametrize("args", [(0,), (26,), (9, 0), (9, 26), (-1,)])
def test_invalid_sizes(args):
    with pytest.raises(ValueError):
        Go(*args)


def test_rollback():
    game = Go(9)
    game.move("5E", "4E")
    game.pass_turn()
    game.move("3E")
    game.rollback(2)  # the pass counts
    assert game.get_position("3E") == "."
    assert game.get_position("4E") == "o"
    assert game.turn == "black"
    with pytest.raises(ValueError):
        game.rollback(3)
    assert game.get_position("4E") == "o"
    game.rollback(2)
    assert game.board == EMPTY9


def test_get_position():
    game = Go(9)
    game.move("1A")
    assert game.get_position("1A") == "x"
    assert game.get_position("2A") == "."
    game.move("2A")
    assert game.get_position("2A") == "o"


def test_turn_and_pass():
    game = Go(9)
    assert game.turn == "black"
    game.pass_turn()
    assert game.turn == "white"
    game.pass_turn()
    assert game.turn == "black"


def test_reset():
    game = Go(9)
    game.handicap_stones(2)
    game.move("5E", "4E")
    game.reset()
    assert game.board == EMPTY9
    assert game.turn == "black"
    game.handicap_stones(2)  # allowed again


def test_rules_keyword():
    game = Go(9, rules="tromp-taylor")
    assert game.rules.startswith("ko=positional,suicide=allowed")
    assert Go(9).rules == "ko=simple,suicide=forbidden,scoring=area,komi=0,handicap-bonus=0"
    with pytest.raises(ValueError):
        Go(9, rules="no-such-rules")
