"""What one connection may see of a poker dice room: PROTOCOL.md's GAME for ``poker_dice``.

Poker dice hides nothing from anyone at the table (the dice to come are nobody's), so
the game's ``observe`` gives seats and spectators the same position, and they differ only
in ``you``, ``legal`` and ``refusals``. The view goes through ``observe`` all the same: the
part every connection sees alike (:func:`shared_view`) from the spectator's observation, a
seat's own part (:func:`seat_view`) from that seat's. The seed is shown once the game is
over, tokens never.

``players``, ``turns``, ``winner``, ``winners`` and ``to_move`` are exactly
``thousand replay --json`` of the room's record at that moment (POKER_DICE.md §4): the
record is replayed through the same replay rather than rebuilt beside it, so the two
cannot differ; once per change of the room, and from the replay of the change before
(its last turn on), so that a change costs a turn, not the game. Beside them, in place
of dice 1000's ``turn``:

* ``sheet`` (``russian``, ``yahtzee`` or ``ranking``), ``boxes`` (the sheet's boxes in
  order) and ``upper`` (those of series 1), ``throws`` (a turn's throws) and ``doubling``
  (a series-2 box written after the first throw scores double);
* ``showing``: the dice on the table — ``dice`` in the places they lie (kept dice stay
  where they were), ``fresh`` (the places the last throw filled), ``player`` (whose dice),
  ``throws`` made and ``throws_left`` this turn, ``first_throw`` (a box written now is
  doubled where the rules double), ``in_turn`` (false: the last turn's dice, lying until
  the next player throws); null before the game's first throw;
* ``scores_now``: for the player to move, what each box they may write now would score;
* ``last``: how the last turn ended (``player``, ``box``, ``points``, ``doubled``,
  ``extra``, ``dice``, ``hand``, ``stopped``), until the next turn's first throw;
* ``round`` and ``contenders`` (the ranking game's play-offs).

``legal`` for the seat to move lists ``"throw"`` (when a throw is open: keep any dice
showing but all five, nothing on the turn's first throw), one ``{"box": NAME, "points":
P}`` per box that may be written, and ``"stop"`` (ranking). The names of boxes, levels
and hands are ids: the page words them (``static/views/poker_dice.js``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from thousand.core.i18n import Translator
from thousand.games.poker_dice.actions import THROW, Stop, Throw, Write
from thousand.games.poker_dice.record import Replay, replay
from thousand.games.poker_dice.scoring import HAND_KINDS, UPPER
from thousand.games.poker_dice.sheet import ranking_rows, sheet_rows
from thousand.games.poker_dice.state import Position
from thousand.games.poker_dice.table import Session, TurnEnd
from thousand.games.poker_dice.words import (
    box_name,
    hand_line,
    hand_name,
    result,
    rules_title,
    written,
)
from thousand.web.rooms.poker_dice.room import PokerRoom
from thousand.web.rooms.view_frame import clock, frame, seat_fields, seed_if_over, waiting


def replayed(room: PokerRoom, session: Session) -> Replay:
    """The room's record replayed now: once per change of the room, kept on the room, and
    from the replay of its previous change on (:func:`replay`'s ``since``: a change
    replays its turn, not the game). The record is read as the session writes it, not
    copied: a replay only reads."""
    slot = ("replay",)

    def grown() -> tuple[int, Replay]:
        kept: tuple[int, Replay] | None = room.kept(slot)
        since = kept[1] if kept is not None and kept[0] == room.number else None
        record = session.record
        return room.number, replay({**record.header(), record.ROWS: record.rows}, since)

    number_and_replay: tuple[int, Replay] = room.latest(slot, (room.number, room.seq), grown)
    return number_and_replay[1]


def _showing(session: Session, position: Position) -> dict[str, Any] | None:
    """The dice on the table, in the places they lie (see the module docstring)."""
    if not session.shown:
        return None
    in_turn = position.throws > 0 and not position.over
    if in_turn:
        player, throws = position.current, position.throws
    elif session.last_end is not None:
        player, throws = session.last_end.seat, session.last_end.throws
    else:
        return None
    return {
        "dice": list(session.shown),
        "fresh": sorted(session.fresh),
        "player": player,
        "throws": throws,
        "throws_left": position.throws_left if in_turn else 0,
        "first_throw": position.first_throw if in_turn else False,
        "in_turn": in_turn,
    }


def _last(session: Session, position: Position) -> dict[str, Any] | None:
    """How the last turn ended, until the next turn's first throw."""
    end = session.last_end
    if end is None or (position.throws > 0 and not position.over):
        return None
    return {
        "player": end.seat,
        "name": position.players[end.seat].name,
        "box": end.box,
        "points": end.points,
        "doubled": end.doubled,
        "extra": end.extra,
        "dice": list(end.dice),
        "hand": end.hand,
        "stopped": end.stopped,
        "throws": end.throws,
    }


def _blank_player(name: str) -> dict[str, Any]:
    """A player of the replay before their first turn."""
    return {"name": name, "boxes": {}, "subtotal": 0, "bonus": 0, "extra": 0, "total": 0}


def shared_view(room: PokerRoom, tr: Translator, connected: Sequence[bool]) -> dict[str, Any]:
    """The part of GAME that every connection of ``tr``'s language sees alike: built from
    the spectator's observation."""
    session = room.session
    rules = room.game
    base: dict[str, Any] = {
        **frame(room),
        "sheet": rules.sheet,
        "throws": rules.throws,
        "doubling": rules.first_throw_double,
        "view": {
            "rules_title": room.memo(("title", tr.language), lambda: rules_title(tr, rules)),
        },
    }
    if session is None:
        base.update(
            waiting(room, _blank_player),
            winners=[],
            boxes=[],
            upper=[],
            showing=None,
            scores_now={},
            last=None,
            round=0,
            contenders=[],
        )
        return base
    position: Position = room.observation(None)
    replay_now = replayed(room, session)
    base.update(replay_now.to_json_data())
    for index, player in enumerate(base["players"]):
        sheet = position.players[index]
        player.update(seat_fields(room, index, connected), bank=sheet.bank, dice=list(sheet.hand))
    names = list(position.players[0].boxes) if position.players else []
    moving = not position.over and position.throws > 0 and not position.in_air
    base.update(
        boxes=names,
        upper=[box for box in names if box in UPPER],
        showing=_showing(session, position),
        scores_now=(
            {box: position.points_for(box) for box in position.writable_boxes()} if moving else {}
        ),
        last=_last(session, position),
        round=position.round,
        contenders=list(position.contenders),
        **clock(room),
        **seed_if_over(room),
    )
    base["view"] = {**base["view"], **_words(room, session, position, replay_now, tr)}
    return base


def _words(
    room: PokerRoom, session: Session, position: Position, replay_now: Replay, tr: Translator
) -> dict[str, Any]:
    """What the game says to people, in ``tr``'s words: the sheet as the paper has it
    (:mod:`thousand.games.poker_dice.sheet`: ✓, —, real minus signs), the boxes' and
    hands' names, how the last turn ended and who won."""
    rules = room.game
    names = [sheet.name for sheet in position.players]
    if position.is_ranking:
        rows = [
            {"row": "round", "label": label, "cells": cells}
            for label, cells in ranking_rows(replay_now, tr)
        ]
    else:
        rows = [
            {"row": row, "label": label, "cells": cells}
            for row, label, cells in sheet_rows(replay_now, tr)
        ]
    end = session.last_end
    showing_last = end is not None and (position.over or position.throws == 0)
    return {
        "sheet": {"players": names, "rows": rows},
        # the names never change in a room: made once per language, never written to
        "boxes": room.memo(
            ("box names", tr.language),
            lambda: {box: box_name(tr, rules, box) for box in position.players[0].boxes},
        ),
        "hands": room.memo(
            ("hand names", tr.language), lambda: {kind: hand_name(tr, kind) for kind in HAND_KINDS}
        ),
        "events": _turn_end(tr, room, names, end) if showing_last and end is not None else [],
        "result": result(tr, replay_now.winner_names) if position.over else None,
    }


def _turn_end(tr: Translator, room: PokerRoom, names: list[str], end: TurnEnd) -> list[str]:
    """How the last turn ended, in a line."""
    name = names[end.seat]
    if end.box is not None:
        return [written(tr, room.game, name, end.box, end.points, doubled=end.doubled)]
    if end.hand is not None:
        return [hand_line(tr, name, end.hand, end.dice)]
    return []


def _legal(position: Position) -> list[str | dict[str, Any]]:
    legal: list[str | dict[str, Any]] = []
    actions = position.legal_actions()
    if any(isinstance(action, Throw) for action in actions):
        legal.append("throw")
    for action in actions:
        if isinstance(action, Write):
            legal.append({"box": action.box, "points": position.points_for(action.box)})
    if any(isinstance(action, Stop) for action in actions):
        legal.append("stop")
    return legal


def _refusals(room: PokerRoom, position: Position, tr: Translator) -> dict[str, str]:
    """Why a throw (or a write) is not open now, in one line each."""
    reasons: dict[str, str] = {}
    throw = position.refusal(Throw(position.dice[:1]) if position.throws else THROW)
    if throw is not None:
        reasons["throw"] = room.refusal_text(tr, throw)
    if not position.throws and not position.is_ranking:
        refused = position.refusal(Write(next(iter(position.players[0].boxes), "")))
        if refused is not None:
            reasons["write"] = room.refusal_text(tr, refused)
    return reasons


def seat_view(
    room: PokerRoom,
    seat: int | None,
    tr: Translator,
    shared: dict[str, Any],
    advice: dict[Any, float] | None = None,
) -> dict[str, Any]:
    """What GAME holds for a connection holding ``seat`` alone, over the ``shared`` part:
    ``legal`` and ``refusals``, from the observation of the seat whose move it enters."""
    del shared, advice  # no advisor for poker dice
    acting = room.acts_for(seat)
    if room.session is None or acting is None:
        return {}
    position: Position = room.observation(acting)
    return {"legal": _legal(position), "refusals": _refusals(room, position, tr)}
