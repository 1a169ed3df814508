"""The coach: every decision with its value, best first, consistent with the solver (the
best option is the position's value, a throw is worth the average of the best options
after it) and with the optimal player's choice."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from tests.games.poker_dice.bot_support import (
    PRESETS,
    SHEET_PRESETS,
    optimal_bot,
    preset_positions,
    random_position,
    rules_of,
    strategy_of,
)
from tests.games.poker_dice.engine_support import start, throw
from thousand.cli.main import ExitStatus, main
from thousand.games.poker_dice import STOP, THROW, Outcome, Position, Throw, Write
from thousand.games.poker_dice.coach import CoachError, Coaching, coach
from thousand.games.poker_dice.record import replay


def coached(position: Position) -> Coaching:
    if position.is_ranking:
        return coach(position)
    return coach(position, strategy_of(_preset(position)))


def _preset(position: Position) -> str:
    for preset in PRESETS:
        if rules_of(preset) == position.rules:
            return preset
    raise AssertionError("not a preset")


def expected_after(position: Position, action: Throw) -> float:
    """The average, over the dice thrown, of the coach's best value once they land."""
    thrown = position.apply(action)
    return sum(
        float(chance) * coached(thrown.apply(Outcome(faces))).best.value
        for faces, chance in thrown.chance_outcomes()
    )


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(drawn=preset_positions(max_steps=150, max_players=3))
def test_the_best_option_is_the_optimal_players_move(drawn: tuple[str, Position]) -> None:
    preset, position = drawn
    if position.over or position.in_air:
        return
    advice = coached(position)
    assert optimal_bot(preset)(position) == advice.best.action
    assert {option.action for option in advice.options} == set(position.legal_actions())
    values = [option.value for option in advice.options]
    assert values == sorted(values, reverse=True)
    assert advice.best.loss == 0
    assert all(
        option.loss == pytest.approx(advice.best.value - option.value) for option in advice.options
    )


@pytest.mark.parametrize("preset", SHEET_PRESETS)
@pytest.mark.parametrize("seed", [1, 2])
def test_the_turns_value_is_the_average_of_the_best_options_after_its_first_throw(
    preset: str, seed: int
) -> None:
    position = random_position(rules_of(preset), seed, 30, players=1)
    while position.throws or position.over or position.player.boxes.is_full:
        seed += 100  # the start of a turn with some boxes filled
        position = random_position(rules_of(preset), seed, 30, players=1)
    assert any(points is not None for points in position.player.boxes.points)
    strategy = strategy_of(preset)
    advice = coached(position)
    assert [option.action for option in advice.options] == [THROW]
    sheet = position.player
    start_value = strategy.value(sheet.boxes, bank=sheet.bank, extra=sheet.extra)
    assert advice.best.value == pytest.approx(start_value, abs=1e-9)
    assert expected_after(position, THROW) == pytest.approx(start_value, abs=1e-9)


@pytest.mark.parametrize("preset", SHEET_PRESETS)
def test_a_keep_is_worth_the_average_of_the_best_options_after_it(preset: str) -> None:
    position = throw(start(preset, names=["Anna"]), (6, 6, 3, 2, 1))
    advice = coached(position)
    for keep in ((6, 6), (1, 2, 3), ()):
        value = advice.value_of(Throw(keep))
        assert expected_after(position, Throw(keep)) == pytest.approx(value, abs=1e-9)


def test_a_write_is_worth_its_points_and_the_sheet_it_leaves() -> None:
    strategy = strategy_of("russian")
    position = throw(start("russian", names=["Anna"]), (6, 6, 6, 2, 2))
    advice = coach(position, strategy)
    after = position.apply(Write("full_house"))
    sheet = after.players[0]
    assert sheet.boxes["full_house"] == 44  # 6 6 6 2 2 doubled after the first throw
    later = strategy.value(sheet.boxes, bank=sheet.bank, extra=sheet.extra)
    assert advice.value_of(Write("full_house")) == pytest.approx(later, abs=1e-9)


def test_the_ranking_coach_gives_chances_and_says_where_they_are_exact() -> None:
    position = throw(start("ranking", names=["Anna", "Boris"]), (6, 6, 2, 3, 1))
    first = coach(position)
    assert first.measure == "win_chance" and not first.exact
    assert all(0 <= option.value <= 1 for option in first.options)
    position = throw(position.apply(STOP), (5, 5, 2, 3, 1))
    last = coach(position)
    assert last.exact and last.value_of(STOP) == 0  # a pair of 5s loses to 6s
    assert last.best.action == Throw((5, 5))


def test_the_coach_speaks_only_at_a_decision() -> None:
    position = start("yahtzee", names=["Anna"])
    with pytest.raises(CoachError, match="in the air"):
        coach(position.apply(THROW), strategy_of("yahtzee"))
    data = coach(position, strategy_of("yahtzee")).to_json_data()
    assert data["measure"] == "total" and data["best"] == "throw"
    expected = strategy_of("yahtzee").expected_total
    assert data["options"] == [{"action": "throw", "value": expected, "loss": 0.0}]


# -- thousand advise on a record of poker dice ---------------------------------------------

FIXTURES = Path(__file__).parent / "fixtures"


def advise(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(["advise", *argv], stdin=io.StringIO(), stdout=out, stderr=err)
    return int(status), out.getvalue(), err.getvalue()


def test_advise_coaches_where_a_sheet_record_ends(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("THOUSAND_CACHE_DIR", str(tmp_path))
    strategy_of("russian").save()
    status, out, err = advise("--json", str(FIXTURES / "russian_3_in_progress.json"))
    assert status == ExitStatus.OK, err
    data = json.loads(out)
    position = replay(json.loads((FIXTURES / "russian_3_in_progress.json").read_text())).position
    advice = coach(position, strategy_of("russian"))
    assert data["game"] == "poker_dice" and data["player"] == position.to_move
    assert data["best"] == str(advice.best.action) and data["measure"] == "total"
    assert [option["value"] for option in data["options"]] == [
        option.value for option in advice.options
    ]
    status, out, err = advise(str(FIXTURES / "russian_3_in_progress.json"))
    assert status == ExitStatus.OK, err
    assert out.startswith(f"To move: {position.to_move}, dice ") and "← best" in out


def test_advise_gives_the_ranking_games_chances() -> None:
    status, out, err = advise(str(FIXTURES / "ranking_playoff_3_in_progress.json"))
    assert status == ExitStatus.OK, err
    assert "wins" in out and "← best" in out and "Exact for the last player" in out


def test_advise_refuses_a_finished_poker_game_in_one_line() -> None:
    status, out, err = advise(str(FIXTURES / "yahtzee_1.json"))
    assert status == ExitStatus.BAD_INPUT and out == ""
    assert "the game is over" in err and err.count("\n") == 1
