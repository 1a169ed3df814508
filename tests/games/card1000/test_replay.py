"""§6's replay JSON from a state, with §8's details for deals in progress, redeals,
write-offs and a record that ends between deals."""

from __future__ import annotations

import itertools
import json

import pytest

from thousand.games.card1000.actions import PASS, REDEAL, WRITE_OFF, Bid, Contract, Give
from thousand.games.card1000.cards import card
from thousand.games.card1000.config import Rules
from thousand.games.card1000.engine import apply
from thousand.games.card1000.presets import PRESET_NAMES, load_preset, rules_from_spec
from thousand.games.card1000.replay_json import next_decision, replay_data
from thousand.games.card1000.state import new_game

from .support import act, dealt, play_game
from .test_deals import HANDS, TALON, p, started

NAMES = ["Ann", "Bob", "Cid"]


def test_a_deal_in_progress() -> None:
    state = act(started(), PASS, Bid(110))
    data = replay_data(state, NAMES)
    assert data["deals"] == [
        {
            "dealer": 0,
            "declarer": None,
            "contract": None,
            "outcome": None,
            "points": None,
            "changes": None,
            "totals": None,
        }
    ]
    assert data["to_move"] == {"seat": 1, "phase": "bid"}
    assert data["hands"] == [hand.split() for hand in HANDS]
    state = act(state, Bid(120), PASS, Give(card("JH"), 2), Give(card("9D"), 0))
    state = act(state, Contract(120), p("AS"), p("9S"), p("9D"), p("KH", marriage=True))
    data = replay_data(state, NAMES)
    assert data["deals"][0]["declarer"] == 1 and data["deals"][0]["contract"] == 120
    assert data["trump"] == "H" and data["trick"] == ["KH"]
    assert data["to_move"] == {"seat": 2, "phase": "play"}
    assert sorted(data["hands"][2]) == sorted(["QS", "KS", "9C", "JC", "TC", "JH", "JS"])
    assert data["winner"] is None
    json.dumps(data)


def test_a_redeal_a_write_off_and_a_record_ending_between_deals() -> None:
    poor = ["AH TH KD QD AD TD AS", "9S JS 9C JC QC KC 9H", "KH QH TS QS KS AC TC"]
    state = act(started(load_preset("classic"), poor, TALON), Bid(105), PASS, REDEAL)
    state = act(apply(state, dealt(HANDS, TALON)), PASS, Bid(115), PASS, WRITE_OFF)
    data = replay_data(state, NAMES)
    assert data["deals"] == [
        {
            "dealer": 0,
            "declarer": None,
            "contract": None,
            "outcome": "redeal",
            "points": None,
            "changes": [0, 0, 0],
            "totals": [0, 0, 0],
        },
        {
            "dealer": 0,
            "declarer": 0,
            "contract": 115,
            "outcome": "written_off",
            "points": None,
            "changes": [-115, 60, 60],
            "totals": [-115, 60, 60],
        },
    ]
    assert data["players"][0] == {
        "name": "Ann",
        "score": -115,
        "barrel": False,
        "attempts": 0,
        "falls": 0,
        "bolts": 0,
        "write_offs": 1,
    }
    assert data["to_move"] == {"seat": 0, "phase": "bid"}  # dealer 1: seat 2 holds 100
    assert (data["trump"], data["trick"], data["hands"]) == (None, [], None)


@pytest.mark.parametrize(
    "rules",
    [
        *(load_preset(name) for name in PRESET_NAMES),
        rules_from_spec({"preset": "golden_dark", "golden": False}),
        rules_from_spec({"preset": "two_players", "golden": True}),
    ],
)
def test_between_deals_to_move_is_the_next_deals_first_decision(rules: Rules) -> None:
    for seed in range(3):
        states = list(play_game(rules, seed, max_deals=5))
        for before, after in itertools.pairwise(states):
            if before.chance:
                assert next_decision(before) == after.to_move
    assert next_decision(new_game(rules)) is not None
