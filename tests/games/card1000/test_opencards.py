"""The open-card solver against a brute force that plays through the engine itself.

The brute force (:func:`brute`) is plain minimax over :func:`.legal.legal_actions` and
:func:`.engine.apply`, so every rule it obeys — following, trumping, ``must_beat``,
``must_overtrump``, marriages on lead only and never on the first lead, trump changing
with each marriage, the four aces, the last-trick bonus, the second talon of two
players, the sitting-out dealer of four — is the engine's. Endings are cut from real
deals: a state in its play phase gets smaller hands (marriages and aces kept more
often than chance would), a trump, a leader, and cards already on the table played by
the engine; the solver must give the same value, and the same value for every legal
action, on each of them.
"""

from __future__ import annotations

import os
import random
from dataclasses import replace
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from thousand.games.card1000.actions import (
    ChooseTalon,
    Contract,
    Dark,
    Decision,
    Discard,
    Give,
    Pass,
    Play,
)
from thousand.games.card1000.cards import DECK, SUITS, Card, Rank, Suit, card, cards
from thousand.games.card1000.config import Rules
from thousand.games.card1000.engine import apply
from thousand.games.card1000.legal import legal_actions
from thousand.games.card1000.opencards import (
    OpenSolver,
    SolverError,
    best_play,
    open_position,
    play_values,
    position_of,
    solve,
    solve_state,
    state_values,
)
from thousand.games.card1000.presets import rules_from_spec
from thousand.games.card1000.shuffle import playing_seats, seeded_deal
from thousand.games.card1000.state import State, new_game

VARIANTS: dict[str, dict[str, object]] = {
    "classic": {"preset": "classic"},
    "must_beat": {"preset": "classic", "must_beat": True, "last_trick_bonus": 10},
    "overtrump": {"preset": "classic", "must_overtrump": True, "marriage_on_first_lead": True},
    "both": {"preset": "classic", "must_beat": True, "must_overtrump": True},
    "aces": {"preset": "golden_dark", "ace_marriage": True, "last_trick_bonus": 10},
    "four": {"preset": "four_players"},
    "two": {"preset": "two_players", "must_beat": True},
}


ENDINGS = 100
"""Random endings per variant in the quick test: 700 in all, besides the examples."""

MORE_ENDINGS = int(os.environ.get("THOUSAND_SOLVER_ENDINGS", "200"))
"""Random endings per variant in the slow test: 1,400 in all in the suite, 2,100 with
the quick test's; ``THOUSAND_SOLVER_ENDINGS=2000`` is the thorough run (14,000)."""


@cache
def variant(name: str) -> Rules:
    return rules_from_spec(VARIANTS[name])


def _setup(state: State, rng: random.Random) -> State:
    """From the cards dealt to the play phase: everyone passes, the declarer gives or
    discards at random and keeps the standing bid."""
    while state.deal is not None and state.deal.phase != "play":
        actions = legal_actions(state)
        wanted: tuple[type, ...] = (Dark, Pass, ChooseTalon, Give, Discard, Contract)
        choices = [a for a in actions if isinstance(a, wanted)]
        dark = [a for a in choices if isinstance(a, Dark) and not a.dark]
        pick: Decision = dark[0] if dark else rng.choice(choices)
        if isinstance(pick, Contract):
            pick = min((a for a in choices if isinstance(a, Contract)), key=lambda a: a.amount)
        state = apply(state, pick)
    return state


def _pick_cards(pool: list[Card], size: int, rng: random.Random, rules: Rules) -> list[Card]:
    """``size`` cards of ``pool``, a marriage or the four aces kept together more often."""
    rng.shuffle(pool)
    chosen: list[Card] = []
    if size >= 2 and rng.random() < 0.6:
        suit = rng.choice(SUITS)
        pair = [Card(Rank.KING, suit), Card(Rank.QUEEN, suit)]
        if all(each in pool for each in pair):
            chosen = pair
    if rules.ace_marriage and size >= 4 and rng.random() < 0.5:
        aces = [Card(Rank.ACE, suit) for suit in SUITS]
        if all(each in pool for each in aces):
            chosen = aces
    rest = [each for each in pool if each not in chosen]
    return (chosen + rest)[:size]


def ending(name: str, seed: int, tricks: int, on_table: int) -> State:
    """A random ending of ``tricks`` tricks under the rules ``name``, cut from a real
    deal, with ``on_table`` cards (fewer than the seats) played to its trick by the
    engine. The deal's tricks and announcements so far are cleared, so the declarer's
    points at the end are exactly what it took from the ending on."""
    rules = variant(name)
    rng = random.Random(seed)
    state = new_game(rules)
    state = replace(state, dealer=rng.randrange(rules.players))
    state = apply(state, seeded_deal(seed.to_bytes(8, "big") * 4, 0, rules, state.dealer))
    state = _setup(state, rng)
    deal = state.deal
    assert deal is not None and deal.declarer is not None
    seats = playing_seats(rules, deal.dealer)
    pool = list(DECK)
    hands: list[tuple[Card, ...]] = [() for _ in rules.seats]
    for seat in rng.sample(seats, len(seats)):
        mine = _pick_cards(pool, tricks, rng, rules)
        pool = [each for each in pool if each not in mine]
        hands[seat] = tuple(mine)
    leader = rng.choice(seats)
    first = rng.random() < 0.25
    deal = replace(
        deal,
        hands=tuple(hands),
        leader=leader,
        to_move=leader,
        trump=rng.choice([None, *SUITS]),
        tricks_played=0 if first else 8 - tricks,
        taken=tuple(() for _ in rules.seats),
        announcements=(),
    )
    state = replace(state, deal=deal)
    for _ in range(on_table):
        state = apply(state, rng.choice(legal_actions(state)))
    return state


def taken_so_far(state: State) -> int:
    """The declarer's points so far in the deal of ``state`` (its tricks and marriages)."""
    deal = state.deal
    assert deal is not None and deal.declarer is not None
    own = sum(each.points for each in deal.taken[deal.declarer])
    return own + sum(a.value for a in deal.announcements if a.seat == deal.declarer)


def after(state: State, action: Decision) -> tuple[State, int]:
    """The state after ``action`` and what the declarer gained by it (a marriage, a
    trick, the bonus and second talon with the last one) — read off the engine."""
    deal = state.deal
    assert deal is not None and deal.declarer is not None
    child = apply(state, action)
    if child.deal is None:
        points = child.history[-1].points
        assert points is not None
        final = points[deal.declarer]
        assert final is not None
        return child, final - taken_so_far(state)
    return child, taken_so_far(child) - taken_so_far(state)


def brute(state: State, memo: dict[object, int] | None = None) -> int:
    """The declarer's points from ``state`` on, by minimax over every legal action the
    engine lists (memoised on the position: hands, trick, leader, trump, first lead)."""
    memo = {} if memo is None else memo

    def value(state: State) -> int:
        deal = state.deal
        if deal is None:
            return 0
        key = (deal.hands, deal.trick, deal.leader, deal.trump, deal.tricks_played == 0)
        if key in memo:
            return memo[key]
        results = []
        for action in legal_actions(state):
            child, gain = after(state, action)
            results.append(gain + value(child))
        best = max(results) if deal.to_move == deal.declarer else min(results)
        memo[key] = best
        return best

    return value(state)


def check(state: State) -> None:
    """The solver's value and each action's value agree with the brute force."""
    memo: dict[object, int] = {}
    assert solve_state(state) == brute(state, memo)
    valued = state_values(state)
    assert [action for action, _ in valued] == list(legal_actions(state))
    for action, got in valued:
        child, gain = after(state, action)
        assert got == gain + brute(child, memo), (action, got)


def _agree(name: str, label: str, count: int) -> None:
    rng = random.Random(f"{name}:{label}")
    players = len(playing_seats(variant(name), 0))
    for _ in range(count):
        tricks = rng.choice((1, 2, 2, 3, 3, 3, 4))
        state = ending(name, rng.randrange(2**32), tricks, rng.randrange(players))
        assert solve_state(state) == brute(state), state.deal


@pytest.mark.parametrize("name", list(VARIANTS))
def test_the_solver_agrees_with_the_engine_brute_force_on_random_endings(name: str) -> None:
    _agree(name, "quick", ENDINGS)


@pytest.mark.slow
@pytest.mark.parametrize("name", list(VARIANTS))
def test_the_solver_agrees_on_thousands_more_endings(name: str) -> None:
    _agree(name, "many", MORE_ENDINGS)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)
@given(
    name=st.sampled_from(list(VARIANTS)),
    seed=st.integers(0, 2**32 - 1),
    tricks=st.integers(1, 4),
    on_table=st.integers(0, 2),
)
def test_every_action_is_valued_as_the_brute_force_values_it(
    name: str, seed: int, tricks: int, on_table: int
) -> None:
    players = len(playing_seats(variant(name), 0))
    check(ending(name, seed, tricks, on_table % players))


def test_endings_cover_marriages_changing_trump_and_tricks_on_the_table() -> None:
    """The random endings do reach what the test is for: announceable marriages (first
    lead or not), four aces, cards on the table."""
    marriages = aces = first = table = 0
    rng = random.Random(7)
    for _ in range(200):
        state = ending("aces", rng.randrange(2**32), 4, rng.randrange(3))
        actions = legal_actions(state)
        marriages += any(isinstance(a, Play) and a.marriage for a in actions)
        aces += any(isinstance(a, Play) and a.ace_marriage for a in actions)
        deal = state.deal
        assert deal is not None
        first += deal.tricks_played == 0
        table += bool(deal.trick)
    assert marriages > 10 and aces > 5 and first > 30 and table > 100


def _hands(*hands: str) -> list[tuple[Card, ...]]:
    return [cards(hand.split()) for hand in hands]


def test_a_worked_example_one_trick() -> None:
    """Seat 0 (declarer) leads AS; seat 1 follows TS, seat 2 KS: 11 + 10 + 4 = 25."""
    rules = variant("classic")
    position = open_position(rules, _hands("AS", "TS", "KS"), 0)
    assert solve(position) == 25
    with_bonus = open_position(variant("must_beat"), _hands("AS", "TS", "KS"), 0)
    assert solve(with_bonus) == 35


def test_a_worked_example_the_marriage_changes_trump() -> None:
    """Declarer (seat 0) holds KH QH 9S; seat 1 AS TS JD, seat 2 9D JC 9C; nobody else
    has a heart. Leading QH with the marriage scores 100 and makes hearts trump: QH and
    KH win, 9S loses to a spade. The defenders throw their least on the heart tricks:
    seat 1 JD and TS (keeping AS for the spade), seat 2 its nines: 3 + 2 + 0 and
    4 + 10 + 0, 19 points and the marriage, 119. Leading 9S second does no better:
    seat 1 wins it with AS and leads TS, which KH trumps (4 + 10): 5 + 14 = 19 again.
    Without the marriage hearts are no trump, so the declarer keeps 9S for last: 19.
    On the deal's first lead no marriage may be announced: 19."""
    rules = variant("classic")
    hands = _hands("KH QH 9S", "AS TS JD", "9D JC 9C")
    position = open_position(rules, hands, 0)
    values = dict(play_values(position))
    assert values[Play(card("QH"), marriage=True)] == 119
    assert values[Play(card("KH"), marriage=True)] == 119
    assert values[Play(card("QH"))] == 19
    assert solve(position) == 119
    assert best_play(position) == (Play(card("QH"), marriage=True), 119)
    first = open_position(rules, hands, 0, first_lead=True)
    assert Play(card("QH"), marriage=True) not in dict(play_values(first))
    assert solve(first) == 19


def test_a_worked_example_defenders_trump_in() -> None:
    """Spades trump; the declarer (seat 1) holds AH JS and leads; seat 2 holds 9S QD,
    seat 0 TH 9H. Leading AH: seat 2 has no heart and must trump with 9S and wins;
    seat 0 throws TH on its partner's trick; seat 2 leads QD, seat 0 throws 9H, the
    declarer must trump with JS: 3 + 0 + 2 = 5. Leading JS: seat 2 must follow with 9S,
    the declarer wins 2 (seat 0 throws 9H), then AH wins 11 + 3 + 10 = 24: 26."""
    rules = variant("classic")
    hands = _hands("TH 9H", "AH JS", "9S QD")
    position = open_position(rules, hands, 1, leader=1, trump=Suit.SPADES)
    assert dict(play_values(position)) == {Play(card("AH")): 5, Play(card("JS")): 26}
    assert solve(position) == 26
    assert best_play(position) == (Play(card("JS")), 26)


def test_a_trick_in_progress_counts_the_cards_on_the_table() -> None:
    """Seat 0 led 9S, seat 1 played AS; the declarer (seat 2) has KS: it cannot win, 0.
    Over 9S and TS its AS wins 0 + 10 + 11 = 21."""
    rules = variant("classic")
    losing = open_position(rules, _hands("", "", "KS"), 2, leader=0, trick=cards(["9S", "AS"]))
    assert solve(losing) == 0
    winning = open_position(rules, _hands("", "", "AS"), 2, leader=0, trick=cards(["9S", "TS"]))
    assert solve(winning) == 21
    assert best_play(winning) == (Play(card("AS")), 21)


def test_two_players_take_the_second_talon_with_the_last_trick() -> None:
    rules = variant("two")
    position = open_position(rules, _hands("AS", "TS"), 0, second_talon=cards(["AH", "TH"]))
    assert solve(position) == 11 + 10 + 21


def test_positions_it_refuses() -> None:
    rules = variant("classic")
    with pytest.raises(SolverError, match="twice"):
        solve(open_position(rules, _hands("AS", "AS", "KS"), 0))
    with pytest.raises(SolverError, match="holds no card"):
        solve(open_position(rules, _hands("", "AS", "KS"), 0))
    with pytest.raises(SolverError, match="play phase"):
        position_of(new_game(rules))


def test_a_full_deal_is_solved_and_each_solver_keeps_its_own_table() -> None:
    rules = variant("classic")
    deck = list(DECK)
    random.Random(3).shuffle(deck)
    position = open_position(rules, [deck[:8], deck[8:16], deck[16:]], 0, first_lead=True)
    one, two = OpenSolver(), OpenSolver()
    value = one.value(position)
    assert two.value(position) == value == one.value(position)
    assert max(v for _, v in one.values(position)) == value


def test_a_solve_never_reads_the_table_entries_of_another_deal() -> None:
    """The same cards left with other owners must not hit the first deal's entries."""
    rules = variant("classic")
    nine = list(DECK[::2][:9])
    shared = OpenSolver()
    for seed in range(8):
        random.Random(seed).shuffle(nine)
        position = open_position(rules, [nine[:3], nine[3:6], nine[6:]], 0, trump=Suit.HEARTS)
        assert shared.value(position) == OpenSolver().value(position)
