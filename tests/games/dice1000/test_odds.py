"""Exact throw chances and the max-expected-points turn, checked by hand and by brute force."""

from __future__ import annotations

from fractions import Fraction
from io import StringIO
from itertools import product

import pytest

from thousand.cli.main import main
from thousand.games.dice1000 import Game, load_preset
from thousand.games.dice1000.odds import throw_odds, turn_expectation

CLASSIC = Game(load_preset("classic"))


def test_one_die() -> None:
    odds = throw_odds(CLASSIC, 1)
    assert odds.bust == Fraction(2, 3)  # 2, 3, 4 and 6 score nothing
    assert odds.hot_dice == Fraction(1, 3)
    assert odds.expected_points == Fraction(10 + 5, 6)


def test_five_dice_bust_is_5_in_72() -> None:
    """540 of the 7776 ordered throws of five dice score nothing under classic rules."""
    assert throw_odds(CLASSIC, 5).bust == Fraction(5, 72)


@pytest.mark.parametrize("dice", [1, 2, 3, 4, 5])
def test_odds_match_brute_force_over_ordered_throws(dice: int) -> None:
    bust = hot = points = 0
    for faces in product(range(1, 7), repeat=dice):
        score = CLASSIC.score(faces)
        bust += score.bust
        hot += score.hot_dice
        points += score.points
    total = 6**dice
    odds = throw_odds(CLASSIC, dice)
    assert (odds.bust, odds.hot_dice, odds.expected_points) == (
        Fraction(bust, total),
        Fraction(hot, total),
        Fraction(points, total),
    )


def test_turn_expectation_classic() -> None:
    turn = turn_expectation(CLASSIC)
    assert turn.expected_points == pytest.approx(35.68898350322938, rel=1e-12)
    # With one die in hand, throwing at 20 expects (1/3)(20 + 7.5 + more) < 20.
    assert turn.stop_at[1] == 20


def test_odds_command_json() -> None:
    out, err = StringIO(), StringIO()
    assert main(["odds", "--dice", "5", "--json"], stdout=out, stderr=err) == 0
    assert err.getvalue() == ""
    assert '"fraction": "5/72"' in out.getvalue()


def test_odds_command_rejects_six_dice() -> None:
    out, err = StringIO(), StringIO()
    assert main(["odds", "--dice", "6"], stdout=out, stderr=err) == 2
    assert out.getvalue() == ""
    assert len(err.getvalue().splitlines()) == 1
