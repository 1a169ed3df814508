"""Poker dice (Покер на костях): the second game of the seeds (POKER_DICE.md).

Rules and presets (:mod:`.config`, :mod:`.presets`), what the dice score (:mod:`.scoring`),
actions and positions (:mod:`.actions`, :mod:`.state`); the record and the paper sheet
(:mod:`.record`, :mod:`.sheet`) are read only when asked for.

The public engine API, the same shape as dice 1000's::

    >>> from thousand.games.poker_dice import new_position, THROW, Outcome, Throw, Write
    >>> position = new_position("russian", ["Anna", "Boris"])
    >>> position = position.apply(THROW).apply(Outcome((6, 6, 5, 5, 2)))
    >>> position.points_for("pair"), position.first_throw  # 6 6, doubled
    (24, True)
    >>> position = position.apply(Throw((5, 5, 6, 6))).apply(Outcome((5,)))
    >>> position.points_for("full_house")  # 6 6 5 5 5, second throw: not doubled
    27
    >>> position = position.apply(Write("full_house"))
    >>> position.to_move, position.totals(0).total
    ('Boris', 27)
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Any

from thousand.core.actions import seat_actions as legal_actions
from thousand.core.dice import pick_throw
from thousand.core.errors import IllegalActionError, RecordError, RulesError
from thousand.games.interface import DeferredRecords, GameInfo, nothing_hidden, whole_record
from thousand.games.poker_dice.actions import STOP, THROW, Action, Outcome, Stop, Throw, Write
from thousand.games.poker_dice.bots import BOT_LEVELS
from thousand.games.poker_dice.config import MAX_PLAYERS, Rules, validate_rules
from thousand.games.poker_dice.presets import (
    DEFAULT_PRESET,
    PRESET_NAMES,
    load_preset,
    load_rules,
    rules_from_spec,
    rules_to_spec,
)
from thousand.games.poker_dice.state import (
    Boxes,
    PlayerSheet,
    Position,
    Totals,
    observe,
    position_from_dict,
    sheet_totals,
)
from thousand.games.poker_dice.state import new_position as position_for_rules

NAME = "poker_dice"
"""The game's name in the registry, in records and in rooms."""

INFO = GameInfo(
    name=NAME,
    title="Poker dice",
    min_players=1,
    max_players=MAX_PLAYERS,
    hidden_information=False,
    chance="dice",
    presets=PRESET_NAMES,
    default_preset=DEFAULT_PRESET,
    levels=tuple(BOT_LEVELS),
    features=frozenset({"play", "online", "solve", "advise", "simulate", "verify"}),
)
"""Poker dice is played in the terminal and online, solved, coached and simulated, and
its server dice verified; it has no real-dice scorekeeping, throw odds, throw scoring
or rules command (yet)."""


# -- the interface every game offers (thousand.games.interface.GameModule) ------------


def new_position(rules: object, players: Sequence[str]) -> Position:
    """The position before the first throw; ``rules`` is a :class:`Rules`, a preset name
    or a record's spec (``{"preset": NAME, ...overrides}``)."""
    resolved = rules if isinstance(rules, Rules) else rules_from_spec(rules)
    return position_for_rules(resolved, players)


apply = Position.apply
"""The checked path: refusals raise :class:`IllegalActionError`."""


def is_over(position: Position) -> bool:
    return position.over


hidden_from = nothing_hidden
"""Nothing: every throw is seen by all, and the dice still to fall are nobody's (a
position never holds them)."""

shown_record = whole_record
"""A record in play is shown whole: every throw in it was seen by all."""


def is_chance_node(position: Position) -> bool:
    return position.is_chance_node


def draw_chance(position: Position, rng: Random) -> Outcome | None:
    """The dice in the air, thrown with ``rng`` (:func:`~thousand.core.dice.pick_throw`:
    the chance table's probabilities); None when no dice are in the air."""
    if not position.is_chance_node:
        return None
    return Outcome(pick_throw(position.in_air, rng.random()))


def seat_view(position: Position, seat: int | None) -> dict[str, Any]:
    """:func:`observe`'s observation as data, the same for every seat and for spectators.

    Poker dice hides nothing (the dice still to fall are nobody's: a position never
    holds them). Besides the position's own data (:meth:`Position.to_dict`) the view adds
    what a client would otherwise add up itself: each sheet's subtotal, bonus, total and
    hand kind, the throws left, whether the dice showing are a first throw (doubling),
    the winners, and ``scores_now`` — what each box the player to move may write now
    would score.
    """
    position = observe(position, seat)
    data = position.to_dict()
    for index, sheet in enumerate(data["players"]):
        totals = position.totals(index)
        sheet.update(
            seat=index,
            subtotal=totals.subtotal,
            bonus=totals.bonus,
            total=totals.total,
            hand_kind=position.hand_kind(index),
        )
    data.update(
        game=NAME,
        to_move=position.to_move,
        throws_left=position.throws_left,
        first_throw=position.first_throw,
        winners=list(position.winners),
        scores_now={box: position.points_for(box) for box in position.writable_boxes()},
    )
    return data


_records = DeferredRecords(__name__)
new_recorder = _records.new_recorder
replay = _records.replay
score_sheet = _records.score_sheet


__all__ = [
    "DEFAULT_PRESET",
    "INFO",
    "MAX_PLAYERS",
    "NAME",
    "PRESET_NAMES",
    "STOP",
    "THROW",
    "Action",
    "Boxes",
    "IllegalActionError",
    "Outcome",
    "PlayerSheet",
    "Position",
    "RecordError",
    "Rules",
    "RulesError",
    "Stop",
    "Throw",
    "Totals",
    "Write",
    "apply",
    "draw_chance",
    "hidden_from",
    "is_chance_node",
    "is_over",
    "legal_actions",
    "load_preset",
    "load_rules",
    "new_position",
    "new_recorder",
    "observe",
    "position_for_rules",
    "position_from_dict",
    "replay",
    "rules_from_spec",
    "rules_to_spec",
    "score_sheet",
    "seat_view",
    "sheet_totals",
    "shown_record",
    "validate_rules",
]
