"""What a seat may know (CARD_THOUSAND.md §7): the one door hidden information leaves by.

:func:`view` of (state, seat) is everything a seat learns — its own hand, the cards
played, the talon once shown, the card given to it, the cards it gave, every bid and
announcement, the scores — and :func:`view` with ``seat=None`` is a spectator's: only
what is public. Front-ends, messages, computer players and files shown during play take
their knowledge from here, never from the :class:`~.state.State` (OpenSpiel's
``information_state_string(player)``, boardgame.io's ``playerView``).

Decisions of this module where §7 leaves room (docs/card1000.md):

* in the ``dark`` phase nobody sees a hand, its own included: the first hand chooses
  "before seeing their cards" (§2), and the others have not looked yet either;
* a talon not shown (golden, dark, ``hide_talon``, ``hide_talon_at_100``) is seen by
  the declarer only, once taken; a talon is never seen before it is taken;
* a give face down is seen by the declarer and the seat it went to; with
  ``gives_open`` by everyone, except on golden and dark deals (§2: face down); a
  discard by the declarer only;
* finished deals appear as their scores only (who declared what, the points, the
  changes): their cards are public (§7) but belong to the record, not to the view.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from thousand.core.errors import ThousandError
from thousand.games.card1000.actions import Decision, Discard, Give
from thousand.games.card1000.cards import Card, names, sort_cards
from thousand.games.card1000.scoring import Board
from thousand.games.card1000.state import Deal, DealSummary, State


@dataclass(frozen=True, slots=True)
class DealView:
    """The deal under way as one seat (or a spectator) knows it."""

    dealer: int
    phase: str
    to_move: int
    golden: bool
    dark: bool
    bid: int
    bidder: int
    declarer: int | None
    contract: int | None
    hand: tuple[Card, ...] | None
    """The seat's own cards now; None for a spectator and in the ``dark`` phase."""
    hand_sizes: tuple[int, ...]
    talon: tuple[Card, ...] | None
    """The talon taken, when this seat may see it."""
    talon_taken: int | None
    actions: tuple[dict[str, Any], ...]
    """Every decision so far, each with its seat, a hidden card as null."""
    trump: str | None
    leader: int
    trick: tuple[Card, ...]
    played: tuple[tuple[int, Card], ...]
    """Every card played in this deal, in order, with its seat."""
    tricks: tuple[int, ...]
    announcements: tuple[dict[str, Any], ...]

    def to_data(self) -> dict[str, Any]:
        return {
            "dealer": self.dealer,
            "phase": self.phase,
            "to_move": self.to_move,
            "golden": self.golden,
            "dark": self.dark,
            "bid": self.bid,
            "bidder": self.bidder,
            "declarer": self.declarer,
            "contract": self.contract,
            "hand": None if self.hand is None else names(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "talon": None if self.talon is None else names(self.talon),
            "talon_taken": self.talon_taken,
            "actions": [dict(action) for action in self.actions],
            "trump": self.trump,
            "leader": self.leader,
            "trick": names(self.trick),
            "played": [{"seat": seat, "card": str(card)} for seat, card in self.played],
            "tricks": list(self.tricks),
            "announcements": [dict(each) for each in self.announcements],
        }


@dataclass(frozen=True, slots=True)
class SeatView:
    """What ``seat`` (None: a spectator) knows of a game now."""

    seat: int | None
    players: int
    scores: Board
    history: tuple[DealSummary, ...]
    deal: DealView | None
    to_move: tuple[int, str] | None
    winner: int | None

    def to_data(self) -> dict[str, Any]:
        """Plain data for JSON: what may be sent to this seat."""
        return {
            "seat": self.seat,
            "players": self.players,
            "scores": [
                {
                    "score": score.total,
                    "barrel": score.barrel,
                    "attempts": score.attempts,
                    "falls": score.falls,
                    "bolts": score.bolts,
                    "write_offs": score.write_offs,
                }
                for score in self.scores
            ],
            "deals": [summary.scores_data() for summary in self.history],
            "deal": None if self.deal is None else self.deal.to_data(),
            "to_move": None
            if self.to_move is None
            else {"seat": self.to_move[0], "phase": self.to_move[1]},
            "winner": self.winner,
        }


def view(state: State, seat: int | None) -> SeatView:
    """What ``seat`` knows of ``state`` now; ``seat=None``: a spectator."""
    if seat is not None and seat not in state.rules.seats:
        raise ThousandError(f"no seat {seat} in a game of {state.rules.players} players")
    deal = None if state.deal is None else _deal_view(state, state.deal, seat)
    return SeatView(
        seat=seat,
        players=state.rules.players,
        scores=state.board,
        history=state.history,
        deal=deal,
        to_move=state.to_move,
        winner=state.winner,
    )


def sees_talon(state: State, deal: Deal, seat: int | None) -> bool:
    """Whether ``seat`` may see the talon taken (§1.4, §3, §7)."""
    if deal.talon_taken is None:
        return False
    return deal.talon_shown or (seat is not None and seat == deal.declarer)


def sees_give(state: State, deal: Deal, seat: int | None, to: int) -> bool:
    """Whether ``seat`` may see the card the declarer gave to seat ``to``."""
    if seat is not None and seat in (deal.declarer, to):
        return True
    return bool(state.rules.gives_open) and not (deal.golden or deal.dark)


def _action_data(
    state: State, deal: Deal, seat: int | None, actor: int, action: Decision
) -> dict[str, Any]:
    data: dict[str, Any] = {"seat": actor, **action.to_data()}
    if isinstance(action, Give) and not sees_give(state, deal, seat, action.to):
        data["give"] = None
    if isinstance(action, Discard) and seat != deal.declarer:
        data["discard"] = None
    return data


def _deal_view(state: State, deal: Deal, seat: int | None) -> DealView:
    hand = None
    if seat is not None and deal.phase != "dark":
        hand = sort_cards(deal.hands[seat])
    played: list[tuple[int, Card]] = []
    for actor, action in deal.actions:
        card = getattr(action, "card", None)
        if isinstance(card, Card) and not isinstance(action, Give | Discard):
            played.append((actor, card))
    return DealView(
        dealer=deal.dealer,
        phase=deal.phase,
        to_move=deal.to_move,
        golden=deal.golden,
        dark=deal.dark,
        bid=deal.bid,
        bidder=deal.bidder,
        declarer=deal.declarer,
        contract=deal.contract,
        hand=hand,
        hand_sizes=tuple(len(each) for each in deal.hands),
        talon=deal.talon if sees_talon(state, deal, seat) else None,
        talon_taken=deal.talon_taken,
        actions=tuple(
            _action_data(state, deal, seat, actor, action) for actor, action in deal.actions
        ),
        trump=None if deal.trump is None else deal.trump.value,
        leader=deal.leader,
        trick=deal.trick,
        played=tuple(played),
        tricks=deal.tricks,
        announcements=tuple(
            {
                "seat": each.seat,
                "suit": each.suit if isinstance(each.suit, str) else each.suit.value,
                "value": each.value,
            }
            for each in deal.announcements
        ),
    )
