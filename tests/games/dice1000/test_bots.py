"""Computer players: legal under every rule set, faithful to the engine, aware of the game.

Legality is checked the strict way: whole seeded games through the engine's checked path
(:func:`thousand.games.dice1000.match.play_game` with ``checked=True`` raises on any illegal
action), under every preset and under house rules that change what a turn offers (choosing dice,
stopping on hot dice, the exact ending, a retried first throw).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.games.dice1000.support import game_of, position, sheet, throw
from thousand.games.dice1000 import PRESET_NAMES, STOP, THROW, Game, RandomDice, load_preset, replay
from thousand.games.dice1000.bots import BOT_LEVELS, BotLevelError, make_bot, register_bot_level
from thousand.games.dice1000.match import Policy, play_game
from thousand.games.dice1000.planning import PlanningBot, rules_model
from thousand.games.dice1000.state import GameState, Phase

LEVELS = ("cautious", "balanced", "bold")

HOUSE_RULES: list[object] = [
    *PRESET_NAMES,
    {
        "preset": "classic",
        "choose_dice": True,
        "target": 600,
        "barrels": [{"from": 200, "to": 300}],
    },
    {"preset": "courtyard", "hot_dice": "may_stop", "first_throw_retry": True},
    {"preset": "classic", "ending": "exact", "barrels": [], "target": 500},
    {
        "preset": "ussr",
        "choose_dice": True,
        "entry_threshold": 0,
        "target": 700,
        "barrels": [
            {"from": 200, "to": 300},
            {"from": 600, "to": 700, "attempts": 2, "fall": {"penalty": 50}, "knock_off": True},
        ],
    },
]
"""Every preset, and house rules that change what a turn offers (choosing dice — on a
shorter road, as a plan that chooses looks at many more positions —, stopping on hot
dice, a retried first throw, the exact ending, barrel attempts and knock-offs)."""


def test_the_registry_has_the_three_levels_and_room_for_more() -> None:
    assert list(BOT_LEVELS)[:3] == list(LEVELS)
    assert "perfect" in BOT_LEVELS  # the solver's player, imported when asked for
    with pytest.raises(BotLevelError, match="unknown computer player level 'genius'"):
        make_bot("genius")
    with pytest.raises(ValueError, match="already registered"):
        register_bot_level("bold", lambda seed: make_bot("bold", seed))
    for level in LEVELS:
        assert isinstance(make_bot(level, 1), PlanningBot)


@pytest.mark.parametrize("rules", HOUSE_RULES, ids=str)
def test_every_level_plays_whole_games_legally(rules: object) -> None:
    game = game_of(rules)
    games = 1 if game.choose_dice else 3  # choosing dice multiplies what a plan looks at
    for seed in range(games):
        policies: list[Policy] = [make_bot(level, seed) for level in LEVELS]
        state, record = play_game(
            game, ["C", "Ba", "Bo"], policies, RandomDice(seed), checked=True, max_steps=200_000
        )
        assert state.is_over
        assert replay(record.to_data()).state == state


def test_bots_with_a_seed_play_the_same_game_twice() -> None:
    game = Game(load_preset("courtyard"))

    def once() -> GameState:
        bots: list[Policy] = [make_bot("bold", 3), make_bot("cautious", 4)]
        return play_game(game, ["A", "B"], bots, RandomDice(9))[0]

    assert once() == once()


@pytest.mark.parametrize("rules", HOUSE_RULES, ids=str)
def test_outcome_classes_lead_where_every_throw_of_the_class_leads(rules: object) -> None:
    """A plan follows one throw per class; every throw of the class must do the same."""
    game = game_of(rules)
    model = rules_model(game)
    near_truck = sheet("A", 530)
    starts = [
        position(game, sheet("A", 0, entered=False), sheet("B", 0)),
        position(game, near_truck, sheet("B", 0)),
        position(game, sheet("A", 480), sheet("B", 0)),
    ]
    for start in starts:
        for first in ([5, 2, 3, 3, 6], [1, 1, 2, 3, 4], [1, 5, 5, 2, 3]):
            state = throw(start, *first)
            if state.phase is not Phase.DECIDE or state.is_over:
                continue
            for count in range(1, 6):
                probe = state._replace(dice_left=count)
                covered = Fraction(0)
                for dice, probability in game.chance_outcomes(count):
                    covered += probability
                    representative = next(
                        rep for _, rep in model.classes[count] if same_class(game, rep, dice)
                    )
                    assert summary(probe, dice) == summary(probe, representative)
                assert covered == 1
                assert sum(p for p, _ in model.classes[count]) == pytest.approx(1.0)


def same_class(game: Game, a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    if game.choose_dice:

        def options(dice: tuple[int, ...]) -> list[tuple[int, int]]:
            return sorted((len(keep), value) for keep, value in game.scores.keep_options(dice))

        return options(a) == options(b) and game.is_instant_win(a) == game.is_instant_win(b)
    sa, sb = game.score(a), game.score(b)
    return (sa.points, len(sa.kept), game.is_instant_win(a)) == (
        sb.points,
        len(sb.kept),
        game.is_instant_win(b),
    )


def summary(state: GameState, dice: tuple[int, ...]) -> object:
    after, end = state.advance_throw(dice)
    if end is not None:
        return (end.outcome, end.points, end.score)
    if after.phase is Phase.SET_ASIDE:
        options = sorted(
            (s.turn_total, s.dice_left, int(s.forced))
            for s in (after.advance(a)[0] for a in after.legal_actions())
        )
        return ("choose", options)
    return (after.turn_total, after.dice_left, int(after.forced), after.phase)


def test_one_turn_chances_are_exact_where_they_can_be_checked() -> None:
    courtyard = Game(load_preset("courtyard"))  # no favorites: every scoring throw scores
    scores = sum(p for dice, p in courtyard.chance_outcomes(5) if not courtyard.score(dice).bust)
    assert rules_model(courtyard).chance_to_make(5) == pytest.approx(float(scores))
    model = rules_model(Game(load_preset("classic")))
    assert model.chance_to_make(0) == 1.0
    chances = [model.chance_to_make(need) for need in range(5, 1001, 5)]
    assert chances == sorted(chances, reverse=True)
    assert 0.14 < model.chance_to_make(100) < 0.18  # a simulation gives 0.157


def decide(level: str, state: GameState) -> object:
    return make_bot(level, 0)(state)


@pytest.mark.parametrize("level", LEVELS)
def test_bots_take_the_entry_and_record_a_big_turn(level: str) -> None:
    game = Game(load_preset("classic"))
    start = position(game, sheet("A", 0, entered=False), sheet("B", 300))
    state = throw(throw(start, 5, 2, 3, 3, 6), 1, 1, 1, 2)  # 105 with one die left
    assert state.may_stop()
    assert decide(level, state) is STOP


@pytest.mark.parametrize("level", LEVELS)
def test_bots_go_on_when_an_opponent_is_about_to_win(level: str) -> None:
    """The endgame: 900 is a fine score, unless the other player is at 990 and will most
    likely win on their next turn; then only going on for 1000 now is worth anything."""
    game = game_of({"preset": "classic", "barrels": []})
    calm = position(game, sheet("A", 800), sheet("B", 100))
    tense = position(game, sheet("A", 800), sheet("B", 990))
    state = throw(tense, 1, 1, 1, 2, 3)  # 100, two dice left: 900 if recorded
    assert decide(level, state) is THROW
    if level != "bold":  # bold throws two dice for 100 anyway: that is what bold means
        assert decide(level, throw(calm, 1, 1, 1, 2, 3)) is STOP


@pytest.mark.parametrize("level", LEVELS)
def test_bots_do_not_land_low_on_a_barrel(level: str) -> None:
    """At 540, 60 points with one die left: without barrels every level records them; with
    the barrel 600–700 ahead, 600 would leave 100 to make in one turn — so they throw."""
    for rules, expected in (({"preset": "classic", "barrels": []}, STOP), ("classic", THROW)):
        start = position(game_of(rules), sheet("A", 540), sheet("B", 0))
        state = throw(throw(start, 5, 5, 5, 2, 3), 1, 2)
        assert (state.turn_total, state.dice_left) == (60, 1)
        assert decide(level, state) is expected, rules


@pytest.mark.parametrize("level", LEVELS)
def test_bots_under_choose_dice_pick_a_legal_set_aside(level: str) -> None:
    game = game_of({"preset": "classic", "choose_dice": True})
    start = position(game, sheet("A", 300), sheet("B", 0))
    state = throw(start, 1, 5, 5, 2, 3)
    assert state.phase is Phase.SET_ASIDE
    action = decide(level, state)
    assert action in state.legal_actions()
