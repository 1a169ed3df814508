"""The after-deal review (:mod:`thousand.games.card1000.review`): what the open cards
allowed and each seat's first card that let points go.

The figures hold each other to account: with nobody letting points go the declarer
takes exactly what was possible; with only the defence slipping it takes at least that,
with only the declarer slipping at most that.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from thousand.games import card1000
from thousand.games.card1000.actions import Decision
from thousand.games.card1000.opencards import state_values
from thousand.games.card1000.record import new_recorder
from thousand.games.card1000.review import review_record
from thousand.games.card1000.shuffle import seeded_deal
from thousand.games.card1000.state import State

from ...cli.test_card1000_cli import run

FIXTURES = Path(__file__).parent / "fixtures"


def played_record(preset: str, players: list[str], deals: int, perfect: bool) -> dict[str, Any]:
    """A record of ``deals`` deals: the playout player's bidding and gives, and card play
    either the open-card best (``perfect``) or the playout player's."""
    rng = random.Random(7)
    seed = bytes(32)
    position = card1000.new_position(preset, players)
    recorder = new_recorder(position, None)
    while not card1000.is_over(position) and len(position.state.history) < deals:
        state: State = position.state
        action: Any
        if state.chance:
            action = seeded_deal(seed, state.dealt_count, state.rules, state.dealer)
        else:
            assert state.to_move is not None and state.deal is not None
            legal = card1000.legal_actions(position, state.to_move[0])
            action = card1000.playout_action(position, legal, rng)
            if perfect and state.deal.phase == "play":
                action = best_card(state)
        recorder.observe(position, action)
        position = card1000.apply(position, action)
    return recorder.to_data()


def best_card(state: State) -> Decision:
    deal = state.deal
    assert deal is not None
    values = state_values(state)
    sign = 1 if deal.to_move == deal.declarer else -1
    return max(values, key=lambda pair: sign * pair[1])[0]


@pytest.mark.parametrize("preset", ["classic", "four_players", "two_players"])
def test_perfect_play_lets_nothing_go_and_takes_what_was_possible(preset: str) -> None:
    players = {"classic": 3, "four_players": 4, "two_players": 2}[preset]
    data = played_record(preset, ["A", "B", "C", "D"][:players], 6, perfect=True)
    reviews = review_record(data)
    assert reviews
    for review in reviews:
        assert review.slips == ()
        assert review.took == review.possible, review


@pytest.mark.parametrize("name", ["classic", "four_players", "two_players", "golden_dark"])
def test_who_let_points_go_bounds_what_the_declarer_took(name: str) -> None:
    data = json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))
    reviews = review_record(data)
    assert len(reviews) >= 5
    for review in reviews:
        declarer_slipped = any(slip.seat == review.declarer for slip in review.slips)
        defence_slipped = any(slip.seat != review.declarer for slip in review.slips)
        if not declarer_slipped:
            assert review.took >= review.possible, review
        if not defence_slipped:
            assert review.took <= review.possible, review
        for slip in review.slips:
            assert slip.lost > 0 and slip.played not in slip.best
        assert len({slip.seat for slip in review.slips}) == len(review.slips)
    assert any(review.slips for review in reviews)


def test_thousand_review_prints_each_deal_and_its_slips() -> None:
    record = (FIXTURES / "classic.json").read_text(encoding="utf-8")
    status, out, err = run("review", "-", stdin=record)
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == (
        "Deal 1: Boris played 100; with the cards open, against the best defence Boris could "
        "take 136; took 151."
    )
    assert lines[1] == "  Anna let 6 go at trick 2 with QC (best: KD)"
    status, out, err = run("review", "-", "--json", stdin=record)
    data = json.loads(out)
    first = data["deals"][0]
    assert {key: first[key] for key in ("deal", "declarer", "contract", "possible", "took")} == {
        "deal": 1,
        "declarer": 1,
        "contract": 100,
        "possible": 136,
        "took": 151,
    }
    assert first["slips"][0] == {
        "seat": 0,
        "trick": 2,
        "played": {"play": "QC"},
        "lost": 6,
        "best": [{"play": "KD"}],
    }


def test_a_dice_record_has_no_review() -> None:
    record = json.dumps({"format": 1, "game": "poker_dice", "rules": "russian", "players": ["A"]})
    status, out, err = run("review", "-", stdin=record)
    assert status == 2 and out == ""
    assert "review" in err and len(err.strip().splitlines()) == 1
