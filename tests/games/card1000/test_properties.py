"""Invariants over random self-played games of every preset: the card points of a deal
add up, totals follow the changes, and the refusals agree with the legal actions."""

from __future__ import annotations

import pytest

from thousand.games.card1000.actions import (
    PASS,
    REDEAL,
    WRITE_OFF,
    Bid,
    ChooseTalon,
    Contract,
    Dark,
    Decision,
    Discard,
    Give,
    Play,
)
from thousand.games.card1000.cards import ACE_MARRIAGE, DECK, MARRIAGE, card_points
from thousand.games.card1000.config import Rules
from thousand.games.card1000.engine import apply
from thousand.games.card1000.legal import legal_actions, refusal
from thousand.games.card1000.presets import PRESET_NAMES, load_preset
from thousand.games.card1000.scoring import DUMP_TRUCK
from thousand.games.card1000.state import DealSummary, State, new_game

from .support import play_game


def announced(summary: DealSummary) -> int:
    total = 0
    for _, action in summary.actions:
        if isinstance(action, Play) and action.marriage:
            total += MARRIAGE[action.card.suit]
        if isinstance(action, Play) and action.ace_marriage:
            total += ACE_MARRIAGE
    return total


def discarded(summary: DealSummary) -> int:
    return card_points(a.card for _, a in summary.actions if isinstance(a, Discard))


def finished_games(rules: Rules, games: int, max_deals: int = 12) -> list[State]:
    ends = []
    for seed in range(games):
        *_, last = play_game(rules, seed, max_deals=max_deals)
        ends.append(last)
    return ends


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_the_points_of_a_played_deal_add_up_to_120_and_the_marriages(name: str) -> None:
    rules = load_preset(name)
    played = 0
    for end in finished_games(rules, 6):
        for summary in end.history:
            if summary.outcome not in ("made", "failed"):
                continue
            played += 1
            assert summary.points is not None
            points = [p for seat, p in enumerate(summary.points) if not _idle(rules, summary, seat)]
            assert all(p is not None and p >= 0 for p in points)
            assert sum(p for p in points if p is not None) == (
                120 + announced(summary) - discarded(summary)
            )
    assert played > 10


def _idle(rules: Rules, summary: DealSummary, seat: int) -> bool:
    return rules.players == 4 and seat == summary.dealer


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_totals_follow_the_changes(name: str) -> None:
    rules = load_preset(name)
    for end in finished_games(rules, 6):
        totals = [0] * rules.players
        for summary in end.history:
            for seat, (change, total) in enumerate(
                zip(summary.changes, summary.totals, strict=True)
            ):
                expected = totals[seat] + change
                if abs(expected) == DUMP_TRUCK:
                    expected = 0
                if rules.barrel is not None and expected >= rules.barrel:
                    expected = rules.barrel
                reset = summary.golden and set(summary.totals) == {0}
                fell = expected - rules.penalty
                assert total in (expected, fell) or reset, (summary, seat)
            totals = list(summary.totals)
            if summary.outcome == "redeal":
                assert set(summary.changes) == {0}
        assert [seat.total for seat in end.board] == totals


def candidates(state: State) -> list[Decision]:
    """Decisions of every kind, legal or not, for the refusals to judge."""
    seats = range(state.rules.players)
    out: list[Decision] = [PASS, REDEAL, WRITE_OFF, Dark(True), Dark(False)]
    out += [ChooseTalon(i) for i in (0, 1, 2)]
    out += [Bid(amount) for amount in (*range(95, 300, 15), 103)]
    out += [Contract(amount) for amount in (*range(95, 300, 15), 121)]
    phase = state.to_move[1] if state.to_move else None
    for each in DECK:
        if phase == "play":
            out += [Play(each), Play(each, marriage=True), Play(each, ace_marriage=True)]
        elif phase == "give":
            out += [Discard(each), *(Give(each, to) for to in seats)]
        else:
            out += [Play(each), Discard(each), Give(each, 0)]
    return out


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_an_action_is_refused_exactly_when_it_is_not_legal(name: str) -> None:
    rules = load_preset(name)
    checked = 0
    for seed in range(2):
        for state in play_game(rules, seed, max_deals=1):
            if state.to_move is None:
                continue
            legal = set(legal_actions(state))
            assert len(legal) == len(legal_actions(state))
            for action in candidates(state):
                error = refusal(state, action, state.to_move[0])
                assert (error is None) == (action in legal), (action, error, state.to_move)
                checked += 1
    assert checked > 500


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_a_game_replayed_from_its_deals_and_actions_is_the_same_game(name: str) -> None:
    """What a finished deal keeps (its cards and decisions) is a record: replayed through
    the checked engine it gives the same scores; and no state is ever changed by apply."""
    rules = load_preset(name)
    for seed in range(3):
        states = list(play_game(rules, seed, max_deals=6))
        end = states[-1]
        replayed = new_game(rules)
        for summary in end.history:
            replayed = apply(replayed, summary.dealt)
            for seat, action in summary.actions:
                replayed = apply(replayed, action, seat)
        assert replayed.board == end.board and replayed.history == end.history
        assert replayed.dealt_count == end.dealt_count and replayed.dealer == end.dealer
        again = list(play_game(rules, seed, max_deals=6))
        assert again == states  # deterministic, and every state kept its value
        assert len({hash(state) for state in states}) > len(states) // 2
