"""A card Thousand room that keeps the score of real cards (``options.cards = "table"``,
docs/card1000-online.md, CARD_THOUSAND.md §6's scorekeeping record).

The people play with their own deck at one table; one device, the creator's (the
scorekeeper), enters each deal's result as an action message:

* ``{"action": "deal_result", "declarer": s, "contract": N, "points": [p per seat]}``
  — one playing seat's entry may be null: the server works it out from 120, the
  ``marriages`` announced (``"marriages": M``, their total; 0 when left out) and the
  last-trick bonus; ``"dark": true`` for a dark deal;
* ``{"action": "write_off", "declarer": s, "contract": N}``;
* ``{"action": "redeal"}``;
* ``{"action": "undo"}``: the last deal entered taken back (a mistyped result), while
  the game is on.

A result that cannot have happened is refused as ``illegal`` with the rule and the
reason in the player's language (:func:`~thousand.games.card1000.words.table_refusal`);
nothing changes. The game's view is the replay's (players, deals, winner — exactly
``thousand replay --json`` of the record) with the sheet's rows as on paper and
``keeping``: who deals the next deal, who plays in it, whether it is golden and what the
form may offer. There are no hidden cards, so every connection sees the same.

Decisions where the protocol was silent: only the creator's device enters (the seats of
the others are theirs to watch from, joined by the invite link or seats without a
device); no computer players (a computer holds no real cards), no clock, no advisor.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from thousand.core.i18n import N_, Translator
from thousand.games.card1000.keep_session import KeepSession
from thousand.games.card1000.keeping import Entry, fill_points
from thousand.games.card1000.presets import rules_from_spec
from thousand.games.card1000.record import Replay
from thousand.games.card1000.replay_json import replay_data
from thousand.games.card1000.sheet import legend, sheet_rows
from thousand.games.card1000.words import rules_title
from thousand.web.protocol import CreateRoom, Options, ProtocolError
from thousand.web.rooms.base import ActionFields, BaseRoom
from thousand.web.rooms.view_frame import frame, seat_fields

TABLE = "table"
"""``options.cards`` of a scorekeeping room."""

ACTIONS = ("deal_result", "write_off", "redeal", "undo")
"""What the scorekeeper sends."""


def is_table(options: Options) -> bool:
    return options.cards == TABLE


def check_table_options(options: Options) -> None:
    """What a scorekeeping room cannot have (422 naming the option)."""
    if options.dice != "server":
        raise ProtocolError("invalid", "options.dice: card Thousand has no dice", 422)
    if options.advisor:
        raise ProtocolError("invalid", "options.advisor: no advisor for real cards", 422)
    if options.turn_seconds is not None:
        raise ProtocolError(
            "invalid", "options.turn_seconds: no clock when the scorekeeper enters the deals", 422
        )


def check_table_seats(body: CreateRoom) -> None:
    """People only: with a device (open seats) or without (a name)."""
    for index, seat in enumerate(body.seats):
        if seat.bot is not None:
            raise ProtocolError(
                "invalid",
                f"seats.{index}.bot: a computer holds no real cards (people only)",
                422,
            )


def entry_of(sent: ActionFields, session: KeepSession) -> Entry:
    """The deal's result an action message names (``bad_message`` when malformed; a
    points list the form cannot complete is the rules' ``illegal``)."""
    name = sent.action
    if name not in ACTIONS:
        raise ProtocolError(
            "bad_message",
            f"action: unknown action {name[:32]!r} at a real card table ({', '.join(ACTIONS)})",
        )
    if name == "redeal":
        return Entry(redeal=True)
    dark = bool(sent.dark)
    if name == "write_off":
        return Entry(declarer=sent.declarer, contract=sent.contract, write_off=True, dark=dark)
    if sent.points is None:
        raise ProtocolError("bad_message", "points: field is missing (each seat's points)")
    game = session.game
    points = fill_points(game.rules, game.dealer, sent.points, sent.marriages or 0)
    return Entry(declarer=sent.declarer, contract=sent.contract, points=points, dark=dark)


def _replay(session: KeepSession) -> Replay:
    return Replay(session.game.position, table=True)


FORM_WORDS = {
    "declarer": N_("Declarer"),
    "contract": N_("Contract"),
    "points": N_("Points"),
    "marriages": N_("Marriages announced"),
    "dark": N_("dark deal"),
    "score": N_("Score the deal"),
    "write_off": N_("Written off"),
    "redeal": N_("Redeal"),
    "undo": N_("Take back the last deal"),
    "deals": N_("deals"),
    "sits_out": N_("sits out"),
    "total": N_("Total"),
    "deal": N_("Deal"),
    "hint": N_("Leave one player's points empty: the form works them out."),
}
"""The scorekeeper's form's words, sent translated in ``view.form`` (the page has none
of its own for this game)."""


def form_words(tr: Translator, session: KeepSession | None) -> dict[str, str]:
    """The form's words in ``tr``'s language, with the next deal's line."""
    words = {key: tr.gettext(text) for key, text in FORM_WORDS.items()}
    if session is None:
        return words
    game = session.game
    if game.over:
        return words
    words["line"] = game.next_deal_line(tr)
    return words


def keeping(session: KeepSession) -> dict[str, Any] | None:
    """The next deal as the form needs it (None once the game is over)."""
    game = session.game
    if game.over:
        return None
    rules, state = game.rules, game.state
    dark = bool(rules.dark) and not game.golden
    if state.any_on_barrel and not rules.dark_on_barrel:
        dark = False
    return {
        "deal": len(state.history) + 1,
        "dealer": game.dealer,
        "playing": list(game.playing),
        "sitting_out": game.idle,
        "golden": game.golden,
        "dark": dark,
        "opening_bid": rules.opening_bid,
        "bid_step": rules.bid_step,
        "last_trick_bonus": rules.last_trick_bonus,
        "fill": rules.players != 2,
        "ace_marriage": bool(rules.ace_marriage),
    }


def table_shared_view(room: BaseRoom, tr: Translator, connected: Sequence[bool]) -> dict[str, Any]:
    """GAME of a scorekeeping room (the same for every connection of ``tr``'s language)."""
    session = room.session
    base: dict[str, Any] = {
        **{key: value for key, value in frame(room).items() if key != "dice_commitment"},
        "cards": TABLE,
        "rules": rules_from_spec(room.rules).to_data(),
        "deadline": None,
        "thinking": False,
    }
    title = rules_title(tr, room.rules)
    if not isinstance(session, KeepSession):
        names = [seat.name for seat in room.seats if seat.name is not None]
        base.update(
            players=[{"name": name, "score": 0, "barrel": False, "bolts": 0} for name in names],
            deals=[],
            winner=None,
            to_move=None,
            keeping=None,
            view={"rules_title": title, "sheet": [], "legend": None, "form": form_words(tr, None)},
        )
        return base
    replay = _replay(session)
    data = replay_data(session.game.state, session.game.players)
    rows = sheet_rows(replay, tr)
    base.update(
        players=[
            {**player, **seat_fields(room, index, connected)}
            for index, player in enumerate(data["players"])
        ],
        deals=data["deals"],
        winner=data["winner"],
        to_move=None,
        keeping=keeping(session),
        view={
            "rules_title": title,
            "sheet": [
                {"number": number, "declarer": label, "cells": cells}
                for number, label, cells in rows
            ],
            "legend": legend(rows, tr),
            "form": form_words(tr, session),
        },
    )
    return base


def table_seat_view(room: BaseRoom, seat: int | None) -> dict[str, Any]:
    """The scorekeeper's own part: the actions it may send now."""
    session = room.session
    if session is None or seat is None or room.acts_for(seat) is None:
        return {}
    kept = isinstance(session, KeepSession) and session.deals > 0
    return {"legal": [{"action": name} for name in ACTIONS if name != "undo" or kept]}
