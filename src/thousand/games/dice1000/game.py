"""A :class:`Game` is a rules configuration compiled for play.

It holds what every position under those rules shares: the score table, the chance
tables, the barrels in a form that is quick to search. States point to their game,
so a state knows its rules without copying them (OpenSpiel's game/state split).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import reduce
from math import gcd

from thousand.games.dice1000.config import Barrel, Rules
from thousand.games.dice1000.presets import load_preset
from thousand.games.dice1000.scoring import (
    CHANCE_TABLES,
    DICE,
    ChanceTable,
    Dice,
    ScoreTable,
    ThrowScore,
)

MAX_PLAYERS = 8


@dataclass(frozen=True, slots=True)
class BarrelSpec:
    """A barrel ready for play; ``fall_to_entry``/``fall_to``/``fall_penalty`` unpacked."""

    index: int
    low: int
    high: int
    cap: bool
    attempts: int | None
    knock_off: bool
    fall_penalty: int | None
    fall_to: int | None
    fall_to_entry: bool

    @classmethod
    def of(cls, index: int, barrel: Barrel) -> BarrelSpec:
        fall = barrel.fall
        return cls(
            index=index,
            low=barrel.from_,
            high=barrel.to,
            cap=barrel.cap,
            attempts=barrel.attempts,
            knock_off=barrel.knock_off,
            fall_penalty=None if fall is None else fall.penalty,
            fall_to=None if fall is None or fall.to in (None, "entry") else int(fall.to),
            fall_to_entry=fall is not None and fall.to == "entry",
        )

    def __str__(self) -> str:
        return f"{self.low}–{self.high}"


class Game:
    """Rules compiled for play; create states with :meth:`new_state`."""

    __slots__ = (
        "_barrel_of",
        "barrels",
        "bolt_exempt_not_entered",
        "bolt_exempt_on_barrel",
        "bolt_limit",
        "bolt_penalty",
        "bolts_consecutive",
        "bust_penalties",
        "canonical",
        "choose_dice",
        "dump_truck_midturn",
        "dump_trucks",
        "entry_threshold",
        "exact_ending",
        "first_throw_retry",
        "has_instant_win",
        "hot_dice_must_throw",
        "instant_win",
        "opponents_affected",
        "overtaking_penalty",
        "rules",
        "score_table",
        "scores",
        "target",
    )

    def __init__(self, rules: Rules | None = None) -> None:
        rules = rules if rules is not None else load_preset("classic")
        self.rules = rules
        self.canonical = rules.canonical()
        self.scores = ScoreTable(rules.points, rules.two_dice_pair)
        self.score_table = self.scores.table
        self.target = rules.target
        self.exact_ending = rules.ending == "exact"
        self.instant_win = rules.instant_win
        self.has_instant_win = rules.instant_win != "none"
        self.entry_threshold = rules.entry_threshold
        self.choose_dice = rules.choose_dice
        self.hot_dice_must_throw = rules.hot_dice == "must_throw"
        self.first_throw_retry = rules.first_throw_retry
        self.barrels = tuple(BarrelSpec.of(i, b) for i, b in enumerate(rules.barrels))
        # Every decision asks which barrel a score is on: answer scores below the
        # target by index (a list of at most target entries, shared by all states).
        self._barrel_of: list[BarrelSpec | None] = [None] * max(0, min(rules.target, 100_000))
        for barrel in self.barrels:
            for score in range(max(0, barrel.low), min(barrel.high, len(self._barrel_of))):
                self._barrel_of[score] = barrel
        self.dump_trucks = frozenset(rules.dump_trucks)
        self.dump_truck_midturn = rules.dump_truck_midturn and bool(rules.dump_trucks)
        bolts = rules.bolts
        self.bolt_limit = 0 if bolts is None else bolts.limit
        self.bolt_penalty = 0 if bolts is None else bolts.penalty
        self.bolts_consecutive = bolts is not None and bolts.consecutive
        self.bolt_exempt_not_entered = bolts is not None and bolts.exempt_not_entered
        self.bolt_exempt_on_barrel = bolts is not None and bolts.exempt_on_barrel
        self.overtaking_penalty = rules.overtaking_penalty
        # Shortcuts for the hot path: can a bust cost more than the turn total, can a
        # stop change anybody's score but the mover's?
        self.bust_penalties = bool(self.bolt_limit) or any(
            barrel.attempts is not None for barrel in self.barrels
        )
        self.opponents_affected = bool(self.overtaking_penalty) or any(
            barrel.knock_off for barrel in self.barrels
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and other.canonical == self.canonical

    def __hash__(self) -> int:
        return hash(self.canonical)

    def __repr__(self) -> str:
        return f"Game({self.canonical})"

    # -- lookups shared by the engine and its clients ---------------------------

    def score(self, dice: Sequence[int]) -> ThrowScore:
        """The score of a throw (every scoring die set aside), dice in any order."""
        return self.scores.score(dice)

    def chance_table(self, throw_size: int) -> ChanceTable:
        """Exact outcomes of a throw of ``throw_size`` dice; what :mod:`dice` samples."""
        return CHANCE_TABLES[throw_size]

    def chance_outcomes(self, throw_size: int) -> tuple[tuple[Dice, Fraction], ...]:
        """``[(sorted faces, probability)]`` for a throw of ``throw_size`` dice."""
        return CHANCE_TABLES[throw_size].probabilities

    def barrel_at(self, score: int) -> BarrelSpec | None:
        """The barrel whose range ``[from, to)`` holds ``score``, if any."""
        if 0 <= score < len(self._barrel_of):
            return self._barrel_of[score]
        for barrel in self.barrels:
            if barrel.low <= score < barrel.high:
                return barrel
        return None

    @property
    def score_unit(self) -> int:
        """The largest number every score, turn total and rule bound is a multiple of.

        5 under every preset; solvers count positions in these units.
        """
        rules = self.rules
        values = [
            rules.target,
            rules.entry_threshold,
            rules.points.small_straight,
            rules.points.big_straight,
            *rules.dump_trucks,
            rules.overtaking_penalty,
        ]
        for table in (
            rules.points.singles,
            rules.points.three_of_a_kind,
            rules.points.four_of_a_kind,
            rules.points.five_of_a_kind,
        ):
            values.extend(table)
        for barrel in rules.barrels:
            values.extend((barrel.from_, barrel.to))
            if barrel.fall is not None:
                values.append(barrel.fall.penalty or 0)
                values.append(barrel.fall.to if isinstance(barrel.fall.to, int) else 0)
        if rules.bolts is not None:
            values.append(rules.bolts.penalty)
        return reduce(gcd, (abs(v) for v in values if v), 0) or 1

    def is_instant_win(self, dice: Dice) -> bool:
        """Does this throw (sorted) win at once under ``instant_win``?"""
        if self.instant_win == "none" or len(dice) != DICE or dice[0] != dice[-1]:
            return False
        return self.instant_win == "five_of_a_kind" or dice[0] == 1
