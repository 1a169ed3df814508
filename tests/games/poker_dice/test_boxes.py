"""Every box of every sheet, played through the engine: POKER_DICE.md §1.2, §1.3, §2, §3.

Each value is written by a real turn (a first throw, or a second throw when doubling must
not apply), so these are the numbers a player sees on the sheet.
"""

from __future__ import annotations

import pytest

from tests.games.poker_dice.engine_support import written

# -- series 1 (§1.2 and the series1 key) --------------------------------------------------


@pytest.mark.parametrize(
    ("box", "dice", "points"),
    [
        ("ones", (1, 1, 1, 2, 3), 0),  # three dice: done
        ("twos", (2, 3, 4, 5, 6), -4),  # one die: two missing × 2
        ("threes", (1, 2, 4, 5, 6), -9),  # none: −3f
        ("fours", (4, 4, 4, 4, 1), 4),  # one extra die × 4
        ("fives", (5, 5, 1, 2, 3), -5),
        ("sixes", (6, 6, 6, 6, 6), 12),  # two extra dice × 6
        ("sixes", (6, 6, 6, 6, 2), 6),
    ],
)
def test_series1_plus_minus_scores_c_minus_3_times_f(
    box: str, dice: tuple[int, ...], points: int
) -> None:
    assert written(box, dice) == points
    assert written(box, dice, first=True) == points  # series 1 is never doubled


@pytest.mark.parametrize(
    ("box", "dice", "points"),
    [
        ("ones", (1, 1, 1, 1, 2), 0),  # three or more: 0
        ("twos", (2, 2, 1, 3, 4), -2),
        ("sixes", (6, 1, 2, 3, 4), -12),
        ("fives", (1, 2, 3, 4, 6), -15),
        ("fours", (4, 4, 4, 4, 4), 0),
    ],
)
def test_series1_done_or_minus(box: str, dice: tuple[int, ...], points: int) -> None:
    assert written(box, dice, series1="done_or_minus") == points


@pytest.mark.parametrize(
    ("box", "dice", "zero", "minus"),
    [
        ("ones", (1, 1, 1, 2, 3), 0, 0),  # crossed out
        ("sixes", (6, 6, 6, 6, 6), 0, 0),
        ("fives", (5, 5, 1, 2, 3), 0, -15),  # unmade: −3 × face under unmade = minus
        ("twos", (1, 3, 4, 5, 6), 0, -6),
    ],
)
def test_series1_crossed(box: str, dice: tuple[int, ...], zero: int, minus: int) -> None:
    assert written(box, dice, series1="crossed", unmade="zero") == zero
    assert written(box, dice, preset="russian_banked") == minus  # S7: crossed, unmade minus


@pytest.mark.parametrize(
    ("box", "dice", "points"),
    [("sixes", (6, 6, 6, 1, 2), 18), ("ones", (1, 1, 1, 1, 1), 5), ("sixes", (1, 2, 3, 4, 5), 0)],
)
def test_series1_sum_on_the_yahtzee_sheet(box: str, dice: tuple[int, ...], points: int) -> None:
    assert written(box, dice, preset="yahtzee") == points


# -- series 2 of the Russian sheet (§1.3) -------------------------------------------------


@pytest.mark.parametrize(
    ("box", "dice", "points"),
    [
        ("pair", (6, 6, 5, 5, 2), 12),  # the best of two pairs
        ("pair", (4, 4, 4, 4, 1), 8),  # more of a face contains less
        ("pair", (3, 3, 3, 3, 3), 6),
        ("pair", (1, 2, 3, 4, 6), 0),
        ("two_pairs", (6, 6, 5, 5, 2), 22),
        ("two_pairs", (5, 5, 5, 2, 2), 14),  # a full house holds two pairs
        ("two_pairs", (4, 4, 4, 4, 1), 0),  # the faces must differ
        ("two_pairs", (3, 3, 3, 3, 3), 0),
        ("three", (2, 2, 2, 6, 6), 6),
        ("three", (5, 5, 5, 5, 1), 15),
        ("three", (6, 6, 5, 5, 2), 0),
        ("small_straight", (5, 3, 1, 2, 4), 15),
        ("small_straight", (2, 3, 4, 5, 6), 0),
        ("big_straight", (2, 3, 4, 5, 6), 20),
        ("big_straight", (1, 2, 3, 4, 5), 0),
        ("full_house", (6, 6, 6, 5, 5), 28),
        ("full_house", (2, 2, 3, 3, 3), 13),
        ("full_house", (3, 3, 3, 3, 3), 0),  # five of a face is no full house
        ("full_house", (4, 4, 4, 4, 1), 0),
        ("four", (4, 4, 4, 4, 1), 16),
        ("four", (2, 2, 2, 2, 2), 8),
        ("four", (6, 6, 6, 5, 5), 0),
        ("poker", (3, 3, 3, 3, 3), 65),  # 15 + 50
        ("poker", (3, 3, 3, 3, 1), 0),
        ("chance", (6, 6, 5, 5, 2), 24),
        ("chance", (1, 1, 1, 1, 1), 5),
    ],
)
def test_series2_after_a_later_throw(box: str, dice: tuple[int, ...], points: int) -> None:
    assert written(box, dice) == points


@pytest.mark.parametrize(
    ("box", "dice", "points"),
    [
        ("pair", (6, 6, 5, 5, 2), 24),
        ("two_pairs", (6, 6, 5, 5, 2), 44),
        ("three", (2, 2, 2, 6, 6), 12),
        ("small_straight", (1, 2, 3, 4, 5), 30),
        ("big_straight", (2, 3, 4, 5, 6), 40),
        ("full_house", (6, 6, 6, 5, 5), 56),
        ("four", (4, 4, 4, 4, 1), 32),
        ("poker", (6, 6, 6, 6, 6), 110),  # 2 × 30 + 50: the bonus is not doubled
        ("poker", (1, 1, 1, 1, 1), 60),
        ("chance", (6, 6, 5, 5, 2), 24),  # chance is never doubled
        ("pair", (1, 2, 3, 4, 6), 0),  # nothing doubled is nothing
    ],
)
def test_the_first_throw_doubles_series2_but_chance(
    box: str, dice: tuple[int, ...], points: int
) -> None:
    assert written(box, dice, first=True) == points


def test_no_doubling_without_first_throw_double() -> None:
    assert written("pair", (6, 6, 5, 5, 2), first=True, first_throw_double=False) == 12
    assert written("poker", (6, 6, 6, 6, 6), first=True, first_throw_double=False) == 80


@pytest.mark.parametrize(
    ("dice", "first", "points"),
    [((4, 4, 4, 4, 1), True, 62), ((4, 4, 4, 4, 1), False, 46), ((5, 5, 5, 5, 5), False, 20 + 30)],
)
def test_four_bonus_is_added_after_doubling(
    dice: tuple[int, ...], first: bool, points: int
) -> None:
    # S7 (russian_banked): four of a kind +30, added to the (doubled) four dice.
    assert written("four", dice, first=first, preset="russian_banked") == points


def test_poker_bonus_after_doubling_under_russian_banked() -> None:
    assert written("poker", (2, 2, 2, 2, 2), first=True, preset="russian_banked") == 20 + 50


@pytest.mark.parametrize(
    ("box", "points"),
    [
        ("pair", -2),
        ("two_pairs", -6),
        ("three", -3),
        ("small_straight", -15),
        ("big_straight", -20),
        ("full_house", -7),
        ("four", -4),
        ("poker", -5),
        ("chance", 1 + 2 + 3 + 4 + 6),  # chance is always made
    ],
)
def test_unmade_minus_amounts(box: str, points: int) -> None:
    # 1 2 3 4 6 makes no combination but chance; unmade = minus (S7).
    assert written(box, (1, 2, 3, 4, 6), first=True, preset="russian_banked") == points
    assert written(box, (1, 2, 3, 4, 6), unmade="minus") == points


def test_unmade_zero_is_a_dash() -> None:
    for box in ("pair", "two_pairs", "three", "big_straight", "full_house", "four", "poker"):
        assert written(box, (1, 2, 3, 4, 6)) == 0


# -- the yahtzee sheet (§3) -------------------------------------------------------------


@pytest.mark.parametrize(
    ("box", "dice", "points"),
    [
        ("three", (4, 4, 4, 2, 1), 15),  # the sum of all dice
        ("three", (4, 4, 2, 2, 1), 0),
        ("four", (2, 2, 2, 2, 6), 14),  # S4: "четыре двойки и шестерка … 14"
        ("four", (2, 2, 2, 6, 6), 0),
        ("full_house", (3, 3, 3, 5, 5), 25),
        ("full_house", (3, 3, 3, 3, 3), 0),  # a yahtzee is a full house only as a joker
        ("small_straight", (1, 2, 3, 4, 6), 30),  # four in a row
        ("small_straight", (3, 4, 5, 6, 6), 30),
        ("small_straight", (1, 2, 3, 5, 6), 0),
        ("big_straight", (1, 2, 3, 4, 5), 40),
        ("big_straight", (2, 3, 4, 5, 6), 40),
        ("big_straight", (1, 2, 3, 4, 6), 0),
        ("poker", (6, 6, 6, 6, 6), 50),
        ("poker", (6, 6, 6, 6, 5), 0),
        ("chance", (6, 6, 5, 5, 2), 24),
    ],
)
def test_yahtzee_lower_boxes(box: str, dice: tuple[int, ...], points: int) -> None:
    assert written(box, dice, first=True, preset="yahtzee") == points
    assert written(box, dice, preset="yahtzee") == points  # no doubling
