"""What one connection may see of a card Thousand room: PROTOCOL.md's GAME for ``card1000``
(docs/card1000-online.md).

Everything a connection is shown of the deal in play comes through the one door,
:func:`thousand.games.card1000.views.view` of (state, seat) — the game's ``observe``,
which the room's :meth:`~thousand.web.rooms.base.BaseRoom.observation` calls: the part
every connection
sees alike (:func:`shared_view`) from the spectator's view (``seat=None``: no hand, no
talon not shown, no card given face down), and a seat's own part (:func:`seat_view`)
from that seat's view — its ``deal`` (its hand, a talon or a give it may see), its
``legal`` moves and why the others are not open. The seed is shown once the game is over.

A finished deal is public (§7): ``last_deal`` is the record's entry of the deal that
ended last (its cards as dealt and every decision), with its ``number``; the deal in play
carries its own ``number``, always higher, so a reader never mistakes the one for the
other. The finished deals before it are in ``deals`` as their scores only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from thousand.core.i18n import Translator
from thousand.games.card1000.actions import Play
from thousand.games.card1000.advice import ActionAdvice
from thousand.games.card1000.cards import Rank, Suit
from thousand.games.card1000.deal_over import deal_over
from thousand.games.card1000.keep_session import KeepSession
from thousand.games.card1000.legal import legal_actions
from thousand.games.card1000.record import Replay, parse_action
from thousand.games.card1000.sheet import legend, sheet_rows, write_off_mark
from thousand.games.card1000.views import SeatView
from thousand.games.card1000.words import (
    decision_line,
    phase_name,
    rank_letter,
    rules_title,
    suit_name,
)
from thousand.web.rooms.card1000.keeping import table_seat_view, table_shared_view
from thousand.web.rooms.card1000.room import CardRoom, action_message
from thousand.web.rooms.card1000.session import CardSession
from thousand.web.rooms.view_frame import clock, frame, seat_fields, seed_if_over


def _blank_player(name: str) -> dict[str, Any]:
    return {"name": name, "score": 0, "barrel": False, "bolts": 0}


def _deal(seen: SeatView, session: CardSession) -> dict[str, Any] | None:
    """The deal in play as ``seen`` shows it, numbered from 1."""
    if seen.deal is None:
        return None
    return {"number": session.deals_dealt, **seen.deal.to_data()}


def _last_deal(session: CardSession) -> dict[str, Any] | None:
    """The record's entry of the deal that ended last (public: §7), numbered from 1."""
    deals = session.record.deals
    finished = len(deals) - (0 if session.now.state.deal is None else 1)
    if finished < 1:
        return None
    return {"number": finished, **deals[finished - 1]}


def _last_trick(
    room: CardRoom, session: CardSession, last: dict[str, Any] | None
) -> dict[str, Any] | None:
    """Who took the last trick of ``last_deal`` (``{"deal", "seat"}``, ``seat`` None when
    no card was played: a redeal, a write-off), beside the record's entry rather than in
    it: a client may replay that entry as a record's deal."""
    if last is None:
        return None
    number = int(last["number"])
    seat = room.memo(
        ("last_trick_taker", room.number, number), lambda: _last_trick_taker(session, number)
    )
    return {"deal": number, "seat": seat}


def _last_trick_taker(session: CardSession, number: int) -> int | None:
    """Who took deal ``number``'s last trick, by the engine's own reading of it
    (:mod:`~thousand.games.card1000.deal_over`) — the page never works out a trick's
    winner itself: as the session kept it when the deal ended, or (a game resumed since)
    from the record replayed to that deal's end, as the terminal's deal-over panel reads
    it."""
    kept = session.last_trick
    if kept is not None and kept[0] == number:
        trick = kept[1]
    else:
        data = {**session.record.header(), "deals": session.record.deals[:number]}
        trick = deal_over(data, number).last_trick
    return None if trick is None else trick.taker


def _rules_title(room: CardRoom, tr: Translator) -> str:
    return rules_title(tr, room.rules)


def card_words(tr: Translator) -> dict[str, Any]:
    """What the page writes on a card and calls a suit, in ``tr``'s language: ``ranks``
    by the record's letter (``{"Q": "Д", "T": "10"}``), ``suits`` by the record's letter
    (``{"H": "черви ♥"}``), ``write_off`` the sheet's mark (``Р``)."""
    return {
        "ranks": {rank.value: rank_letter(tr, rank) for rank in Rank},
        "suits": {suit.value: suit_name(tr, suit) for suit in Suit},
        "write_off": write_off_mark(tr),
    }


FACE_DOWN = "9S"
"""Stands in for a card given or put aside face down, to word the decision: the line
(``Anna gives a card to Boris``) never names the card."""


def deal_log(
    actions: Sequence[dict[str, Any]], players: Sequence[str], tr: Translator
) -> list[str]:
    """The decisions of the deal in play as the log tells them (``Boris bids 110``,
    ``Vera plays K♥ announcing the marriage: hearts ♥ 100``), from the spectator's view
    (a card given face down is not in it, and no line names it)."""
    lines = []
    for raw in actions:
        shown = dict(raw)
        for kind in ("give", "discard"):
            if kind in shown and shown[kind] is None:
                shown[kind] = FACE_DOWN
        try:
            seat, decision = parse_action(shown)
        except ValueError:
            continue
        if not isinstance(seat, int) or not 0 <= seat < len(players):
            continue
        to = getattr(decision, "to", None)
        target = players[to] if isinstance(to, int) and 0 <= to < len(players) else None
        lines.append(decision_line(tr, players[seat], decision, target))
    return lines


def _log(
    room: CardRoom,
    dealt: int,
    actions: Sequence[dict[str, Any]],
    players: Sequence[str],
    tr: Translator,
) -> list[str]:
    """:func:`deal_log` of the deal in play, its lines kept on the room: a decision adds
    its own line, instead of every change wording the deal's all again (``dealt``: the
    deals dealt so far, the one in play the last of them). The lines kept
    are used only while the actions they were worded from begin the deal's as they were
    (another deal, or anything shown otherwise, words them all again)."""
    slot = ("deal log", tr.language)

    def grown() -> tuple[list[dict[str, Any]], list[str]]:
        kept: tuple[list[dict[str, Any]], list[str]] | None = room.kept(slot)
        if kept is not None and kept[0] == list(actions[: len(kept[0])]):
            done, lines = kept
            return list(actions), [*lines, *deal_log(actions[len(done) :], players, tr)]
        return list(actions), deal_log(actions, players, tr)

    version = (dealt, len(actions), actions[-1] if actions else None)
    _actions, lines = room.latest(slot, version, grown)
    return lines


def paper_sheet(session: CardSession, tr: Translator) -> dict[str, Any]:
    """The score sheet as on paper (:mod:`thousand.games.card1000.sheet`): a row per deal
    ``{"deal", "label", "cells"}`` — the declarer and contract, each seat's change and
    total with the marks players write (a dash for a bolt, ``Р`` for a write-off, ``(Б)``
    on the barrel); the deal in play is a row marked ``…`` (its declarer and bid only,
    public); ``legend`` says what the marks on it mean. Scores only: no card."""
    rows = sheet_rows(Replay(session.now), tr)
    return {
        "players": list(session.now.players),
        "rows": [{"deal": deal, "label": label, "cells": cells} for deal, label, cells in rows],
        "legend": legend(rows, tr),
    }


def shared_view(room: CardRoom, tr: Translator, connected: Sequence[bool]) -> dict[str, Any]:
    """The part of GAME every connection of ``tr``'s language sees alike: from the
    spectator's view only (a room of real cards: :mod:`.keeping`'s view)."""
    if room.table_cards:
        return table_shared_view(room, tr, connected)
    session = room.session
    assert not isinstance(session, KeepSession)
    base: dict[str, Any] = {
        **frame(room),
        # the rules and the cards' words never change in a room: made once, never written to
        "rules": room.memo(("rules",), room.game.to_data),
        "view": {
            "rules_title": room.memo(("title", tr.language), lambda: _rules_title(room, tr)),
            "cards": room.memo(("card words", tr.language), lambda: card_words(tr)),
        },
    }
    if session is None:
        names = [seat.name for seat in room.seats if seat.name is not None]
        base.update(
            players=[_blank_player(name) for name in names],
            deals=[],
            deal=None,
            last_deal=None,
            to_move=None,
            winner=None,
            **clock(room),
        )
        return base
    seen: SeatView = room.observation(None)
    data = seen.to_data()
    players = []
    for index, score in enumerate(data["scores"]):
        players.append(
            {"name": session.now.players[index], **score, **seat_fields(room, index, connected)}
        )
    to_move = data["to_move"]
    base.update(
        players=players,
        deals=data["deals"],
        deal=_deal(seen, session),
        last_deal=_last_deal(session),
        to_move=to_move,
        # PROTOCOL.md: `winner` is what `thousand replay --json` prints, the winner's name
        winner=None if data["winner"] is None else session.now.players[data["winner"]],
        **clock(room),
        **seed_if_over(room),
    )
    actions = data["deal"]["actions"] if data["deal"] is not None else []
    deal = session.now.state.deal
    base["view"] = {
        **base["view"],
        "sheet": room.latest(  # it moves when a deal ends and while one is bid for
            ("paper sheet", tr.language),
            (
                len(session.now.state.history),
                None if deal is None else (deal.declarer, deal.bid),
            ),
            lambda: paper_sheet(session, tr),
        ),
        "log": _log(room, session.deals_dealt, actions, session.now.players, tr),
        "last_trick": _last_trick(room, session, base["last_deal"]),
    }
    if to_move is not None:
        phase = to_move["phase"]
        if phase == "give" and room.game.players == 2:
            phase = "discard"  # two players put two cards aside instead of giving (§3)
        base["view"]["phase"] = phase_name(tr, phase)
    return base


def advice_items(seen: SeatView, answer: Sequence[ActionAdvice]) -> list[dict[str, Any]]:
    """The advisor's figures as the page shows them: every legal action (an action
    message, as ``legal`` has it) with ``points`` and ``made`` (null where the search
    weighs nothing: a pass, the dark, a give…) and ``best``: the figured action the seat
    would choose — the most points, but for a defender's card the fewest (the figures
    are the declarer's)."""
    deal = seen.deal
    defending = (
        deal is not None
        and deal.declarer is not None
        and deal.declarer != seen.seat
        and any(isinstance(each.action, Play) for each in answer)
    )
    figured = [each for each in answer if each.points is not None]
    pick = min if defending else max
    best = pick(figured, key=lambda each: each.points or 0.0) if figured else None
    return [
        {
            "action": action_message(each.action),
            "points": None if each.points is None else round(each.points, 1),
            "made": None if each.made is None else round(each.made, 3),
            "best": each is best,
        }
        for each in answer
    ]


def seat_view(
    room: CardRoom,
    seat: int | None,
    tr: Translator,
    shared: dict[str, Any],
    advice: dict[Any, Any] | None = None,
) -> dict[str, Any]:
    """What GAME holds for a connection holding ``seat`` alone, over the ``shared`` part:
    its ``deal`` from its own view, and, for the seat whose move it enters, ``legal``
    (each an action message ready to send, without ``type`` and ``seq``) and, in a room
    with the advisor, ``view.advisor`` (true) and ``view.advice`` (:func:`advice_items`;
    null while it is being computed). A spectator is never sent advice."""
    del tr
    if room.table_cards:
        return table_seat_view(room, seat)
    session = room.session
    assert not isinstance(session, KeepSession)
    if session is None or seat is None:
        return {}
    seen: SeatView = room.observation(seat)
    own: dict[str, Any] = {"deal": _deal(seen, session)}
    if room.acts_for(seat) == seat:  # no seat enters another's move (no local seats)
        state = session.now.state
        own["legal"] = [action_message(action) for action in legal_actions(state)]
        if room.options.advisor and room.seats[seat].kind == "person":
            answer = [each for each in (advice or {}).values() if isinstance(each, ActionAdvice)]
            own["view"] = {
                **shared["view"],
                "advisor": True,
                "advice": advice_items(seen, answer) if answer else None,
            }
    return own
