"""Poker dice's computer players: legal everywhere, each level playing as it says, the
ranking game's chances against a brute force, and optimal ahead of the levels."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from functools import cache
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.games.poker_dice.bot_support import (
    optimal_bot,
    preset_positions,
    random_position,
    rules_of,
    strategy_of,
)
from tests.games.poker_dice.engine_support import start, throw
from thousand.core.dice import CHANCE_TABLES
from thousand.core.i18n import translator
from thousand.games.poker_dice import STOP, Outcome, Position, Throw, Write
from thousand.games.poker_dice.bots import (
    BOT_LEVELS,
    BotLevelError,
    OptimalBot,
    Policy,
    chaser,
    greedy,
    make_bot,
    ranking_choices,
)
from thousand.games.poker_dice.odds import most_of_a_face
from thousand.games.poker_dice.scoring import hand
from thousand.games.poker_dice.simulation import play_tournament
from thousand.games.poker_dice.words import level_description, level_name

HOUSE_RULES = (
    ("russian", (("series1_first", True), ("throws", 2), ("series1", "done_or_minus"))),
    ("russian", (("unmade", "minus"), ("four_bonus", 30), ("first_throw_double", False))),
    ("yahtzee", (("joker", "none"), ("throws", 4))),
    ("ranking", (("lowest_wins", True),)),
    ("ranking", (("throws", 2),)),
)


# -- legal everywhere ----------------------------------------------------------------


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(drawn=preset_positions(max_steps=120, max_players=4))
def test_every_level_chooses_a_legal_action(drawn: tuple[str, Position]) -> None:
    preset, position = drawn
    if position.over or position.in_air:
        return
    legal = position.legal_actions()
    bots: list[Policy] = [greedy, chaser, optimal_bot(preset)]
    for bot in bots:
        assert bot(position) in legal


@settings(max_examples=30, deadline=None)
@given(
    house=st.sampled_from(HOUSE_RULES),
    seed=st.integers(0, 2**32 - 1),
    steps=st.integers(0, 120),
)
def test_the_levels_are_legal_under_house_rules(
    house: tuple[str, tuple[tuple[str, object], ...]], seed: int, steps: int
) -> None:
    rules = rules_of(*house)
    position = random_position(rules, seed, steps, players=3)
    if position.over or position.in_air:
        return
    for level in ("greedy", "chaser") + (("optimal",) if rules.sheet == "ranking" else ()):
        assert make_bot(level, rules)(position) in position.legal_actions()


def test_unknown_level_names_the_known_ones() -> None:
    with pytest.raises(BotLevelError, match=r"'genius'.*greedy, chaser, optimal"):
        make_bot("genius", rules_of("russian"))
    assert list(BOT_LEVELS) == ["greedy", "chaser", "optimal"]


# -- greedy ----------------------------------------------------------------------------


def test_greedy_keeps_the_most_of_a_face_and_writes_the_box_scoring_most() -> None:
    position = throw(start("russian", names=["Anna"]), (2, 2, 5, 5, 6))
    assert greedy(position) == Throw((5, 5))  # equal counts: the higher face
    position = throw(position, (5, 1, 3), keep=(5, 5))
    assert greedy(position) == Throw((5, 5, 5))
    position = throw(position, (5, 5), keep=(5, 5, 5))  # five 5s on the last throw
    assert position.dice == (5, 5, 5, 5, 5) and position.throws_left == 0
    assert greedy(position) == Write("poker")  # 25 + 50 scores most


def test_greedy_stands_on_five_of_a_kind_at_once() -> None:
    position = throw(start("yahtzee", names=["Anna"]), (3, 3, 3, 3, 3))
    assert greedy(position) == Write("poker")


def test_most_of_a_face() -> None:
    assert most_of_a_face((1, 2, 3, 4, 6)) == (6,)
    assert most_of_a_face((4, 4, 4, 4, 4)) == (4, 4, 4, 4)
    assert most_of_a_face((1, 1, 6, 6, 6)) == (6, 6, 6)
    assert most_of_a_face((1, 1, 2, 6, 6), lowest=True) == (1, 2, 6)


# -- chaser ----------------------------------------------------------------------------


def filled_except(preset: str, *open_boxes: str) -> Position:
    """A one-player position at the start of a turn with every box filled but ``open``."""
    position = start(preset, names=["Anna"])
    boxes = position.players[0].boxes
    for box in boxes:
        if box not in open_boxes:
            boxes = boxes.written(box, 0)
    sheet = replace(position.players[0], boxes=boxes)
    return replace(position, players=(sheet,))


def test_chaser_keeps_four_in_a_row_for_a_straight() -> None:
    position = throw(filled_except("russian", "big_straight", "chance"), (2, 3, 4, 5, 5))
    assert chaser(position) == Throw((2, 3, 4, 5))


def test_chaser_keeps_the_face_of_an_open_upper_box() -> None:
    position = throw(filled_except("russian", "sixes", "ones"), (6, 6, 1, 2, 3))
    assert chaser(position) == Throw((6, 6))


def test_chaser_writes_a_made_combination_and_avoids_a_minus_with_a_throw_left() -> None:
    position = throw(filled_except("russian", "full_house", "fives"), (2, 2, 2, 6, 6))
    assert chaser(position) == Write("full_house")  # doubled after the first throw
    position = throw(filled_except("russian", "fives"), (5, 1, 2, 3, 4))
    assert chaser(position) == Throw((5,))  # writing now would be −10


# -- optimal ---------------------------------------------------------------------------


def test_optimal_takes_the_strategys_best_action() -> None:
    bot = optimal_bot("yahtzee")
    position = throw(start("yahtzee", names=["Anna"]), (6, 6, 6, 6, 6))
    assert bot(position) == Write("poker")
    values = bot.values(position)
    assert max(values, key=values.__getitem__) == Write("poker")


def test_the_optimal_player_loads_the_strategy_once() -> None:
    calls: list[object] = []
    strategy = strategy_of("yahtzee")

    def loader(rules: object) -> object:
        calls.append(rules)
        return strategy

    bot = OptimalBot(strategy.rules, loader)  # type: ignore[arg-type]
    position = throw(start("yahtzee", names=["Anna"]), (1, 2, 3, 4, 6))
    bot(position)
    bot(position)
    assert len(calls) == 1


# -- the ranking game --------------------------------------------------------------------


@cache
def brute_chance(dice: tuple[int, ...], left: int, best: tuple[int, ...], lowest: bool) -> Fraction:
    """The chance to beat ``best`` (a tie: half) from ``dice`` with ``left`` throws,
    trying every keep and every outcome of the chance tables."""

    def end(faces: tuple[int, ...]) -> Fraction:
        mine = hand(faces)
        if mine == best:
            return Fraction(1, 2)
        return Fraction(int(mine < best if lowest else mine > best))

    value = end(dice)
    if left == 0:
        return value
    keeps = {part for size in range(5) for part in combinations(dice, size)}
    for keep in keeps:
        table = CHANCE_TABLES[5 - len(keep)]
        total = sum(
            (
                Fraction(weight, table.total)
                * brute_chance(tuple(sorted(keep + outcome)), left - 1, best, lowest)
                for outcome, weight in zip(table.outcomes, table.weights, strict=True)
            ),
            Fraction(0),
        )
        value = max(value, total)
    return value


@pytest.mark.parametrize(
    ("shown", "mine", "lowest"),
    [
        ((4, 4, 4, 2, 1), (4, 4, 6, 3, 1), False),
        ((6, 6, 5, 5, 1), (5, 5, 2, 3, 4), False),
        ((1, 1, 1, 1, 6), (6, 6, 6, 2, 3), False),
        ((1, 2, 3, 4, 6), (1, 1, 2, 3, 4), True),
    ],
)
def test_optimal_ranking_chances_are_exact_for_the_last_player(
    shown: tuple[int, ...], mine: tuple[int, ...], lowest: bool
) -> None:
    position = start("ranking", names=["Anna", "Boris"], lowest_wins=lowest)
    position = throw(position, shown).apply(STOP)
    position = throw(position, mine)
    values = ranking_choices(position)
    best = hand(shown)
    for action, value in values.items():
        if action == STOP:
            expected = brute_chance(position.dice, 0, best, lowest)
        else:
            assert isinstance(action, Throw)
            expected = Fraction(0)
            table = CHANCE_TABLES[5 - len(action.keep)]
            for outcome, weight in zip(table.outcomes, table.weights, strict=True):
                landed = tuple(sorted(action.keep + outcome))
                expected += Fraction(weight, table.total) * brute_chance(landed, 1, best, lowest)
        assert value == pytest.approx(float(expected), abs=1e-12), action
    bot = make_bot("optimal", position.rules)
    assert values[bot(position)] == max(values.values())


def test_the_last_player_stands_on_a_hand_that_wins() -> None:
    position = start("ranking", names=["Anna", "Boris"])
    position = throw(position, (2, 2, 3, 4, 5)).apply(STOP)
    position = throw(position, (3, 3, 1, 4, 6))
    for level in ("optimal", "greedy", "chaser"):
        assert make_bot(level, position.rules)(position) == STOP


def test_ranking_levels_keep_the_most_of_a_face() -> None:
    position = throw(start("ranking", names=["Anna", "Boris"]), (5, 5, 2, 3, 1))
    assert greedy(position) == Throw((5, 5))
    assert chaser(position) == Throw((5, 5))
    position = throw(start("ranking", names=["Anna", "Boris"]), (5, 5, 2, 2, 1))
    assert chaser(position) == Throw((2, 2, 5, 5))  # two pairs: go for the full house


def test_ranking_outcome_after_a_throw_is_the_engines() -> None:
    position = throw(start("ranking", names=["Anna", "Boris"]), (6, 6, 2, 3, 1))
    action = make_bot("optimal", position.rules)(position)
    assert action in position.legal_actions()
    after = position.apply(action)
    if isinstance(action, Throw):
        after = after.apply(Outcome((1,) * after.in_air))
    assert not after.in_air


# -- optimal ahead of the levels -----------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(
    ("preset", "means"),
    [
        ("russian", (216.39833333333334, 181.29333333333332, 107.795)),
        ("yahtzee", (256.51666666666665, 226.09666666666666, 163.25333333333333)),
    ],
)
def test_optimal_scores_more_than_the_levels(preset: str, means: tuple[float, ...]) -> None:
    strategy = strategy_of(preset)
    result = play_tournament(
        strategy.rules, ["optimal", "chaser", "greedy"], 600, seed=11, strategy=strategy
    )
    got = tuple(result.mean_total(i)[0] for i in range(3))
    assert got == pytest.approx(means, abs=1e-9)
    assert got[0] > got[1] > got[2]
    rates = [result.win_rate(i)[0] for i in range(3)]
    assert rates[0] > rates[1] > rates[2]


def test_every_level_has_a_name_and_a_description_in_both_languages() -> None:
    english, russian = translator("en"), translator("ru")
    for level in BOT_LEVELS:
        assert level_name(english, level) == level
        assert level_name(russian, level) not in ("", level)
        assert level_description(english, level) != level
        assert level_description(russian, level) not in ("", level_description(english, level))
    assert level_name(russian, "chaser") == "охотник"
