"""Scoring in card Thousand: a hand's ceiling, a deal's changes and the totals, exactly as
CARD_THOUSAND.md §1.6–§3 in the order §1.7 gives.

Everything here is arithmetic on figures: :func:`score_deal` takes a
:class:`DealResult` — who declared what, each seat's points (§1.6's ``p``), or a
write-off — and the :class:`Board` before the deal, and returns the changes, the totals
and the board after, through (1) the deal's change, doubled on golden and dark deals;
(2) three bolts cost ``penalty``; (3) the change is added; (4) the dump truck; (5) the
barrel: a win, getting on, knock-offs, the attempt count and a fall. A played deal (the
engine, :mod:`.state`) and a scorekeeping deal (a record of real cards) score through
the same function, so the totals cannot disagree.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from thousand.games.card1000.cards import (
    ACE_MARRIAGE,
    MARRIAGE,
    Card,
    card_points,
    has_four_aces,
    marriages_in,
)
from thousand.games.card1000.config import BID_CAP, Rules

WIN = 1000
"""The total that wins (§1.7)."""

DUMP_TRUCK = 555
"""A total of exactly this after a deal becomes 0 (§1.6)."""

Outcome = Literal["made", "failed", "written_off"]

FallCause = Literal["attempts", "knock_off"]
"""Why a seat fell off the barrel in step (5): its attempts ran out, or another seat got
on (``barrel_knock_off``)."""


def round5(points: int) -> int:
    """``points`` to a multiple of 5, remainders 1–2 down, 3–4 up (67 → 65, 68 → 70)."""
    return (points + 2) // 5 * 5


def write_off_award(bid: int, rules: Rules) -> int:
    """What each defender gets on a write-off: half the bid rounded up to 5 (105 → 55,
    115 → 60, §8), or 60 (``write_off_award = "sixty"``)."""
    if rules.write_off_award == "sixty":
        return 60
    return 5 * -(-bid // 10)


def ceiling(hand: Iterable[Card], rules: Rules) -> int:
    """The highest bid or contract ``hand`` allows (§1.3, §8): 120 plus its marriages
    (plus 200 for four aces with ``ace_marriage``); at least 400 with
    ``bid_over_120_without_marriage``."""
    held = tuple(hand)
    top = 120 + sum(MARRIAGE[suit] for suit in marriages_in(held))
    if rules.ace_marriage and has_four_aces(held):
        top += ACE_MARRIAGE
    if rules.bid_over_120_without_marriage:
        top = max(top, BID_CAP)
    return top


def talon_score(talon: Iterable[Card]) -> int:
    """A sitting-out dealer's raw score (§3): the talon's card points plus a marriage
    lying whole in it."""
    cards = tuple(talon)
    return card_points(cards) + sum(MARRIAGE[suit] for suit in marriages_in(cards))


@dataclass(frozen=True, slots=True)
class SeatScore:
    """One seat's standing in the game (the replay JSON's ``players[]`` figures)."""

    total: int = 0
    barrel: bool = False
    attempts: int = 0
    """Attempts used on the barrel now (0 off the barrel)."""
    falls: int = 0
    bolts: int = 0
    """Bolts counted now (back to 0 after three cost the penalty)."""
    write_offs: int = 0


Board = tuple[SeatScore, ...]
"""Every seat's standing, in seat order."""


def new_board(players: int) -> Board:
    """The board at the start of a game: every total 0."""
    return tuple(SeatScore() for _ in range(players))


@dataclass(frozen=True, slots=True)
class DealResult:
    """What a scored deal produced, the input of :func:`score_deal`.

    ``points`` is §1.6's ``p`` per seat (a sitting-out dealer's entry: its raw talon
    score); all None on a write-off. ``tricks`` counts each seat's tricks (for
    ``bolt = "no_trick"``); None when unknown (a scorekeeping record: a defender with
    0 points is then taken to have no trick). ``bonuses`` are the four-nines bonuses.
    """

    dealer: int
    declarer: int
    contract: int
    written_off: bool
    points: tuple[int | None, ...]
    tricks: tuple[int, ...] | None = None
    golden: bool = False
    dark: bool = False
    bonuses: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class Fall:
    """A seat's fall off the barrel in step (5): why, and whether it was the third fall
    that ``third_fall_to_zero`` sets to 0 (otherwise the total went down by ``penalty``)."""

    cause: FallCause
    to_zero: bool = False


@dataclass(frozen=True, slots=True)
class DealScore:
    """A deal's effect: ``changes`` (after doubling and penalties, before the dump truck
    and the barrel), ``totals`` after all of §1.7's order, the board, the winner.

    What steps (4) and (5) did, per seat, for the sheet to mark: ``dumped`` holds the
    total the dump truck sent to 0 (555 or −555; None where it did nothing), ``falls``
    a seat's fall off the barrel (None where it did not fall)."""

    outcome: Outcome
    changes: tuple[int, ...]
    totals: tuple[int, ...]
    board: Board
    winner: int | None
    dumped: tuple[int | None, ...] = ()
    falls: tuple[Fall | None, ...] = ()


def sitting_out(rules: Rules, dealer: int) -> int | None:
    """The dealer with four players (it sits the deal out); None otherwise."""
    return dealer if rules.players == 4 else None


def score_deal(board: Board, result: DealResult, rules: Rules, *, reset: bool = False) -> DealScore:
    """The board after ``result`` (§1.6–§3, in §1.7's order). ``reset``: the golden round
    failed under ``golden_fail = "reset"``: every total, barrel flag and attempt goes
    back to 0 at the end (§8)."""
    count = rules.players
    seats = range(count)
    declarer = result.declarer
    idle = sitting_out(rules, result.dealer)
    on_barrel = [seat.barrel for seat in board]
    defenders = [seat for seat in seats if seat not in (declarer, idle)]
    changes = _base_changes(result, rules, on_barrel, defenders, idle)
    made = not result.written_off and contract_made(result, rules)
    bolts = [seat.bolts for seat in board]
    if not result.written_off:
        changes = _bolts(result, rules, on_barrel, defenders, changes, bolts)
    elif rules.bolts == "in_a_row":
        for seat in defenders:
            bolts[seat] = 0
    reached = [board[seat].total + changes[seat] for seat in seats]
    totals = [_dump_truck(total, rules) for total in reached]
    dumped = tuple(
        None if total == was else was for total, was in zip(totals, reached, strict=True)
    )
    scores = [
        replace(
            board[seat],
            bolts=bolts[seat],
            write_offs=board[seat].write_offs + (result.written_off and seat == declarer),
        )
        for seat in seats
    ]
    falls: list[Fall | None] = [None] * count
    winner = _barrel(
        scores, totals, on_barrel, rules, falls, made=made, declarer=declarer, idle=idle
    )
    if winner is None and rules.barrel is None:
        winner = _winner_without_barrel(totals, declarer, result.dealer)
    scores = [replace(score, total=total) for score, total in zip(scores, totals, strict=True)]
    if reset:
        scores = [replace(score, total=0, barrel=False, attempts=0) for score in scores]
    outcome: Outcome = "written_off" if result.written_off else "made" if made else "failed"
    return DealScore(
        outcome,
        tuple(changes),
        tuple(score.total for score in scores),
        tuple(scores),
        winner,
        dumped,
        tuple(falls),
    )


def contract_made(result: DealResult, rules: Rules) -> bool:
    """Whether the declarer's points (rounded with ``round_declarer``) reach the contract."""
    own = result.points[result.declarer]
    assert own is not None
    return (round5(own) if rules.round_declarer else own) >= result.contract


def _base_changes(
    result: DealResult,
    rules: Rules,
    on_barrel: Sequence[bool],
    defenders: Sequence[int],
    idle: int | None,
) -> list[int]:
    """Step (1): the deal's change for every seat, doubled on golden and dark deals."""
    changes = [0] * rules.players
    declarer, contract = result.declarer, result.contract
    if result.written_off:
        changes[declarer] = -contract if rules.write_off_deducts else 0
        award = write_off_award(contract, rules)
        for seat in defenders:
            changes[seat] = 0 if on_barrel[seat] else award
        return changes
    points = result.points
    changes[declarer] = contract if contract_made(result, rules) else -contract
    for seat in [*defenders, *([] if idle is None else [idle])]:
        seat_points = points[seat]
        assert seat_points is not None
        changes[seat] = 0 if on_barrel[seat] else round5(seat_points)
    if result.bonuses is not None:
        for seat, bonus in enumerate(result.bonuses):
            if not on_barrel[seat]:
                changes[seat] += bonus
    factor = 2 if result.golden or result.dark else 1
    return [change * factor for change in changes]


def _bolts(  # noqa: PLR0917 - the figures of step (2), each needed
    result: DealResult,
    rules: Rules,
    on_barrel: Sequence[bool],
    defenders: Sequence[int],
    changes: list[int],
    bolts: list[int],
) -> list[int]:
    """Step (2): defenders' bolts, and three of them cost ``penalty`` (doubled on golden
    deals only); ``bolts`` is updated in place, the changes returned."""
    changes = list(changes)
    for seat in defenders:
        if on_barrel[seat]:
            bolted = False
        elif rules.bolt == "zero":
            bolted = changes[seat] == 0
        elif result.tricks is not None:
            bolted = result.tricks[seat] == 0
        else:
            bolted = result.points[seat] == 0
        if bolted:
            bolts[seat] += 1
            if bolts[seat] >= 3:
                changes[seat] -= rules.penalty * (2 if result.golden else 1)
                bolts[seat] = 0
        elif rules.bolts == "in_a_row":
            bolts[seat] = 0
    return changes


def _dump_truck(total: int, rules: Rules) -> int:
    """Step (4): exactly 555 (and −555 with ``dump_truck_negative``) becomes 0."""
    if total == DUMP_TRUCK or (rules.dump_truck_negative and total == -DUMP_TRUCK):
        return 0
    return total


def _barrel(
    scores: list[SeatScore],
    totals: list[int],
    on_barrel: Sequence[bool],
    rules: Rules,
    falls: list[Fall | None],
    *,
    made: bool,
    declarer: int,
    idle: int | None,
) -> int | None:
    """Step (5) with a barrel: the win, getting on (capped), knock-offs, the attempt and
    the fall; ``scores``, ``totals`` and ``falls`` are updated in place, the winner
    returned."""
    barrel = rules.barrel
    if barrel is None:
        return None
    goal = WIN + 5 if rules.win_needs_over else WIN
    winner = declarer if made and on_barrel[declarer] and totals[declarer] >= goal else None
    newly_on = False
    for seat, score in enumerate(scores):
        if seat == winner:
            scores[seat] = replace(score, barrel=False, attempts=0)
        elif totals[seat] >= barrel:
            totals[seat] = barrel
            newly_on = newly_on or not on_barrel[seat]
            scores[seat] = replace(score, barrel=True)
        else:
            scores[seat] = replace(score, barrel=False, attempts=0)
    if winner is not None:
        return winner
    for seat, score in enumerate(scores):
        if not (on_barrel[seat] and score.barrel):
            continue
        if rules.barrel_knock_off and newly_on:
            falls[seat] = _fall(scores, totals, seat, rules, "knock_off")
        elif seat != idle:
            scores[seat] = replace(score, attempts=score.attempts + 1)
            if scores[seat].attempts >= rules.barrel_attempts:
                falls[seat] = _fall(scores, totals, seat, rules, "attempts")
    return None


def _fall(
    scores: list[SeatScore], totals: list[int], seat: int, rules: Rules, cause: FallCause
) -> Fall:
    """A seat falls off the barrel: −``penalty``, or 0 on the third fall with
    ``third_fall_to_zero`` (no dump truck after a fall, §8); what happened returned."""
    score = scores[seat]
    falls = score.falls + 1
    to_zero = rules.third_fall_to_zero and falls == 3
    totals[seat] = 0 if to_zero else totals[seat] - rules.penalty
    scores[seat] = replace(score, barrel=False, attempts=0, falls=falls)
    return Fall(cause, to_zero=to_zero)


def _winner_without_barrel(totals: Sequence[int], declarer: int, dealer: int) -> int | None:
    """No barrel: the first total of 1000 or more wins; among several the declarer, else
    the highest total, else the earlier seat after the dealer (§1.7)."""
    reached = [seat for seat, total in enumerate(totals) if total >= WIN]
    if not reached:
        return None
    if declarer in reached:
        return declarer
    count = len(totals)
    return max(reached, key=lambda seat: (totals[seat], -((seat - dealer - 1) % count)))
