"""The record of card Thousand (CARD_THOUSAND.md §6, §8): played and scorekeeping deals
read, checked, replayed through the engine and written; each refusal's one line."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from tests.games.card1000.make_fixtures import FIXTURES, GAMES, record_of
from thousand.games import card1000
from thousand.games.card1000.record import IllegalRecordError, dump_record, replay

DEAL: dict[str, Any] = {
    "dealer": 0,
    "hands": [
        ["JC", "TS", "KC", "AH", "TH", "KD", "KS"],
        ["AS", "AD", "9D", "9C", "QD", "QS", "9H"],
        ["QH", "TC", "JH", "QC", "9S", "TD", "JD"],
    ],
    "talon": ["JS", "KH", "AC"],
    "actions": [
        {"seat": 2, "pass": True},
        {"seat": 0, "pass": True},
        {"seat": 1, "give": "9D", "to": 2},
        {"seat": 1, "give": "9C", "to": 0},
        {"seat": 1, "contract": 100},
        {"seat": 1, "play": "AS"},
    ],
}
"""The worked example's deal 0 (docs/card1000.md), Boris declaring at 100 and leading."""

RECORD: dict[str, Any] = {
    "format": 1,
    "game": "card1000",
    "rules": "classic",
    "players": ["Anna", "Boris", "Vera"],
    "deals": [DEAL],
}


def changed(path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    """:data:`RECORD` with the item at ``path`` set to ``value`` (``...``: appended)."""
    record = copy.deepcopy(RECORD)
    target: Any = record
    for key in path[:-1]:
        target = target[key]
    if path[-1] is ...:
        target.append(value)
    else:
        target[path[-1]] = value
    return record


def test_a_played_deal_in_progress_replays_to_section_6s_json() -> None:
    data = replay(RECORD).to_json_data()
    assert data["players"][1] == {
        "name": "Boris",
        "score": 0,
        "barrel": False,
        "attempts": 0,
        "falls": 0,
        "bolts": 0,
        "write_offs": 0,
    }
    assert data["deals"] == [
        {
            "dealer": 0,
            "declarer": 1,
            "contract": 100,
            "outcome": None,
            "points": None,
            "changes": None,
            "totals": None,
        }
    ]
    assert data["winner"] is None and data["to_move"] == {"seat": 2, "phase": "play"}
    assert data["trump"] is None and data["trick"] == ["AS"]
    assert sorted(data["hands"][0]) == sorted(["JC", "TS", "KC", "AH", "TH", "KD", "KS", "9C"])
    assert sorted(data["hands"][1]) == sorted(["AD", "QD", "QS", "9H", "JS", "KH", "AC"])


JH_NOT_HELD = {"seat": 1, "play": "JH"}


@pytest.mark.parametrize(
    ("path", "value", "line", "rule"),
    [
        (
            ("deals", 0, "actions", 0),
            {"seat": 0, "pass": True},
            "deal 1, action 1: out of turn: seat 0 acted, seat 2 is to bid",
            "out_of_turn",
        ),
        (
            ("deals", 0, "actions", 5),
            JH_NOT_HELD,
            "deal 1, action 6: a card not in the hand: JH (seat 1)",
            "card_not_in_hand",
        ),
        (
            ("deals", 0, "actions", ...),
            {"seat": 2, "play": "TC"},
            "deal 1, action 7: not following suit: TC while holding 9S",
            "not_following_suit",
        ),
        (
            ("deals", 0, "actions", 0),
            {"seat": 2, "bid": 125},
            "deal 1, action 1: bid above the ceiling: 125 > 120",
            "bid_above_ceiling",
        ),
        (
            ("deals", 0, "actions", 2),
            {"seat": 1, "give": "9D", "to": 1},
            "deal 1, action 3: a give to oneself: 9D",
            "give_to_self",
        ),
        (
            ("deals", 0, "actions", 5),
            {"seat": 1, "play": "QS", "marriage": True},
            "deal 1, action 6: no marriage on the deal's first lead",
            "marriage_first_lead",
        ),
        (
            ("deals", 0, "hands", 0, 0),
            "AS",
            "deal 1: a card twice: AS",
            "card_twice",
        ),
        (
            ("deals", 0, "hands", 0),
            ["JC", "TS", "KC", "AH", "TH", "KD"],
            "deal 1: a wrong number of cards dealt: hands [6, 7, 7] and talons [3], "
            "expected [7, 7, 7] and [3]",
            "dealt_count",
        ),
        (
            ("deals", 0, "actions", 0),
            {"seat": 2, "pass": True, "why": 1},
            'deal 1, action 1: unknown field "why" in a pass action',
            "record",
        ),
        (
            ("deals", 0, "dealer"),
            1,
            "deal 1: dealer: seat 0 deals this deal, the record says 1",
            "dealer",
        ),
        (
            ("deals", ...),
            {"dealer": 1, "hands": [], "talon": [], "actions": []},
            "deal 1: the deal is not over after its 6 actions: seat 2 is to play",
            "deal_not_ended",
        ),
        (
            ("players",),
            ["Anna", "Boris"],
            "players: the rules are for 3 players, the record names 2",
            "players",
        ),
        (
            ("deals", 0, "hands", 0, 0),
            "\x1b[31mXX",
            "deal 1: not a card: '\\x1b[31mXX'",
            "not_a_card",
        ),
        (
            ("deals", 0, "surprise"),
            1,
            'deal 1: unknown field "surprise"',
            "record",
        ),
        (
            ("deals", 0, "actions", 0),
            {"seat": True, "pass": True},
            "deal 1, action 1: seat: expected a seat number, got true",
            "record",
        ),
    ],
)
def test_each_illegal_record_is_refused_in_one_line_naming_deal_action_and_rule(
    path: tuple[Any, ...], value: Any, line: str, rule: str
) -> None:
    with pytest.raises(IllegalRecordError) as caught:
        replay(changed(path, value))
    assert str(caught.value) == line and caught.value.rule == rule


def test_an_action_after_the_deal_ended_is_refused() -> None:
    record = copy.deepcopy(RECORD)
    record["deals"][0]["actions"] = [
        {"seat": 2, "pass": True},
        {"seat": 0, "pass": True},
        {"seat": 1, "write_off": True},
        {"seat": 1, "contract": 100},
    ]
    with pytest.raises(IllegalRecordError, match=r"^deal 1, action 4: the deal is over \("):
        replay(record)


def test_unknown_top_level_fields_are_ignored() -> None:
    extra = {**RECORD, "seed": "abc", "commitment": 7}
    assert replay(extra).to_json_data() == replay(RECORD).to_json_data()


# -- scorekeeping records ----------------------------------------------------------------

TABLE: dict[str, Any] = {
    "format": 1,
    "game": "card1000",
    "rules": "classic",
    "players": ["Anna", "Boris", "Vera"],
    "meta": {"cards": "table"},
    "deals": [
        {"dealer": 0, "declarer": 1, "contract": 120, "points": [33, 147, 0]},
        {"dealer": 1, "redeal": True},
        {"dealer": 1, "declarer": 2, "contract": 115, "write_off": True},
    ],
}


def test_a_scorekeeping_record_scores_as_played_deals_do() -> None:
    data = replay(TABLE).to_json_data()
    assert data["deals"] == [
        {
            "dealer": 0,
            "declarer": 1,
            "contract": 120,
            "outcome": "made",
            "points": [33, 147, 0],
            "changes": [35, 120, 0],
            "totals": [35, 120, 0],
        },
        {
            "dealer": 1,
            "declarer": None,
            "contract": None,
            "outcome": "redeal",
            "points": None,
            "changes": [0, 0, 0],
            "totals": [35, 120, 0],
        },
        {
            "dealer": 1,
            "declarer": 2,
            "contract": 115,
            "outcome": "written_off",
            "points": None,
            "changes": [60, 60, -115],
            "totals": [95, 180, -115],
        },
    ]
    assert [p["bolts"] for p in data["players"]] == [0, 0, 1]  # Vera's 0 on deal 1
    assert [p["write_offs"] for p in data["players"]] == [0, 0, 1]
    # Vera deals next; Anna holds the forced 100, Boris speaks first.
    assert data["to_move"] == {"seat": 1, "phase": "bid"} and data["hands"] is None


@pytest.mark.parametrize(
    ("deal", "line"),
    [
        (
            {"dealer": 2, "declarer": 0, "contract": 100, "points": [50, 50, 30]},
            "deal 4: points: a sum other than 120 plus the announced marriages: 130",
        ),
        (
            {"dealer": 2, "declarer": 0, "contract": 100, "points": [130, -10, 0]},
            "deal 4: points: a negative entry for seat 1: -10",
        ),
        (
            {"dealer": 2, "declarer": 0, "contract": 405, "points": [120, 0, 0]},
            "deal 4: contract: 405 is above the ceiling of 400",
        ),
        (
            {"dealer": 2, "declarer": 0, "contract": 100, "points": [120, 0]},
            "deal 4: points: expected a list of 3 whole numbers",
        ),
        (
            {"dealer": 0, "declarer": 0, "contract": 100, "points": [120, 0, 0]},
            "deal 4: dealer: seat 2 deals this deal, the record says 0",
        ),
        (
            {"dealer": 2, "declarer": 0, "contract": 100, "points": [120, 0, 0], "x": 1},
            'deal 4: unknown field "x"',
        ),
    ],
)
def test_an_impossible_scorekeeping_deal_is_refused_in_one_line(
    deal: dict[str, Any], line: str
) -> None:
    record = {**TABLE, "deals": [*TABLE["deals"], deal]}
    with pytest.raises(IllegalRecordError) as caught:
        replay(record)
    assert str(caught.value) == line


def test_marriages_make_the_sum_and_a_four_player_dealer_scores_its_talon() -> None:
    four = {
        **TABLE,
        "rules": "four_players",
        "players": ["Anna", "Boris", "Vera", "Gleb"],
        "deals": [{"dealer": 0, "declarer": 1, "contract": 200, "points": [17, 200, 20, 0]}],
    }
    data = replay(four).to_json_data()
    assert data["deals"][0]["changes"] == [15, 200, 20, 0]
    four["deals"][0]["points"] = [1, 200, 20, 0]  # no three cards are worth 1
    with pytest.raises(IllegalRecordError, match="is no talon score of the sitting-out dealer"):
        replay(four)


# -- writing, and the fixtures ---------------------------------------------------------------


@pytest.mark.parametrize("name", list(GAMES))
def test_the_fixtures_are_what_their_script_writes_and_replay(name: str) -> None:
    path: Path = FIXTURES / f"{name}.json"
    text = path.read_text(encoding="utf-8")
    assert text == dump_record(record_of(name)), f"run {Path(__file__).parent}/make_fixtures.py"
    replayed = replay(json.loads(text))
    assert replayed.state.over == (GAMES[name][2] is None)


def test_a_recorder_writes_a_record_that_replays_to_the_same_position() -> None:
    position = card1000.new_position("classic", ["Anna", "Boris", "Vera"])
    recorder = card1000.new_recorder(position, None)
    data = replay(RECORD)
    state = data.state
    assert state.deal is not None
    for action in (state.deal.dealt, *(decision for _seat, decision in state.deal.actions)):
        recorder.observe(position, action)
        position = card1000.apply(position, action)
    written = recorder.to_data()
    assert written == RECORD
    assert card1000.replay(written).position == position == data.position


def test_a_seat_reads_its_own_copy_of_a_record_in_progress() -> None:
    shown = card1000.shown_record(RECORD, 0)
    text = json.dumps(shown)
    for card in ("AD", "QD", "9H", "QH", "TC", "9D"):  # Boris's and Vera's, unplayed
        assert f'"{card}"' not in text
    assert shown["deal"]["hand"] and "AS" in shown["deal"]["trick"]


GOLDEN: dict[str, Any] = {**TABLE, "rules": "golden_dark"}
GOLDEN_ROUND = [
    {"dealer": 0, "declarer": 1, "contract": 120, "points": [0, 120, 0]},
    {"dealer": 1, "declarer": 2, "contract": 120, "points": [0, 0, 120]},
    {"dealer": 2, "declarer": 0, "contract": 120, "points": [100, 20, 0]},
]


def test_golden_and_dark_scorekeeping_deals_are_doubled() -> None:
    dark = {"dealer": 0, "declarer": 1, "contract": 130, "points": [0, 120, 0], "dark": True}
    data = replay({**GOLDEN, "deals": [*GOLDEN_ROUND, dark]}).to_json_data()
    assert [deal["changes"] for deal in data["deals"]] == [
        [0, 240, 0],
        [0, 0, 240],
        [-240, 40, 0],
        [-120, -260, -120],  # the failed dark contract doubled; three bolts cost 120
    ]


@pytest.mark.parametrize(
    ("deals", "line"),
    [
        (
            [{"dealer": 0, "declarer": 2, "contract": 120, "points": [0, 0, 120]}],
            "deal 1: declarer: the golden declarer is the first hand, seat 1",
        ),
        (
            [{"dealer": 0, "declarer": 1, "contract": 125, "points": [0, 120, 0]}],
            "deal 1: contract: 125 on a deal whose contract is 120",
        ),
        (
            [*GOLDEN_ROUND[:2], {"dealer": 2, "declarer": 0, "contract": 120, "write_off": True}],
            "deal 3: write_off: no write-off on a golden deal",
        ),
    ],
)
def test_golden_scorekeeping_deals_follow_section_2(deals: list[Any], line: str) -> None:
    with pytest.raises(IllegalRecordError) as caught:
        replay({**GOLDEN, "deals": deals})
    assert str(caught.value) == line
