"""The referee's state of a game of Thousand: everything, hidden cards included.

Nothing here leaves the referee for a seat: a front-end, a message, a computer player
gets :func:`.views.view` of it (§7). The state is immutable — frozen dataclasses and
tuples — and changes only through :mod:`.engine`, which returns a new one.

A game is a sequence of deals. Between deals (and at the start) the state waits for the
chance node, the cards (:class:`~.actions.Dealt`); then the deal runs through its
phases (§6 ``to_move.phase``): ``dark`` (the first hand's choice), ``bid``, ``talon``
(two players choose one), ``give`` (the declarer gives, discards, writes off or asks
for a redeal), ``contract``, ``play``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from thousand.games.card1000.actions import Dealt, Decision
from thousand.games.card1000.cards import Card, Suit
from thousand.games.card1000.config import Rules
from thousand.games.card1000.scoring import Board, Fall, Outcome, new_board
from thousand.games.card1000.shuffle import playing_seats

Phase = Literal["dark", "bid", "talon", "give", "contract", "play"]
"""Whose decision of which kind is next (the replay JSON's ``to_move.phase``)."""


@dataclass(frozen=True, slots=True)
class Announcement:
    """A marriage announced by ``seat``: the suit, or ``"aces"`` for the four aces."""

    seat: int
    suit: Suit | Literal["aces"]
    value: int


@dataclass(frozen=True, slots=True)
class Deal:
    """One deal under way: the cards as dealt, what each seat holds now, and every
    decision so far (``actions``, in order, each with its seat)."""

    index: int
    """The deal's number within the game, redeals counted (the shuffle's index, §5)."""
    dealer: int
    dealt: Dealt
    golden: bool
    phase: Phase
    to_move: int
    hands: tuple[tuple[Card, ...], ...]
    """The cards each seat holds now."""
    actions: tuple[tuple[int, Decision], ...] = ()
    dark: bool = False
    bid: int = 0
    """The standing bid; from the contract on, the contract."""
    bidder: int = 0
    passed: tuple[int, ...] = ()
    declarer: int | None = None
    talon_taken: int | None = None
    talon_shown: bool = False
    gives: tuple[tuple[Card, int], ...] = ()
    discards: tuple[Card, ...] = ()
    contract: int | None = None
    trump: Suit | None = None
    leader: int = 0
    trick: tuple[Card, ...] = ()
    """The cards of the trick on the table, in order of play from ``leader``."""
    tricks_played: int = 0
    taken: tuple[tuple[Card, ...], ...] = ()
    """The cards of the tricks each seat took."""
    tricks: tuple[int, ...] = ()
    """How many tricks each seat took."""
    announcements: tuple[Announcement, ...] = ()
    last_winner: int | None = None
    nines: tuple[int, ...] = ()
    """Each seat's four-nines bonus, fixed when play starts (§2)."""

    @property
    def first_hand(self) -> int:
        return (self.dealer + 1) % len(self.hands)

    @property
    def talon(self) -> tuple[Card, ...]:
        """The talon the declarer took (or, before that, the only talon of 3 or 4
        players)."""
        return self.dealt.talons[self.talon_taken or 0]


@dataclass(frozen=True, slots=True)
class DealSummary:
    """A finished deal as the replay JSON shows it (§6 ``deals[]``), with its cards."""

    dealer: int
    declarer: int | None
    contract: int | None
    outcome: Outcome | Literal["redeal"]
    points: tuple[int | None, ...] | None
    changes: tuple[int, ...]
    totals: tuple[int, ...]
    golden: bool
    dark: bool
    dealt: Dealt
    actions: tuple[tuple[int, Decision], ...]
    dumped: tuple[int | None, ...] = ()
    """Per seat, the total the dump truck sent to 0 (§1.6; :class:`~.scoring.DealScore`)."""
    falls: tuple[Fall | None, ...] = ()
    """Per seat, its fall off the barrel in this deal (§1.7), if any."""

    def scores_data(self) -> dict[str, Any]:
        """The deal's entry of §6 ``deals[]``: its scores, without its cards (what every
        seat's view and the replay JSON show of a finished deal)."""
        return {
            "dealer": self.dealer,
            "declarer": self.declarer,
            "contract": self.contract,
            "outcome": self.outcome,
            "points": None if self.points is None else list(self.points),
            "changes": list(self.changes),
            "totals": list(self.totals),
        }


@dataclass(frozen=True, slots=True)
class State:
    """A game of Thousand as the referee knows it."""

    rules: Rules
    board: Board
    dealer: int = 0
    """The dealer of the deal under way, or of the next one."""
    dealt_count: int = 0
    """Deals dealt so far, redeals included: the index of the next shuffle (§5)."""
    golden_left: int = 0
    """Golden deals still to play in the golden round (§2)."""
    golden_made: bool = False
    """Whether a golden declarer of the current golden round made its contract."""
    deal: Deal | None = None
    history: tuple[DealSummary, ...] = ()
    winner: int | None = None

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def chance(self) -> bool:
        """Whether the cards are to be dealt next (a chance node)."""
        return self.deal is None and not self.over

    @property
    def to_move(self) -> tuple[int, Phase] | None:
        """The seat whose decision is next and its phase; None at a chance node or the end."""
        if self.deal is None or self.over:
            return None
        return self.deal.to_move, self.deal.phase

    @property
    def playing(self) -> tuple[int, ...]:
        """The seats that play the current or next deal, from the first hand on."""
        return playing_seats(self.rules, self.dealer)

    @property
    def any_on_barrel(self) -> bool:
        return any(seat.barrel for seat in self.board)


def new_game(rules: Rules) -> State:
    """A game about to deal its first cards: seat 0 deals first (§1.1)."""
    golden = rules.players if rules.golden else 0
    return State(rules, new_board(rules.players), golden_left=golden)
