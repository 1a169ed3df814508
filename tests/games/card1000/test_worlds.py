"""The worlds a seat's view allows (:mod:`thousand.games.card1000.worlds`).

Two properties over games played through the engine, with the referee's state as the
judge: what a seat's knowledge says is certain or excluded always holds of the true
cards (nothing true is ever ruled out), and every world drawn is one the seat could be
in — the right number of cards in each hand, the seat's own hand, and every card played
so far legal from the hand the world gives its player then (the engine's
:func:`~thousand.games.card1000.play.legal_cards` decides).
"""

from __future__ import annotations

import random

import pytest

from thousand.core.errors import ThousandError
from thousand.games.card1000.actions import Play
from thousand.games.card1000.cards import DECK, Card, Suit, card
from thousand.games.card1000.config import Rules
from thousand.games.card1000.play import legal_cards
from thousand.games.card1000.presets import PRESET_NAMES, load_preset, rules_from_spec
from thousand.games.card1000.shuffle import playing_seats
from thousand.games.card1000.state import State
from thousand.games.card1000.views import view
from thousand.games.card1000.worlds import (
    OUT,
    Knowledge,
    NoWorldError,
    World,
    knowledge,
    sample_world,
)

from .support import play_game
from .test_views import exploring

VARIANTS = [
    *PRESET_NAMES,
    {"preset": "classic", "must_beat": True, "must_overtrump": True},
    {"preset": "classic", "gives_open": True, "hide_talon_at_100": True},
    {"preset": "two_players", "hide_talon": True},
]


def states_of(spec: object, games: int, every: int = 3) -> list[State]:
    """Every ``every``-th state with a deal under way, of ``games`` games' first deals."""
    rules = rules_from_spec(spec) if isinstance(spec, dict) else load_preset(str(spec))
    found = []
    for game in range(games):
        for at, state in enumerate(
            play_game(rules, 104729 * game + 3, max_deals=6, policy=exploring)
        ):
            if state.deal is not None and not state.over and at % every == 0:
                found.append(state)
    return found


def true_place(state: State, each: Card) -> int:
    deal = state.deal
    assert deal is not None
    for seat, hand in enumerate(deal.hands):
        if each in hand:
            return seat
    return OUT


def assert_truth_allowed(state: State, known: Knowledge) -> None:
    deal = state.deal
    assert deal is not None
    for seat, held in enumerate(known.fixed):
        assert set(held) <= set(deal.hands[seat]), (seat, held)
    assert all(true_place(state, each) == OUT for each in known.out)
    counts = dict.fromkeys(known.places, 0)
    for each, bits in known.allowed:
        place = true_place(state, each)
        assert place in known.places, (each, place)
        assert bits >> known.places.index(place) & 1, (each, place, bin(bits))
        counts[place] += 1
    assert tuple(counts[place] for place in known.places) == known.room


def played_so_far(state: State) -> list[tuple[int, Card, bool]]:
    deal = state.deal
    assert deal is not None
    plays = []
    for seat, action in deal.actions:
        if isinstance(action, Play):
            plays.append((seat, action.card, action.marriage or action.ace_marriage))
    return plays


def assert_world_possible(state: State, seat: int, world: World) -> None:
    deal = state.deal
    assert deal is not None
    rules: Rules = state.rules
    seen = view(state, seat).deal
    assert seen is not None
    assert [len(hand) for hand in world.hands] == list(seen.hand_sizes)
    if seen.hand is not None:
        assert set(world.hands[seat]) == set(seen.hand)
    plays = played_so_far(state)
    everything = [c for hand in world.hands for c in hand] + list(world.out)
    assert sorted(everything + [c for _, c, _ in plays], key=DECK.index) == list(DECK)
    size = len(playing_seats(rules, deal.dealer))
    trump: Suit | None = None
    for at, (player, played, marriage) in enumerate(plays):
        if marriage:
            trump = played.suit
        start = at - at % size
        trick = [c for _, c, _ in plays[start:at]]
        later = [c for who, c, _ in plays[at:] if who == player]
        hand_then = [*world.hands[player], *later]
        assert played in legal_cards(hand_then, trick, trump, rules), (player, played, trick)


@pytest.mark.parametrize("spec", VARIANTS, ids=[str(v) for v in VARIANTS])
def test_nothing_true_is_ruled_out_and_every_world_could_be(spec: object) -> None:
    rng = random.Random(5)
    checked = 0
    for state in states_of(spec, games=3):
        deal = state.deal
        assert deal is not None
        for seat in playing_seats(state.rules, deal.dealer):
            seen = view(state, seat)
            assert seen.deal is not None
            if seen.deal.hand is None:
                continue  # the dark choice: a seat that has not looked
            known = knowledge(seen, state.rules)
            assert_truth_allowed(state, known)
            for _ in range(2):
                assert_world_possible(state, seat, sample_world(known, rng))
            checked += 1
    assert checked > 100


def test_a_seat_that_did_not_follow_holds_none_of_the_suit_in_any_world() -> None:
    rules = load_preset("classic")
    for state in states_of("classic", games=6, every=1):
        deal = state.deal
        assert deal is not None
        if deal.phase != "play":
            continue
        seat = deal.to_move
        plays = played_so_far(state)
        size = len(playing_seats(rules, deal.dealer))
        voids = {
            (player, plays[at - at % size][1].suit)
            for at, (player, played, _) in enumerate(plays)
            if at % size and player != seat and played.suit is not plays[at - at % size][1].suit
        }
        if not voids:
            continue
        known = knowledge(view(state, seat), rules)
        for n in range(20):
            world = sample_world(known, random.Random(n))
            for player, suit in voids:
                assert all(each.suit is not suit for each in world.hands[player])
        return
    pytest.fail("no seat failed to follow")


def test_a_marriage_announced_places_its_partner() -> None:
    rules = load_preset("classic")
    for state in states_of("classic", games=10, every=1):
        deal = state.deal
        assert deal is not None
        announced = [
            (player, played) for player, played, marriage in played_so_far(state) if marriage
        ]
        if not announced or deal.phase != "play":
            continue
        player, lead = announced[-1]
        partner = card(("Q" if lead.rank.value == "K" else "K") + lead.suit.value)
        if partner not in deal.hands[player]:
            continue  # played since
        for seat in playing_seats(rules, deal.dealer):
            if seat != player:
                assert partner in knowledge(view(state, seat), rules).fixed[player]
        return
    pytest.fail("no marriage held a partner still in hand")


def test_a_spectator_has_no_worlds() -> None:
    state = states_of("classic", games=1)[0]
    with pytest.raises(ThousandError, match="only a seat's view"):
        knowledge(view(state, None), state.rules)


def test_a_view_no_world_fits_is_refused() -> None:
    known = Knowledge(
        seat=0,
        places=(1, OUT),
        room=(2, 1),
        fixed=((), (), ()),
        out=(),
        allowed=((card("AS"), 0b01), (card("TS"), 0b01), (card("KS"), 0b01)),
    )
    with pytest.raises(NoWorldError, match="no placing"):
        sample_world(known, random.Random(1))
