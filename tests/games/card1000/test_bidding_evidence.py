"""What the bidding says about hands (:mod:`thousand.games.card1000.bidding_evidence`)
and the worlds drawn with it (:func:`thousand.games.card1000.search.draw_worlds`)."""

from __future__ import annotations

import dataclasses
import random
import statistics

import pytest

from thousand.games.card1000.actions import Bid, Pass
from thousand.games.card1000.bidding_evidence import (
    Evidence,
    dealt_hand,
    evidence,
    likelihood,
)
from thousand.games.card1000.cards import MARRIAGE, Card, cards, marriages_in
from thousand.games.card1000.engine import apply
from thousand.games.card1000.hand_value import play_value
from thousand.games.card1000.presets import load_preset, rules_from_spec
from thousand.games.card1000.search import draw_worlds
from thousand.games.card1000.seen import plays_seen
from thousand.games.card1000.state import State, new_game
from thousand.games.card1000.views import view
from thousand.games.card1000.worlds import World, knowledge, sample_world

from .support import act, dealt
from .test_worlds import states_of

CLASSIC = load_preset("classic")


def bidding() -> State:
    """Dealer 0, first hand 1 holds 100; seat 2 passes at 105, seat 0 raises to 150 (it
    holds the spade marriage, 40); seat 1 is to move."""
    state = apply(
        new_game(CLASSIC),
        dealt(
            ["AS TS KS QS JS 9S AH", "TH KH QH JH 9H AC TC", "KC QC JC 9C AD TD KD"],
            "QD JD 9D",
        ),
    )
    return act(state, Pass(), Bid(150))


def test_the_bids_and_passes_seen_are_read_with_the_amount_each_pass_declined() -> None:
    seen = view(bidding(), 1)
    assert evidence(seen, CLASSIC) == (Evidence(0, 150, None), Evidence(2, None, 105))
    assert seen.deal is not None
    dark = dataclasses.replace(seen, deal=dataclasses.replace(seen.deal, dark=True))
    assert evidence(dark, CLASSIC) == ()  # nobody saw their cards: the bids say nothing


def test_a_raise_over_120_puts_marriages_worth_the_excess_in_every_world() -> None:
    seen = view(bidding(), 1)
    plays = plays_seen(seen, CLASSIC)
    worlds = draw_worlds(seen, CLASSIC, random.Random(4), 60)
    for world in worlds:
        hand = dealt_hand(world, seen, 0, plays)
        assert sum(MARRIAGE[suit] for suit in marriages_in(hand)) >= 30, hand
    # drawn as if the bidding were silent, seat 0 often holds no such marriage
    rng = random.Random(4)
    plain = [sample_world(knowledge(seen, CLASSIC), rng) for _ in range(60)]
    assert any(not marriages_in(world.hands[0]) for world in plain)


def test_a_raise_makes_strong_hands_likelier_and_a_pass_weak_ones() -> None:
    seen = view(bidding(), 1)
    plays = plays_seen(seen, CLASSIC)
    known = knowledge(seen, CLASSIC)
    rng = random.Random(8)
    plain = [sample_world(known, rng) for _ in range(300)]
    weighed = draw_worlds(seen, CLASSIC, rng, 300)

    def mean_value(worlds: list[World], seat: int) -> float:
        return statistics.mean(play_value(dealt_hand(w, seen, seat, plays)) for w in worlds)

    assert mean_value(weighed, 0) > mean_value(plain, 0) + 10
    assert mean_value(weighed, 2) < mean_value(plain, 2) - 5


def _cards(names: str) -> tuple[Card, ...]:
    return cards(names.split(" "))


def test_likelihood_is_zero_only_where_a_bid_breaks_the_ceiling() -> None:
    seen = view(bidding(), 1)
    mine = "TH KH QH JH 9H AC TC"

    def world(zero: str, two: str, out: str) -> World:
        return World(hands=(_cards(zero), _cards(mine), _cards(two)), out=_cards(out))

    strong = world("AS TS KS QS JS 9S AH", "KC QC JC 9C AD TD KD", "QD JD 9D")
    weak = world("9S JS 9C JC 9D JD AH", "AS TS KS QS KC QC AD", "TD KD QD")
    both = evidence(seen, CLASSIC)
    assert likelihood(strong, seen, CLASSIC, both) > 0.0
    assert likelihood(weak, seen, CLASSIC, both) == 0.0
    # the pass alone: seat 2's strong hand in ``weak`` makes it less likely
    passed = tuple(each for each in both if each.seat == 2)
    assert likelihood(weak, seen, CLASSIC, passed) < likelihood(strong, seen, CLASSIC, passed)


@pytest.mark.parametrize(
    "spec", ["classic", "four_players", "two_players", {"preset": "classic", "gives_open": True}]
)
def test_the_true_world_gives_back_every_dealt_hand_the_viewer_saw_change(spec: object) -> None:
    """With the referee's hands as the world, the dealt hands read back are the dealt
    hands: for the declarer's view always, for a defender's where gives are open (and
    all the declarer held is seen: three or four players)."""
    rules = rules_from_spec(spec) if isinstance(spec, dict) else load_preset(str(spec))
    checked = 0
    for state in states_of(spec, 4, every=2):
        deal = state.deal
        assert deal is not None
        if deal.declarer is None or deal.phase != "play":
            continue
        viewers = [deal.declarer]
        if rules.gives_open:  # (two players: the discards stay unseen by the defender)
            viewers = [seat for seat in range(rules.players) if deal.dealt.hands[seat]]
        world = World(hands=deal.hands, out=())
        for viewer in viewers:
            seen = view(state, viewer)
            plays = plays_seen(seen, rules)
            for seat in range(rules.players):
                if seat != viewer and deal.dealt.hands[seat]:
                    got = set(dealt_hand(world, seen, seat, plays))
                    assert got == set(deal.dealt.hands[seat]), (seat, viewer)
                    checked += 1
    assert checked > 10
