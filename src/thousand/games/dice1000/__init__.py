"""Dice 1000 (Тысяча на костях): everything that is this game and nothing else.

Rules configuration and presets (:mod:`.config`, :mod:`.presets`), scoring
(:mod:`.scoring`), actions and positions (:mod:`.actions`, :mod:`.state`, :mod:`.game`),
dice sources (:mod:`.dice`), the record (:mod:`.record`), odds, computer players
(:mod:`.planning`, :mod:`.bots`), the solver (:mod:`.solver`), the table a front-end
plays at (:mod:`.table`) and every word the game says to players (:mod:`.words`).

The public engine API, shared by the command line, the terminal game, computer
players, solvers and the server::

    >>> from thousand.games.dice1000 import Game, load_preset, new_state, THROW, Outcome
    >>> game = Game(load_preset("classic"))
    >>> state = new_state(game, ["Anna", "Boris"])
    >>> state = state.apply(THROW).apply(Outcome((5, 2, 4, 4, 1)))
    >>> state.turn_total, state.dice_left
    (15, 3)
    >>> state.legal_actions()  # 15 points cannot enter the game (R7)
    (Throw(),)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import TYPE_CHECKING, Any

from thousand.core.actions import seat_actions as legal_actions
from thousand.core.dice import pick_throw
from thousand.core.errors import (
    IllegalActionError,
    InputFileError,
    RecordError,
    RulesError,
    ThousandError,
)
from thousand.games.dice1000.actions import STOP, THROW, Action, Outcome, SetAside, Stop, Throw
from thousand.games.dice1000.bots import BOT_LEVELS
from thousand.games.dice1000.config import Rules, validate_rules
from thousand.games.dice1000.dice import DiceSource, RandomDice, ScriptedDice
from thousand.games.dice1000.game import MAX_PLAYERS, Game
from thousand.games.dice1000.presets import (
    DEFAULT_PRESET,
    PRESET_NAMES,
    load_preset,
    load_rules,
    rules_from_spec,
)
from thousand.games.dice1000.record import RecordBuilder, Replay, replay
from thousand.games.dice1000.scoring import Combination, ThrowScore
from thousand.games.dice1000.state import (
    GameState,
    Phase,
    PlayerState,
    TurnEnd,
    new_state,
    observe,
    state_from_dict,
)
from thousand.games.interface import FEATURES, GameInfo, nothing_hidden, whole_record

if TYPE_CHECKING:
    from rich.console import RenderableType

    from thousand.core.i18n import Translator

NAME = "dice1000"
"""The game's name in the registry, in records and in rooms."""

INFO = GameInfo(
    name=NAME,
    title="Dice 1000",
    min_players=1,
    max_players=MAX_PLAYERS,
    hidden_information=False,
    chance="dice",
    presets=PRESET_NAMES,
    default_preset=DEFAULT_PRESET,
    levels=tuple(BOT_LEVELS),
    features=frozenset(FEATURES),
)
"""Dice 1000 offers every feature: play, real dice at a table, online rooms, the solver
and advisor, simulations, odds, scoring a throw, the rules explained, verifiable dice."""


# -- the interface every game offers (thousand.games.interface.GameModule) ------------


def new_position(rules: object, players: Sequence[str]) -> GameState:
    """The position before the first throw; ``rules`` is a preset name or a record's spec."""
    return new_state(Game(rules_from_spec(rules)), players)


apply = GameState.apply
"""The checked path: refusals raise :class:`IllegalActionError`."""


def is_over(position: GameState) -> bool:
    return position.is_over


hidden_from = nothing_hidden
"""Nothing: every throw is seen by all, and the dice still to fall are nobody's (a
position never holds them)."""

shown_record = whole_record
"""A record in play is shown whole: every throw in it was seen by all."""


def is_chance_node(position: GameState) -> bool:
    return position.is_chance_node


def draw_chance(position: GameState, rng: Random) -> Outcome | None:
    """The dice in the air, thrown with ``rng`` (:func:`~thousand.core.dice.pick_throw`:
    the chance table's probabilities); None when no dice are in the air."""
    if not position.is_chance_node:
        return None
    return Outcome(pick_throw(position.dice_left, rng.random()))


def seat_view(position: GameState, seat: int | None) -> dict[str, Any]:
    """:func:`observe`'s observation as data: the whole position."""
    return observe(position, seat).to_dict()


def new_recorder(position: GameState, meta: Mapping[str, Any] | None) -> RecordBuilder:
    return RecordBuilder(position.game, [sheet.name for sheet in position.players], meta)


def score_sheet(replayed: Replay, tr: Translator) -> RenderableType:
    """The paper sheet ``thousand replay`` prints (:func:`.sheet.render`), in ``tr``'s words."""
    from thousand.games.dice1000.sheet import render  # noqa: PLC0415 - rich tables on demand

    return render(replayed, tr)


__all__ = [
    "DEFAULT_PRESET",
    "INFO",
    "MAX_PLAYERS",
    "NAME",
    "PRESET_NAMES",
    "STOP",
    "THROW",
    "Action",
    "Combination",
    "DiceSource",
    "Game",
    "GameState",
    "IllegalActionError",
    "InputFileError",
    "Outcome",
    "Phase",
    "PlayerState",
    "RandomDice",
    "RecordBuilder",
    "RecordError",
    "Replay",
    "Rules",
    "RulesError",
    "ScriptedDice",
    "SetAside",
    "Stop",
    "ThousandError",
    "Throw",
    "ThrowScore",
    "TurnEnd",
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
    "new_state",
    "observe",
    "replay",
    "rules_from_spec",
    "score_sheet",
    "seat_view",
    "shown_record",
    "state_from_dict",
    "validate_rules",
]
