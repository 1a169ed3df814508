"""thousand: the Russian dice game 1000 (Тысяча на костях), every rule and house variant.

The public engine API, shared by the command line, the terminal game, computer
players, solvers and the server::

    >>> from thousand import Game, load_preset, THROW, STOP, Outcome
    >>> game = Game(load_preset("classic"))
    >>> state = game.new_state(["Anna", "Boris"])
    >>> state = state.apply(THROW).apply(Outcome((5, 2, 4, 4, 1)))
    >>> state.turn_total, state.dice_left
    (15, 3)
    >>> state.legal_actions()  # 15 points cannot enter the game (R7)
    (Throw(),)
"""

from thousand.actions import STOP, THROW, Action, Outcome, SetAside, Stop, Throw
from thousand.config import Rules, validate_rules
from thousand.dice import DiceSource, RandomDice, ScriptedDice
from thousand.errors import (
    IllegalActionError,
    InputFileError,
    RecordError,
    RulesError,
    ThousandError,
)
from thousand.game import Game
from thousand.presets import PRESET_NAMES, load_preset, load_rules, rules_from_spec
from thousand.record import RecordBuilder, Replay, replay
from thousand.scoring import Combination, ThrowScore
from thousand.state import GameState, Phase, PlayerState, TurnEnd

__version__ = "0.1.0"

__all__ = [
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
    "load_preset",
    "load_rules",
    "replay",
    "rules_from_spec",
    "validate_rules",
]
