"""After a deal: what the open cards allowed, and the first card where each seat let
points go — for the players to learn from.

Once a deal is over its cards are public (§7), so the review may look at every hand.
For each played deal of a record it solves the play with the cards open
(:mod:`.opencards`): what the declarer could take from the first lead on against the
best defence ("with the cards open, the declarer could take 135; took 118"), and, card
by card, the value of the card played against the best card then. A seat *lets points
go* when its card is worth less to its side than the best one: fewer points for the
declarer, or more points for the declarer from a defender. The first such card of each
seat is reported, with the points it let go and the best cards.

The points are the play's: card points of the tricks, the marriages announced, the
last-trick bonus (and with two players the second talon) — the declarer's points of the
deal less the four-nines bonus, which no card changes.
"""

from __future__ import annotations

from dataclasses import dataclass

from thousand.games.card1000.actions import Play
from thousand.games.card1000.opencards import state_values
from thousand.games.card1000.record import replay
from thousand.games.card1000.state import State


@dataclass(frozen=True, slots=True)
class Slip:
    """The first card with which ``seat`` let points go in a deal."""

    seat: int
    trick: int
    """The trick it was played to, from 1."""
    played: Play
    lost: int
    """The points it let go against the best card then."""
    best: tuple[Play, ...]
    """The cards that were worth most to its side then."""


@dataclass(frozen=True, slots=True)
class DealReview:
    """One played deal with the cards open."""

    deal: int
    """The deal's number in the record, from 1."""
    declarer: int
    contract: int
    possible: int
    """What the declarer could take in play against the best defence."""
    took: int
    """What it took in play."""
    slips: tuple[Slip, ...]
    """Each seat's first card that let points go, in the order they were played."""


def review_record(data: object) -> tuple[DealReview, ...]:
    """The review of every deal of a record that was played to its last card (a record
    is refused as ``thousand replay`` refuses it)."""
    plays: list[list[State]] = []
    dealt_count = -1

    def collect(state: State) -> None:
        nonlocal dealt_count
        if state.dealt_count != dealt_count:
            dealt_count = state.dealt_count
            plays.append([])
        deal = state.deal
        if deal is not None and deal.phase == "play":
            plays[-1].append(state)

    final = replay(data, on_state=collect).state
    reviews = []
    for number, (states, summary) in enumerate(zip(plays, final.history, strict=False), 1):
        if not states or summary.points is None or summary.declarer is None:
            continue  # a redeal or a write-off: no play to review
        reviews.append(_review(number, states, summary.points[summary.declarer]))
    return tuple(reviews)


def _review(number: int, states: list[State], points: int | None) -> DealReview:
    first = states[0].deal
    assert first is not None and first.declarer is not None and first.contract is not None
    declarer = first.declarer
    slips: list[Slip] = []
    possible: int | None = None
    for at, state in enumerate(states):
        deal = state.deal
        assert deal is not None
        values = dict(state_values(state))
        declaring = deal.to_move == deal.declarer
        best_value = max(values.values()) if declaring else min(values.values())
        if possible is None:
            possible = best_value
        after = states[at + 1] if at + 1 < len(states) else None
        played = _played(state, after)
        if played is None or any(slip.seat == deal.to_move for slip in slips):
            continue
        lost = abs(best_value - values[played])
        if lost > 0:
            best = tuple(play for play, value in values.items() if value == best_value)
            slips.append(Slip(deal.to_move, deal.tricks_played + 1, played, lost, best))
    assert possible is not None and points is not None
    return DealReview(
        deal=number,
        declarer=declarer,
        contract=first.contract,
        possible=possible,
        took=points - first.nines[declarer],
        slips=tuple(slips),
    )


def _played(state: State, after: State | None) -> Play | None:
    """The card played at ``state``: the next state's last action (the deal's last card
    ends it: that one is read off the finished deal's actions)."""
    deal = state.deal
    assert deal is not None
    if after is not None and after.deal is not None:
        action = after.deal.actions[len(deal.actions)][1]
    else:
        return None
    return action if isinstance(action, Play) else None


__all__ = ["DealReview", "Slip", "review_record"]
