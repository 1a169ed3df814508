"""The ranking game (POKER_DICE.md §3, S5): one turn each, the best hand wins, ties play off."""

from __future__ import annotations

import pytest

from tests.games.poker_dice.engine_support import start, throw
from thousand.games.poker_dice import STOP, THROW, IllegalActionError, Position, Throw, Write

Dice = tuple[int, ...]


def stand(position: Position, dice: Dice) -> Position:
    """A ranking turn: one throw showing ``dice``, then stop."""
    return throw(position, dice).apply(STOP)


def play_round(position: Position, *hands: Dice) -> Position:
    for dice in hands:
        position = stand(position, dice)
    return position


def test_each_player_has_one_turn_in_seat_order_and_stop_ends_it() -> None:
    position = start("ranking", names=["Anna", "Boris", "Vera"])
    assert position.legal_actions() == (THROW,)
    position = throw(position, (6, 6, 2, 3, 1))
    actions = position.legal_actions()
    assert actions[-1] == STOP and Throw((6, 6)) in actions
    assert not any(isinstance(action, Write) for action in actions)
    position = position.apply(STOP)
    assert position.current == 1 and position.players[0].hand == (1, 2, 3, 6, 6)
    assert position.hand_kind(0) == "pair" and position.hand_kind(1) is None
    position = stand(position, (5, 5, 5, 1, 2))
    position = stand(position, (4, 4, 1, 2, 3))
    assert position.is_over and position.winners == (1,) and position.to_move is None


def test_the_last_throw_ends_the_turn() -> None:
    position = start("ranking", names=["Anna", "Boris"])
    position = throw(position, (6, 6, 2, 3, 1))
    position = throw(position, (6, 5, 4), keep=(6, 6))
    assert position.current == 0 and position.throws_left == 1
    position = throw(position, (6, 1), keep=(6, 6, 6))
    assert position.current == 1 and position.throws == 0 and position.dice == ()
    assert position.players[0].hand == (1, 6, 6, 6, 6)


def test_throws_is_the_turn_length() -> None:
    position = start("ranking", names=["Anna", "Boris"], throws=1)
    position = throw(position, (1, 2, 3, 4, 6))
    assert position.current == 1 and position.players[0].hand == (1, 2, 3, 4, 6)


# (better, worse): the first beats the second
ORDER = [
    ((2, 2, 2, 2, 2), (6, 6, 6, 6, 5)),  # poker > four
    ((1, 1, 1, 1, 2), (6, 6, 6, 5, 5)),  # four > full house
    ((2, 2, 2, 1, 1), (6, 6, 6, 5, 4)),  # full house > three
    ((1, 1, 1, 2, 3), (6, 6, 5, 5, 4)),  # three > two pairs
    ((1, 1, 2, 2, 3), (6, 6, 5, 4, 3)),  # two pairs > pair
    ((1, 1, 2, 3, 4), (2, 3, 4, 5, 6)),  # pair > high card (no straights in S5)
    ((6, 6, 6, 6, 6), (5, 5, 5, 5, 5)),  # equal kinds: the higher face
    ((3, 3, 3, 3, 1), (2, 2, 2, 2, 6)),
    ((3, 3, 3, 2, 2), (2, 2, 2, 6, 6)),  # the three of a full house before its pair
    ((3, 3, 3, 6, 6), (3, 3, 3, 5, 5)),
    ((4, 4, 4, 1, 2), (3, 3, 3, 6, 5)),
    ((4, 4, 4, 5, 1), (4, 4, 4, 3, 2)),  # then the other dice from the highest
    ((6, 6, 4, 4, 1), (6, 6, 3, 3, 5)),  # two pairs: the higher pair, then the lower
    ((6, 6, 4, 4, 2), (6, 6, 4, 4, 1)),
    ((6, 6, 1, 2, 3), (5, 5, 4, 3, 6)),
    ((5, 5, 6, 2, 1), (5, 5, 4, 3, 2)),
    ((5, 5, 4, 3, 2), (5, 5, 4, 3, 1)),
    ((2, 3, 4, 5, 6), (1, 3, 4, 5, 6)),  # high card: the higher sum of the five
    ((1, 3, 4, 5, 6), (1, 2, 4, 5, 6)),
]


@pytest.mark.parametrize(("better", "worse"), ORDER)
def test_the_best_hand_wins_whoever_throws_it(better: Dice, worse: Dice) -> None:
    names = ["Anna", "Boris"]
    assert play_round(start("ranking", names=names), better, worse).winners == (0,)
    assert play_round(start("ranking", names=names), worse, better).winners == (1,)


@pytest.mark.parametrize(("better", "worse"), ORDER)
def test_lowest_wins_turns_the_order_round(better: Dice, worse: Dice) -> None:
    names = ["Anna", "Boris"]
    assert play_round(start("ranking", names=names, lowest_wins=True), better, worse).winners == (
        1,
    )
    assert play_round(start("ranking", names=names, lowest_wins=True), worse, better).winners == (
        0,
    )


def test_the_players_sharing_the_best_hand_play_off_alone_in_seat_order() -> None:
    position = start("ranking", names=["Anna", "Boris", "Vera"])
    position = play_round(position, (6, 6, 6, 1, 2), (1, 1, 2, 3, 4), (6, 2, 6, 1, 6))
    assert not position.is_over and position.winners == ()
    assert position.round == 1 and position.contenders == (0, 2) and position.current == 0
    position = stand(position, (4, 4, 1, 2, 3))
    assert position.current == 2  # Boris sits the play-off out
    position = stand(position, (4, 4, 1, 2, 5))
    assert position.is_over and position.winners == (2,) and position.contenders == (2,)
    assert position.players[1].hand == (1, 1, 2, 3, 4)  # his only hand


def test_a_tie_among_all_plays_off_again_and_again() -> None:
    position = start("ranking", names=["Anna", "Boris"])
    position = play_round(position, (3, 3, 1, 2, 4), (3, 3, 1, 2, 4))
    assert (position.round, position.contenders, position.current) == (1, (0, 1), 0)
    position = play_round(position, (5, 5, 5, 5, 5), (5, 5, 5, 5, 5))
    assert (position.round, position.contenders) == (2, (0, 1))
    position = play_round(position, (1, 2, 3, 4, 5), (2, 2, 3, 4, 5))
    assert position.is_over and position.winners == (1,)


def test_lowest_wins_plays_off_the_worst() -> None:
    position = start("ranking", names=["Anna", "Boris", "Vera"], lowest_wins=True)
    position = play_round(position, (1, 2, 3, 4, 6), (6, 6, 6, 6, 6), (1, 2, 3, 4, 6))
    assert position.contenders == (0, 2)
    position = play_round(position, (1, 1, 2, 3, 4), (1, 2, 3, 4, 5))
    assert position.winners == (2,)


def test_one_player_wins_alone_after_one_turn() -> None:
    position = stand(start("ranking", names=["Anna"]), (1, 2, 3, 4, 6))
    assert position.is_over and position.winners == (0,)


def test_a_ranking_turn_cannot_stop_before_throwing_nor_write() -> None:
    position = start("ranking")
    with pytest.raises(IllegalActionError) as refused:
        position.apply(STOP)
    assert refused.value.rule == "throw_first"
    with pytest.raises(IllegalActionError) as refused:
        throw(position, (1, 1, 2, 3, 4)).apply(Write("pair"))
    assert refused.value.rule == "no_sheet"


def test_ranking_sheets_have_no_boxes_and_add_up_to_nothing() -> None:
    position = play_round(start("ranking"), (6, 6, 6, 6, 6), (1, 2, 3, 4, 6))
    assert dict(position.players[0].boxes) == {} and position.totals(0).total == 0
