"""The record of a game of poker dice (RECORD.md, POKER_DICE.md §4): read, check, replay, write.

A record is RECORD.md's header (``format``, ``"game": "poker_dice"``, ``rules``,
``players``, optional ``meta``) and the turns in play order, each::

    {"rolls": [[6, 6, 5, 2, 1], {"keep": [6, 6], "dice": [6, 3, 3]}], "box": "full_house"}

The first throw lists the five faces; each later throw names the faces kept (dice
showing) and the faces of the dice thrown again; ``box`` is the box written. In
``ranking`` a turn has no box: it ends with ``"stop": true`` or with its last throw.
A turn may carry ``"player": NAME``, which must then be the player to move.

:func:`replay` walks a record through the engine's checked path
(:meth:`~.state.Position.apply`): every rule is the engine's, none is re-checked here, and
an illegal record is refused by a :class:`IllegalRecordError` whose one line names the turn
(counted from 1, with the player's name), the throw and the rule. :class:`RecordBuilder`
writes the record of a game as it is played; a written record replays to the same state.

Decisions where POKER_DICE.md and RECORD.md are silent:

* **Whose turn.** In a sheet game turn *i* is ``players[(i - 1) % n]``; in ``ranking``
  the turns follow the engine (each round in seat order, then the tied players' play-off
  rounds), so a turn's player is always the engine's player to move.
* **The throws' shapes**: the first throw is a plain list of five faces (an object
  ``{"keep": [], "dice": [five faces]}`` says the same and is read too: the engine
  refuses any kept die, none are showing); each later throw is an object with exactly
  ``keep`` and ``dice`` — a plain list there would not say which dice were kept.
* **The end of a ranking turn**: the last throw ends the turn by rule, so a further
  throw is refused (no throw is left); a ``"stop": true`` after it says only what the
  rules already did and is read as the end of the turn, not refused.
* **The game in progress**: only the last turn may end without a box (without a stop in
  ``ranking``); it appears in the replay's ``turns[]`` with ``box`` null and ``points``
  0, as the turn of ``to_move``.
* **Ranking turns** have ``box`` null and ``points`` 0 in ``turns[]`` (no box, no score:
  the hand is in ``players[].hand``).
* ``"box": null`` is the same as no box, ``"stop": false`` the same as no stop.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import (
    BaseModel,
    ConfigDict,
    StrictBool,
    StrictStr,
    ValidationError,
)

from thousand.core.dice import Dice
from thousand.core.errors import IllegalActionError, RecordError, RulesError
from thousand.core.players import players_problem
from thousand.core.records import RecordHeader, RecordWriter
from thousand.games.poker_dice.actions import STOP, Action, Outcome, Stop, Throw, Write
from thousand.games.poker_dice.config import MAX_PLAYERS, Rules
from thousand.games.poker_dice.presets import rules_from_spec, rules_to_spec
from thousand.games.poker_dice.state import Position, new_position

GAME = "poker_dice"
"""This game's name in a record's ``game`` field."""


RECORD_RULES = ("record", "game", "rules", "players", "player", "no_throw", "turn_not_ended")
"""The ids of the refusals the record itself makes (besides the engine's
:class:`IllegalActionError` rules): a malformed record, another game's record, bad rules
or players, a turn naming the wrong player, a turn without throws, a turn that does not
end before the next one."""


class IllegalRecordError(RecordError):
    """An illegal or malformed record, in one line naming the turn and throw.

    ``rule`` is the engine's rule (:attr:`IllegalActionError.rule`: ``filled_box``,
    ``keep_not_showing``, ``no_throws_left`` …) or one of :data:`RECORD_RULES`;
    ``turn`` and ``throw`` are counted from 1 (None where the refusal has none), and
    ``params`` are the engine's figures.
    """

    def __init__(
        self,
        message: str,
        rule: str,
        *,
        turn: int | None = None,
        throw: int | None = None,
        params: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        self.rule = rule
        self.turn = turn
        self.throw = throw
        self.params = dict(params or {})


class _TurnModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    rolls: list[Any]
    box: Any = None
    stop: StrictBool = False
    player: StrictStr | None = None


@dataclass(frozen=True, slots=True)
class ParsedRecord:
    """A record whose header is checked: the rules, the players, the turns still raw."""

    rules: Rules
    players: tuple[str, ...]
    turns: tuple[Any, ...]
    meta: dict[str, Any] | None


@dataclass(frozen=True, slots=True)
class TurnSummary:
    """One turn of a replayed record: one row of the replay's ``turns[]`` and what a
    sheet or a front-end may want to show of it."""

    player: str
    seat: int
    box: str | None
    """The box written; None in ``ranking`` and while the turn is in progress."""
    points: int
    """What the box took (doublings and box bonuses included); 0 without a box."""
    throws: tuple[Dice, ...]
    """The dice showing after each throw, sorted."""
    first_throw: bool
    """The box was written after the turn's first throw (doubled where the rules double)."""
    round: int
    """``ranking``: 0 for the first round, then one more for each play-off."""
    ended: bool
    """False for the last turn of a game in progress."""

    @property
    def dice(self) -> Dice:
        """The dice showing when the turn ended (or now, while it is in progress)."""
        return self.throws[-1] if self.throws else ()


@dataclass(frozen=True, slots=True)
class Replay:
    """A replayed record: the position it leads to and every turn's summary."""

    position: Position
    turns: tuple[TurnSummary, ...]
    before_last: Position | None = field(default=None, compare=False, repr=False)
    """The position before the record's last turn (None: not known, or no turn): where
    a replay of the record grown since starts again (:func:`replay`'s ``since``)."""

    @property
    def rules(self) -> Rules:
        return self.position.rules

    @property
    def winner_names(self) -> list[str]:
        """Every name sharing the win; empty while the game is played."""
        return [self.position.players[seat].name for seat in self.position.winners]

    def to_json_data(self) -> dict[str, Any]:
        """Exactly POKER_DICE.md §4's replay object (``thousand replay --json``)."""
        position = self.position
        players = []
        for seat, sheet in enumerate(position.players):
            totals = position.totals(seat)
            entry: dict[str, Any] = {
                "name": sheet.name,
                "boxes": dict(sheet.boxes),
                "subtotal": totals.subtotal,
                "bonus": totals.bonus,
                "extra": totals.extra,
                "total": totals.total,
            }
            if position.is_ranking:
                entry["hand"] = position.hand_kind(seat)
            players.append(entry)
        winners = self.winner_names
        return {
            "players": players,
            "turns": [
                {"player": turn.player, "box": turn.box, "points": turn.points}
                for turn in self.turns
            ],
            "winner": winners[0] if len(winners) == 1 else None,
            "winners": winners,
            "to_move": position.to_move,
        }


# -- reading -------------------------------------------------------------------------


def _shown(value: object, limit: int = 40) -> str:
    """A value of the record as JSON, cut short: an error line stays one short line."""
    text = json.dumps(value, ensure_ascii=False, default=repr)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _model_error(exc: ValidationError) -> tuple[str, str]:
    """A pydantic error as ``(where, message)``: the dotted path and one sentence."""
    error = exc.errors()[0]
    loc = tuple(str(part) for part in error["loc"])
    if error["type"] == "extra_forbidden":
        message = f"unknown field '{loc[-1]}'"
    elif error["type"] == "missing":
        message = f"field '{loc[-1]}' is missing"
    else:
        text = str(error["msg"])
        message = f"'{loc[-1]}': {text[0].lower()}{text[1:]}" if loc else text
    return ".".join(loc[:-1]), message


def parse_record(data: object) -> ParsedRecord:
    """Check a record's header — format, game, rules, players — and return it with its
    turns still raw (:func:`replay` checks them as it plays them)."""
    if not isinstance(data, Mapping):
        raise IllegalRecordError(
            "record: expected a JSON object with format, game, rules, players, turns", "record"
        )
    try:
        model = RecordHeader.model_validate(data)
    except ValidationError as exc:
        where, message = _model_error(exc)
        prefix = f"record: {where}: " if where else "record: "
        raise IllegalRecordError(prefix + message, "record") from None
    if model.game != GAME:
        raise IllegalRecordError(
            f"game: a record of {_shown(model.game)} is not a record of {GAME}", "game"
        )
    try:
        rules = rules_from_spec(model.rules)
    except RulesError as exc:
        raise IllegalRecordError(f"rules: {exc}", "rules") from None
    problem = players_problem(model.players, MAX_PLAYERS)
    if problem is not None:
        raise IllegalRecordError(f"players: {problem}", "players")
    return ParsedRecord(rules, tuple(model.players), tuple(model.turns), model.meta)


def _parse_turn(raw: object, where: str, number: int) -> _TurnModel:
    if not isinstance(raw, Mapping):
        raise IllegalRecordError(
            f'{where}: a turn is an object {{"rolls": [...], "box": NAME}}, got {_shown(raw)}',
            "record",
            turn=number,
        )
    try:
        return _TurnModel.model_validate(raw)
    except ValidationError as exc:
        _, message = _model_error(exc)
        raise IllegalRecordError(f"{where}: {message}", "record", turn=number) from None


def _parse_throw(raw: object, at: str, turn: int, throw: int) -> tuple[Any, Any]:
    """``(keep, faces)`` of one throw as the record writes them; the values themselves
    (faces 1–6, how many, kept dice showing) are the engine's to check."""

    def refuse(message: str) -> IllegalRecordError:
        return IllegalRecordError(f"{at}: {message}", "record", turn=turn, throw=throw)

    if throw == 1 and isinstance(raw, list):
        return (), tuple(raw)
    if throw == 1 and not isinstance(raw, Mapping):
        raise refuse(f"the first throw is a list of the five faces, got {_shown(raw)}")
    if not isinstance(raw, Mapping):
        raise refuse(
            'a throw after the first is an object {"keep": [faces kept], '
            f'"dice": [faces thrown]}}, got {_shown(raw)}'
        )
    for key in raw:
        if key not in ("keep", "dice"):
            raise refuse(f"unknown field {_shown(key)} in a throw (fields: keep, dice)")
    for key in ("keep", "dice"):
        if key not in raw:
            raise refuse(f"field '{key}' is missing")
        if not isinstance(raw[key], list):
            raise refuse(f"'{key}' must be a list of faces, got {_shown(raw[key])}")
    return tuple(raw["keep"]), tuple(raw["dice"])


# -- replaying -----------------------------------------------------------------------


def replay(data: object, since: Replay | None = None) -> Replay:
    """Replay a record (parsed JSON) through the checked engine.

    Raises :class:`IllegalRecordError` (a :class:`RecordError`) naming the turn, the throw
    and the rule. A record whose last turn has not ended yet is a game in progress.

    ``since``: this record replayed before, with as many turns or fewer (a server's
    replay at the room's previous change). Its turns but the last are taken as they are,
    and only the record's turns from its last on are played through the engine: a
    change costs a turn, not the game. That holds because a record's turns are only
    ever appended and only the last one changes while it is played
    (:attr:`RecordWriter.rows <thousand.core.records.RecordWriter.rows>`); a ``since``
    of other rules or players, or of more turns, is not used.
    """
    record = parse_record(data)
    position = new_position(record.rules, record.players)
    summaries: list[TurnSummary] = []
    first = 0
    if since is not None and since.before_last is not None:
        same = since.position.rules == record.rules and tuple(
            sheet.name for sheet in since.position.players
        ) == tuple(record.players)
        if same and 0 < len(since.turns) <= len(record.turns):
            first = len(since.turns) - 1
            position, summaries = since.before_last, list(since.turns[:first])
    before: Position | None = None
    for number, raw in enumerate(record.turns[first:], first + 1):
        if position.over:
            won = ", ".join(position.players[seat].name for seat in position.winners)
            raise IllegalRecordError(
                f"turn {number}: the game is already over (won by {won})",
                "game_over",
                turn=number,
            )
        before = position
        position, summary = _replay_turn(position, raw, number, last=number == len(record.turns))
        summaries.append(summary)
    return Replay(position, tuple(summaries), before)


def _apply(position: Position, action: Action, at: str, turn: int, throw: int) -> Position:
    """The engine's checked path; its refusal becomes the record's, with where it is."""
    try:
        return position.apply(action)
    except IllegalActionError as exc:
        raise _refused(exc, at, turn, throw) from None


MAX_LINE = 500
"""The longest refusal line: the engine's message shows the value it refuses, and a
hostile record's value (a box named by a megabyte of text) must not fill the terminal."""


def _refused(exc: IllegalActionError, at: str, turn: int, throw: int) -> IllegalRecordError:
    line = f"{at}: {exc}"
    if len(line) > MAX_LINE:
        line = line[: MAX_LINE - 1] + "…"
    return IllegalRecordError(line, exc.rule, turn=turn, throw=throw, params=exc.params)


def _replay_turn(
    position: Position, raw: object, number: int, *, last: bool
) -> tuple[Position, TurnSummary]:
    start = position
    seat = position.current
    name = position.players[seat].name
    where = f"turn {number} ({name})"
    turn = _parse_turn(raw, where, number)
    if turn.player is not None and turn.player != name:
        raise IllegalRecordError(
            f"{where}: the record names {_shown(turn.player)}, but it is {name}'s turn",
            "player",
            turn=number,
        )
    if not turn.rolls:
        raise IllegalRecordError(
            f"{where}: a turn needs at least one throw", "no_throw", turn=number
        )
    showing: list[Dice] = []
    ended = False
    for throw, raw_throw in enumerate(turn.rolls, 1):
        at = f"{where}, throw {throw}"
        if ended:
            # The engine ended the turn with its last throw (ranking): no throw is left.
            raise IllegalRecordError(
                f"{at}: cannot throw again: all {throw - 1} throws of the turn are made",
                "no_throws_left",
                turn=number,
                throw=throw,
            )
        keep, faces = _parse_throw(raw_throw, at, number, throw)
        position = _apply(position, Throw(keep), at, number, throw)
        position = _apply(position, Outcome(faces), at, number, throw)
        ended = position.over or position.throws == 0
        showing.append(position.players[seat].hand if ended else position.dice)
    throws = len(turn.rolls)
    at = f"{where}, throw {throws}"
    box: str | None = None
    points = 0
    first_throw = False
    if start.is_ranking:
        if turn.box is not None:
            refusal = start.refusal(Write(turn.box))
            assert refusal is not None  # the ranking game has no sheet
            raise _refused(refusal, at, number, throws)
        if turn.stop and not ended:
            position = _apply(position, STOP, at, number, throws)
            ended = True
            showing[-1] = position.players[seat].hand
    else:
        if turn.stop:
            position = _apply(position, STOP, at, number, throws)  # refused: must_write
        if turn.box is not None:
            first_throw = position.first_throw
            position = _apply(position, Write(turn.box), at, number, throws)
            box = turn.box
            written = position.players[seat].boxes[box]
            assert written is not None
            points = written
            ended = True
    if not ended and not last:
        if start.is_ranking:
            how = 'stop ("stop": true) or throw again'
        elif position.throws_left > 0:
            how = 'write a box ("box": NAME) or throw again'
        else:
            how = 'write a box ("box": NAME)'
        raise IllegalRecordError(
            f"{at}: the turn does not end: after this throw the record must {how}",
            "turn_not_ended",
            turn=number,
            throw=throws,
        )
    summary = TurnSummary(
        name, seat, box, points, tuple(showing), first_throw, start.round, ended=ended
    )
    return position, summary


# -- writing -------------------------------------------------------------------------


class RecordBuilder(RecordWriter):
    """Writes the record of a game as it is played, from its first ``position``:
    ``observe(before, action)`` after each action applied to the position ``before``
    (the dice's :class:`Outcome` included; a :class:`Throw` needs no note, its kept dice
    are those showing when its outcome lands)."""

    game = GAME

    def __init__(self, position: Position, meta: Mapping[str, Any] | None = None) -> None:
        super().__init__(
            rules_to_spec(position.rules), [sheet.name for sheet in position.players], meta
        )

    @classmethod
    def from_record(cls, data: Mapping[str, Any]) -> RecordBuilder:
        """Continue a record read from a file (checked by :func:`replay` first): its
        rules, players, meta and turns are kept as they were."""
        record = parse_record(data)
        builder = cls(new_position(record.rules, record.players), record.meta)
        builder.rules = copy.deepcopy(data["rules"])
        builder.turns = copy.deepcopy(list(record.turns))
        return builder

    def observe(self, before: Position, action: Action) -> None:
        if isinstance(action, Outcome):
            if before.throws == 1:  # the turn's first throw has landed
                self.turns.append({"player": before.to_move, "rolls": [list(action.faces)]})
            else:
                throw = {"keep": list(before.dice), "dice": list(action.faces)}
                self.turns[-1]["rolls"].append(throw)
        elif isinstance(action, Write):
            self.turns[-1]["box"] = action.box
        elif isinstance(action, Stop):
            self.turns[-1]["stop"] = True


def new_recorder(position: Position, meta: Mapping[str, Any] | None = None) -> RecordBuilder:
    """A recorder for a game starting at ``position`` (the GameModule interface)."""
    return RecordBuilder(position, meta)
