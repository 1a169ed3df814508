"""The advisor (:mod:`thousand.games.card1000.advice` and ``thousand advise`` on a card
record): every legal action listed, figures where the search gives them, from the seat's
view only."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from thousand.games.card1000.actions import Bid, Play
from thousand.games.card1000.advice import advise
from thousand.games.card1000.hand_value import best_keep
from thousand.games.card1000.legal import legal_actions
from thousand.games.card1000.presets import load_preset
from thousand.games.card1000.state import State
from thousand.games.card1000.views import view

from ...cli.test_card1000_cli import run
from .support import play_game
from .test_levels import _swap_hidden
from .test_views import exploring

FIXTURES = Path(__file__).parent / "fixtures"


def spare(hand: Any, count: int) -> Any:
    return best_keep(hand, count, players=3)


def advice_of(state: State, worlds: int = 6) -> tuple[Any, ...]:
    assert state.to_move is not None
    seat = state.to_move[0]
    legal = legal_actions(state)
    return advise(view(state, seat), state.rules, legal, spare, worlds=worlds)


def test_the_advice_reads_the_seats_view_only() -> None:
    """Two full states that differ only in cards the seat to move cannot see get the same
    advice, figure for figure."""
    rng = random.Random(4)
    compared = 0
    for state in play_game(load_preset("classic"), 8, max_deals=2):
        if state.to_move is None or state.to_move[1] not in ("bid", "play", "contract"):
            continue
        if rng.random() < 0.5:
            continue
        other = _swap_hidden(state, state.to_move[0], rng)
        if other is None:
            continue
        assert advice_of(state) == advice_of(other)
        compared += 1
    assert compared > 5


def test_every_legal_action_is_listed_with_figures_for_cards_and_bids() -> None:
    seen_kinds = set()
    for state in play_game(load_preset("classic"), 21, max_deals=2, policy=exploring):
        if state.to_move is None:
            continue
        advice = advice_of(state, worlds=3)
        assert [each.action for each in advice] == list(legal_actions(state))
        for each in advice:
            if isinstance(each.action, Play | Bid):
                assert each.points is not None and each.made is not None
                assert 0.0 <= each.made <= 1.0
                seen_kinds.add(type(each.action))
            if isinstance(each.action, Bid):
                assert abs(each.points) <= each.action.amount
    assert seen_kinds == {Play, Bid}


def truncated(name: str, deal: int, actions: int) -> str:
    """A fixture cut after ``actions`` actions of its deal ``deal`` (from 0), as JSON."""
    data = json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))
    data["deals"] = data["deals"][: deal + 1]
    data["deals"][deal]["actions"] = data["deals"][deal]["actions"][:actions]
    data["meta"].pop("dice_seed", None)
    return json.dumps(data)


def test_thousand_advise_on_a_card_record() -> None:
    record = truncated("classic", 2, 9)
    status, out, err = run("advise", "-", stdin=record)
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert (
        lines[0] == "Boris to play (defender; Anna plays 100); 40 deals drawn from what they see:"
    )
    assert [line.split()[1] for line in lines[1:]] == ["QH", "TH", "9H"]
    assert all("declarer takes" in line and "makes it in" in line for line in lines[1:])
    status, out, err = run("advise", "-", "--json", stdin=record)
    assert (status, err) == (0, "")
    data = json.loads(out)
    assert {key: data[key] for key in ("game", "seat", "player", "phase", "worlds")} == {
        "game": "card1000",
        "seat": 1,
        "player": "Boris",
        "phase": "play",
        "worlds": 40,
    }
    assert [each["action"] for each in data["actions"]] == [
        {"play": "QH"},
        {"play": "TH"},
        {"play": "9H"},
    ]
    # the same record, the same advice: the worlds come from a fixed seed
    assert run("advise", "-", "--json", stdin=record)[1] == out


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ((FIXTURES / "classic.json").read_text(encoding="utf-8"), "the game is over"),
        (truncated("classic", 2, 0)[:-1], "malformed JSON"),
    ],
)
def test_nothing_to_advise_is_one_line_and_exit_2(record: str, message: str) -> None:
    status, out, err = run("advise", "-", stdin=record)
    assert status == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1
