"""Scoring a deal and the game, each rule as an exact example (CARD_THOUSAND.md §1.6–§3)."""

from __future__ import annotations

import pytest

from thousand.games.card1000.cards import cards
from thousand.games.card1000.presets import load_preset, rules_from_spec
from thousand.games.card1000.scoring import (
    Board,
    DealResult,
    SeatScore,
    new_board,
    round5,
    score_deal,
    talon_score,
    write_off_award,
)

CLASSIC = load_preset("classic")


def board(*totals: int, barrel: tuple[int, ...] = (), **fields: tuple[int, ...]) -> Board:
    """A board of these totals; seats in ``barrel`` sit on it; ``fields`` per seat."""
    seats = []
    for seat, total in enumerate(totals):
        extra = {name: values[seat] for name, values in fields.items()}
        seats.append(SeatScore(total=total, barrel=seat in barrel, **extra))
    return tuple(seats)


def played(
    declarer: int, contract: int, *points: int, dealer: int = 0, **more: object
) -> DealResult:
    return DealResult(dealer, declarer, contract, False, tuple(points), **more)  # type: ignore[arg-type]


def test_round5_rounds_remainders_1_2_down_and_3_4_up() -> None:
    assert [round5(p) for p in (67, 68, 31, 33, 65, 0, 2, 3, 122)] == [
        65,
        70,
        30,
        35,
        65,
        0,
        0,
        5,
        120,
    ]


def test_the_declarer_scores_exactly_the_contract_or_loses_it_by_one_point() -> None:
    made = score_deal(new_board(3), played(1, 100, 12, 150, 58), CLASSIC)
    assert made.outcome == "made"
    assert made.changes == (10, 100, 60)  # 12 → 10, exactly the contract, 58 → 60
    failed = score_deal(new_board(3), played(1, 120, 0, 119, 1), CLASSIC)
    assert failed.outcome == "failed" and failed.changes[1] == -120


def test_round_declarer_compares_the_rounded_points() -> None:
    rules = rules_from_spec({"preset": "classic", "round_declarer": True})
    assert score_deal(new_board(3), played(1, 120, 1, 118, 1), rules).changes[1] == 120
    assert score_deal(new_board(3), played(1, 120, 1, 117, 2), rules).changes[1] == -120


def test_write_off_awards_half_the_bid_rounded_up_to_5_or_sixty() -> None:
    assert [write_off_award(bid, CLASSIC) for bid in (100, 105, 115, 120, 150)] == [
        50,
        55,
        60,
        60,
        75,
    ]
    sixty = load_preset("two_players")
    assert write_off_award(105, sixty) == 60
    off = DealResult(0, 2, 115, True, (None, None, None))
    score = score_deal(new_board(3), off, CLASSIC)
    assert score.outcome == "written_off"
    assert score.changes == (60, 60, -115)
    assert score.board[2].write_offs == 1
    keep = rules_from_spec({"preset": "classic", "write_off_deducts": False})
    assert score_deal(new_board(3), off, keep).changes == (60, 60, 0)
    on_barrel = score_deal(board(880, 0, 0, barrel=(0,)), off, CLASSIC)
    assert on_barrel.changes == (0, 60, -115)


def test_no_bolt_on_a_write_off() -> None:
    off = DealResult(0, 2, 100, True, (None, None, None))
    score = score_deal(board(0, 0, 0, bolts=(2, 2, 0)), off, CLASSIC)
    assert [seat.bolts for seat in score.board] == [2, 2, 0]


def test_three_bolts_cost_the_penalty_and_the_count_starts_again() -> None:
    before = board(300, 0, 200, bolts=(2, 0, 1))
    score = score_deal(before, played(1, 100, 0, 120, 0), CLASSIC)
    assert score.changes == (-120, 100, 0)
    assert score.totals == (180, 100, 200)
    assert [seat.bolts for seat in score.board] == [0, 0, 2]


def test_bolts_in_a_row_reset_and_per_game_do_not() -> None:
    before = board(0, 0, 0, bolts=(2, 0, 2))
    result = played(1, 100, 20, 100, 0)
    per_game = score_deal(before, result, CLASSIC)
    assert [seat.bolts for seat in per_game.board] == [2, 0, 0]
    in_a_row = rules_from_spec({"preset": "classic", "bolts": "in_a_row"})
    reset = score_deal(before, result, in_a_row)
    assert [seat.bolts for seat in reset.board] == [0, 0, 0]
    assert reset.changes[2] == -120


def test_a_no_trick_bolt_counts_tricks_not_points() -> None:
    rules = rules_from_spec({"preset": "classic", "bolt": "no_trick"})
    result = played(1, 100, 0, 110, 10, tricks=(1, 7, 0))
    score = score_deal(new_board(3), result, rules)
    assert [seat.bolts for seat in score.board] == [0, 0, 1]
    zero = score_deal(new_board(3), result, CLASSIC)
    assert [seat.bolts for seat in zero.board] == [1, 0, 0]


def test_the_dump_truck_555_and_minus_555() -> None:
    score = score_deal(board(500, -500, 0), played(2, 100, 55, 0, 65), CLASSIC)
    assert score.changes == (55, 0, -100)
    assert score.totals[0] == 0
    minus = score_deal(board(0, -455, 0), played(1, 100, 60, 20, 40), CLASSIC)
    assert minus.changes[1] == -100 and minus.totals[1] == 0
    keep = rules_from_spec({"preset": "classic", "dump_truck_negative": False})
    assert score_deal(board(0, -455, 0), played(1, 100, 60, 20, 40), keep).totals[1] == -555


def test_getting_on_the_barrel_caps_the_total() -> None:
    score = score_deal(board(800, 850, 0), played(0, 120, 130, 40, 0), CLASSIC)
    assert score.changes == (120, 40, 0)
    assert score.totals == (880, 880, 0)
    assert [seat.barrel for seat in score.board] == [True, True, False]


def test_three_attempts_and_the_fall() -> None:
    before = board(880, 0, 0, barrel=(0,))
    first = score_deal(before, played(1, 100, 40, 80, 0), CLASSIC)
    assert first.changes[0] == 0 and first.board[0].attempts == 1
    assert first.board[0].bolts == 0  # no bolt on the barrel
    second = score_deal(first.board, played(2, 100, 40, 0, 80), CLASSIC)
    assert second.board[0].attempts == 2 and second.totals[0] == 880
    third = score_deal(second.board, played(1, 100, 40, 80, 0), CLASSIC)
    assert third.totals[0] == 760
    assert (third.board[0].barrel, third.board[0].attempts, third.board[0].falls) == (False, 0, 1)


def test_a_failed_contract_on_the_barrel_costs_and_takes_the_seat_off() -> None:
    score = score_deal(
        board(880, 0, 0, barrel=(0,), attempts=(1, 0, 0)), played(0, 120, 100, 10, 10), CLASSIC
    )
    assert score.totals[0] == 760
    assert (score.board[0].barrel, score.board[0].attempts, score.board[0].falls) == (False, 0, 0)


def test_knock_off_when_another_seat_gets_on() -> None:
    before = board(880, 800, 0, barrel=(0,))
    score = score_deal(before, played(2, 100, 0, 90, 30), CLASSIC)
    assert score.totals == (760, 880, -100)
    assert [seat.barrel for seat in score.board] == [False, True, False]
    assert score.board[0].falls == 1
    off = rules_from_spec({"preset": "classic", "barrel_knock_off": False})
    kept = score_deal(before, played(2, 100, 0, 90, 30), off)
    assert kept.totals[:2] == (880, 880) and kept.board[0].attempts == 1


def test_the_win_from_the_barrel() -> None:
    before = board(880, 600, 880, barrel=(0, 2))
    score = score_deal(before, played(0, 120, 120, 0, 0), CLASSIC)
    assert score.winner == 0 and score.totals[0] == 1000
    assert not score.board[0].barrel
    assert score.board[2].attempts == 0 and score.board[2].falls == 0  # no attempt on a win
    short = score_deal(before, played(0, 110, 120, 0, 0), CLASSIC)
    assert short.winner is None and short.totals[0] == 880 and short.board[0].attempts == 1
    over = rules_from_spec({"preset": "classic", "win_needs_over": True})
    assert score_deal(before, played(0, 120, 120, 0, 0), over).winner is None
    assert score_deal(before, played(0, 125, 130, 0, 0), over).totals[0] == 1005


def test_the_third_fall_to_zero() -> None:
    rules = rules_from_spec({"preset": "classic", "third_fall_to_zero": True})
    before = board(880, 0, 0, barrel=(0,), attempts=(2, 0, 0), falls=(2, 0, 0))
    score = score_deal(before, played(1, 100, 0, 100, 20), rules)
    assert score.totals[0] == 0 and score.board[0].falls == 3
    assert score_deal(before, played(1, 100, 0, 100, 20), CLASSIC).totals[0] == 760


def test_golden_and_dark_deals_are_doubled_both_ways() -> None:
    golden = score_deal(new_board(3), played(1, 120, 30, 130, 20, golden=True), CLASSIC)
    assert golden.changes == (60, 240, 40)
    failed = score_deal(new_board(3), played(1, 120, 30, 110, 40, golden=True), CLASSIC)
    assert failed.changes == (60, -240, 80)
    dark = score_deal(new_board(3), played(1, 140, 0, 150, 30, dark=True), CLASSIC)
    assert dark.changes == (0, 280, 60)


def test_bolt_penalties_are_doubled_on_golden_deals_only() -> None:
    before = board(0, 0, 0, bolts=(2, 0, 0))
    golden = score_deal(before, played(1, 120, 0, 140, 40, golden=True), CLASSIC)
    assert golden.changes[0] == -240
    dark = score_deal(before, played(1, 120, 0, 140, 40, dark=True), CLASSIC)
    assert dark.changes[0] == -120


def test_the_four_player_dealers_talon_score() -> None:
    rules = load_preset("four_players")
    assert talon_score(cards(["KH", "QH", "9S"])) == 107
    score = score_deal(new_board(4), played(1, 100, 107, 100, 10, 10), rules)
    assert score.changes == (105, 100, 10, 10)
    on_barrel = score_deal(
        board(880, 0, 0, 0, barrel=(0,)), played(1, 100, 107, 100, 10, 10), rules
    )
    assert on_barrel.changes[0] == 0 and on_barrel.board[0].attempts == 0
    assert on_barrel.board[0].bolts == 0  # the sitting-out dealer takes no bolt


def test_four_nines_bonus_goes_into_the_change_and_is_doubled_with_it() -> None:
    rules = rules_from_spec({"preset": "classic", "four_nines_bonus": 120})
    score = score_deal(new_board(3), played(1, 100, 0, 110, 10, bonuses=(120, 0, 0)), rules)
    assert score.changes == (120, 100, 10) and score.board[0].bolts == 0
    golden = played(1, 120, 0, 130, 0, bonuses=(120, 0, 0), golden=True)
    assert score_deal(new_board(3), golden, rules).changes[0] == 240


def test_without_a_barrel_the_first_to_1000_wins() -> None:
    rules = load_preset("two_players")
    score = score_deal(board(950, 0), played(1, 100, 50, 70), rules)
    assert score.winner == 0 and score.totals == (1000, -100)
    both = score_deal(board(960, 950), played(1, 100, 40, 100, dealer=0), rules)
    assert both.winner == 1  # the declarer among them
    three = load_preset("classic").model_copy(update={"barrel": None})
    tie = score_deal(board(960, 960, 0), played(2, 100, 40, 40, 40, dealer=2), three)
    assert tie.winner == 0  # equal totals: the earlier seat after the dealer


def test_golden_reset_sets_totals_barrels_and_attempts_to_zero() -> None:
    before = board(880, 120, 0, barrel=(0,), bolts=(0, 1, 0))
    score = score_deal(before, played(1, 120, 30, 100, 40, golden=True), CLASSIC, reset=True)
    assert score.totals == (0, 0, 0)
    assert all(not seat.barrel and seat.attempts == 0 for seat in score.board)
    assert score.changes == (0, -240, 80)


@pytest.mark.parametrize("factor", [1, 2])
def test_changes_include_penalties_and_totals_follow_them(factor: int) -> None:
    before = board(100, 200, 300, bolts=(2, 0, 0))
    result = played(1, 120, 0, 130, 10, golden=factor == 2)
    score = score_deal(before, result, CLASSIC)
    assert score.totals == tuple(s.total + c for s, c in zip(before, score.changes, strict=True))
    assert score.board[0].bolts == 0
