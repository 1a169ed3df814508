"""The score sheet as the ``expert`` weighs it (:mod:`thousand.games.card1000.levels.
standing`): outcomes through the rules' own scoring, at moments where the sheet, not the
deal's points, decides."""

from __future__ import annotations

import dataclasses

from thousand.games.card1000.levels import standing
from thousand.games.card1000.presets import load_preset
from thousand.games.card1000.scoring import SeatScore
from thousand.games.card1000.views import SeatView, view

from .test_bidding_evidence import bidding

CLASSIC = load_preset("classic")


def seat_one(*scores: SeatScore) -> SeatView:
    """Seat 1's view of :func:`bidding` (seat 0 holds the bid at 150) with ``scores``."""
    return dataclasses.replace(view(bidding(), 1), scores=tuple(scores))


def test_a_contract_landing_on_555_is_worth_less_than_the_next_one() -> None:
    seen = seat_one(SeatScore(100), SeatScore(450), SeatScore(100))
    onto_555 = standing.declaring(seen, CLASSIC, 105, 110)
    past_it = standing.declaring(seen, CLASSIC, 110, 110)
    assert onto_555 < 0 < past_it
    # 450 → 555 → 0: the seat loses its 450; the defenders share the 10 left of 120
    assert onto_555 == -450 - standing.RIVALRY * 5


def test_making_what_the_barrel_needs_is_a_win() -> None:
    seen = seat_one(SeatScore(300), SeatScore(900, barrel=True), SeatScore(500))
    before = 900 - standing.RIVALRY * 400
    assert standing.declaring(seen, CLASSIC, 100, 120) == standing.WIN_WORTH - before
    assert standing.declaring(seen, CLASSIC, 100, 90) < 0


def test_passing_to_an_opponent_on_the_barrel_who_holds_the_bid_is_a_loss() -> None:
    near = seat_one(SeatScore(900, barrel=True), SeatScore(500), SeatScore(500))
    far = seat_one(SeatScore(400), SeatScore(500), SeatScore(500))
    assert standing.defending(near, CLASSIC) < -standing.WIN_WORTH + 600
    assert standing.defending(far, CLASSIC) > -100
    # on the barrel a defender scores nothing: passing there is worth less
    mine = seat_one(SeatScore(300), SeatScore(900, barrel=True), SeatScore(300))
    off = seat_one(SeatScore(300), SeatScore(700), SeatScore(300))
    assert standing.defending(mine, CLASSIC) < standing.defending(off, CLASSIC)


def test_a_write_off_costs_the_bid_and_gives_each_defender_half() -> None:
    seen = seat_one(SeatScore(0), SeatScore(0), SeatScore(0))
    # −150 for the declarer, 75 to each defender (half the bid, rounded up to 5)
    assert standing.writing_off(seen, CLASSIC) == -150 - standing.RIVALRY * 75
