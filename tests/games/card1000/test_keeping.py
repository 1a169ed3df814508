"""Keeping the score of real cards (:mod:`thousand.games.card1000.keeping`): the form's
arithmetic for the one seat left empty (three and four players; two players need both),
the record written as entries are scored, refused entries changing nothing, and the
refusals said in the player's language with the table's figures."""

from __future__ import annotations

import pytest

from thousand.core.errors import IllegalActionError
from thousand.core.i18n import translator
from thousand.games.card1000.keeping import Entry, KeptGame, fill_points
from thousand.games.card1000.presets import load_rules, rules_from_spec
from thousand.games.card1000.record import replay
from thousand.games.card1000.words import table_refusal

NAMES = ["Anna", "Boris", "Vera"]


def test_the_seat_left_empty_is_the_rest_of_120_and_the_marriages() -> None:
    rules = load_rules("classic")
    assert fill_points(rules, 0, [20, 160, None], 100) == (20, 160, 40)
    assert fill_points(rules, 0, [None, 60, 60], 0) == (0, 60, 60)
    with pytest.raises(IllegalActionError) as caught:
        fill_points(rules, 0, [None, None, 60])
    assert caught.value.params["problem"] == "missing"


def test_four_players_the_sitting_out_dealer_left_empty_scores_nothing() -> None:
    rules = load_rules("four_players")
    # dealer 0 sits out: the three others share 120
    assert fill_points(rules, 0, [None, 50, 40, None]) == (0, 50, 40, 30)


def test_two_players_need_both_entries() -> None:
    rules = load_rules("two_players")
    with pytest.raises(IllegalActionError):
        fill_points(rules, 0, [100, None])


def test_entries_are_written_as_a_scorekeeping_record_that_replays() -> None:
    game = KeptGame.new(load_rules("classic"), NAMES)
    game.enter(Entry(declarer=1, contract=120, points=(20, 160, 40)))
    game.enter(Entry(redeal=True))
    game.enter(Entry(declarer=2, contract=110, write_off=True))
    data = game.record.to_data()
    assert data["meta"] == {"cards": "table"}
    assert data["deals"] == [
        {"dealer": 0, "declarer": 1, "contract": 120, "points": [20, 160, 40]},
        {"dealer": 1, "redeal": True},
        {"dealer": 1, "declarer": 2, "contract": 110, "write_off": True},
    ]
    assert (
        replay(data).to_json_data() == replay(KeptGame.resume(data).record.to_data()).to_json_data()
    )
    assert replay(data).state == game.state


@pytest.mark.parametrize(
    ("entry", "english", "russian"),
    [
        (
            Entry(declarer=0, contract=100, points=(50, 50, 50)),
            "the points add up to 150",
            "в сумме 150 очков",
        ),
        (
            Entry(declarer=0, contract=95, points=(40, 40, 40)),
            "the contract is at least 100",
            "заказ не меньше 100",
        ),
        (
            Entry(declarer=0, contract=105, points=(40, 40, 40)),
            "the contract goes up in steps",
            "шаг",
        ),
        (Entry(declarer=0, contract=420, points=(40, 40, 40)), "at most 400", "400"),
        (
            Entry(declarer=1, contract=100, points=(-5, 85, 40)),
            "Anna: points cannot be negative",
            "Anna: очки не могут быть отрицательными",
        ),
        (
            Entry(declarer=None, contract=100, points=(40, 40, 40)),
            "choose the declarer",
            "укажите, кто играет",
        ),
    ],
)
def test_refused_entries_change_nothing_and_say_why(
    entry: Entry, english: str, russian: str
) -> None:
    spec = {"preset": "classic", "bid_step": 10} if "steps" in english else "classic"
    game = KeptGame.new(rules_from_spec(spec), NAMES)
    before = game.state
    with pytest.raises(IllegalActionError) as caught:
        game.enter(entry)
    assert game.state == before and game.record.deals == []
    assert english in table_refusal(translator("en"), caught.value, NAMES)
    assert russian in table_refusal(translator("ru"), caught.value, NAMES)
