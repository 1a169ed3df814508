"""Turns, sheets and the end of the game: POKER_DICE.md §1.1, §1.2's bonus, §2's keys, §3.

Whole games are played through the checked path with the faces given, and the sheets are
read back as the players would see them.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from tests.games.poker_dice.engine_support import show, start, throw, write
from thousand.games.poker_dice import (
    STOP,
    THROW,
    IllegalActionError,
    Outcome,
    Position,
    Throw,
    Totals,
    Write,
)
from thousand.games.poker_dice.scoring import UPPER

THREE_OF_EACH = {
    box: (face, face, face, 1 if face != 1 else 2, 6 if face != 6 else 5)
    for face, box in enumerate(UPPER, start=1)
}
"""For each upper box, five dice showing exactly three of its face."""


def fill(position: Position, plan: Sequence[tuple[str, tuple[int, ...]]]) -> Position:
    """Write each (box, dice) of ``plan`` in turn, one turn each (a first throw)."""
    for box, dice in plan:
        position = write(position, box, dice)
    return position


# -- a turn (§1.1) ----------------------------------------------------------------------


def test_a_turn_throws_up_to_three_times_keeping_any_dice() -> None:
    position = start()
    assert position.legal_actions() == (THROW,) and position.throws_left == 3
    air = position.apply(THROW)
    assert air.is_chance_node and air.in_air == 5 and air.dice == () and air.throws == 1
    assert air.legal_actions() == ()
    position = air.apply(Outcome((6, 2, 6, 5, 5)))
    assert position.dice == (2, 5, 5, 6, 6) and position.first_throw
    assert position.throws_left == 2
    position = position.apply(Throw((6, 5, 6)))
    assert position.dice == (5, 6, 6) and position.in_air == 2
    position = position.apply(Outcome((6, 1)))
    assert position.dice == (1, 5, 6, 6, 6) and not position.first_throw
    position = throw(position, (2, 3, 4, 5, 6))  # keep none: all five again
    assert position.throws == 3 and position.throws_left == 0
    assert all(isinstance(action, Write) for action in position.legal_actions())
    assert len(position.legal_actions()) == 15
    position = position.apply(Write("big_straight"))
    assert position.players[0].boxes["big_straight"] == 20
    assert position.current == 1 and position.dice == () and position.throws == 0


def test_keeps_are_every_distinct_sub_multiset_but_all_five() -> None:
    position = show(start(), (2, 5, 5, 6, 6))
    keeps = position.keeps()
    assert len(keeps) == 2 * 3 * 3 - 1 and len(set(keeps)) == len(keeps)
    assert keeps[0] == () and (2, 5, 5, 6) in keeps and (2, 5, 5, 6, 6) not in keeps
    assert all(list(keep) == sorted(keep) for keep in keeps)
    assert len(show(start(), (1, 2, 3, 4, 5)).keeps()) == 31
    assert show(start(), (4, 4, 4, 4, 4)).keeps() == ((), (4,), (4, 4), (4, 4, 4), (4, 4, 4, 4))


def test_a_keep_is_a_multiset_whatever_order_it_is_given_in() -> None:
    position = show(start(), (2, 5, 5, 6, 6))
    assert Throw((6, 5, 2)) == Throw((2, 5, 6)) and hash(Throw((6, 5))) == hash(Throw((5, 6)))
    assert position.apply(Throw((6, 2, 5))) == position.apply(Throw((2, 5, 6)))


def test_the_sheet_adds_up_as_section_4_says() -> None:
    position = start(names=["Anna"])
    position = write(position, "pair", (6, 6, 5, 5, 2))  # doubled: 24
    position = write(position, "sixes", (6, 6, 6, 6, 1))  # +6
    position = write(position, "ones", (1, 2, 3, 4, 5), first=False)  # −2
    assert position.totals(0) == Totals(subtotal=4, bonus=0, extra=0, total=28)


# -- the series-1 bonus (§1.2, bonus_threshold) ---------------------------------------


def upper_plan(ones: tuple[int, ...]) -> list[tuple[str, tuple[int, ...]]]:
    return [("ones", ones), *((box, THREE_OF_EACH[box]) for box in UPPER[1:])]


def test_the_bonus_comes_at_exactly_0_and_not_at_minus_1() -> None:
    position = fill(start(names=["Anna"]), upper_plan((1, 1, 1, 2, 3)))
    assert position.totals(0) == Totals(subtotal=0, bonus=50, extra=0, total=50)
    position = fill(start(names=["Anna"]), upper_plan((1, 1, 2, 3, 4)))
    assert position.totals(0) == Totals(subtotal=-1, bonus=0, extra=0, total=-1)


def test_bonus_threshold_1_means_more_than_zero() -> None:
    position = fill(start(names=["Anna"], bonus_threshold=1), upper_plan((1, 1, 1, 2, 3)))
    assert position.totals(0).bonus == 0
    position = fill(start(names=["Anna"], bonus_threshold=1), upper_plan((1, 1, 1, 1, 3)))
    assert position.totals(0) == Totals(subtotal=1, bonus=50, extra=0, total=51)


def test_the_bonus_waits_for_a_complete_series1() -> None:
    position = fill(start(names=["Anna"]), upper_plan((1, 1, 1, 2, 3))[1:])
    assert position.totals(0) == Totals(subtotal=0, bonus=0, extra=0, total=0)


def test_yahtzee_upper_bonus_35_at_63_not_at_62() -> None:
    sums = [
        (box, (face,) * 3 + ((2, 3) if face == 1 else (1, 1)))
        for face, box in enumerate(UPPER, start=1)
    ]
    position = fill(start("yahtzee", names=["Anna"]), sums)
    assert position.totals(0) == Totals(subtotal=63, bonus=35, extra=0, total=98)
    sums[0] = ("ones", (1, 1, 2, 3, 4))
    position = fill(start("yahtzee", names=["Anna"]), sums)
    assert position.totals(0) == Totals(subtotal=62, bonus=0, extra=0, total=62)


# -- the yahtzee joker and further yahtzees (§3) ------------------------------------------


def test_the_forced_joker_goes_to_its_upper_box_then_the_lower_then_any_upper() -> None:
    position = write(start("yahtzee", names=["Anna"], joker="forced"), "poker", (5,) * 5)
    assert position.players[0].boxes["poker"] == 50 and position.totals(0).extra == 0
    # a second yahtzee of fives: the fives box is empty, so it must go there
    joker = show(position, (5, 5, 5, 5, 5))
    assert joker.writable_boxes() == ("fives",)
    with pytest.raises(IllegalActionError) as refused:
        joker.apply(Write("chance"))
    assert refused.value.rule == "joker" and refused.value.params["allowed"] == ["fives"]
    position = joker.apply(Write("fives"))
    assert position.players[0].boxes["fives"] == 25 and position.totals(0).extra == 100
    # a third: fives is filled, so any empty lower box, at full value
    joker = show(position, (5, 5, 5, 5, 5))
    lower = ("three", "four", "full_house", "small_straight", "big_straight", "chance")
    assert joker.writable_boxes() == lower
    assert [joker.points_for(box) for box in lower] == [25, 25, 25, 30, 40, 25]
    position = joker.apply(Write("big_straight"))
    assert position.players[0].boxes["big_straight"] == 40 and position.totals(0).extra == 200
    for box in ("three", "four", "full_house", "small_straight", "chance"):
        position = write(position, box, (5, 5, 5, 5, 5))
    assert position.totals(0).extra == 700
    # every lower box is filled: any empty upper box, scoring 0
    joker = show(position, (5, 5, 5, 5, 5))
    assert joker.writable_boxes() == ("ones", "twos", "threes", "fours", "sixes")
    position = joker.apply(Write("sixes"))
    assert position.players[0].boxes["sixes"] == 0 and position.totals(0).extra == 800


def test_the_free_joker_of_the_preset_chooses_any_box_at_full_value_once_its_face_is_full() -> None:
    position = write(start("yahtzee", names=["Anna"]), "poker", (5, 5, 5, 5, 5))
    # fives is empty: ordinary dice, any empty box; a full house is not made
    plain = show(position, (5, 5, 5, 5, 5))
    assert len(plain.writable_boxes()) == 12
    assert plain.points_for("full_house") == 0 and plain.points_for("fives") == 25
    assert plain.apply(Write("chance")).totals(0).extra == 100
    position = plain.apply(Write("fives"))
    # fives is filled: a joker, any empty box, the lower ones at full value
    joker = show(position, (5, 5, 5, 5, 5))
    assert len(joker.writable_boxes()) == 11
    assert [joker.points_for(box) for box in ("full_house", "small_straight", "sixes")] == [
        25,
        30,
        0,
    ]


def test_every_forced_game_is_a_free_game_with_the_same_points() -> None:
    plan = [("poker", (4,) * 5), ("fours", (4,) * 5), ("big_straight", (4,) * 5)]
    forced = fill(start("yahtzee", names=["Anna"], joker="forced"), plan)
    free = fill(start("yahtzee", names=["Anna"]), plan)
    assert forced.players[0].boxes == free.players[0].boxes
    assert forced.totals(0) == free.totals(0) == Totals(20, 0, 200, 110 + 200)


def test_a_further_yahtzee_earns_100_only_when_poker_holds_50() -> None:
    scratched = write(start("yahtzee", names=["Anna"], joker="forced"), "poker", (1, 2, 3, 4, 6))
    assert scratched.players[0].boxes["poker"] == 0
    joker = show(scratched, (3, 3, 3, 3, 3))
    assert joker.writable_boxes() == ("threes",)  # the joker still applies
    assert joker.apply(Write("threes")).totals(0).extra == 0
    # the first yahtzee in poker earns no extra; no joker while poker is empty
    first = show(start("yahtzee", names=["Anna"]), (3, 3, 3, 3, 3))
    assert "chance" in first.writable_boxes() and "poker" in first.writable_boxes()
    assert first.apply(Write("poker")).totals(0).extra == 0


def test_no_joker_and_no_extra_on_the_russian_sheet() -> None:
    position = write(start(names=["Anna"]), "poker", (5, 5, 5, 5, 5))
    again = show(position, (5, 5, 5, 5, 5))
    assert len(again.writable_boxes()) == 14
    assert again.apply(Write("chance")).totals(0).extra == 0


# -- banked throws (S7) -----------------------------------------------------------------


def test_unused_throws_go_to_the_bank_and_a_turn_may_spend_them() -> None:
    position = write(start("russian_banked"), "chance", (1, 2, 3, 4, 5))
    assert position.players[0].bank == 2  # wrote after 1 of 3 throws
    position = write(position, "chance", (1, 2, 3, 4, 5))
    anna = position
    assert anna.throws_left == 3 + 2
    for _ in range(5):
        anna = throw(anna, (6, 6, 6, 6, 6))
    assert anna.throws_left == 0 and anna.keeps() == ()
    with pytest.raises(IllegalActionError) as refused:
        anna.apply(THROW)
    assert refused.value.rule == "no_throws_left"
    after = anna.apply(Write("sixes"))
    assert after.players[0].bank == 0  # 3 + 2 − 5
    # using two of five leaves three
    anna = throw(throw(position, (6, 6, 6, 6, 6)), (6, 6, 6, 6, 6))
    assert anna.apply(Write("sixes")).players[0].bank == 3 + 2 - 2


def test_without_banking_unused_throws_are_lost() -> None:
    position = write(start(), "chance", (1, 2, 3, 4, 5))
    assert position.players[0].bank == 0
    position = write(position, "chance", (1, 2, 3, 4, 5))
    assert position.throws_left == 3


def test_the_unused_throw_bonus_is_paid_at_the_end_into_extra() -> None:
    # One player writing every box on the first throw banks 2 × 15 = 30 throws: 90.
    position = start("russian_banked", names=["Anna"])
    boxes = list(position.players[0].boxes)
    for box in boxes[:-1]:
        position = write(position, box, (1, 2, 3, 4, 6))
    assert position.players[0].bank == 28 and position.totals(0).extra == 0
    last = show(position, (1, 2, 3, 4, 6))
    assert last.throws_left == 30
    last = throw(last, (1, 2, 3, 4, 6))  # spend one more: 29 left in the bank
    end = last.apply(Write(boxes[-1]))
    assert end.is_over and end.players[0].bank == 29
    sheet = end.totals(0)
    assert sheet.extra == 3 * 29
    boxes_sum = sum(points for points in end.players[0].boxes.values() if points is not None)
    assert sheet.total == boxes_sum + sheet.bonus + 87


# -- series1_first (S3) -----------------------------------------------------------------


def test_series1_first_keeps_series2_closed_until_series1_is_full() -> None:
    position = show(start(series1_first=True), (6, 6, 5, 5, 2))
    assert position.writable_boxes() == UPPER
    with pytest.raises(IllegalActionError) as refused:
        position.apply(Write("pair"))
    assert refused.value.rule == "series1_first"
    position = fill(start(series1_first=True, names=["Anna"]), upper_plan((1, 1, 1, 2, 3)))
    position = show(position, (6, 6, 5, 5, 2))
    assert position.writable_boxes()[0] == "pair" and len(position.writable_boxes()) == 9
    assert position.apply(Write("pair")).players[0].boxes["pair"] == 24


def test_series1_first_never_lets_the_joker_meet_an_open_series1() -> None:
    # The joker needs poker written, and poker waits for series 1: a yahtzee thrown while
    # series 1 is open is no joker and goes into series 1.
    position = start("yahtzee", names=["Anna"], series1_first=True)
    position = fill(position, [(box, THREE_OF_EACH[box]) for box in UPPER if box != "twos"])
    yahtzee = show(position, (4, 4, 4, 4, 4))
    assert yahtzee.writable_boxes() == ("twos",)
    assert yahtzee.apply(Write("twos")).players[0].boxes["twos"] == 0


# -- the end of the game (§1.3, last_round) -------------------------------------------


@pytest.mark.parametrize("preset", ["russian", "russian_banked"])
@pytest.mark.parametrize("players", [1, 2, 3])
def test_every_player_writes_15_boxes_and_then_the_game_ends(preset: str, players: int) -> None:
    # russian_banked has last_round = first_finisher: seat 0 fills the sheet first, the
    # others get their last turn, and it ends like all_boxes.
    names = ["Anna", "Boris", "Vera"][:players]
    position = start(preset, names=names)
    boxes = list(position.players[0].boxes)
    for turn, box in enumerate(boxes):
        for seat in range(players):
            assert not position.is_over and position.current == seat
            position = write(position, box, (turn % 6 + 1,) * 3 + (1, 2))
    assert position.is_over and position.to_move is None and position.legal_actions() == ()
    assert all(sheet.boxes.is_full for sheet in position.players)


def test_first_finisher_gives_the_others_their_last_turn() -> None:
    position = start("russian_banked", names=["Anna", "Boris"])
    boxes = list(position.players[0].boxes)
    for box in boxes[:-1]:
        position = write(write(position, box, (1, 2, 3, 4, 6)), box, (1, 2, 3, 4, 6))
    position = write(position, boxes[-1], (6, 6, 6, 6, 6))
    assert position.players[0].boxes.is_full and not position.is_over
    assert position.to_move == "Boris"
    assert write(position, boxes[-1], (6, 6, 6, 6, 6)).is_over


def test_the_highest_total_wins_and_equal_totals_share() -> None:
    position = start(names=["Anna", "Boris"])
    boxes = list(position.players[0].boxes)
    for box in boxes:
        position = write(position, box, (1, 2, 3, 4, 6))
        assert position.winners == ()
        position = write(position, box, (1, 2, 3, 4, 6))
    assert position.is_over and position.winners == (0, 1)
    position = start(names=["Anna", "Boris"])
    for box in boxes:
        position = write(write(position, box, (1, 2, 3, 4, 6)), box, (1, 2, 3, 4, 5))
    assert position.winners == (1,)  # Boris's small straight and chance
    assert position.totals(1).total > position.totals(0).total


def test_stop_is_only_for_the_ranking_game() -> None:
    position = show(start(), (1, 2, 3, 4, 5))
    assert STOP not in position.legal_actions()
