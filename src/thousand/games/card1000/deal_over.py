"""A finished deal as a card table shows it when the deal is over: the declarer and the
contract, how it ended, each seat's points, every hand as dealt, the talon and the last
trick with who took it.

A finished deal is public (CARD_THOUSAND.md §7), so nothing here is hidden from anyone;
still, it is read from the record of the finished deal only — its
:class:`~.state.DealSummary` (the cards as dealt, the decisions, the scores) and, for who
took the last trick, the record replayed up to that deal's end
(:func:`.record.replay`, the engine's own :func:`.play.trick_winner` on the trump the
engine held) — never from the state of a deal in progress.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from thousand.games.card1000.actions import Play
from thousand.games.card1000.cards import Card
from thousand.games.card1000.play import trick_winner
from thousand.games.card1000.record import replay
from thousand.games.card1000.state import DealSummary, State


@dataclass(frozen=True, slots=True)
class LastTrick:
    """The deal's last trick: each card with its seat, in the order played, and the seat
    that took it."""

    played: tuple[tuple[int, Card], ...]
    taker: int


@dataclass(frozen=True, slots=True)
class DealOver:
    """Deal ``number`` (from 1) of a game, over: its summary and its last trick (None
    for a redeal or a write-off: no card was played)."""

    number: int
    summary: DealSummary
    last_trick: LastTrick | None


def deal_over(data: Mapping[str, Any], number: int) -> DealOver:
    """Deal ``number`` of the played record ``data`` (which may go on past it), over."""
    upto = {**data, "deals": list(data["deals"])[:number]}
    before_last: list[State] = []

    def collect(state: State) -> None:
        deal = state.deal
        if state.dealt_count == number and deal is not None and deal.phase == "play":
            before_last[:] = [state]

    final = replay(upto, on_state=collect).state
    summary = final.history[number - 1]
    return DealOver(number, summary, last_trick(summary, before_last[0] if before_last else None))


def last_trick(summary: DealSummary, before_last: State | None) -> LastTrick | None:
    """The last trick of the deal ``summary`` tells: the cards on the table in
    ``before_last`` — the deal's last position in play, before its last card (None: it
    never came to play) — and that card, the deal's last decision. A table that holds the
    position then (a server's room, as the deal ends) needs no replay of the record."""
    if summary.outcome == "redeal" or summary.points is None or before_last is None:
        return None
    deal = before_last.deal
    assert deal is not None
    plays = [(seat, action.card) for seat, action in summary.actions if isinstance(action, Play)]
    played = tuple(plays[-(len(deal.trick) + 1) :])
    place = trick_winner([each for _, each in played], deal.trump)
    return LastTrick(played, played[place][0])


__all__ = ["DealOver", "LastTrick", "deal_over", "last_trick"]
