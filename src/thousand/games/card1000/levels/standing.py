"""What a deal's outcome is worth in the game: the score sheet weighed, by the rules' own
scoring.

Points in a deal are not worth the same at every moment of a game. Making 120 on the
barrel wins it; a contract that lands a total on exactly 555 sends it to 0 (the dump
truck); a defender's third bolt costs 120; passing while an opponent on the barrel
holds the bid may hand them the game. A player who counts only the deal's points
misses all of these. The ``expert`` weighs each outcome it considers by the board it
would leave, computed by :func:`~thousand.games.card1000.scoring.score_deal` — the
same scoring the referee applies, so no rule of the sheet is restated here:

* :func:`standing` — a board's worth to a seat: a win :data:`WIN_WORTH`, another's win
  as much against; otherwise its total less :data:`RIVALRY` of its rivals' mean (in a
  three-handed game the others' points are what it races against);
* :func:`declaring` — declaring a contract and taking some points in play (the
  defenders share what is left of 120);
* :func:`defending` — passing: the standing bidder declares and makes its bid, and this
  seat, as the other defender, takes
  :data:`~thousand.games.card1000.hand_value.DEFENDER_TAKE` (what a defender takes on
  average; nothing on the barrel, as the rules say);
* :func:`writing_off` — the write-off, as the rules score it.

Each is the change of :func:`standing` from the board now, so they compare directly.
"""

from __future__ import annotations

from thousand.games.card1000.config import Rules
from thousand.games.card1000.hand_value import DEFENDER_TAKE
from thousand.games.card1000.scoring import Board, DealResult, score_deal, sitting_out
from thousand.games.card1000.shuffle import playing_seats
from thousand.games.card1000.views import SeatView

WIN_WORTH = 1000.0
"""A game won, in points: more than any deal can bring, so a real chance of winning (or
of an opponent winning) outweighs the points of a deal."""

RIVALRY = 0.5
"""How much a rival's point counts against one's own (the ``club`` player counts the
defenders' expected take at half against a contract, the same figure)."""

SHARE = 120
"""The card points of a deal, which the defenders share when the declarer takes less."""


def standing(board: Board, winner: int | None, seat: int) -> float:
    """``board``'s worth to ``seat`` (see the module docstring)."""
    if winner is not None:
        return WIN_WORTH if winner == seat else -WIN_WORTH
    others = [score.total for other, score in enumerate(board) if other != seat]
    return board[seat].total - RIVALRY * sum(others) / len(others)


def _change(view: SeatView, rules: Rules, result: DealResult) -> float:
    assert view.seat is not None
    after = score_deal(view.scores, result, rules)
    return standing(after.board, after.winner, view.seat) - standing(view.scores, None, view.seat)


def _result(
    view: SeatView, rules: Rules, declarer: int, contract: int, points: dict[int, int]
) -> DealResult:
    deal = view.deal
    assert deal is not None
    idle = sitting_out(rules, deal.dealer)
    return DealResult(
        dealer=deal.dealer,
        declarer=declarer,
        contract=contract,
        written_off=False,
        points=tuple(0 if seat == idle else points.get(seat, 0) for seat in range(rules.players)),
        golden=deal.golden,
        dark=deal.dark,
    )


def _defenders(view: SeatView, rules: Rules, declarer: int) -> list[int]:
    deal = view.deal
    assert deal is not None
    return [seat for seat in playing_seats(rules, deal.dealer) if seat != declarer]


def declaring(view: SeatView, rules: Rules, contract: int, taken: int) -> float:
    """The seat declares ``contract`` and takes ``taken`` in play (marriages included);
    the defenders share what it leaves of the deal's 120 card points."""
    assert view.seat is not None
    defenders = _defenders(view, rules, view.seat)
    left = max(0, SHARE - min(taken, SHARE)) // max(len(defenders), 1)
    points = dict.fromkeys(defenders, left) | {view.seat: taken}
    return _change(view, rules, _result(view, rules, view.seat, contract, points))


def defending(view: SeatView, rules: Rules) -> float:
    """The seat passes: the standing bidder declares its bid and makes it, this seat and
    the other defender take :data:`~thousand.games.card1000.hand_value.DEFENDER_TAKE` each."""
    deal = view.deal
    assert deal is not None and view.seat is not None
    declarer = deal.bidder
    if declarer == view.seat:
        return 0.0
    points = dict.fromkeys(_defenders(view, rules, declarer), DEFENDER_TAKE) | {declarer: deal.bid}
    return _change(view, rules, _result(view, rules, declarer, deal.bid, points))


def writing_off(view: SeatView, rules: Rules) -> float:
    """The seat, declarer at the standing bid, writes the deal off."""
    deal = view.deal
    assert deal is not None and view.seat is not None
    result = DealResult(
        dealer=deal.dealer,
        declarer=view.seat,
        contract=deal.bid,
        written_off=True,
        points=tuple(None for _ in range(rules.players)),
        golden=deal.golden,
        dark=deal.dark,
    )
    return _change(view, rules, result)


__all__ = [
    "RIVALRY",
    "SHARE",
    "WIN_WORTH",
    "declaring",
    "defending",
    "standing",
    "writing_off",
]
