"""The game record of RECORD.md — our PGN: read, validate, replay, write.

A record is the rules, the players and every throw with the decisions between them.
Besides RECORD.md's fields a record may carry an optional ``meta`` object — free-form
data of the program that wrote it (which players are computer players, the language,
when the game started); the engine never reads it, and writers keep it on resume.
:func:`replay` walks it through the engine's checked path, so an illegal record is
rejected with the turn, the throw and the rule; :class:`RecordBuilder` writes the
record of a game as it is played, and a written record replays to the same state.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import (
    BaseModel,
    ConfigDict,
    StrictBool,
    StrictStr,
    ValidationError,
)

from thousand.core.errors import IllegalActionError, RecordError, RulesError, ThousandError
from thousand.core.players import players_problem
from thousand.core.records import DEFAULT_GAME, RecordHeader, RecordWriter
from thousand.games.dice1000.actions import STOP, THROW, Action, Outcome, SetAside, Stop
from thousand.games.dice1000.game import MAX_PLAYERS, Game
from thousand.games.dice1000.presets import rules_from_spec, rules_to_spec
from thousand.games.dice1000.scoring import Dice
from thousand.games.dice1000.state import (
    Forced,
    GameState,
    Phase,
    TurnEnd,
    new_state,
)

GAME = DEFAULT_GAME
"""This game's name in a record's ``game`` field (RECORD.md: the default when absent)."""


class _TurnModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    rolls: list[Any]
    stop: StrictBool = False
    player: StrictStr | None = None


class _RecordModel(RecordHeader):
    turns: list[_TurnModel]  # narrows the header's list[Any]


@dataclass(frozen=True, slots=True)
class TurnSummary:
    """One row of RECORD.md's ``turns[]``."""

    player: str
    outcome: str
    """``stop``, ``bust``, ``dump_truck``, ``win`` or ``in_progress``."""
    points: int
    score: int
    end: TurnEnd | None
    """The engine's account of the turn's end (None while in progress)."""
    throws: tuple[Dice, ...]


@dataclass(frozen=True, slots=True)
class Replay:
    """A replayed record: the final position and a summary of every turn."""

    state: GameState
    turns: tuple[TurnSummary, ...]

    @property
    def position(self) -> GameState:
        """The final position (the name every game's replay has: :class:`Replayed`)."""
        return self.state

    def to_json_data(self) -> dict[str, Any]:
        """Exactly the output object of RECORD.md (``thousand replay --json``)."""
        state = self.state
        return {
            "players": [
                {
                    "name": sheet.name,
                    "score": sheet.score,
                    "entered": sheet.entered,
                    "bolts": sheet.bolts,
                }
                for sheet in state.players
            ],
            "turns": [
                {"player": t.player, "outcome": t.outcome, "points": t.points, "score": t.score}
                for t in self.turns
            ],
            "winner": None if state.winner is None else state.players[state.winner].name,
            "to_move": state.to_move,
        }


def _shape_error(exc: ValidationError, players: Sequence[str]) -> RecordError:
    """A pydantic error as one line naming the turn where there is one."""
    error = exc.errors()[0]
    loc = tuple(error["loc"])
    message = str(error["msg"])
    if error["type"] == "extra_forbidden":
        message = f"unknown field '{loc[-1]}'"
        loc = loc[:-1]
    elif error["type"] == "missing":
        message = f"field '{loc[-1]}' is missing"
        loc = loc[:-1]
    else:
        message = f"'{loc[-1]}': {message[0].lower()}{message[1:]}"
        loc = loc[:-1]
    if len(loc) >= 2 and loc[0] == "turns" and isinstance(loc[1], int):
        return RecordError(f"{_turn_name(loc[1] + 1, players)}: {message}")
    if loc:
        return RecordError(f"record: {'.'.join(map(str, loc))}: {message}")
    return RecordError(f"record: {message}")


def _turn_name(number: int, players: Sequence[str]) -> str:
    if players:
        return f"turn {number} ({players[(number - 1) % len(players)]})"
    return f"turn {number}"


def parse_record(
    data: object, game: Game | None = None
) -> tuple[Game, list[str], list[_TurnModel]]:
    """Check a record's shape, rules and players; the turns are checked by :func:`replay`.

    ``game``: a :class:`Game` the caller holds already, used when its rules are the
    record's (building a game's scoring tables costs far more than replaying a game: a
    server bringing a room back many times over passes the room's own)."""
    if not isinstance(data, Mapping):
        raise RecordError("record: expected a JSON object with format, rules, players, turns")
    raw_players = data.get("players")
    names = [p for p in raw_players if isinstance(p, str)] if isinstance(raw_players, list) else []
    try:
        model = _RecordModel.model_validate(data)
    except ValidationError as exc:
        raise _shape_error(exc, names) from None
    if model.game != GAME:
        raise RecordError(f"game: a record of {model.game!r} is not a record of {GAME}")
    try:
        rules = rules_from_spec(model.rules)
    except RulesError as exc:
        raise RecordError(f"rules: {exc}") from None
    players = model.players
    problem = players_problem(players, MAX_PLAYERS)
    if problem is not None:
        raise RecordError(f"players: {problem}")
    if game is None or game.canonical != rules.canonical():
        game = Game(rules)
    return game, players, model.turns


def _parse_throw(raw: object, choose_dice: bool) -> tuple[Dice, Dice | None]:
    """A throw: a list of faces, or ``{"dice", "keep"}`` under ``choose_dice``."""
    if isinstance(raw, list):
        return tuple(raw), None
    if isinstance(raw, dict):
        if not choose_dice:
            raise RecordError("a throw with 'keep' needs the rule choose_dice")
        if set(raw) != {"dice", "keep"}:
            raise RecordError("a throw object has exactly the fields 'dice' and 'keep'")
        dice, keep = raw["dice"], raw["keep"]
        if not isinstance(dice, list) or not isinstance(keep, list):
            raise RecordError("'dice' and 'keep' must be lists of faces")
        for face in keep:
            if type(face) is not int:
                raise RecordError(f"kept face {json.dumps(face)} is not a die face (1–6)")
        return tuple(dice), tuple(keep)
    raise RecordError(f"a throw must be a list of faces, got {json.dumps(raw)}")


Decided = Callable[[GameState, Action], None]
"""Told of every throw-or-stop decision a record makes: the position and the action."""


def replay(data: object, game: Game | None = None, on_decision: Decided | None = None) -> Replay:
    """Replay a record (parsed JSON) through the checked engine; raise :class:`RecordError`.

    Every error message starts with the turn (counted from 1, with the player's name)
    and, where it applies, the throw — the format RECORD.md's "Errors" shows. ``game``:
    see :func:`parse_record`. ``on_decision`` is shown the position before each throw
    and each stop the record makes, with that action (what a player's statistics weigh
    against perfect play), forced throws included: the caller tells them by the
    position's legal actions.
    """
    game, players, turns = parse_record(data, game)
    state = new_state(game, players)
    summaries: list[TurnSummary] = []
    for number, turn in enumerate(turns, 1):
        name = players[(number - 1) % len(players)]
        where = f"turn {number} ({name})"
        if state.is_over:
            winner = state.players[state.current].name
            raise RecordError(f"{where}: the game is already over: {winner} won")
        if turn.player is not None and turn.player != name:
            raise RecordError(f"{where}: the record names '{turn.player}', but it is {name}'s turn")
        if not turn.rolls:
            raise RecordError(f"{where}: a turn needs at least one throw")
        state, summary = _replay_turn(
            state, turn, where, last=number == len(turns), on_decision=on_decision
        )
        summaries.append(summary)
    return Replay(state, tuple(summaries))


def _replay_turn(
    state: GameState, turn: _TurnModel, where: str, last: bool, on_decision: Decided | None = None
) -> tuple[GameState, TurnSummary]:
    game = state.game
    me = state.current
    end: TurnEnd | None = None
    throws: list[Dice] = []
    for number, raw in enumerate(turn.rolls, 1):
        at = f"{where}, throw {number}"
        if end is not None:
            raise RecordError(f"{at}: the turn already ended ({_ended(end)}) at throw {number - 1}")
        try:
            dice, keep = _parse_throw(raw, game.choose_dice)
            if on_decision is not None:
                on_decision(state, THROW)
            state = state.apply(THROW)
            state, end = state.step(Outcome(dice))
            throws.append(dice)
            if state.phase is Phase.SET_ASIDE:
                chosen = keep if keep is not None else game.score(state.pending).kept
                state, end = state.step(SetAside(chosen))
            elif keep and tuple(sorted(keep)) != game.score(dice).kept:
                raise RecordError(
                    f"cannot set aside {' '.join(map(str, keep))}: the throw ended the turn"
                )
        except ThousandError as exc:
            raise RecordError(f"{at}: {exc}") from None
    if turn.stop:
        at = f"{where}, throw {len(turn.rolls)}"
        if end is not None:
            raise RecordError(f"{at}: cannot stop: the turn already ended ({_ended(end)})")
        try:
            if on_decision is not None:
                on_decision(state, STOP)
            state, end = state.step(STOP)
        except IllegalActionError as exc:
            raise RecordError(f"{at}: {exc}") from None
    sheet = state.players[me]
    if end is None:
        if not last:
            raise RecordError(
                f"{where}: the turn does not end: after throw {len(turn.rolls)} the record "
                'must stop ("stop": true) or throw again'
            )
        summary = TurnSummary(
            sheet.name, "in_progress", state.turn_total, sheet.score, None, tuple(throws)
        )
    else:
        summary = TurnSummary(sheet.name, end.outcome, end.points, end.score, end, tuple(throws))
    return state, summary


def _ended(end: TurnEnd) -> str:
    return {"bust": "bust", "dump_truck": "dump truck", "win": "win", "stop": "stop"}[end.outcome]


class RecordBuilder(RecordWriter):
    """Writes the record of a game as it is played: feed it every step.

    ``observe(before, action)`` after each successful transition out of ``before``.
    """

    game = GAME

    def __init__(
        self, game: Game, players: Sequence[str], meta: Mapping[str, Any] | None = None
    ) -> None:
        super().__init__(rules_to_spec(game.rules), players, meta)

    @classmethod
    def from_replay(
        cls, game: Game, players: Sequence[str], data: Mapping[str, Any]
    ) -> RecordBuilder:
        """Continue a record read from a file (its turns are kept as they were)."""
        builder = cls(game, players, data.get("meta"))
        builder.rules = data["rules"]
        builder.turns = [dict(turn) for turn in data["turns"]]
        return builder

    def observe(self, before: GameState, action: Action) -> None:
        if isinstance(action, Outcome):
            if before.throws == 0 and before.forced is Forced.TURN_START:
                self.turns.append({"player": before.player.name, "rolls": []})
            self.turns[-1]["rolls"].append(list(action.dice))
        elif isinstance(action, SetAside):
            throw = before.pending
            if tuple(sorted(action.dice)) != before.game.score(throw).kept:
                rolls = self.turns[-1]["rolls"]
                rolls[-1] = {"dice": rolls[-1], "keep": list(action.dice)}
        elif isinstance(action, Stop):
            self.turns[-1]["stop"] = True
