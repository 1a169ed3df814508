"""The computer levels ``novice`` and ``club`` (issue 27): always legal, deciding from the
seat's view only, a few exact situations, and the duplicate-deal match runner."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from thousand.cli.games.card1000 import level_name
from thousand.cli.players import parse_players
from thousand.core.i18n import translator
from thousand.games import game_info
from thousand.games.card1000 import hidden_from, match
from thousand.games.card1000.actions import (
    PASS,
    WRITE_OFF,
    Bid,
    Contract,
    Decision,
    Give,
    Pass,
    Play,
)
from thousand.games.card1000.bots import BOT_LEVELS, BotLevelError, level_policy
from thousand.games.card1000.cards import Card, Suit, card
from thousand.games.card1000.engine import apply
from thousand.games.card1000.legal import legal_actions
from thousand.games.card1000.levels import club, novice
from thousand.games.card1000.levels.knowledge import knowledge
from thousand.games.card1000.position import Position
from thousand.games.card1000.presets import PRESET_NAMES, load_preset, rules_from_spec
from thousand.games.card1000.shuffle import seeded_deal
from thousand.games.card1000.state import State, new_game
from thousand.games.card1000.views import view

from .support import act, dealt, play_game

LEVELS = ("novice", "club")
CLASSIC = load_preset("classic")


def level_decision(level: str, state: State, seed: int = 0) -> Decision:
    """What ``level`` decides for the seat to move, handed that seat's view only."""
    assert state.to_move is not None
    seat = state.to_move[0]
    legal = legal_actions(state)
    return level_policy(level)(view(state, seat), state.rules, legal, random.Random(seed))


def test_levels_are_registered_weakest_first() -> None:
    assert tuple(BOT_LEVELS) == ("random", "novice", "club", "expert")
    assert game_info("card1000").levels == ("random", "novice", "club", "expert")
    ru = translator("ru")
    seats = parse_players("bot:club,bot:novice,Анна", ru, game_info("card1000"), level_name)
    assert [seat.bot for seat in seats] == ["club", "novice", None]
    assert [level_name(ru, level) for level in BOT_LEVELS] == [
        "случайный",
        "новичок",
        "клубный игрок",
        "эксперт",
    ]
    with pytest.raises(BotLevelError):
        level_policy("master")


@pytest.mark.parametrize("name", PRESET_NAMES)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_levels_always_choose_a_legal_action(name: str, seed: int) -> None:
    """Games of mixed levels through the checked engine: every choice is listed."""
    rules = load_preset(name)
    seating = [random.Random(seed + seat).choice(LEVELS) for seat in rules.seats]

    def policy(state: State, actions: tuple[Decision, ...], rng: random.Random) -> Decision:
        assert state.to_move is not None
        seat = state.to_move[0]
        chosen = level_policy(seating[seat])(view(state, seat), state.rules, actions, rng)
        assert chosen in actions, (seating[seat], chosen, actions)
        return chosen

    for _state in play_game(rules, seed, max_deals=3, policy=policy):
        pass


def _swap_hidden(state: State, seat: int, rng: random.Random) -> State | None:
    """The same state with two cards ``seat`` cannot see swapped between two other
    places (other seats' hands, a talon nobody has taken yet); None when there are no
    two such places."""
    deal = state.deal
    assert deal is not None
    hidden = hidden_from(Position(state, ("a",) * state.rules.players), seat)
    places: list[tuple[str, int, tuple[Card, ...]]] = [
        ("hand", each, deal.hands[each]) for each in state.rules.seats if each != seat
    ]
    places += [
        ("talon", index, talon)
        for index, talon in enumerate(deal.dealt.talons)
        if deal.talon_taken is None or (state.rules.players == 2 and index != deal.talon_taken)
    ]
    places = [place for place in places if any(str(c) in hidden for c in place[2])]
    if len(places) < 2:
        return None
    one, other = rng.sample(places, 2)
    give = rng.choice([c for c in one[2] if str(c) in hidden])
    take = rng.choice([c for c in other[2] if str(c) in hidden])
    hands, talons = list(deal.hands), list(deal.dealt.talons)
    for kind, index, cards in (one, other):
        swapped = tuple(take if c == give else give if c == take else c for c in cards)
        if kind == "hand":
            hands[index] = swapped
        else:
            talons[index] = swapped
    changed_dealt = replace(deal.dealt, talons=tuple(talons))
    return replace(state, deal=replace(deal, hands=tuple(hands), dealt=changed_dealt))


@pytest.mark.parametrize("name", PRESET_NAMES)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_levels_decide_from_the_view_only(name: str, seed: int) -> None:
    """Two full states differing only in cards the seat to move cannot see: each level
    decides the same in both (and the views agree, so the test compares like with like)."""
    rules = load_preset(name)
    rng = random.Random(seed)
    compared = 0
    for state in play_game(rules, seed, max_deals=2):
        if state.to_move is None or rng.random() < 0.7:
            continue
        seat = state.to_move[0]
        other = _swap_hidden(state, seat, rng)
        if other is None:
            continue
        assert other != state
        assert view(other, seat) == view(state, seat)
        for level in LEVELS:
            assert level_decision(level, state, seed) == level_decision(level, other, seed)
        compared += 1
    assert compared > 0


# -- exact situations (classic: seat 0 deals, seat 1 holds the forced 100, seat 2 speaks
# first) --------------------------------------------------------------------------------

HANDS = [
    "9H JH QC AD TD KD QD",  # seat 0
    "AS KH QH 9C JC 9D JD",  # seat 1: the hearts marriage
    "TS KS AH TH AC TC KC",  # seat 2
]
TALON = "9S JS QS"


def _marriage_on_lead() -> State:
    """Seat 1 declares at 100, gives its nines of clubs and diamonds, wins the first trick with
    its ace of spades and is on lead holding the king and queen of hearts."""
    state = apply(new_game(CLASSIC), dealt(HANDS, TALON))
    state = act(state, PASS, PASS)
    state = act(state, Give(card("9C"), 2), Give(card("9D"), 0), Contract(100))
    return act(state, Play(card("AS")), Play(card("KS")), Play(card("9H")))


def test_club_announces_a_marriage_on_lead() -> None:
    state = _marriage_on_lead()
    assert state.to_move == (1, "play")
    chosen = level_decision("club", state)
    assert isinstance(chosen, Play) and chosen.marriage and chosen.card.suit is Suit.HEARTS


def test_club_infers_voids_and_counts_cards() -> None:
    """Seat 0 threw a heart on the spade lead: it has no spade left; the cards out are
    those neither in seat 1's hand nor played."""
    state = _marriage_on_lead()
    known = knowledge(view(state, 1), CLASSIC)
    assert Suit.SPADES in known.voids[0]
    assert not known.voids[2]
    assert card("TS") in known.out and card("AS") not in known.out
    assert len(known.out) == 24 - 7 - 3  # its hand and the trick (its gives are out)
    assert known.taken[1] == 11 + 4


def test_novice_follows_suit_and_takes_what_it_can() -> None:
    state = apply(new_game(CLASSIC), dealt(HANDS, TALON))
    state = act(state, PASS, PASS)
    state = act(state, Give(card("9C"), 2), Give(card("9D"), 0), Contract(100))
    state = act(state, Play(card("AS")))
    assert level_decision("novice", state) == Play(card("KS"))  # a spade, the least
    state = act(state, Play(card("KS")), Play(card("9H")), Play(card("JC")))
    # seat 2 holds the king, ten and ace of clubs: it takes the trick with the king
    assert level_decision("novice", state) == Play(card("KC"))


WEAK = [
    "9H JH KC AD TD QD 9D",
    "AS KH QH 9C TH TC AC",
    "JS QS JC QC JD 9S KD",  # 16 card points, no marriage, no ace
]
WEAK_TALON = "KS TS AH"


def test_club_passes_a_weak_hand_and_bids_a_strong_one() -> None:
    state = apply(new_game(CLASSIC), dealt(WEAK, WEAK_TALON))
    assert state.to_move == (2, "bid")
    assert isinstance(level_decision("club", state), Pass)
    assert isinstance(level_decision("novice", state), Pass)
    strong = [WEAK[0], WEAK[2], WEAK[1]]  # seat 2: the hearts marriage, two aces, two tens
    state = apply(new_game(CLASSIC), dealt(strong, WEAK_TALON))
    assert level_decision("club", state) == Bid(105)
    assert level_decision("novice", state) == Bid(105)


def test_club_contract_stays_within_what_the_hand_makes() -> None:
    """With a modest hand after the talon the contract stays at the bid."""
    state = apply(new_game(CLASSIC), dealt(HANDS, TALON))
    state = act(state, PASS, PASS, Give(card("9C"), 2), Give(card("9D"), 0))
    assert level_decision("club", state) == Contract(100)


HOPELESS = [
    "KS TS AH KC AD 9D QD",
    "JS QS JC QC JD 9S TD",  # seat 1, forced to 100: no ace, no marriage, a poor talon
    "AS KH QH 9C TH TC AC",
]


def test_club_writes_off_a_hopeless_contract_and_plays_a_good_one() -> None:
    """Where a write-off costs the declarer nothing (``write_off_deducts = false``), a
    hopeless hand is written off; a hand that can make its 100 is played; novice never
    writes off."""
    rules = rules_from_spec({"preset": "classic", "write_off_deducts": False})
    state = act(apply(new_game(rules), dealt(HOPELESS, "9H JH KD")), PASS, PASS)
    assert state.to_move == (1, "give")
    assert level_decision("club", state) == WRITE_OFF
    assert isinstance(level_decision("novice", state), Give)
    state = act(apply(new_game(rules), dealt(HANDS, TALON)), PASS, PASS)
    assert isinstance(level_decision("club", state), Give)


def test_levels_receive_no_state() -> None:
    """The decision functions take a SeatView: a State is not what they read."""
    for decide in (novice.decide, club.decide):
        assert "SeatView" in str(decide.__annotations__["view"])


# -- the duplicate runner ---------------------------------------------------------------


def test_rotations_seat_every_level_everywhere() -> None:
    levels = ("club", "novice", "novice")
    seatings = match.rotations(levels)
    assert len(seatings) == 3
    for seat in range(3):
        assert sorted(seating[seat] for seating in seatings) == sorted(levels)
    four = match.rotations(("a", "b", "c", "d"))
    assert {seating[0] for seating in four} == {"a", "b", "c", "d"}


def test_duplicate_deals_give_every_rotation_the_same_cards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    dealt_keys: list[tuple[bytes, int]] = []

    def spy(key: bytes, index: int, rules: object, dealer: int) -> object:
        dealt_keys.append((key, index))
        return seeded_deal(key, index, rules, dealer)  # type: ignore[arg-type]

    monkeypatch.setattr(match, "seeded_deal", spy)
    result = match.deal_match(CLASSIC, ("club", "novice", "novice"), 3, seed=5)
    first = [(key, index) for key, index in dealt_keys if index == 0]
    assert len(first) == 3 * 3
    assert len({key for key, _ in first}) == 3
    for key in {key for key, _ in first}:
        assert sum(1 for each, _ in first if each == key) == 3
    assert result.units == 3 and result.rotations == 3
    assert set(result.points) == {"club", "novice"}
    assert ("club", "novice") in result.differences


def test_matches_are_pure_functions_of_their_seed() -> None:
    one = match.deal_match(CLASSIC, ("club", "novice", "novice"), 2, seed=9)
    two = match.deal_match(CLASSIC, ("club", "novice", "novice"), 2, seed=9)
    assert one == two
    games = match.game_match(load_preset("two_players"), ("club", "novice"), 1, seed=3)
    assert games.wins["club"].samples == 1
    assert 0.0 <= games.wins["club"].mean <= 1.0
    with pytest.raises(ValueError, match="levels for a game of 3"):
        match.deal_match(CLASSIC, ("club", "novice"), 1, seed=0)


def test_estimate_interval() -> None:
    estimate = match.Estimate.of([1.0, 2.0, 3.0, 4.0])
    assert estimate.mean == 2.5 and estimate.low < 2.5 < estimate.high
    assert match.Estimate.of([]).samples == 0


def test_processes_sharing_a_match_do_not_change_its_figures() -> None:
    """Every unit is a pure function of the seed and its number: the benchmark's
    ``--jobs`` splits the units over processes and must find what one process finds."""
    levels = ("club", "novice", "novice")
    alone = match.deal_match(CLASSIC, levels, 6, seed=4)
    shared = match.deal_match(CLASSIC, levels, 6, seed=4, jobs=2)
    assert alone == shared
    games = load_preset("two_players")
    assert match.game_match(games, ("club", "novice"), 2, seed=1) == match.game_match(
        games, ("club", "novice"), 2, seed=1, jobs=2
    )
