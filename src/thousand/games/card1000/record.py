"""The record of a game of card Thousand (CARD_THOUSAND.md §6, §8): read, check, replay,
write.

A record is RECORD.md's header (``format``, ``"game": "card1000"``, ``rules``,
``players``, optional ``meta``) and ``deals``, in one of two forms:

* **played deals** — ``{"dealer": s, "hands": [...], "talon": [...], "actions": [...]}``
  (two players: ``"talons"``), every decision in order, each naming its seat;
* **scorekeeping deals** (``"meta": {"cards": "table"}``) — ``{"dealer", "declarer",
  "contract", "points"}``, ``{"dealer", "declarer", "contract", "write_off": true}`` or
  ``{"dealer", "redeal": true}`` (any of the first two with ``"dark": true``).

:func:`replay` walks a record through the engine's checked path (:func:`.engine.apply`
for played deals, :func:`.table.score` for scorekeeping ones): no rule is re-checked
here, and an illegal record is refused by :class:`IllegalRecordError` in one line that
numbers the deal and the action from 1 and names the rule (``deal 2, action 1: out of
turn: …``). Unknown top-level fields (a seed, a commitment) are ignored; an unknown field
inside a deal or an action is refused (§8). :class:`RecordBuilder` writes the record of
a game as it is played; a written record replays to the same position.

Decisions where §6 and §8 are silent:

* a played deal that is not the last must be over (its last trick taken, written off,
  or redealt); an action after its deal ended is refused (``deal_over``);
* ``"pass": true``, ``"redeal": true`` and ``"write_off": true`` take only ``true``;
  ``"marriage"`` and ``"ace_marriage"`` are true or false (false: not announced);
* a seat is a whole number (``true`` is not seat 1).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from thousand.core import records
from thousand.core.errors import IllegalActionError, RecordError, RulesError
from thousand.core.players import players_problem
from thousand.core.records import FORMAT
from thousand.games.card1000 import table
from thousand.games.card1000.actions import (
    PASS,
    REDEAL,
    WRITE_OFF,
    Action,
    Bid,
    ChooseTalon,
    Contract,
    Dark,
    Dealt,
    Decision,
    Discard,
    Give,
    Play,
)
from thousand.games.card1000.cards import DECK
from thousand.games.card1000.config import Rules
from thousand.games.card1000.engine import apply
from thousand.games.card1000.position import Position
from thousand.games.card1000.presets import rules_from_spec, rules_to_spec
from thousand.games.card1000.replay_json import replay_data
from thousand.games.card1000.state import State, new_game

GAME = "card1000"
"""This game's name in a record's ``game`` field."""

MAX_PLAYERS = 4

TABLE_CARDS = "table"
"""``meta.cards`` of a scorekeeping record: real cards at a real table."""

MAX_LINE = 300
"""The longest refusal line: a hostile value must not fill the terminal."""

PLAYED_FIELDS = frozenset({"dealer", "hands", "talon", "talons", "actions"})
TABLE_FIELDS = frozenset(
    {"dealer", "declarer", "contract", "points", "write_off", "redeal", "dark"}
)
ACTION_KINDS: tuple[str, ...] = (
    "bid",
    "pass",
    "redeal",
    "dark",
    "talon",
    "write_off",
    "give",
    "discard",
    "contract",
    "play",
)
"""The decisions of §6, one per action."""
EXTRA_FIELDS = {"give": ("to",), "play": ("marriage", "ace_marriage")}

_BY_NAME = {str(card): card for card in DECK}


class IllegalRecordError(RecordError):
    """An illegal or malformed record, in one line naming the deal and action (from 1).

    ``rule`` is the engine's (:attr:`IllegalActionError.rule`) or the record's own:
    ``record``, ``game``, ``rules``, ``players``, ``dealer``, ``deal_not_ended``,
    ``deal_over``, ``game_over``, ``points``, ``declarer``, ``contract``, ``dark``.
    """

    def __init__(
        self,
        message: str,
        rule: str,
        *,
        deal: int | None = None,
        action: int | None = None,
        params: Mapping[str, Any] | None = None,
    ) -> None:
        if len(message) > MAX_LINE:
            message = message[: MAX_LINE - 1] + "…"
        super().__init__(message)
        self.rule = rule
        self.deal = deal
        self.action = action
        self.params = dict(params or {})


@dataclass(frozen=True, slots=True)
class ParsedRecord:
    """A record whose header is checked, its deals still raw."""

    rules: Rules
    players: tuple[str, ...]
    deals: tuple[Any, ...]
    meta: dict[str, Any] | None

    @property
    def table(self) -> bool:
        """A scorekeeping record (``"meta": {"cards": "table"}``)."""
        return self.meta is not None and self.meta.get("cards") == TABLE_CARDS


@dataclass(frozen=True, slots=True)
class Replay:
    """A replayed record: the position it leads to."""

    position: Position
    table: bool = False

    @property
    def state(self) -> State:
        return self.position.state

    @property
    def players(self) -> tuple[str, ...]:
        return self.position.players

    @property
    def rules(self) -> Rules:
        return self.position.state.rules

    def to_json_data(self) -> dict[str, Any]:
        """Exactly §6's replay JSON (``thousand replay --json``)."""
        return replay_data(self.position.state, self.position.players)


def _shown(value: object, limit: int = 40) -> str:
    text = json.dumps(value, ensure_ascii=False, default=repr)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# -- reading -------------------------------------------------------------------------


def parse_record(data: object) -> ParsedRecord:
    """Check a record's header — format, game, rules, players, meta, deals — and return
    it with its deals still raw."""

    def refuse(message: str, rule: str = "record") -> IllegalRecordError:
        return IllegalRecordError(message, rule)

    if not isinstance(data, Mapping):
        raise refuse("record: expected a JSON object with format, game, rules, players, deals")
    for key in ("format", "rules", "players", "deals"):
        if key not in data:
            raise refuse(f"record: field '{key}' is missing")
    if not _whole(data["format"]) or data["format"] != FORMAT:
        raise refuse(f"record: 'format': must be {FORMAT}, got {_shown(data['format'])}")
    game = data.get("game")
    if game != GAME:
        raise refuse(f"game: a record of {_shown(game)} is not a record of {GAME}", "game")
    try:
        rules = rules_from_spec(data["rules"])
    except RulesError as exc:
        raise refuse(f"rules: {exc}", "rules") from None
    players = data["players"]
    if not isinstance(players, list) or not all(isinstance(name, str) for name in players):
        raise refuse("players: expected a list of names", "players")
    problem = players_problem(players, MAX_PLAYERS)
    if problem is not None:
        raise refuse(f"players: {problem}", "players")
    if len(players) != rules.players:
        raise refuse(
            f"players: the rules are for {rules.players} players, the record names {len(players)}",
            "players",
        )
    meta = data.get("meta")
    if meta is not None and not isinstance(meta, dict):
        raise refuse("record: 'meta': expected an object")
    deals = data["deals"]
    if not isinstance(deals, list):
        raise refuse("record: 'deals': expected a list of deals")
    return ParsedRecord(rules, tuple(players), tuple(deals), meta)


def _card(value: object) -> object:
    """The card named ``value``, or the value itself (the engine refuses it: not a card)."""
    found = _BY_NAME.get(value) if isinstance(value, str) else None
    return value if found is None else found


def _cards(value: object, where: str, number: int) -> tuple[object, ...]:
    if not isinstance(value, list):
        raise IllegalRecordError(
            f"deal {number}: {where}: expected a list of cards, got {_shown(value)}",
            "record",
            deal=number,
        )
    return tuple(_card(item) for item in value)


def _parse_dealt(raw: Mapping[str, Any], rules: Rules, number: int) -> Dealt:
    def refuse(message: str) -> IllegalRecordError:
        return IllegalRecordError(f"deal {number}: {message}", "record", deal=number)

    talon_key, other = ("talons", "talon") if rules.players == 2 else ("talon", "talons")
    if other in raw:
        raise refuse(f"'{other}': a game of {rules.players} players has '{talon_key}'")
    for key in ("hands", talon_key, "actions"):
        if key not in raw:
            raise refuse(f"field '{key}' is missing")
    hands = raw["hands"]
    if not isinstance(hands, list):
        raise refuse(f"hands: expected a list of hands, got {_shown(hands)}")
    dealt_hands = tuple(_cards(hand, "hands", number) for hand in hands)
    if rules.players == 2:
        talons = raw["talons"]
        if not isinstance(talons, list):
            raise refuse(f"talons: expected two talons, got {_shown(talons)}")
        dealt_talons = tuple(_cards(talon, "talons", number) for talon in talons)
    else:
        dealt_talons = (_cards(raw["talon"], "talon", number),)
    return Dealt(dealt_hands, dealt_talons)  # type: ignore[arg-type] # the engine checks


def parse_action(raw: object) -> tuple[object, Decision]:
    """``(seat, decision)`` of a record's action; :class:`ValueError` with the reason."""
    if not isinstance(raw, Mapping):
        raise ValueError(f"an action is an object with its seat, got {_shown(raw)}")
    if "seat" not in raw:
        raise ValueError("field 'seat' is missing")
    seat = raw["seat"]
    if not _whole(seat):
        raise ValueError(f"seat: expected a seat number, got {_shown(seat)}")
    kinds = [key for key in raw if key in ACTION_KINDS]
    if len(kinds) != 1:
        named = "no" if not kinds else " and ".join(kinds)
        raise ValueError(f"an action makes one decision ({', '.join(ACTION_KINDS)}), got {named}")
    (kind,) = kinds
    allowed = {"seat", kind, *EXTRA_FIELDS.get(kind, ())}
    for key in raw:
        if key not in allowed:
            raise ValueError(f"unknown field {_shown(key)} in a {kind} action")
    value = raw[kind]
    if kind in ("pass", "redeal", "write_off") and value is not True:
        raise ValueError(f"'{kind}' takes true, got {_shown(value)}")
    decision: Decision
    if kind == "bid":
        decision = Bid(value)
    elif kind == "pass":
        decision = PASS
    elif kind == "redeal":
        decision = REDEAL
    elif kind == "write_off":
        decision = WRITE_OFF
    elif kind == "dark":
        decision = Dark(value)
    elif kind == "talon":
        decision = ChooseTalon(value)
    elif kind == "give":
        if "to" not in raw:
            raise ValueError("field 'to' is missing in a give")
        if not _whole(raw["to"]):
            raise ValueError(f"to: expected a seat number, got {_shown(raw['to'])}")
        decision = Give(_card(value), raw["to"])  # type: ignore[arg-type]
    elif kind == "discard":
        decision = Discard(_card(value))  # type: ignore[arg-type]
    elif kind == "contract":
        decision = Contract(value)
    else:
        flags = {key: raw.get(key, False) for key in ("marriage", "ace_marriage")}
        for key, flag in flags.items():
            if not isinstance(flag, bool):
                raise ValueError(f"'{key}' is true or false, got {_shown(flag)}")
        decision = Play(_card(value), **flags)  # type: ignore[arg-type]
    return seat, decision


# -- replaying -----------------------------------------------------------------------


def replay(data: object, on_state: Callable[[State], None] | None = None) -> Replay:
    """Replay a record (parsed JSON) through the checked engine; raises
    :class:`IllegalRecordError` naming the deal, the action and the rule.
    ``on_state`` is shown every state after a played deal's cards and after each of its
    actions (the after-deal review walks the play with it)."""
    record = parse_record(data)
    state = new_game(record.rules)
    count = len(record.deals)
    for number, raw in enumerate(record.deals, 1):
        if state.over:
            assert state.winner is not None
            raise IllegalRecordError(
                f"deal {number}: the game is already over (won by {record.players[state.winner]})",
                "game_over",
                deal=number,
            )
        if not isinstance(raw, Mapping):
            raise IllegalRecordError(
                f"deal {number}: a deal is an object, got {_shown(raw)}", "record", deal=number
            )
        fields = TABLE_FIELDS if record.table else PLAYED_FIELDS
        for key in raw:
            if key not in fields:
                raise IllegalRecordError(
                    f"deal {number}: unknown field {_shown(key)}", "record", deal=number
                )
        if "dealer" not in raw:
            raise IllegalRecordError(
                f"deal {number}: field 'dealer' is missing", "record", deal=number
            )
        if raw["dealer"] != state.dealer or not _whole(raw["dealer"]):
            raise IllegalRecordError(
                f"deal {number}: dealer: seat {state.dealer} deals this deal, the record "
                f"says {_shown(raw['dealer'])}",
                "dealer",
                deal=number,
            )
        if record.table:
            state = _table_deal(state, raw, number)
        else:
            state = _played_deal(state, raw, number, last=number == count, on_state=on_state)
    return Replay(Position(state, record.players), record.table)


def _refused(exc: IllegalActionError, number: int, action: int | None) -> IllegalRecordError:
    where = f"deal {number}" if action is None else f"deal {number}, action {action}"
    return IllegalRecordError(
        f"{where}: {exc}", exc.rule, deal=number, action=action, params=exc.params
    )


def _played_deal(
    state: State,
    raw: Mapping[str, Any],
    number: int,
    *,
    last: bool,
    on_state: Callable[[State], None] | None = None,
) -> State:
    dealt = _parse_dealt(raw, state.rules, number)
    try:
        state = apply(state, dealt)
    except IllegalActionError as exc:
        raise _refused(exc, number, None) from None
    if on_state is not None:
        on_state(state)
    actions = raw["actions"]
    if not isinstance(actions, list):
        raise IllegalRecordError(
            f"deal {number}: actions: expected a list, got {_shown(actions)}",
            "record",
            deal=number,
        )
    for index, item in enumerate(actions, 1):
        if state.deal is None:
            outcome = state.history[-1].outcome if state.history else "over"
            raise IllegalRecordError(
                f"deal {number}, action {index}: the deal is over ({outcome})",
                "deal_over",
                deal=number,
                action=index,
            )
        try:
            seat, decision = parse_action(item)
        except ValueError as exc:
            raise IllegalRecordError(
                f"deal {number}, action {index}: {exc}", "record", deal=number, action=index
            ) from None
        try:
            state = apply(state, decision, seat)  # type: ignore[arg-type] # checked
        except IllegalActionError as exc:
            raise _refused(exc, number, index) from None
        if on_state is not None:
            on_state(state)
    if state.deal is not None and not last:
        assert state.to_move is not None
        seat, phase = state.to_move
        raise IllegalRecordError(
            f"deal {number}: the deal is not over after its {len(actions)} actions: "
            f"seat {seat} is to {phase}",
            "deal_not_ended",
            deal=number,
        )
    return state


def _table_deal(state: State, raw: Mapping[str, Any], number: int) -> State:
    def refuse(message: str, rule: str = "record") -> IllegalRecordError:
        return IllegalRecordError(f"deal {number}: {message}", rule, deal=number)

    try:
        if "redeal" in raw:
            if raw["redeal"] is not True or set(raw) != {"dealer", "redeal"}:
                raise refuse('a redeal is {"dealer": s, "redeal": true} alone')
            return table.redeal(state)
        for key in ("declarer", "contract"):
            if key not in raw:
                raise refuse(f"field '{key}' is missing")
        dark = raw.get("dark", False)
        if not isinstance(dark, bool):
            raise refuse(f"'dark' is true or false, got {_shown(dark)}")
        if "write_off" in raw:
            if raw["write_off"] is not True or "points" in raw:
                raise refuse('a write-off is "write_off": true, without points')
            return table.score(
                state,
                declarer=raw["declarer"],
                contract=raw["contract"],
                written_off=True,
                dark=dark,
            )
        if "points" not in raw:
            raise refuse("field 'points' is missing")
        return table.score(
            state,
            declarer=raw["declarer"],
            contract=raw["contract"],
            points=raw["points"],
            dark=dark,
        )
    except IllegalActionError as exc:
        raise _refused(exc, number, None) from None


# -- writing -------------------------------------------------------------------------


class RecordBuilder:
    """Writes the record of a game as it is played, from its first position:
    ``observe(before, action)`` after each action (the deal included) applied to the
    position ``before``."""

    def __init__(self, position: Position, meta: Mapping[str, Any] | None = None) -> None:
        self.rules: str | dict[str, Any] = rules_to_spec(position.state.rules)
        self.players = list(position.players)
        self.meta: dict[str, Any] | None = None if meta is None else dict(meta)
        self.deals: list[dict[str, Any]] = []

    def observe(self, before: Position, action: Action) -> None:
        state = before.state
        if isinstance(action, Dealt):
            self.deals.append({"dealer": state.dealer, **action.to_data(), "actions": []})
            return
        assert state.to_move is not None
        self.deals[-1]["actions"].append({"seat": state.to_move[0], **action.to_data()})

    ROWS: ClassVar[str] = "deals"
    """The key of the record's rows (:attr:`rows`)."""

    @property
    def rows(self) -> list[dict[str, Any]]:
        """The record's deals as they are written (not a copy): a deal is only ever
        appended (or, keeping the score of real cards, the last one taken back), and only
        the last one changes while it is played (:mod:`thousand.web.roomlog`)."""
        return self.deals

    def header(self) -> dict[str, Any]:
        """The record without its deals (not a copy: to be written out at once)."""
        data: dict[str, Any] = {
            "format": FORMAT,
            "game": GAME,
            "rules": self.rules,
            "players": self.players,
        }
        if self.meta is not None:
            data["meta"] = self.meta
        return data

    def to_data(self) -> dict[str, Any]:
        """The record so far (§6's object), a copy the game goes on without."""
        data = copy.deepcopy(self.header())
        data["deals"] = copy.deepcopy(self.deals)
        return data

    def to_json(self) -> str:
        """The record as text, one deal to a line."""
        return dump_record(self.to_data())


def dump_record(data: Mapping[str, Any]) -> str:
    """A record as JSON text: the header one field to a line, then one deal to a line."""
    return records.dump_record(data, "deals")


def new_recorder(position: Position, meta: Mapping[str, Any] | None = None) -> RecordBuilder:
    """A recorder for a game starting at ``position`` (the GameModule interface)."""
    return RecordBuilder(position, meta)


__all__ = ["IllegalRecordError", "Replay", "new_recorder", "parse_record", "replay"]
