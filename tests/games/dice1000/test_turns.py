"""A turn and what ends it (RULES.md §1.3–§1.6, §2, §2.1), through ``GameState.apply``.

Deep positions (a player at 900, at 530 …) are set up directly with
:func:`support.position`; the seeds' worked examples played from the first throw are in
``test_worked_examples.py``.
"""

from __future__ import annotations

import pytest

from tests.games.dice1000.support import (
    game_of,
    play_turn,
    position,
    scores,
    sheet,
    throw,
    throw_step,
)
from thousand.games.dice1000 import (
    STOP,
    THROW,
    Action,
    Game,
    GameState,
    IllegalActionError,
    Outcome,
    RulesError,
    SetAside,
    load_preset,
)
from thousand.games.dice1000.state import Penalty, new_state

CLASSIC = Game(load_preset("classic"))
USSR = Game(load_preset("ussr"))
COURTYARD = Game(load_preset("courtyard"))
BARREL850 = Game(load_preset("barrel850"))


def refusal_rule(state: GameState) -> str:
    with pytest.raises(IllegalActionError) as info:
        state.apply(STOP)
    return info.value.rule


# -- the start of a turn and the order of play -----------------------------------------


def test_new_game_everybody_at_zero_not_in_the_game() -> None:
    state = new_state(CLASSIC, ["Anna", "Boris"])
    assert [(p.name, p.score, p.entered, p.bolts) for p in state.players] == [
        ("Anna", 0, False, 0),
        ("Boris", 0, False, 0),
    ]
    assert state.to_move == "Anna"
    assert state.turn_total == 0
    assert state.dice_left == 5
    assert state.legal_actions() == (THROW,)
    assert not state.is_over and not state.is_chance_node
    assert state.winner is None


def test_a_turn_starts_with_a_throw_of_five_dice() -> None:
    state = new_state(CLASSIC, ["Anna"])
    assert refusal_rule(state) == "first_throw"
    air = state.apply(THROW)
    assert air.is_chance_node
    assert air.legal_actions() == ()
    assert {len(dice) for dice, _ in air.chance_outcomes()} == {5}


@pytest.mark.parametrize(
    ("action", "rule"),
    [(Outcome((1, 2, 3, 4, 6)), "no_throw"), (SetAside((1,)), "phase")],
)
def test_actions_out_of_phase_at_a_decision(action: Outcome | SetAside, rule: str) -> None:
    state = new_state(CLASSIC, ["Anna"])
    with pytest.raises(IllegalActionError) as info:
        state.apply(action)
    assert info.value.rule == rule


@pytest.mark.parametrize(
    ("action", "rule"),
    [
        (THROW, "dice_expected"),
        (STOP, "dice_expected"),
        (Outcome((1, 2, 3, 4)), "dice_count"),
        (Outcome((1, 2, 3, 4, 6, 6)), "dice_count"),
        (Outcome((0, 2, 3, 4, 6)), "face"),
        (Outcome((7, 2, 3, 4, 6)), "face"),
    ],
)
def test_actions_out_of_phase_or_bad_dice_at_a_chance_node(action: Action, rule: str) -> None:
    air = new_state(CLASSIC, ["Anna"]).apply(THROW)
    with pytest.raises(IllegalActionError) as info:
        air.apply(action)
    assert info.value.rule == rule
    refusal = air.refusal(action)
    assert refusal is not None and refusal.rule == rule


def test_dice_count_error_carries_the_figures() -> None:
    air = throw(new_state(CLASSIC, ["Anna"]), 1, 5, 2, 3, 6).apply(THROW)
    with pytest.raises(IllegalActionError) as info:
        air.apply(Outcome((1, 2)))
    assert info.value.params == {"expected": 3, "got": 2}
    assert str(info.value) == "expected 3 dice, got 2"


def test_turns_pass_in_order_and_wrap_around() -> None:
    state = new_state(CLASSIC, ["Anna", "Boris", "Vera"])
    seen = []
    for _ in range(4):
        seen.append(state.to_move)
        state, end = throw_step(state, 2, 3, 4, 6, 6)
        assert end is not None and end.outcome == "bust"
    assert seen == ["Anna", "Boris", "Vera", "Anna"]


def test_solitaire_the_one_player_moves_again() -> None:
    state, end = throw_step(new_state(CLASSIC, ["Anna"]), 2, 3, 4, 6, 6)
    assert end is not None and state.to_move == "Anna"


@pytest.mark.parametrize("players", [[], [f"P{i}" for i in range(9)], ["Anna", "Anna"], [""]])
def test_bad_player_lists_are_rejected(players: list[str]) -> None:
    with pytest.raises(RulesError):
        new_state(CLASSIC, players)


def test_eight_players_are_accepted() -> None:
    assert len(new_state(CLASSIC, [f"P{i}" for i in range(8)]).players) == 8


# -- scoring throws, bust (R2, R4) ------------------------------------------------------


def test_scoring_dice_are_set_aside_and_the_rest_thrown() -> None:
    state = throw(new_state(CLASSIC, ["Anna"]), 5, 2, 4, 4, 1)
    assert (state.turn_total, state.dice_left) == (15, 3)
    state = throw(state, 1, 2, 2)
    assert (state.turn_total, state.dice_left) == (25, 2)
    assert state.players[0].score == 0  # nothing is recorded during a turn


def test_bust_loses_the_whole_turn_total() -> None:
    state = position(CLASSIC, sheet("Anna", 100), sheet("Boris", 0, entered=False))
    state = throw(state, 5, 2, 4, 4, 1)
    state = throw(state, 1, 2, 2)
    state, end = throw_step(state, 3, 4)
    assert end is not None
    assert (end.outcome, end.points, end.score, end.lost) == ("bust", 0, 100, 25)
    assert scores(state) == [100, 0]
    assert state.to_move == "Boris"
    assert (state.turn_total, state.dice_left) == (0, 5)


# -- entry (R7, §1.4) ----------------------------------------------------------------


def test_entry_needs_100_in_one_turn() -> None:
    state = throw(new_state(CLASSIC, ["Anna", "Boris"]), 1, 5, 2, 3, 6)
    assert not state.may_stop()
    assert state.legal_actions() == (THROW,)
    with pytest.raises(IllegalActionError) as info:
        state.apply(STOP)
    assert info.value.rule == "entry"
    assert info.value.params == {"total": 15, "threshold": 100}
    assert str(info.value) == "cannot stop with 15 points: entering the game needs 100 in one turn"


def test_a_turn_of_exactly_100_enters_the_game() -> None:
    state = throw(new_state(CLASSIC, ["Anna", "Boris"]), 1, 1, 1, 2, 3)
    assert state.may_stop() and state.legal_actions() == (THROW, STOP)
    state, end = state.step(STOP)
    assert end is not None and (end.outcome, end.points, end.score) == ("stop", 100, 100)
    anna = state.players[0]
    assert (anna.score, anna.entered, anna.entry_score) == (100, True, 100)


def test_an_entered_player_may_stop_with_five_points() -> None:
    state = position(CLASSIC, sheet("Anna", 100), sheet("Boris", 0, entered=False))
    state, end = play_turn(state, [(5, 2, 3, 6, 6)], stop=True)
    assert end is not None and end.score == 105


@pytest.mark.parametrize(
    ("game", "short", "enough"),
    [
        # courtyard enters with 50: 45 is refused, 50 enters
        (COURTYARD, [(4, 4, 4, 5, 2)], [(5, 5, 5, 2, 3)]),
        # ussr and barrel850 enter with 75: 70 is refused, 75 enters
        (USSR, [(6, 6, 6, 1, 2)], [(5, 5, 5, 1, 1), (5, 2, 3, 6, 6)]),
        (BARREL850, [(6, 6, 6, 1, 2)], [(5, 5, 5, 1, 1), (5, 2, 3, 6, 6)]),
    ],
)
def test_entry_thresholds_of_the_presets(
    game: Game, short: list[tuple[int, ...]], enough: list[tuple[int, ...]]
) -> None:
    state = new_state(game, ["Anna", "Boris"])
    below, _ = play_turn(state, short)
    assert refusal_rule(below) == "entry"
    _, end = play_turn(state, enough, stop=True)
    assert end is not None
    assert end.score == game.entry_threshold


def test_entry_threshold_zero_means_no_entry_rule() -> None:
    game = game_of({"preset": "classic", "entry_threshold": 0})
    state, end = play_turn(new_state(game, ["Anna"]), [(5, 2, 3, 6, 6)], stop=True)
    assert end is not None and end.score == 5 and state.players[0].entered


# -- barrels (R9, §1.5) --------------------------------------------------------------


def _on(game: Game, score: int) -> GameState:
    return position(game, sheet("Anna", score), sheet("Boris", 0, entered=False))


def test_on_a_barrel_the_player_must_leave_it_in_one_turn() -> None:
    state = throw(_on(CLASSIC, 245), 1, 5, 2, 3, 6)
    with pytest.raises(IllegalActionError) as info:
        state.apply(STOP)
    assert info.value.rule == "barrel"
    assert info.value.params == {"total": 15, "low": 200, "high": 300, "need": 55}
    assert (
        str(info.value)
        == "cannot stop with 15 points: on the barrel 200–300 you need 55 in one turn"
    )


def test_the_upper_bound_is_outside_the_barrel() -> None:
    # 245 + 55 = 300: out of [200, 300) (RULES.md §4)
    state, end = play_turn(_on(CLASSIC, 245), [(5, 5, 5, 2, 3), (5, 2)], stop=True)
    assert end is not None and end.score == 300
    # and at 300 any stop is allowed again
    state, end = play_turn(state._replace(current=0), [(5, 2, 3, 6, 6)], stop=True)
    assert end is not None and end.score == 305


def test_the_lower_bound_is_inside_the_barrel() -> None:
    assert refusal_rule(throw(_on(CLASSIC, 200), 1, 5, 2, 3, 6)) == "barrel"
    _, end = play_turn(_on(CLASSIC, 195), [(5, 2, 3, 6, 6)], stop=True)
    assert end is not None and end.score == 200  # landing on the barrel from below


@pytest.mark.parametrize(("low", "high"), [(200, 300), (600, 700), (880, 1000)])
def test_classic_barrels(low: int, high: int) -> None:
    assert refusal_rule(throw(_on(CLASSIC, low + 5), 5, 2, 3, 6, 6)) == "barrel"
    assert refusal_rule(throw(_on(CLASSIC, high - 10), 5, 2, 3, 6, 6)) == "barrel"
    assert throw(_on(CLASSIC, high - 10), 1, 2, 3, 4, 6).may_stop()
    assert throw(_on(CLASSIC, low - 5), 5, 2, 3, 6, 6).may_stop()
    if high < 1000:
        assert throw(_on(CLASSIC, high), 5, 2, 3, 6, 6).may_stop()


def test_jumping_over_a_barrel_in_one_turn() -> None:
    # 190 + 120 = 310, over 200–300, with a confirmation throw on the way
    throws = [(1, 1, 1, 2, 3), (5, 5), (1, 2, 3, 4, 6)]
    _, end = play_turn(_on(CLASSIC, 190), throws, stop=True)
    assert end is not None and end.score == 310


def test_from_one_barrel_into_the_next_in_one_turn() -> None:
    game = game_of(
        {"preset": "classic", "barrels": [{"from": 200, "to": 300}, {"from": 300, "to": 400}]}
    )
    state, end = play_turn(_on(game, 250), [(6, 6, 6, 2, 3)], stop=True)
    assert end is not None and end.score == 310
    state = state._replace(current=0)
    assert refusal_rule(throw(state, 1, 5, 2, 3, 6)) == "barrel"  # now on 300–400


# -- hot dice (R3, R8, §1.3.4) ------------------------------------------------------------


def test_all_five_dice_in_one_throw_must_be_thrown_again() -> None:
    state = throw(_on(CLASSIC, 100), 2, 2, 2, 5, 5)
    assert (state.turn_total, state.dice_left) == (30, 5)
    assert state.legal_actions() == (THROW,)
    with pytest.raises(IllegalActionError) as info:
        state.apply(STOP)
    assert info.value.rule == "hot_dice"
    assert str(info.value) == (
        "cannot stop with 30 points: all five dice scored and must be thrown again"
    )


def test_the_confirmation_throw_busting_loses_everything() -> None:
    state = throw(_on(CLASSIC, 100), 2, 2, 2, 5, 5)
    state, end = throw_step(state, 2, 3, 4, 6, 6)
    assert end is not None
    assert (end.outcome, end.points, end.score, end.lost) == ("bust", 0, 100, 30)


def test_hot_dice_over_several_throws() -> None:
    # seed 000: 1 5 3 3 4 (15), 5 5 2 (25), the deuce thrown again shows 1 (35):
    # all five dice used, all five are thrown again
    state = throw(_on(CLASSIC, 100), 1, 5, 3, 3, 4)
    state = throw(state, 5, 5, 2)
    assert state.may_stop()
    state = throw(state, 1)
    assert (state.turn_total, state.dice_left) == (35, 5)
    assert refusal_rule(state) == "hot_dice"
    # the confirmation throw is an ordinary throw: its points add, the turn goes on
    state = throw(state, 1, 2, 3, 3, 6)
    assert (state.turn_total, state.dice_left) == (45, 4)
    state, end = state.step(STOP)
    assert end is not None and end.score == 145


def test_a_favorite_scores_nothing_but_forces_all_five_again() -> None:
    state = throw(_on(CLASSIC, 100), 3, 4, 4, 6, 6)
    assert (state.turn_total, state.dice_left) == (0, 5)
    assert refusal_rule(state) == "hot_dice"


def test_five_ones_are_1000_and_still_need_confirmation() -> None:
    state = throw(new_state(CLASSIC, ["Anna", "Boris"]), 1, 1, 1, 1, 1)
    assert (state.turn_total, state.dice_left) == (1000, 5)
    assert refusal_rule(state) == "hot_dice"
    _, end = throw_step(state, 2, 3, 4, 6, 6)
    assert end is not None and (end.outcome, end.score) == ("bust", 0)
    state, end = play_turn(state, [(1, 2, 3, 3, 6)], stop=True)
    assert end is not None and (end.outcome, end.points, end.score) == ("win", 1010, 1010)


def test_hot_dice_may_stop_variant() -> None:
    game = game_of({"preset": "classic", "hot_dice": "may_stop"})
    state = throw(_on(game, 100), 2, 2, 2, 5, 5)
    assert state.dice_left == 5
    assert state.legal_actions() == (THROW, STOP)
    state, end = state.step(STOP)
    assert end is not None and end.score == 130
    # entry and barrels still apply
    assert refusal_rule(throw(new_state(game, ["Anna"]), 2, 2, 2, 5, 5)) == "entry"
    assert refusal_rule(throw(_on(game, 250), 2, 2, 2, 5, 5)) == "barrel"


# -- the end of the game (§1.6, §4) ----------------------------------------------------------


def test_reaching_1000_wins_and_the_game_ends_at_once() -> None:
    state = position(CLASSIC, sheet("Anna", 900), sheet("Boris", 950), current=0)
    state, end = play_turn(state, [(1, 1, 1, 2, 3)], stop=True)
    assert end is not None and (end.outcome, end.points, end.score) == ("win", 100, 1000)
    assert state.is_over and state.winner == 0
    assert state.to_move is None
    assert state.legal_actions() == ()
    assert state.chance_outcomes() == ()
    for action in (THROW, STOP, Outcome((1, 2, 3, 4, 6))):
        refusal = state.refusal(action)
        assert refusal is not None and refusal.rule == "game_over"
        with pytest.raises(IllegalActionError):
            state.apply(action)
    assert scores(state) == [1000, 950]


def test_going_past_the_target_wins_under_reach() -> None:
    state = position(CLASSIC, sheet("Anna", 990))
    _, end = play_turn(state, [(1, 1, 2, 3, 4)], stop=True)
    assert end is not None and (end.outcome, end.score) == ("win", 1010)


class TestExactEnding:
    game = game_of({"preset": "classic", "ending": "exact"})

    def test_hitting_the_target_exactly_wins(self) -> None:
        state, end = play_turn(position(self.game, sheet("Anna", 990)), [(1, 2, 3, 4, 6)], True)
        assert end is not None and (end.outcome, end.score) == ("win", 1000)
        assert state.is_over

    def test_a_throw_above_the_target_busts_the_turn(self) -> None:
        state = position(self.game, sheet("Anna", 980), sheet("Boris", 0, entered=False))
        state = throw(state, 1, 2, 3, 4, 6)  # 990
        state, end = throw_step(state, 1, 1, 3, 4)  # 1010 > 1000
        assert end is not None
        assert (end.outcome, end.points, end.score, end.lost) == ("bust", 0, 980, 30)
        assert state.to_move == "Boris" and not state.is_over


# -- house variants of a turn -------------------------------------------------------------


class TestFirstThrowRetry:
    game = game_of({"preset": "classic", "first_throw_retry": True})

    def test_a_first_throw_scoring_nothing_is_thrown_again(self) -> None:
        state, end = throw_step(_on(self.game, 100), 2, 3, 4, 6, 6)
        assert end is None
        assert (state.turn_total, state.dice_left) == (0, 5)
        assert state.legal_actions() == (THROW,)
        assert refusal_rule(state) == "first_throw_retry"
        state, end = play_turn(state, [(1, 1, 1, 2, 3)], stop=True)
        assert end is not None and end.score == 200

    def test_only_once(self) -> None:
        state = throw(_on(self.game, 100), 2, 3, 4, 6, 6)
        _, end = throw_step(state, 2, 3, 4, 6, 6)
        assert end is not None and end.outcome == "bust"

    def test_only_the_first_throw(self) -> None:
        state = throw(_on(self.game, 100), 1, 2, 3, 4, 6)
        _, end = throw_step(state, 2, 3, 4, 6)
        assert end is not None and end.outcome == "bust"

    def test_without_the_rule_the_first_throw_busts(self) -> None:
        _, end = throw_step(_on(CLASSIC, 100), 2, 3, 4, 6, 6)
        assert end is not None and end.outcome == "bust"


class TestChooseDice:
    game = game_of({"preset": "classic", "choose_dice": True})

    def test_the_player_chooses_among_whole_combinations(self) -> None:
        state = throw(_on(self.game, 100), 1, 1, 1, 2, 3)
        assert state.legal_actions() == (SetAside((1, 1, 1)), SetAside((1, 1)), SetAside((1,)))
        assert not state.may_stop()
        assert refusal_rule(state) == "set_aside_expected"

    def test_keeping_a_single_one_of_three(self) -> None:
        state = throw(_on(self.game, 100), 1, 1, 1, 2, 3).apply(SetAside((1,)))
        assert (state.turn_total, state.dice_left) == (10, 4)
        state, end = state.step(STOP)
        assert end is not None and end.score == 110

    def test_keeping_all_three_ones(self) -> None:
        state = throw(_on(self.game, 100), 1, 1, 1, 2, 3).apply(SetAside((1, 1, 1)))
        assert (state.turn_total, state.dice_left) == (100, 2)

    @pytest.mark.parametrize("keep", [(2,), (), (1, 1, 1, 2), (5,), (1, 2, 3), (1, 1, 1, 1)])
    def test_a_keep_that_is_not_whole_scoring_combinations(self, keep: tuple[int, ...]) -> None:
        state = throw(_on(self.game, 100), 1, 1, 1, 2, 3)
        with pytest.raises(IllegalActionError) as info:
            state.apply(SetAside(keep))
        assert info.value.rule == "set_aside"

    def test_a_straight_or_its_singles(self) -> None:
        state = throw(_on(self.game, 100), 1, 2, 3, 4, 5)
        assert state.apply(SetAside((1, 2, 3, 4, 5))).turn_total == 125
        assert state.apply(SetAside((5, 1))).turn_total == 15
        assert state.apply(SetAside((5,))).dice_left == 4
        with pytest.raises(IllegalActionError):
            state.apply(SetAside((2, 3, 4, 5)))

    def test_a_bust_needs_no_choice(self) -> None:
        _, end = throw_step(_on(self.game, 100), 2, 3, 4, 6, 6)
        assert end is not None and end.outcome == "bust"

    def test_keeping_everything_is_hot_dice(self) -> None:
        state = throw(_on(self.game, 100), 2, 2, 2, 5, 5).apply(SetAside((2, 2, 2, 5, 5)))
        assert refusal_rule(state) == "hot_dice"
        assert state.dice_left == 5


class TestInstantWin:
    def test_five_ones_win_at_once(self) -> None:
        game = game_of({"preset": "classic", "instant_win": "five_ones"})
        state = new_state(game, ["Anna", "Boris"])  # not even in the game
        state, end = throw_step(state, 1, 1, 1, 1, 1)
        assert end is not None and (end.outcome, end.points, end.score) == ("win", 1000, 1000)
        assert state.is_over and state.winner == 0 and state.players[0].entered

    def test_five_ones_after_earlier_throws_add_the_turn_total(self) -> None:
        game = game_of({"preset": "classic", "instant_win": "five_ones"})
        state = throw(_on(game, 100), 2, 2, 2, 5, 5)
        state, end = throw_step(state, 1, 1, 1, 1, 1)
        assert end is not None and (end.outcome, end.points, end.score) == ("win", 1030, 1130)

    def test_five_ones_rule_does_not_make_other_kinds_win(self) -> None:
        game = game_of({"preset": "classic", "instant_win": "five_ones"})
        state, end = throw_step(_on(game, 100), 2, 2, 2, 2, 2)
        assert end is None and state.turn_total == 200 and refusal_rule(state) == "hot_dice"

    @pytest.mark.parametrize("face", range(1, 7))
    def test_ussr_any_five_of_a_kind_wins(self, face: int) -> None:
        state, end = throw_step(new_state(USSR, ["Anna", "Boris"]), *(face,) * 5)
        assert end is not None and end.outcome == "win"
        assert end.score == end.points == USSR.score((face,) * 5).points
        assert state.is_over and state.winner == 0

    def test_ussr_four_of_a_kind_on_four_dice_does_not_win(self) -> None:
        state = throw(_on(USSR, 100), 5, 2, 3, 6, 6)
        state, end = throw_step(state, 4, 4, 4, 4)
        assert end is None and state.turn_total == 405


# -- dump truck ---------------------------------------------------------------------------


def test_dump_truck_at_a_stop_only() -> None:
    game = game_of({"preset": "courtyard", "dump_truck_midturn": False})
    state = position(game, sheet("Anna", 530), sheet("Boris", 0, entered=False))
    state = throw(state, 1, 1, 5, 2, 3)
    assert state.legal_actions() == (THROW, STOP)
    state, end = state.step(STOP)
    assert end is not None and (end.outcome, end.points, end.score) == ("dump_truck", 25, 0)
    assert state.players[0].entered


def test_passing_over_the_dump_truck_is_harmless() -> None:
    state = position(COURTYARD, sheet("Anna", 530), sheet("Boris", 0, entered=False))
    state, end = play_turn(state, [(5, 5, 5, 2, 3)], stop=True)
    assert end is not None and (end.outcome, end.score) == ("stop", 580)


def test_after_a_dump_truck_no_new_entry_is_needed() -> None:
    state = position(COURTYARD, sheet("Anna", 530, bolts=2), sheet("Boris", 0, entered=False))
    state, end = throw_step(state, 1, 1, 5, 2, 3)
    assert end is not None and end.outcome == "dump_truck"
    anna = state.players[0]
    assert (anna.score, anna.entered, anna.bolts) == (0, True, 0)  # consecutive bolts cleared
    state = state._replace(current=0)
    _, end = play_turn(state, [(5, 2, 3, 6, 6)], stop=True)
    assert end is not None and end.score == 5


# -- bolts -------------------------------------------------------------------------------

BUST = (2, 3, 4, 6, 6)


def _bust(state: GameState) -> tuple[GameState, list[Penalty], bool]:
    state, end = throw_step(state, *BUST)
    assert end is not None and end.outcome == "bust"
    return state._replace(current=0), list(end.penalties), end.bolt


class TestUssrBolts:
    def test_every_third_bolt_over_the_game_costs_50(self) -> None:
        state = position(USSR, sheet("Anna", 100))
        state, _, bolt = _bust(state)
        assert bolt and state.players[0].bolts == 1
        state, _ = play_turn(state, [(5, 2, 3, 6, 6)], stop=True)  # 105, not in a row
        assert state.players[0].bolts == 1
        state, _, _ = _bust(state)
        assert state.players[0].bolts == 2
        state, penalties, bolt = _bust(state)
        assert bolt
        assert penalties == [Penalty(0, "bolts", 105, 55)]
        assert (state.players[0].score, state.players[0].bolts) == (55, 0)

    def test_no_bolt_before_entry(self) -> None:
        state = new_state(USSR, ["Anna"])
        for _ in range(3):
            state, penalties, bolt = _bust(state)
            assert not bolt and not penalties
        assert (state.players[0].score, state.players[0].bolts) == (0, 0)

    @pytest.mark.parametrize("score", [200, 250, 650, 900, 950])
    def test_no_bolt_on_a_barrel(self, score: int) -> None:
        state = position(USSR, sheet("Anna", score, bolts=2))
        state, _, bolt = _bust(state)
        assert not bolt
        assert (state.players[0].score, state.players[0].bolts) == (score, 2)


class TestCourtyardBolts:
    def test_three_in_a_row_cost_50_even_before_entry(self) -> None:
        state = new_state(COURTYARD, ["Anna"])
        state, _, _ = _bust(state)
        state, _, _ = _bust(state)
        assert state.players[0].bolts == 2
        state, penalties, bolt = _bust(state)
        assert bolt and penalties == [Penalty(0, "bolts", 0, -50)]
        anna = state.players[0]
        assert (anna.score, anna.entered, anna.bolts) == (-50, False, 0)

    def test_entering_from_below_zero(self) -> None:
        """§2.1 "Stop": new = score + turn total — the bolt penalty taken before entry stays.

        (§1.4 says "the entering turn's total becomes their score"; it was written for
        classic, where nothing can change a score before entry. Noted as an ambiguity.)
        """
        state = position(COURTYARD, sheet("Anna", -50, entered=False))
        state, end = play_turn(state, [(6, 6, 6, 2, 3)], stop=True)
        assert end is not None and end.score == 10
        assert state.players[0].entered

    def test_a_recorded_turn_clears_the_count(self) -> None:
        state = position(COURTYARD, sheet("Anna", 100))
        state, _, _ = _bust(state)
        state, _, _ = _bust(state)
        state, end = play_turn(state, [(5, 2, 3, 6, 6)], stop=True)
        assert end is not None and state.players[0].bolts == 0
        state = state._replace(current=0)
        state, penalties, _ = _bust(state)
        assert not penalties and (state.players[0].score, state.players[0].bolts) == (105, 1)

    def test_bolts_count_on_a_barrel_too(self) -> None:
        state = position(COURTYARD, sheet("Anna", 250, bolts=2))
        state, penalties, bolt = _bust(state)
        assert bolt and penalties == [Penalty(0, "bolts", 250, 200)]


# -- barrel attempts and knock-off (ussr final barrel) ----------------------------------------


def test_ussr_final_barrel_three_attempts_then_minus_100() -> None:
    state = position(USSR, sheet("Anna", 900))
    state, penalties, _ = _bust(state)
    assert not penalties and state.players[0].barrel_turns == 1
    state, penalties, _ = _bust(state)
    assert not penalties and state.players[0].barrel_turns == 2
    state, penalties, _ = _bust(state)
    assert penalties == [Penalty(0, "barrel_attempts", 900, 800)]
    anna = state.players[0]
    assert (anna.score, anna.barrel_turns, anna.bolts) == (800, 0, 0)


def test_ussr_pits_have_no_attempts() -> None:
    state = position(USSR, sheet("Anna", 250))
    for _ in range(4):
        state, penalties, _ = _bust(state)
        assert not penalties
    assert state.players[0].score == 250


def test_ussr_knock_off_from_the_final_barrel() -> None:
    state = position(USSR, sheet("Anna", 920, barrel_turns=2), sheet("Boris", 850), current=1)
    state, end = play_turn(state, [(6, 6, 6, 2, 3)], stop=True)
    assert end is not None and (end.outcome, end.score) == ("stop", 910)
    assert list(end.penalties) == [Penalty(0, "knocked_off", 920, 820)]
    assert scores(state) == [820, 910]
    assert state.players[0].barrel_turns == 0


def test_ussr_no_knock_off_in_the_pits() -> None:
    state = position(USSR, sheet("Anna", 250), sheet("Boris", 150), current=1)
    _, end = play_turn(state, [(5, 5, 5, 2, 3), (1, 2)], stop=True)
    assert end is not None and end.score == 210 and not end.penalties


# -- overtaking (courtyard) -----------------------------------------------------------------


def test_overtaking_from_equal_scores_counts() -> None:
    state = position(COURTYARD, sheet("Anna", 500), sheet("Boris", 500), current=1)
    state, end = play_turn(state, [(5, 2, 3, 6, 6)], stop=True)
    assert end is not None and list(end.penalties) == [Penalty(0, "overtaken", 500, 450)]
    assert scores(state) == [450, 505]


def test_no_overtaking_when_already_ahead_or_not_past() -> None:
    ahead = position(COURTYARD, sheet("Anna", 550), sheet("Boris", 560), current=1)
    _, end = play_turn(ahead, [(5, 2, 3, 6, 6)], stop=True)
    assert end is not None and not end.penalties
    level = position(COURTYARD, sheet("Anna", 550), sheet("Boris", 500), current=1)
    _, end = play_turn(level, [(5, 5, 5, 2, 3)], stop=True)  # 550: level, not above
    assert end is not None and not end.penalties


def test_overtaking_several_players_at_once() -> None:
    state = position(
        COURTYARD, sheet("Anna", 400), sheet("Boris", 420), sheet("Vera", 450), current=0
    )
    state, end = play_turn(state, [(1, 1, 1, 2, 3)], stop=True)
    assert end is not None and len(end.penalties) == 2
    assert scores(state) == [500, 370, 400]


def test_players_not_in_the_game_are_not_overtaken() -> None:
    state = position(COURTYARD, sheet("Anna", -50, entered=False), sheet("Boris", 0, entered=False))
    state, end = play_turn(state, [(6, 6, 6, 2, 3)], stop=True)
    assert end is not None and end.score == 10 and not end.penalties
    assert scores(state) == [10, 0]


def test_the_entering_stop_can_overtake() -> None:
    """RULES.md §2: the stop lifts a player (in the game or not) above an in-game player."""
    # Boris is in the game at 0 after a dump truck; Anna enters from -50 to 10
    state = position(COURTYARD, sheet("Anna", -50, entered=False), sheet("Boris", 0, entry=80))
    state, end = play_turn(state, [(6, 6, 6, 2, 3)], stop=True)
    assert end is not None and end.score == 10
    assert list(end.penalties) == [Penalty(1, "overtaken", 0, -50)]


def test_a_win_takes_no_penalties_from_others() -> None:
    state = position(COURTYARD, sheet("Anna", 980), sheet("Boris", 990), current=0)
    state, end = play_turn(state, [(1, 1, 1, 2, 3)], stop=True)
    assert end is not None and end.outcome == "win" and not end.penalties
    assert scores(state) == [1080, 990]


# -- the 850 barrel ---------------------------------------------------------------------------


def test_barrel850_a_stop_past_850_is_credited_850() -> None:
    state = position(BARREL850, sheet("Anna", 800), sheet("Boris", 0, entered=False))
    state, end = play_turn(state, [(1, 1, 1, 2, 3)], stop=True)
    assert end is not None and (end.outcome, end.points, end.score) == ("stop", 100, 850)


def test_barrel850_then_150_in_one_turn() -> None:
    state = position(BARREL850, sheet("Anna", 850), sheet("Boris", 0, entered=False))
    state = throw(throw(state, 1, 1, 1, 2, 3), 5, 2)  # 105, one die left
    with pytest.raises(IllegalActionError) as info:
        state.apply(STOP)
    assert info.value.rule == "barrel" and info.value.params["need"] == 150
    state, end = play_turn(state, [(1,), (5, 5, 5, 2, 3)], stop=True)  # 115, then 165
    assert end is not None and (end.outcome, end.score) == ("win", 1015)


def test_barrel850_not_capped_when_reaching_the_target() -> None:
    state = position(BARREL850, sheet("Anna", 800))
    _, end = play_turn(state, [(1, 1, 1, 1, 6)], stop=True)
    assert end is not None and (end.outcome, end.score) == ("win", 1000)
