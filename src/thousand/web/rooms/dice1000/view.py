"""What one connection may see of a dice 1000 room: PROTOCOL.md's GAME, in its language.

Dice 1000 hides nothing from anyone at the table — the dice to come are not in any
position, they are drawn when thrown — so the game's ``observe`` gives every seat and
spectators the whole position, and they differ in ``you``, ``legal``, ``refusals``, the
take-back of table dice and the advisor. The view goes through ``observe`` all the same:
the part every connection sees alike (:func:`shared_view`) is built from the spectator's
observation, a seat's own part (:func:`seat_view`) from that seat's. What is secret is the
seed (shown once the game is over) and every token (never shown).

``players``, ``turns``, ``winner`` and ``to_move`` must equal ``thousand replay --json``
of the room's record at that moment. They are built from the session's finished turns
and position (replaying the whole record on every change would cost milliseconds a
move), with one care: while the scoring dice of a throw are still being chosen
(``choose_dice``), the record already holds the throw as "every scoring die set aside",
so the view does the same on a copy of the position (:func:`record_view`). A property
test holds the two equal over random games.

The texts for people (``view``: the sheet, the standings, how the last turn ended, the
advisor's lines, the reasons a button is not open) are the terminal game's own, from
:mod:`thousand.games.dice1000.words` and the same catalogs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from thousand.core.i18n import Translator
from thousand.games.dice1000.actions import STOP, THROW, Action, SetAside, Stop, Throw
from thousand.games.dice1000.playsheet import grown_cells, with_turn_in_progress
from thousand.games.dice1000.record import Replay, TurnSummary
from thousand.games.dice1000.scoring import DICE
from thousand.games.dice1000.state import GameState, Phase
from thousand.games.dice1000.table import Session, ThrowView
from thousand.games.dice1000.words import (
    action_name,
    chance_lines,
    combination_name,
    refusal,
    rules_title,
    standing,
    throw_summary,
    turn_end,
)
from thousand.web.jsontext import Grown, Kept
from thousand.web.rooms.dice1000.room import Room
from thousand.web.rooms.view_frame import clock, frame, seat_fields, seed_if_over, waiting


def record_view(
    session: Session,
    observed: GameState | None = None,
    finished: Kept | None = None,
) -> dict[str, Any]:
    """``thousand replay --json`` of the session's record, without replaying it; the
    position as ``observed`` by a seat or a spectator (default: the session's own).
    ``finished``: the entries of the session's finished turns when already made (a
    server keeps them between changes, shared, never written to)."""
    state = session.state if observed is None else observed
    turns: list[TurnSummary] = [] if finished is not None else list(session.turns)
    if state.phase is Phase.SET_ASIDE:
        after, end = state.step(SetAside(state.game.score(state.pending).kept))
        sheet = state.players[state.current]
        if end is None:
            turns.append(
                TurnSummary(sheet.name, "in_progress", after.turn_total, sheet.score, None, ())
            )
        else:
            turns.append(TurnSummary(sheet.name, end.outcome, end.points, end.score, end, ()))
        state = after
    elif not state.is_over and state.throws > 0:
        sheet = state.players[state.current]
        turns.append(
            TurnSummary(sheet.name, "in_progress", state.turn_total, sheet.score, None, ())
        )
    data = Replay(state, tuple(turns)).to_json_data()
    if finished is not None:
        data["turns"] = Grown(finished, data["turns"])
    return data


def _finished_turns(room: Room, session: Session) -> Kept:
    """The replay's entries of the finished turns, kept on the room: a turn's end adds
    its own, instead of every change making the game's all again (and writing them as
    JSON again: :class:`~thousand.web.jsontext.Kept`)."""
    slot = ("turns",)
    turns = session.turns

    def grown() -> Kept:
        kept: Kept = room.kept(slot) or Kept()
        if len(kept) > len(turns):
            kept = Kept()
        new = Replay(session.state, tuple(turns[len(kept) :])).to_json_data()["turns"]
        return Kept([*kept, *new], kept, len(kept))

    return room.latest(slot, (room.number, len(turns)), grown)


def _action_data(
    action: Action, table_dice: bool, state: GameState | None = None
) -> str | dict[str, Any]:
    """An action as ``legal`` lists it; a keep with the points it adds when ``state`` is
    the position it is chosen in."""
    if isinstance(action, Throw):
        return "dice" if table_dice else "throw"
    if isinstance(action, Stop):
        return "stop"
    assert isinstance(action, SetAside)
    item: dict[str, Any] = {"keep": list(action.dice)}
    if state is not None:
        value = state.game.scores.keep_value(tuple(sorted(state.pending)), action.dice)
        if value is not None:
            item["points"] = value[0]
    return item


def _last_throw(room: Room, last: ThrowView, tr: Translator) -> tuple[dict[str, Any], str]:
    """The last throw as ``turn`` shows it, and its summary in words: made once per throw
    and language (kept on the room, never written to), not at every change while the
    throw's dice are chosen and the turn goes on."""

    def make() -> tuple[dict[str, Any], str]:
        shown = {
            "dice": list(last.dice),
            "points": last.score.points,
            "combinations": [
                {
                    "dice": list(combo.dice),
                    "points": combo.points,
                    "name": combination_name(tr, combo),
                }
                for combo in last.score.combinations
            ],
        }
        return shown, throw_summary(tr, last.score)

    return room.latest(("last throw", tr.language), (last.dice, last.score), make)


def _turn(session: Session, state: GameState, last: dict[str, Any] | None) -> dict[str, Any] | None:
    """The turn in progress, or the last finished one (``ended``) until the next throw;
    ``last``: its last throw (:func:`_last_throw`)."""
    throws = session.throws
    if not throws or last is None:
        return None
    finished = state.throws == 0 or state.is_over
    set_aside = [face for view in throws for face in (view.kept or ())]
    # The dice lying beside the last throw: those set aside since five dice were last in
    # hand (the turn's first throw, or hot dice), before the last throw.
    start = max((index for index, view in enumerate(throws) if len(view.dice) == DICE), default=0)
    aside = [face for view in throws[start:-1] for face in (view.kept or ())]
    return {
        "player": (session.last_end.player if finished and session.last_end else state.current),
        "total": state.turn_total,
        "dice_left": state.dice_left,
        "throws": [list(view.dice) for view in throws],
        "set_aside": set_aside,
        "aside": aside,
        "last": last,
        "ended": (session.last_end.outcome if finished and session.last_end else None),
        "choosing": state.phase is Phase.SET_ASIDE,
    }


def _refusals(state: GameState, legal: Sequence[Action], tr: Translator) -> dict[str, str]:
    """Why throw or stop is not open now, in one line each (the terminal game's words)."""
    reasons: dict[str, str] = {}
    if state.phase is not Phase.DECIDE:
        return reasons
    for action, key in ((THROW, "throw"), (STOP, "stop")):
        if action in legal:
            continue
        refused = state.refusal(action)  # asked, not raised: every view of a mover asks
        if refused is not None:
            reasons[key] = refusal(tr, refused)
    return reasons


def seat_view(
    room: Room,
    seat: int | None,
    tr: Translator,
    shared: dict[str, Any],
    advice: dict[Any, float] | None = None,
) -> dict[str, Any]:
    """What GAME holds for a connection holding ``seat`` alone, over the ``shared`` part:
    ``legal``, ``refusals`` and the advice, from the observation of the seat whose move the
    connection enters (its own, or a local seat's on the keeper's device), and the
    take-back of a throw it entered under table dice."""
    session = room.session
    undo = ["undo"] if room.may_undo(seat) else []
    acting = room.acts_for(seat)
    if session is None or acting is None:
        return {"legal": undo} if undo else {}
    state: GameState = room.observation(acting)
    legal = state.legal_actions()
    table_dice = room.options.dice == "table"
    own: dict[str, Any] = {
        "legal": [_action_data(action, table_dice, state) for action in legal] + undo,
        "refusals": _refusals(state, legal, tr),
    }
    if advice:
        lines = chance_lines(tr, state, advice)
        own["view"] = {
            **shared["view"],
            "advice": [
                {
                    "action": _action_data(action, table_dice),
                    "chance": advice[action],
                    "best": best,
                    "text": text,
                }
                for action, (text, best) in zip(advice, lines, strict=True)
            ],
        }
    return own


def _rounds(room: Room, session: Session, state: GameState, tr: Translator) -> list[list[str]]:
    """The sheet's cells: the finished turns' written once per turn, from the last
    turn's round on (kept on the room, and their JSON text with them), the turn in
    progress added to them on every change."""
    done = len(session.turns)
    slot = ("sheet", tr.language)

    def grown() -> tuple[int, Kept]:
        kept: tuple[int, Kept] | None = room.kept(slot)
        count, cells = grown_cells(tr, state, session.turns, kept)
        if kept is None:
            return count, Kept(cells)
        shared = 0  # the rows grown_cells took over from the kept ones (none in a new game)
        for row, old in zip(cells, kept[1], strict=False):
            if row is not old:
                break
            shared += 1
        return count, Kept(cells, kept[1], shared)

    _count, cells = room.latest(slot, done, grown)
    if not state.turn_total:
        return Grown(cells, ())  # the rows are kept on the room: the view only reads them
    rows = with_turn_in_progress(cells, state, done, state.turn_total)
    # the rows before the turn's are the kept ones (with_turn_in_progress shares them)
    row = min(done // len(state.players), len(cells))
    return Grown(cells, rows[row:], row)


def _blank_player(name: str) -> dict[str, Any]:
    """A player of the replay before their first turn."""
    return {"name": name, "score": 0, "entered": False, "bolts": 0}


def shared_view(room: Room, tr: Translator, connected: Sequence[bool]) -> dict[str, Any]:
    """The part of GAME that every connection of ``tr``'s language sees alike: built from
    the spectator's observation."""
    session = room.session
    base = frame(room)
    if session is None:
        base.update(waiting(room, _blank_player), turn=None, view=None)
        return base
    state: GameState = room.observation(None)
    base.update(record_view(session, state, _finished_turns(room, session)))
    for index, player in enumerate(base["players"]):
        player.update(seat_fields(room, index, connected))
    last = session.throws[-1] if session.throws else None
    shown, summary = (None, None) if last is None else _last_throw(room, last, tr)
    base.update(turn=_turn(session, state, shown), **clock(room), **seed_if_over(room))
    names = [sheet.name for sheet in state.players]
    base["view"] = {
        "rules_title": room.memo(("title", tr.language), lambda: rules_title(tr, room.game.rules)),
        "sheet": {"players": names, "rounds": _rounds(room, session, state, tr)},
        "standings": room.latest(  # they move only when a turn ends
            ("standings", tr.language),
            (room.number, len(session.turns), state.is_over),
            lambda: [standing(tr, state, index) for index in range(len(names))],
        ),
        "events": (
            turn_end(tr, state.game, names, session.last_end, None if last is None else last.dice)
            if session.last_end is not None and (state.throws == 0 or state.is_over)
            else []
        ),
        "throw_summary": summary,
        "labels": room.latest(  # they move with the dice in hand and the turn's total
            ("labels", tr.language),
            (state.dice_left, state.turn_total),
            lambda: {
                "throw": action_name(tr, THROW, state.dice_left, state.turn_total),
                "stop": action_name(tr, STOP, state.dice_left, state.turn_total),
            },
        ),
        "advice": None,
    }
    return base
