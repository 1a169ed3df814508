"""Card Thousand's part of a finished game's replay (:mod:`thousand.web.replay`): a step
per decision — every bid, pass, give, contract and card played — after the first deal
dealt.

The first deal starts from the room's own resumption of the record cut at its cards
(the record replayed by the engine); the decisions then go through the session's checked
path, as they did in the room, which deals the next deal from the game's seed when one
ends (so the frame after a deal's last card shows the next deal dealt, as the table
did). A deal the seed did not deal as the record has it (a record not of this seed) is
taken from the record, resuming it there. A scorekeeping record (real cards) has a step
per deal entered.

What a frame shows (CARD_THOUSAND.md §7: a finished deal is public, and the record of a
finished game is public whole): every hand face up (``deal.hands``, each seat's own
observation's hand) and the talon as dealt before anyone has seen it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from thousand.core.i18n import Translator
from thousand.games.card1000.actions import Discard, Give
from thousand.games.card1000.cards import names
from thousand.games.card1000.keep_session import KeepSession
from thousand.games.card1000.record import parse_action
from thousand.games.card1000.words import short
from thousand.web.rooms.base import BaseRoom
from thousand.web.rooms.card1000.room import CardRoom
from thousand.web.rooms.card1000.session import CardSession
from thousand.web.rooms.card1000.view import deal_log


def replay_steps(room: BaseRoom, record: dict[str, Any]) -> Iterator[dict[str, Any] | None]:
    """The first deal dealt, then every decision (yielded: the record's action)."""
    assert isinstance(room, CardRoom)
    deals = [dict(deal) for deal in record.get("deals") or ()]
    head = {key: value for key, value in record.items() if key != "deals"}
    if room.table_cards:
        for count in range(len(deals) + 1):
            room.session = room._resume({**head, "deals": deals[:count]}, {})
            yield None
        return
    session: CardSession | None = None
    for index, deal in enumerate(deals):
        if session is None or not _dealt_as(session, index, deal):
            cut = [*deals[:index], {**deal, "actions": []}]
            resumed = room._resume({**head, "deals": cut}, {})
            assert isinstance(resumed, CardSession)
            session = room.session = resumed
        if index == 0:
            yield None
        for raw in deal.get("actions") or ():
            _seat, decision = parse_action(raw)
            session.act(decision)
            yield dict(raw)


def _dealt_as(session: CardSession, index: int, deal: dict[str, Any]) -> bool:
    """The session dealt deal ``index`` (from the game's seed, as the room did) with the
    cards the record has: else the replay takes that deal from the record."""
    dealt = session.record.deals
    if len(dealt) <= index:
        return False
    cards = {key: value for key, value in dealt[index].items() if key != "actions"}
    return cards == {key: value for key, value in deal.items() if key != "actions"}


def replay_line(tr: Translator, told: dict[str, Any] | None, game: dict[str, Any]) -> str:
    """The decision as the table's log tells it (``Boris bids 110``), a card given or put
    aside named after it (the log never names it: it was face down); empty for a deal
    dealt."""
    if told is None:
        return ""
    players = [str(player.get("name", "")) for player in game.get("players") or ()]
    lines = deal_log([told], players, tr)
    if not lines:
        return ""
    _seat, decision = parse_action(told)
    if isinstance(decision, Give | Discard):  # face down at the table, public now (§7)
        return f"{lines[0]} — {short(tr, decision.card)}"
    return lines[0]


def replay_shown(room: BaseRoom, game: dict[str, Any]) -> None:
    """Every hand face up in ``game``'s deal, and the talon as dealt (public once the
    game is over); a scorekeeping room has no cards."""
    assert isinstance(room, CardRoom)
    session = room.session
    deal = game.get("deal")
    if isinstance(session, KeepSession) or session is None or not isinstance(deal, dict):
        return
    hands = []
    for seat in range(len(room.seats)):
        seen = room.observation(seat).deal
        hands.append(None if seen is None or seen.hand is None else names(seen.hand))
    shown = dict(deal, hands=hands)
    state_deal = session.now.state.deal
    if shown.get("talon") is None and state_deal is not None and state_deal.talon_taken is None:
        shown["talon"] = names(state_deal.talon)
    game["deal"] = shown
