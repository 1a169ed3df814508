"""Every illegal action is refused with its rule, and the position stays as it was."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.poker_dice.engine_support import show, start, throw, write
from thousand.games.poker_dice import (
    STOP,
    THROW,
    Action,
    IllegalActionError,
    Outcome,
    Position,
    Throw,
    Write,
)


def refuse(position: Position, action: Any, rule: str) -> IllegalActionError:
    """``action`` is refused naming ``rule``; the position and its data are unchanged."""
    before = position.to_dict()
    with pytest.raises(IllegalActionError) as refused:
        position.apply(action)
    assert refused.value.rule == rule, str(refused.value)
    assert position.refusal(action) is not None
    assert position.to_dict() == before
    message = str(refused.value)
    assert message and "\n" not in message
    return refused.value


SHOWING = show(start(), (2, 5, 5, 6, 6))
THIRD = throw(throw(SHOWING, (1, 2, 3), keep=(5, 6)), (4, 4, 4), keep=(5, 6))
IN_AIR = SHOWING.apply(Throw((5, 5)))


def test_a_fourth_throw() -> None:
    assert THIRD.throws == 3 and THIRD.throws_left == 0
    error = refuse(THIRD, THROW, "no_throws_left")
    assert error.params == {"throws": 3}
    refuse(THIRD, Throw((4, 4)), "no_throws_left")


def test_writing_a_filled_box() -> None:
    position = write(write(start(), "pair", (6, 6, 5, 5, 2)), "pair", (1, 1, 2, 3, 4))
    error = refuse(show(position, (3, 3, 1, 2, 4)), Write("pair"), "filled_box")
    assert error.params == {"box": "pair", "points": 24}


@pytest.mark.parametrize("box", ["yahtzee", "Pair", "", 3, None])
def test_writing_an_unknown_box(box: Any) -> None:
    refuse(SHOWING, Write(box), "unknown_box")


def test_a_yahtzee_box_is_unknown_on_the_russian_sheet_and_back() -> None:
    refuse(show(start("yahtzee"), (1, 2, 3, 4, 5)), Write("pair"), "unknown_box")
    refuse(SHOWING, Write("yahtzee"), "unknown_box")


@pytest.mark.parametrize("keep", [(1,), (5, 5, 5), (2, 2), (6, 6, 6), (2, 5, 5, 6, 6, 6)])
def test_keeping_dice_not_showing(keep: tuple[int, ...]) -> None:
    error = refuse(SHOWING, Throw(keep), "keep_not_showing")
    assert error.params["dice"] == [2, 5, 5, 6, 6]


def test_keeping_before_the_first_throw() -> None:
    refuse(start(), Throw((6,)), "keep_not_showing")


def test_keeping_all_five() -> None:
    refuse(SHOWING, Throw((2, 5, 5, 6, 6)), "keep_all")


@pytest.mark.parametrize(
    "faces", [(0, 1, 2, 3, 4), (7, 1, 2, 3, 4), (1, 2, 3, 4, -1), (True, 2, 3, 4, 5), (1.0,) * 5]
)
def test_faces_outside_1_to_6(faces: Any) -> None:
    refuse(start().apply(THROW), Outcome(faces), "face")


def test_faces_must_be_a_tuple() -> None:
    refuse(start().apply(THROW), Outcome([1, 2, 3, 4, 5]), "face")  # type: ignore[arg-type]
    refuse(start().apply(THROW), Outcome(None), "face")  # type: ignore[arg-type]
    refuse(SHOWING, Throw((0,)), "face")
    refuse(SHOWING, Throw(("5",)), "face")  # type: ignore[arg-type]
    refuse(SHOWING, Throw(None), "face")  # type: ignore[arg-type]


@pytest.mark.parametrize("faces", [(1, 2, 3, 4), (1, 2, 3, 4, 5, 6), ()])
def test_the_wrong_number_of_faces(faces: tuple[int, ...]) -> None:
    error = refuse(start().apply(THROW), Outcome(faces), "dice_count")
    assert error.params == {"expected": 5, "got": len(faces)}
    refuse(IN_AIR, Outcome((1, 2)), "dice_count")  # three dice are in the air


@pytest.mark.parametrize("action", [THROW, Throw((5,)), Write("pair"), STOP])
def test_acting_while_the_dice_are_in_the_air(action: Action) -> None:
    assert IN_AIR.is_chance_node and IN_AIR.legal_actions() == ()
    refuse(IN_AIR, action, "dice_expected")


def test_an_outcome_with_no_dice_in_the_air() -> None:
    refuse(start(), Outcome((1, 2, 3, 4, 5)), "not_chance")
    refuse(SHOWING, Outcome((1, 2, 3, 4, 5)), "not_chance")


def test_writing_or_stopping_before_the_first_throw() -> None:
    refuse(start(), Write("chance"), "throw_first")
    refuse(start("ranking"), STOP, "throw_first")


def test_stopping_in_a_sheet_game() -> None:
    refuse(SHOWING, STOP, "must_write")


def test_writing_in_the_ranking_game() -> None:
    refuse(show(start("ranking"), (1, 2, 3, 4, 5)), Write("chance"), "no_sheet")


def test_series2_before_series1_under_series1_first() -> None:
    refuse(show(start(series1_first=True), (1, 1, 2, 3, 4)), Write("pair"), "series1_first")


def test_the_forced_joker_refuses_the_other_boxes() -> None:
    position = write(start("yahtzee", names=["Anna"], joker="forced"), "poker", (2,) * 5)
    error = refuse(show(position, (2, 2, 2, 2, 2)), Write("chance"), "joker")
    assert error.params["allowed"] == ["twos"]


def test_anything_after_the_game_is_over() -> None:
    position = start(names=["Anna"])
    for box in list(position.players[0].boxes):
        position = write(position, box, (1, 2, 3, 4, 5))
    assert position.is_over
    for action in (THROW, Write("pair"), STOP, Outcome((1, 2, 3, 4, 5))):
        refuse(position, action, "game_over")


def test_what_is_not_an_action() -> None:
    refuse(SHOWING, "throw", "unknown_action")
    refuse(SHOWING, None, "unknown_action")


def test_a_refused_action_leaves_every_field_alone() -> None:
    # Positions are immutable: the checked path either returns a new one or raises.
    copy = SHOWING
    with pytest.raises(IllegalActionError):
        SHOWING.apply(Write("nothing"))
    assert SHOWING is copy and show(start(), (2, 5, 5, 6, 6)) == SHOWING
    with pytest.raises(AttributeError):
        SHOWING.current = 1  # type: ignore[misc]
