"""Property tests: random self-played games of every preset and some mixed house rules.

Each game is played with random legal decisions and seeded random dice through the
checked path, checking at every step that every legal action applies, that the sheets
add up as §4 says, and at the end that the game took exactly one box per turn for every
box of every sheet (15 Russian, 13 yahtzee) and that the winners are the right ones.
"""

from __future__ import annotations

from collections import Counter
from random import Random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from thousand.core.dice import RandomDice
from thousand.games.poker_dice import (
    PRESET_NAMES,
    STOP,
    Action,
    Outcome,
    Position,
    Throw,
    Write,
    new_position,
    position_from_dict,
)
from thousand.games.poker_dice.scoring import UPPER, hand

MIXED: list[Any] = [
    {"preset": "russian", "series1_first": True, "series1": "done_or_minus"},
    {"preset": "russian", "bank_unused_throws": True, "throws": 2, "bonus_threshold": 1},
    {"preset": "russian_banked", "last_round": "all_boxes", "unmade": "zero"},
    {"preset": "yahtzee", "series1_first": True},
    {"preset": "ranking", "lowest_wins": True, "throws": 2},
    {"preset": "ranking", "throws": 1},
]

WRITES = {"russian": 15, "yahtzee": 13, "ranking": 0}
"""Boxes a sheet has: the writes each player makes in a game."""

NAMES = ["Anna", "Boris", "Vera", "Gleb"]


def choose(position: Position, rng: Random) -> Action:
    """A random legal decision: a write (or stop) half the time when there is one."""
    actions = position.legal_actions()
    ends = [action for action in actions if isinstance(action, Write | type(STOP))]
    throws = [action for action in actions if isinstance(action, Throw)]
    if ends and (not throws or rng.random() < 0.5):
        return rng.choice(ends)
    return rng.choice(throws)


def check_position(position: Position) -> None:
    """What holds in every position."""
    rules = position.rules
    for seat, sheet in enumerate(position.players):
        totals = position.totals(seat)
        written = [points for points in sheet.boxes.values() if points is not None]
        assert totals.total == sum(written) + totals.bonus + totals.extra
        assert totals.subtotal == sum(
            points for box, points in sheet.boxes.items() if box in UPPER and points is not None
        )
        assert totals.bonus in (0, rules.bonus) and totals.extra == sheet.extra
        assert sheet.bank >= 0 and (rules.bank_unused_throws or sheet.bank == 0)
    assert 0 <= position.throws <= position.throws_allowed
    if not position.is_over and not position.is_ranking:
        # one box a turn in seat order: the seats before the one to move are one box ahead
        filled = [sum(p is not None for p in sheet.boxes.values()) for sheet in position.players]
        mover = filled[position.current]
        assert all(count == mover + (seat < position.current) for seat, count in enumerate(filled))
    if position.is_over:
        assert position.legal_actions() == () and position.to_move is None
        return
    if position.is_chance_node:
        assert position.legal_actions() == () and 1 <= position.in_air <= 5
        assert len(position.dice) + position.in_air == 5
        return
    actions = position.legal_actions()
    assert actions and len(set(actions)) == len(actions)
    for action in actions:  # every legal action applies (and is refused by nothing)
        assert position.refusal(action) is None
        assert position.apply(action) == position.advance(action)
    if position.throws and not position.is_ranking:
        writable = set(position.writable_boxes())
        for box in position.players[position.current].boxes:
            assert (Write(box) in actions) == (box in writable)
            if box not in writable:
                assert position.refusal(Write(box)) is not None


def self_play(rules: Any, players: int, seed: int) -> tuple[Position, Counter[int]]:
    rng, dice = Random(seed), RandomDice(seed)
    position = new_position(rules, NAMES[:players])
    writes: Counter[int] = Counter()
    for _ in range(10_000):
        check_position(position)
        if position.is_over:
            return position, writes
        if position.is_chance_node:
            position = position.apply(Outcome(dice.throw(position.in_air)))
            continue
        action = choose(position, rng)
        if isinstance(action, Write):
            writes[position.current] += 1
        position = position.apply(action)
    raise AssertionError("the game did not end")


def check_game(rules: Any, players: int, seed: int) -> None:
    position, writes = self_play(rules, players, seed)
    boxes = WRITES[position.rules.sheet]
    assert all(sheet.boxes.is_full for sheet in position.players)
    assert writes == Counter(dict.fromkeys(range(players), boxes) if boxes else {})
    winners = position.winners
    if position.is_ranking:
        assert len(winners) == 1
        assert all(len(sheet.hand) == 5 for sheet in position.players)
        (winner,) = winners
        best = hand(position.players[winner].hand)
        others = [hand(sheet.hand) for seat, sheet in enumerate(position.players) if seat != winner]
        if position.round == 0:  # no play-off: the winner's hand beats every other one
            assert all(
                (best < key) if position.rules.lowest_wins else (best > key) for key in others
            )
    else:
        totals = [position.totals(seat).total for seat in range(players)]
        assert winners == tuple(seat for seat in range(players) if totals[seat] == max(totals))
        if position.rules.unused_throw_bonus:
            for sheet in position.players:
                from_bank = position.rules.unused_throw_bonus * sheet.bank
                if position.rules.extra_poker_bonus:
                    assert sheet.extra >= from_bank
                else:
                    assert sheet.extra == from_bank
    assert position_from_dict(position.to_dict()) == position


GAMES = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("preset", PRESET_NAMES)
@GAMES
@given(
    players=st.integers(min_value=1, max_value=4),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
)
def test_self_played_games_of_every_preset(preset: str, players: int, seed: int) -> None:
    check_game(preset, players, seed)


@GAMES
@given(
    rules=st.sampled_from(MIXED),
    players=st.integers(min_value=1, max_value=3),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
)
def test_self_played_games_of_mixed_house_rules(rules: Any, players: int, seed: int) -> None:
    check_game(rules, players, seed)


def test_every_preset_is_played_to_its_end() -> None:
    # Beside hypothesis's draws, one fixed game of each preset at a full table.
    for preset in PRESET_NAMES:
        check_game(preset, 4, 2024)
