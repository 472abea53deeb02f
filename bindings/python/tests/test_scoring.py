"""GameState.winner() against dlgo 0.2 live, and GameState.score() on hand-worked positions.

winner(): random games on 5x5, 9x9 and 13x13 (fixed seeds) played to two passes or a
resignation in both tengen and `dlgo.goboard_fast` (`pip install --no-deps dlgo==0.2`); the
winners must be equal, and None in both before the end. dlgo counts with its own rules (stones
plus empty regions touching one color, no dead stones, komi 7.5), and tengen reproduces that.
"""

import random

import pytest

import tengen


def to_dlgo(move):
    dlgo_fast = pytest.importorskip("dlgo.goboard_fast")
    dlgo_types = pytest.importorskip("dlgo.gotypes")
    if move.is_pass:
        return dlgo_fast.Move.pass_turn()
    if move.is_resign:
        return dlgo_fast.Move.resign()
    return dlgo_fast.Move.play(dlgo_types.Point(move.point.row, move.point.col))


def same_player(t_player, d_player):
    dlgo_types = pytest.importorskip("dlgo.gotypes")
    if t_player is None or d_player is None:
        return t_player is None and d_player is None
    return (t_player == tengen.Player.black) == (d_player == dlgo_types.Player.black)


@pytest.mark.parametrize(
    "size,seed,fill,white_pass",
    [
        (5, 1, 0.9, 0.0),
        (5, 2, 0.3, 0.3),
        (9, 3, 0.8, 0.15),
        (9, 4, 0.2, 0.0),
        (9, 5, 0.95, 0.25),
        (13, 6, 0.6, 0.2),
    ],
)
def test_winner_matches_dlgo(size, seed, fill, white_pass):
    games(size, seed, fill, white_pass)


def games(size, seed, fill, white_pass):
    """Plays 12 seeded games in tengen and dlgo alike, checks the winners agree after every
    move, and returns the set of winners. White passes now and then during the game
    (white_pass), so that black wins some games and counts land on both sides of dlgo's komi."""
    dlgo_fast = pytest.importorskip("dlgo.goboard_fast")
    rng = random.Random(seed)
    games = 0
    winners = set()
    for _ in range(12):
        t = tengen.GameState.new_game(size)
        d = dlgo_fast.GameState.new_game(size)
        # Play a part of the board at random, then pass twice (or resign now and then).
        for _ in range(int(size * size * fill)):
            plays = [m for m in t.legal_moves() if m.is_play]
            if not plays:
                break
            m = rng.choice(plays)
            if t.next_player == tengen.Player.white and rng.random() < white_pass:
                m = tengen.Move.pass_turn()
            t = t.apply_move(m)
            d = d.apply_move(to_dlgo(m))
            assert same_player(t.winner(), d.winner()) and t.winner() is None
        if rng.random() < 0.15:
            ends = [tengen.Move.resign()]
        else:
            ends = [tengen.Move.pass_turn(), tengen.Move.pass_turn()]
        for m in ends:
            t = t.apply_move(m)
            d = d.apply_move(to_dlgo(m))
        assert t.is_over() and d.is_over()
        assert t.winner() is not None
        assert same_player(t.winner(), d.winner()), (seed, str(t.board))
        winners.add(t.winner())
        games += 1
    assert games == 12
    return winners


def test_winner_seeds_cover_both_winners():
    # The seeded games above are won by both colors (else they would not test the komi test).
    winners = set()
    for args in [(5, 1, 0.9, 0.0), (5, 2, 0.3, 0.3), (9, 3, 0.8, 0.15), (9, 5, 0.95, 0.25)]:
        winners |= games(*args)
    assert winners == {tengen.Player.black, tengen.Player.white}


def test_winner_by_hand():
    # 5x5: black plays the C column, white the D column, then both pass. Black owns columns A-C
    # (15 points), white D-E (10 points). dlgo: 15 > 10 + 7.5 is false: white wins with dlgo's
    # fixed komi.
    s = tengen.GameState.new_game(5)
    for row in range(1, 6):
        s = s.apply_move(tengen.Move.play(tengen.Point(row, 3)))
        s = s.apply_move(tengen.Move.play(tengen.Point(row, 4)))
    assert s.winner() is None
    s = s.apply_move(tengen.Move.pass_turn()).apply_move(tengen.Move.pass_turn())
    assert s.winner() == tengen.Player.white
    # Black resigning: white wins; white resigning: black wins.
    r = tengen.GameState.new_game(5).apply_move(tengen.Move.resign())
    assert r.winner() == tengen.Player.white
    r = tengen.GameState.new_game(5).apply_move(tengen.Move.pass_turn()).apply_move(tengen.Move.resign())
    assert r.winner() == tengen.Player.black


def test_score_is_the_json_object():
    # The same 5x5 position under the default (area) rules with komi 7.5: black 15 (5 stones +
    # 10 empty), white 10 + 7.5 = 17.5: W+2.5. Nothing is dead.
    s = tengen.GameState.new_game(5)
    for row in range(1, 6):
        s = s.apply_move(tengen.Move.play(tengen.Point(row, 3)))
        s = s.apply_move(tengen.Move.play(tengen.Point(row, 4)))
    s = s.apply_move(tengen.Move.pass_turn()).apply_move(tengen.Move.pass_turn())
    score = s.score()
    assert score["result"] == "W+2.5"
    assert score["komi"] == 7.5
    assert score["black"]["stones"] == 5 and score["black"]["territory"] == 10
    assert score["white"]["stones"] == 5 and score["white"]["territory"] == 5
    assert score["white"]["total"] == 17.5
    assert score["ownership"] == ["BBBWW"] * 5
    assert score["dead"] == [] and score["seki"] == [] and score["dame"] == []
    assert set(score) == {"result", "rules", "komi", "black", "white", "ownership", "dead", "seki", "dame"}


def test_score_marks_a_lone_invader_dead():
    # 9x9 rules "japanese": black walls off the E column; one white stone sits deep in black's
    # side (B2) with no room: the guess marks it dead and black counts it as a prisoner.
    s = tengen.GameState.new_game(9, "japanese")
    for row in range(1, 10):
        s = s.apply_move(tengen.Move.play(tengen.Point(row, 5)))
        s = s.apply_move(tengen.Move.play(tengen.Point(row, 6)))
    s = s.apply_move(tengen.Move.pass_turn())
    s = s.apply_move(tengen.Move.play(tengen.Point(2, 2)))
    s = s.apply_move(tengen.Move.pass_turn()).apply_move(tengen.Move.pass_turn())
    score = s.score()
    assert len(score["dead"]) == 1
    # Black: 36 empty points left of E (the dead stone's point included) + 1 prisoner = 37.
    # White: 27 empty points right of F, + komi 6.5 = 33.5. B+3.5.
    assert score["black"]["territory"] == 36 and score["black"]["dead"] == 1
    assert score["white"]["territory"] == 27
    assert score["result"] == "B+3.5"
