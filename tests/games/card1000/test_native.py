"""The native random deals (numba) against the engine: the same cards from the seed
(§5), the same random decisions through the checked apply, the same points, marriages
and outcomes, deal for deal, in every preset."""

from __future__ import annotations

import doctest
import hashlib
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
import pytest

from thousand.games.card1000 import native
from thousand.games.card1000 import native_kernel as nk
from thousand.games.card1000.actions import Decision, Play
from thousand.games.card1000.cards import ACE_MARRIAGE, DECK, DECK_INDEX, MARRIAGE, cards
from thousand.games.card1000.config import Rules, validate_rules
from thousand.games.card1000.presets import PRESET_NAMES, load_preset
from thousand.games.card1000.scoring import SeatScore
from thousand.games.card1000.shuffle import shuffled_deck
from thousand.games.card1000.state import new_game

DOC = Path(__file__).parents[3] / "docs" / "card1000.md"
DEALS_PER_PRESET = 300
DEALS_PER_GAME = 40


@dataclass(frozen=True)
class EngineDeal:
    index: int
    dealer: int
    context: int
    codes: list[int]
    counts: list[int]
    outcome: str
    declarer: int | None
    contract: int | None
    points: tuple[int | None, ...] | None
    dark: bool
    marriages: list[int] | None
    """Per seat, the values of the marriages announced; None unless played out."""


def game_seed(preset: str, game: int) -> bytes:
    return hashlib.sha256(f"native {preset} {game}".encode()).digest()


def engine_game(
    preset: str, game: int, *, barrel: bool = False, keys: dict[str, object] | None = None
) -> list[EngineDeal]:
    """A game's deals through the engine, each driven by the native path's choices
    (``barrel``: seat 1 starts on the barrel; ``keys`` change the preset)."""
    rules = rules_of(preset, keys)
    seed = game_seed(preset, game)
    state = new_game(rules)
    if barrel:
        board = list(state.board)
        board[1] = SeatScore(total=880, barrel=True)
        state = replace(state, board=tuple(board))
    deals: list[EngineDeal] = []
    while not state.over and len(deals) < DEALS_PER_GAME:
        index, dealer, context = state.dealt_count, state.dealer, native.deal_context(state)
        state, codes, counts = native.play_engine_deal(state, seed, play_seed=game)
        summary = state.history[-1]
        deals.append(
            EngineDeal(
                index,
                dealer,
                context,
                codes,
                counts,
                summary.outcome,
                summary.declarer,
                summary.contract,
                summary.points,
                summary.dark,
                None if summary.points is None else announced(summary.actions, rules.players),
            )
        )
    return deals


def announced(actions: tuple[tuple[int, Decision], ...], players: int) -> list[int]:
    """The engine's deal, read back: what each seat's announcements were worth."""
    values = [0] * players
    for seat, action in actions:
        if isinstance(action, Play) and action.ace_marriage:
            values[seat] += ACE_MARRIAGE
        elif isinstance(action, Play) and action.marriage:
            values[seat] += MARRIAGE[action.card.suit]
    return values


def rules_of(preset: str, keys: dict[str, object] | None) -> Rules:
    return validate_rules({**load_preset(preset).to_data(), **(keys or {})})


def compare_game(
    preset: str, game: int, *, barrel: bool = False, keys: dict[str, object] | None = None
) -> list[EngineDeal]:
    deals = engine_game(preset, game, barrel=barrel, keys=keys)
    rules = rules_of(preset, keys)
    got = native.play_random_deals(
        rules,
        game_seed(preset, game),
        game,
        [deal.index for deal in deals],
        [deal.dealer for deal in deals],
        [deal.context for deal in deals],
        trace=True,
    )
    assert got.traces is not None and got.choices is not None
    for row, deal in enumerate(deals):
        where = f"{preset} {keys} game {game} deal {deal.index}"
        count = int(got.decisions[row])
        assert list(got.choices[row, :count]) == deal.counts, where
        assert list(got.traces[row, :count]) == deal.codes, where
        assert native.OUTCOMES[got.outcome[row]] == deal.outcome, where
        assert bool(got.dark[row]) == deal.dark, where
        declarer = None if got.declarer[row] < 0 else int(got.declarer[row])
        contract = None if got.contract[row] < 0 else int(got.contract[row])
        assert (declarer, contract) == (deal.declarer, deal.contract), where
        points = [int(p) for p in got.points[row, : rules.players]]
        expected = [-1] * rules.players if deal.points is None else deal.points
        assert points == list(expected), where
        marriages = [int(m) for m in got.marriages[row, : rules.players]]
        assert marriages == (deal.marriages or [-1] * rules.players), where
    return deals


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_native_deals_agree_with_the_engine(preset: str) -> None:
    """A few hundred deals of whole games: every decision, outcome and point agrees,
    and between them the deals cover every kind of decision the preset has."""
    deals: list[EngineDeal] = []
    game = 0
    while len(deals) < DEALS_PER_PRESET:
        deals.extend(compare_game(preset, game))
        game += 1
    kinds = Counter(code // nk.KIND for deal in deals for code in deal.codes)
    outcomes = Counter(deal.outcome for deal in deals)
    assert {"made", "failed", "redeal"} <= set(outcomes), outcomes
    expected = {nk.BID, nk.PASS, nk.REDEAL, nk.CONTRACT, nk.PLAY}
    expected |= {nk.TALON, nk.DISCARD} if preset == "two_players" else {nk.GIVE}
    if preset == "golden_dark":
        expected.add(nk.DARK)
        assert any(deal.dark for deal in deals)
        assert any(deal.context & nk.C_GOLDEN for deal in deals)
    else:
        expected.add(nk.WRITE_OFF)
        assert "written_off" in outcomes
    assert expected <= set(kinds), kinds
    marriages = [
        sum(1 for code in deal.codes if code // nk.KIND == nk.PLAY and code % 3 == 1)
        for deal in deals
    ]
    assert max(marriages) >= 1
    if preset == "classic":
        assert max(marriages) >= 2, "some deal changes trump twice"


VARIANTS = [
    (
        "classic",
        {
            "must_beat": True,
            "must_overtrump": True,
            "marriage_on_first_lead": True,
            "last_trick_bonus": 10,
            "round_declarer": True,
            "max_raise": 10,
            "write_off_limit": 1,
            "redeal_hand_points": 0,
            "redeal_talon_points": 20,
        },
    ),
    (
        "two_players",
        {
            "bid_over_120_without_marriage": True,
            "hide_talon": True,
            "ace_marriage": True,
            "last_trick_bonus": 10,
            "must_beat": True,
        },
    ),
    (
        "golden_dark",
        {
            "golden_raise": True,
            "golden_fail": "reset",
            "dark_on_barrel": True,
            "write_off_on_barrel": True,
            "opening_bid": 60,
            "bid_step": 10,
            "must_overtrump": True,
            "marriage_on_first_lead": True,
        },
    ),
    (
        "four_players",
        {"bid_over_120_without_marriage": True, "must_beat": True, "hide_talon_at_100": True},
    ),
]


@pytest.mark.parametrize(("preset", "keys"), VARIANTS)
def test_deals_under_other_keys_agree(preset: str, keys: dict[str, object]) -> None:
    """The keys the kernel reads, turned the other way, on and off the barrel."""
    deals = [deal for game in range(4) for deal in compare_game(preset, 200 + game, keys=keys)]
    deals += compare_game(preset, 300, keys=keys, barrel=True)
    assert "failed" in {deal.outcome for deal in deals}


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_deals_with_a_seat_on_the_barrel_agree(preset: str) -> None:
    """No write-off and no dark while a seat is on the barrel: the context says so."""
    deals = [deal for game in range(3) for deal in compare_game(preset, 100 + game, barrel=True)]
    on_barrel = [deal for deal in deals if not deal.context & (nk.C_WRITE_OFF * 15)]
    assert on_barrel
    assert all(not deal.dark and deal.outcome != "written_off" for deal in on_barrel)


def test_the_native_shuffle_is_the_engines() -> None:
    """§5 reproduced in the kernel (HMAC-SHA256, rejection sampling), seed lengths too."""
    for seed in (bytes(range(32)), b"", b"x" * 64, b"a longer seed than a block " * 4):
        orders = native.shuffled_orders(seed, np.arange(40))
        for index in range(40):
            expected = [DECK_INDEX[card] for card in shuffled_deck(seed, index)]
            assert list(orders[index]) == expected
    big = native.shuffled_orders(bytes(32), np.array([10**9]))
    assert list(big[0]) == [DECK_INDEX[card] for card in shuffled_deck(bytes(32), 10**9)]


def test_codes_round_trip() -> None:
    deals = engine_game("golden_dark", 0) + engine_game("two_players", 0)
    for code in (code for deal in deals for code in deal.codes):
        assert native.encode(native.decode(code)) == code


def test_parallel_blocks_give_the_same_deals() -> None:
    rules = load_preset("classic")
    context = native.fresh_context(rules)
    indices = np.arange(2000)
    one = native.play_random_deals(rules, b"s", 3, indices, indices % 3, context, blocks=1)
    many = native.play_random_deals(rules, b"s", 3, indices, indices % 3, context, blocks=7)
    assert np.array_equal(one.points, many.points)
    assert np.array_equal(one.outcome, many.outcome)


def test_played_points_add_up() -> None:
    """Three and four players: the points of the seats that play a deal are the deck's
    120 plus the marriages announced (a four-player dealer's entry is its talon)."""
    for preset in ("classic", "four_players"):
        rules = load_preset(preset)
        indices = np.arange(3000)
        dealers = indices % rules.players
        got = native.play_random_deals(
            rules, b"sum", 5, indices, dealers, native.fresh_context(rules), trace=True
        )
        assert got.traces is not None
        played = np.flatnonzero(got.outcome <= nk.FAILED)
        assert played.size > 100
        for row in played:
            trace = got.traces[row, : got.decisions[row]]
            plays = trace[trace // nk.KIND == nk.PLAY] % nk.KIND
            marriages = sum(int(nk.MARRIAGE[p // 3 // 6]) for p in plays if p % 3 == 1)
            idle = int(dealers[row]) if rules.players == 4 else -1
            points = [int(got.points[row, s]) for s in rules.seats if s != idle]
            assert sum(points) == 120 + marriages


def test_given_orders_play_as_the_seeded_deals() -> None:
    """A player's own orders of the cards play as the seed's deals of the same order."""
    rules = load_preset("golden_dark")
    indices = np.arange(500)
    context = native.fresh_context(rules) | nk.C_GOLDEN * (indices % 2)
    seeded = native.play_random_deals(rules, b"o", 9, indices, indices % 3, context)
    orders = native.shuffled_orders(b"o", indices)
    given = native.play_random_orders(rules, orders, 9, indices, indices % 3, context)
    assert np.array_equal(seeded.points, given.points)
    assert np.array_equal(seeded.outcome, given.outcome)
    with pytest.raises(ValueError, match="24 card numbers"):
        native.play_random_orders(rules, orders[:, ::2], 9, 0, 0, context[:1])


def test_the_documented_example_runs() -> None:
    """docs/card1000.md's section on the native deals: its session is a doctest."""
    text = DOC.read_text("utf-8").split("## Random deals at native speed")[1]
    block = text.split("```python\n")[1].split("```")[0]
    test = doctest.DocTestParser().get_doctest(block, {}, "card1000.md", str(DOC), 0)
    runner = doctest.DocTestRunner()
    runner.run(test)
    assert runner.failures == 0 and runner.tries >= 8


def test_four_aces_announced_agree() -> None:
    """Given orders where the first hand holds the four aces and a marriage (golden_dark
    has the ace marriage): the engine dealt the same order agrees, ace marriages and all."""
    rules = load_preset("golden_dark")
    rng = np.random.default_rng(26)
    held = [DECK_INDEX[card] for card in cards(["AS", "AC", "AD", "AH", "KH", "QH"])]
    rest = [number for number in range(24) if number not in held]
    orders = np.array([held + list(rng.permutation(rest)) for _ in range(200)])
    context = native.fresh_context(rules)
    got = native.play_random_orders(rules, orders, 11, np.arange(200), 0, context)
    for row in range(200):
        order = [DECK[number] for number in orders[row]]
        start = replace(new_game(rules), dealt_count=row, golden_left=0)
        assert native.deal_context(start) == context
        state, _codes, _counts = native.play_engine_deal(start, b"", 11, order)
        summary = state.history[-1]
        assert native.OUTCOMES[got.outcome[row]] == summary.outcome
        if summary.points is not None:
            assert [int(p) for p in got.points[row, :3]] == list(summary.points)
            assert [int(m) for m in got.marriages[row, :3]] == announced(summary.actions, 3)
    assert (got.marriages[:, 1] >= ACE_MARRIAGE).any()


def test_bad_dealers_are_refused() -> None:
    rules = load_preset("classic")
    with pytest.raises(ValueError, match="dealers"):
        native.play_random_deals(rules, b"s", 0, [0], [3], 0)
