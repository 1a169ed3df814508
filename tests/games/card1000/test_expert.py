"""The ``expert`` level (:mod:`thousand.games.card1000.levels.expert`): legal, from its
view only, and the search's choices where the answer is known. Its strength is a
benchmark's (benchmarks/bench_card_levels.py), not a test's."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from thousand.games.card1000 import search
from thousand.games.card1000.actions import PASS, WRITE_OFF, Bid, Contract, Decision, Give
from thousand.games.card1000.cards import card
from thousand.games.card1000.engine import apply
from thousand.games.card1000.legal import legal_actions
from thousand.games.card1000.levels import club, expert
from thousand.games.card1000.opencards import state_values
from thousand.games.card1000.presets import PRESET_NAMES, load_preset, rules_from_spec
from thousand.games.card1000.state import State, new_game
from thousand.games.card1000.views import view
from thousand.games.card1000.worlds import World

from .support import act, dealt, play_game
from .test_levels import HOPELESS, _swap_hidden


@pytest.fixture(autouse=True)
def few_worlds(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A handful of worlds a decision: the suite's speed, the same code."""
    monkeypatch.setattr(expert, "PLAY_WORLDS", 4)
    monkeypatch.setattr(expert, "BID_WORLDS", 3)
    yield


def decision(state: State, seed: int) -> Decision:
    assert state.to_move is not None
    seat = state.to_move[0]
    return expert.decide(view(state, seat), state.rules, legal_actions(state), random.Random(seed))


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_the_expert_always_chooses_a_legal_action(name: str) -> None:
    rules = load_preset(name)

    def policy(state: State, actions: tuple[Decision, ...], rng: random.Random) -> Decision:
        assert state.to_move is not None
        seat = state.to_move[0]
        chosen = expert.decide(view(state, seat), state.rules, actions, rng)
        assert chosen in actions, (chosen, actions)
        return chosen

    states = sum(1 for _ in play_game(rules, 11, max_deals=2, policy=policy))
    assert states > 25


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_the_expert_decides_from_its_view_only(name: str) -> None:
    """Two full states differing only in cards the seat to move cannot see: the same
    decision (the worlds are drawn from the view; the solver sees a drawn world)."""
    rng = random.Random(3)
    compared = 0
    for state in play_game(load_preset(name), 5, max_deals=2):
        if state.to_move is None or rng.random() < 0.6:
            continue
        other = _swap_hidden(state, state.to_move[0], rng)
        if other is None:
            continue
        assert decision(state, 9) == decision(other, 9)
        compared += 1
    assert compared > 5


# classic: seat 0 deals, seat 1 holds the forced 100, seat 2 speaks first
HANDS = [
    "9H JH QC AD TD KD QD",
    "AS KH QH 9C JC 9D JD",
    "TS KS AH TH AC TC KC",
]
TALON = "9S JS QS"


def test_given_the_true_world_the_expert_plays_the_open_cards_best(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every world drawn made the true one: the expert's card is the one the open-card
    solver values best — most for the declarer, least for a defender — at every card of
    a deal."""
    state = apply(new_game(load_preset("classic")), dealt(HANDS, TALON))
    state = act(state, PASS, PASS, Give(card("9C"), 2), Give(card("9D"), 0), Contract(100))

    def true_world(known: object, rng: random.Random) -> World:
        deal = state.deal
        assert deal is not None
        return World(hands=deal.hands, out=())

    monkeypatch.setattr(search, "sample_world", true_world)
    roles = set()
    while state.deal is not None and state.deal.phase == "play":
        deal = state.deal
        values = dict(state_values(state))
        if len(values) > 1:
            declaring = deal.to_move == deal.declarer
            best = max(values.values()) if declaring else min(values.values())
            chosen = decision(state, 4)
            assert values[chosen] == best, (chosen, values)  # type: ignore[index]
            roles.add(declaring)
        state = apply(state, decision(state, 4))
    assert roles == {True, False}


def test_the_expert_bids_on_a_strong_hand_and_passes_a_weak_one() -> None:
    """Seat 2 speaks first over the forced 100 holding the hearts marriage with its ace
    and ten and two more aces: it raises. Seat 0 (nines, jacks, a queen and a ten: 19
    points and two nines, no redeal) passes."""
    hands = ["9S JS QS JC 9D JD TC", "KS 9H JH 9C KC QC AD", "AH TH KH QH AS TS AC"]
    state = apply(new_game(load_preset("classic")), dealt(hands, "TD KD QD"))
    assert state.to_move == (2, "bid")
    strong = decision(state, 2)
    assert isinstance(strong, Bid)
    state = act(state, strong)
    assert state.to_move == (0, "bid")
    assert decision(state, 2) == PASS


def test_when_its_search_says_play_on_the_expert_does_not_write_off(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The write-off is the search's decision: where it says play on, the ``club``
    player's rule of thumb (which writes this hopeless hand off) does not overrule it;
    where it says write off, the expert does."""
    rules = rules_from_spec({"preset": "classic", "write_off_deducts": False})
    state = act(apply(new_game(rules), dealt(HOPELESS, "9H JH KD")), PASS, PASS)
    assert state.to_move == (1, "give")
    seen = view(state, 1)
    assert club.decide(seen, rules, legal_actions(state), random.Random(1)) == WRITE_OFF
    monkeypatch.setattr(expert, "_writes_off", lambda *_: False)
    assert isinstance(decision(state, 1), Give)
    monkeypatch.setattr(expert, "_writes_off", lambda *_: True)
    assert decision(state, 1) == WRITE_OFF
