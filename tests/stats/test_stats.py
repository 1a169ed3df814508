"""A player's statistics: exact figures on small hand-made records, and invariants over
random games (bounded)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from thousand.games import adapter, game_names, load_game
from thousand.games.dice1000.actions import STOP, THROW, Action
from thousand.games.dice1000.state import GameState
from thousand.stats import (
    CardTally,
    DiceTally,
    PerfectPlay,
    PokerTally,
    people,
    places,
    statistics,
    summarize,
)

FIXTURES = Path(__file__).parents[1] / "games" / "card1000" / "fixtures"

SMALL = {"preset": "classic", "target": 200, "entry_threshold": 0, "barrels": []}
"""Classic dice 1000 to 200, entered at once: a game of a few turns."""

DICE_GAME: dict[str, Any] = {
    "format": 1,
    "rules": SMALL,
    "players": ["Anna", "Boris"],
    "turns": [
        {"rolls": [[1, 1, 1, 2, 3]], "stop": True},  # Anna: three 1s = 100, stops
        {"rolls": [[2, 3, 4, 6, 6]]},  # Boris: nothing scores, bust
        {"rolls": [[1, 1, 1, 2, 3], [2, 3]]},  # Anna: 100, throws on, bust
        {"rolls": [[5, 5, 2, 3, 4]], "stop": True},  # Boris: two 5s = 10, stops
        {"rolls": [[1, 1, 1, 2, 3]], "stop": True},  # Anna: 100, stops at 200: wins
    ],
    "meta": {"seats": [{"name": "Anna"}, {"name": "Boris", "bot": "bold"}]},
}


class FixedValues:
    """A stand-in for a solved strategy: throwing is worth 0.6 and stopping 0.4 at every
    choice (the figures are then known by hand)."""

    def exact_for(self, state: GameState) -> bool:
        del state
        return True

    def action_values(self, state: GameState) -> dict[Action, float]:
        return {action: 0.6 if action is THROW else 0.4 for action in state.legal_actions()}


def fixed(game: str, position: object) -> object:
    del position
    return FixedValues() if game == "dice1000" else None


def test_places_share_the_better_one_and_skip_after_a_tie() -> None:
    assert places([760, 1015, 760, 300]) == (2, 1, 2, 4)
    assert places([5, 5]) == (1, 1)


def test_a_dice_game_by_hand() -> None:
    """Anna: 3 turns, 200 points, 1 bust, stops at 100 and 100 (the winning stop is a
    stop); Boris: 2 turns, 10 points, 1 bust, stops at 10."""
    summary = summarize(DICE_GAME)
    assert summary.finished and summary.places == (1, 2) and summary.scores == (200, 10)
    assert summary.people == (True, False)
    anna, boris = summary.tallies
    assert anna == DiceTally(
        turns=3, points=200, busts=1, stops=2, stop_totals=200, unweighed_games=1
    )
    assert boris == DiceTally(
        turns=2, points=10, busts=1, stops=1, stop_totals=10, unweighed_games=1
    )
    stats = statistics([summary], "Anna")
    (kind,) = stats.kinds
    assert (kind.game, kind.games, kind.wins, kind.average_place) == ("dice1000", 1, 1, 1.0)
    assert isinstance(kind.tally, DiceTally)
    assert kind.tally.points_per_turn == pytest.approx(200 / 3)
    assert kind.tally.bust_rate == pytest.approx(1 / 3)
    assert kind.tally.average_stop == 100
    assert kind.tally.gave_away_per_game is None  # nothing to weigh against
    assert people([summary]) == ("Anna",)  # Boris is a computer player


def test_a_dice_game_weighed_against_fixed_values() -> None:
    """Choices (a forced first throw is none): Anna stops (−0.2), throws on (0), stops
    (−0.2); Boris's bust had no choice, he stops once (−0.2)."""
    summary = summarize(DICE_GAME, fixed)
    anna, boris = summary.tallies
    assert isinstance(anna, DiceTally) and isinstance(boris, DiceTally)
    assert (anna.decisions, boris.decisions) == (3, 1)
    assert anna.gave_away == pytest.approx(0.4) and boris.gave_away == pytest.approx(0.2)
    assert anna.gave_away_per_game == pytest.approx(0.4)
    assert anna.gave_away_per_decision == pytest.approx(0.4 / 3)
    assert (anna.weighed_games, anna.unweighed_games) == (1, 0)


def test_a_dice_game_summed_up_with_a_game_at_hand_is_summed_up_the_same() -> None:
    """A server passes its room's own game (its scoring tables are not built again);
    the game is used only where its rules are the record's."""
    from thousand.games.dice1000.game import Game  # noqa: PLC0415
    from thousand.games.dice1000.presets import rules_from_spec  # noqa: PLC0415
    from thousand.games.dice1000.record import parse_record  # noqa: PLC0415

    alone = summarize(DICE_GAME, fixed)
    held = parse_record(DICE_GAME)[0]
    assert summarize(DICE_GAME, fixed, held) == alone
    other = Game(rules_from_spec("classic"))  # to 1000, entry at 100: not the record's
    assert summarize(DICE_GAME, fixed, other) == alone
    assert summarize(poker_game(), None, held) == summarize(poker_game())


def test_the_replay_shows_every_throw_and_stop_it_makes() -> None:
    from thousand.games.dice1000.record import replay  # noqa: PLC0415

    seen: list[tuple[str | None, Action]] = []
    replay(DICE_GAME, on_decision=lambda state, action: seen.append((state.to_move, action)))
    assert seen == [
        ("Anna", THROW), ("Anna", STOP), ("Boris", THROW), ("Anna", THROW), ("Anna", THROW),
        ("Boris", THROW), ("Boris", STOP), ("Anna", THROW), ("Anna", STOP),
    ]  # fmt: skip


def test_a_shipped_table_weighs_a_classic_game() -> None:
    """The real solver (the classic rules' shipped two-player table): nothing given away
    is negative, and a whole game gives some away."""
    from thousand.games.dice1000.solver.seats import perfect_play  # noqa: PLC0415

    record = json.loads((Path(__file__).parents[2] / "examples" / "classic.json").read_text())
    summary = summarize(record, lambda game, position: perfect_play(position))
    for tally in summary.tallies:
        assert isinstance(tally, DiceTally)
        assert tally.weighed_games == 1 and tally.decisions > 0
        assert 0 < tally.gave_away < tally.decisions


YAHTZEE_TURNS = {
    # Anna throws 1 2 3 4 5 every turn: ones..fives 1+2+3+4+5, sixes 0, small straight 30,
    # big straight 40, chance 15, the rest 0: 100
    "Anna": [1, 2, 3, 4, 5],
    # Boris throws 2 2 3 3 3: twos 4, threes 9, three of a kind 13, full house 25,
    # chance 13, the rest 0: 64
    "Boris": [2, 2, 3, 3, 3],
}
BOXES = [
    "ones", "twos", "threes", "fours", "fives", "sixes", "three", "four", "full_house",
    "small_straight", "big_straight", "poker", "chance",
]  # fmt: skip


def poker_game() -> dict[str, Any]:
    turns = [
        {"rolls": [YAHTZEE_TURNS[name]], "box": box} for box in BOXES for name in ("Anna", "Boris")
    ]
    return {
        "format": 1,
        "game": "poker_dice",
        "rules": "yahtzee",
        "players": ["Anna", "Boris"],
        "turns": turns,
    }


OPTIMUM = 254.5896
"""The yahtzee sheet's optimal expected total (the poker dice solver's docstring and tests)."""


def test_a_poker_dice_game_by_hand() -> None:
    summary = summarize(poker_game(), lambda game, position: OPTIMUM)
    assert summary.finished and summary.scores == (100, 64) and summary.places == (1, 2)
    anna = statistics([summary], "Anna").kinds[0]
    assert (anna.games, anna.wins, anna.average_place) == (1, 1, 1.0)
    assert isinstance(anna.tally, PokerTally)
    assert anna.tally.average_total == 100
    assert anna.tally.gap_to_optimal == pytest.approx(OPTIMUM - 100)
    boris = statistics([summary, summary], "Boris").kinds[0]
    assert (boris.games, boris.wins, boris.average_place) == (2, 0, 2.0)
    assert isinstance(boris.tally, PokerTally)
    assert boris.tally.gap_to_optimal == pytest.approx(OPTIMUM - 64)


def test_a_poker_dice_game_in_progress_does_not_count() -> None:
    record = poker_game()
    record["turns"] = record["turns"][:5]
    summary = summarize(record)
    assert not summary.finished
    assert statistics([summary], "Anna").kinds == ()
    assert people([summary]) == ()


def test_a_card_game_counts_as_its_replay_and_sheet_show_it() -> None:
    """Declared and made from the replay JSON's deals (§6), bolts from the sheet's dashes."""
    from thousand.core.i18n import translator  # noqa: PLC0415
    from thousand.games.card1000.record import replay  # noqa: PLC0415
    from thousand.games.card1000.sheet import BOLT, sheet_rows  # noqa: PLC0415

    record = json.loads((FIXTURES / "classic.json").read_text(encoding="utf-8"))
    summary = summarize(record)
    replayed = replay(record)
    data = replayed.to_json_data()
    deals = [deal for deal in data["deals"] if deal["outcome"] != "redeal"]
    rows = sheet_rows(replayed, translator("en"))
    for seat, tally in enumerate(summary.tallies):
        assert isinstance(tally, CardTally)
        assert tally.declared == sum(deal["declarer"] == seat for deal in deals)
        assert tally.made == sum(
            deal["declarer"] == seat and deal["outcome"] == "made" for deal in deals
        )
        assert tally.bolts == sum(cells[seat].startswith(BOLT) for _, _, cells in rows)
    assert summary.places == (3, 1, 2) and summary.scores == (80, 1000, 140)
    assert (summary.tallies[1].declared, summary.tallies[1].made) == (10, 7)  # type: ignore[union-attr]


# -- invariants over random games ---------------------------------------------------------

RANDOM_GAMES = [("dice1000", SMALL), ("poker_dice", "ranking"), ("poker_dice", "yahtzee")]


def random_record(name: str, rules: object, players: int, seed: int) -> dict[str, Any]:
    """A game played to its end by uniformly random choices (dice 1000 to 200: short)."""
    game = load_game(name)
    rng = random.Random(seed)
    position = game.new_position(rules, [f"P{seat}" for seat in range(players)])
    recorder = game.new_recorder(position, None)
    while not game.is_over(position):
        if game.is_chance_node(position):
            action = game.draw_chance(position, rng)
        else:
            seat = next(s for s in range(players) if game.legal_actions(position, s))
            action = rng.choice(list(game.legal_actions(position, seat)))
        recorder.observe(position, action)
        position = game.apply(position, action)
    return recorder.to_data()


class RandomValues:
    """Any winning chances: what is given away must still be ≥ 0."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def exact_for(self, state: GameState) -> bool:
        del state
        return True

    def action_values(self, state: GameState) -> dict[Action, float]:
        return {action: self.rng.random() for action in state.legal_actions()}


def stand_in(seed: int) -> PerfectPlay:
    """Perfect play as anything at all: random winning chances (dice 1000), an optimum of
    200 (poker dice)."""

    def perfect(game: str, position: object) -> object:
        del position
        return RandomValues(seed) if game == "dice1000" else 200.0

    return perfect


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.tuples(st.sampled_from(RANDOM_GAMES), st.integers(1, 4), st.integers(0, 10**6)),
        min_size=1,
        max_size=3,
    )
)
def test_invariants_over_random_games(games: list[tuple[tuple[str, object], int, int]]) -> None:
    summaries = []
    for (name, rules), count, seed in games:
        players = max(count, 2) if name == "dice1000" else count
        record = random_record(name, rules, players, seed)
        summaries.append(summarize(record, stand_in(seed)))
    for name in people(summaries):
        for kind in statistics(summaries, name).kinds:
            seats = [len(s.players) for s in summaries if s.game == kind.game and name in s.players]
            assert 0 <= kind.wins <= kind.games
            assert kind.average_place is not None
            assert 1 <= kind.average_place <= max(seats)
            tally = kind.tally
            if isinstance(tally, DiceTally):
                assert tally.gave_away >= 0
                assert tally.turns == 0 or 0 <= tally.busts <= tally.turns
                assert tally.decisions == 0 or 0 <= tally.gave_away_per_decision <= 1  # type: ignore[operator]
    for summary in summaries:
        assert min(summary.places) == 1
        assert all(1 <= place <= len(summary.players) for place in summary.places)


@pytest.mark.parametrize("name", game_names())
def test_every_game_has_its_statistics(name: str) -> None:
    """A registered game without ``thousand.stats.NAME`` would break ``thousand games``."""
    module = adapter(name, "stats")
    assert name == module.NAME
    assert callable(module.summarize)


def test_the_places_docstring_is_true() -> None:
    import doctest  # noqa: PLC0415

    from thousand.stats import ranking as module  # noqa: PLC0415

    result = doctest.testmod(module)
    assert result.attempted == 1 and result.failed == 0
