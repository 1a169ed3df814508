"""The solitaire solver of the sheet games: the published Yahtzee optimum, positions near
the end of the game against a brute force over the engine's own positions, the values of
every action against the value of the position, the cache, and ``thousand solve``.

Each rule set is solved once per session (a few seconds each, the compile of the kernels
once per machine).
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from tests.core.pace_support import CtrlCAt, tell_every_call
from thousand.cli.main import main
from thousand.core.errors import RulesError
from thousand.games.poker_dice import Outcome, Position, Throw, new_position
from thousand.games.poker_dice.config import Rules
from thousand.games.poker_dice.odds import ROLL_PROB, ROLLS
from thousand.games.poker_dice.presets import load_preset, rules_from_spec
from thousand.games.poker_dice.scoring import boxes
from thousand.games.poker_dice.solver import (
    SOLVER_VERSION,
    SolverError,
    Strategy,
    cache_path,
    load_or_solve,
    solve,
)
from thousand.games.poker_dice.state import Boxes, PlayerSheet

CUSTOM = {
    "preset": "russian",
    "series1": "done_or_minus",
    "series1_first": True,
    "throws": 2,
    "bonus_threshold": -5,
    "unmade": "minus",
    "four_bonus": 30,
}
"""Keys the presets leave alone, together: series 1 first, two throws, minus boxes."""


@cache
def strategy_of(spec: str) -> Strategy:
    """The solved strategy of a preset name or a JSON rules spec, once per session."""
    rules = rules_from_spec(json.loads(spec) if spec.startswith("{") else spec)
    return solve(rules)


# -- brute force over the engine ----------------------------------------------------------


def engine_total(position: Position) -> float:
    """The expected final total of seat 0 of a one-player game from ``position``, by
    trying every action the engine offers and every outcome of every throw."""
    memo: dict[Position, float] = {}

    def value(at: Position) -> float:
        found = memo.get(at)
        if found is not None:
            return found
        if at.is_over:
            result = float(at.totals(0).total)
        elif at.is_chance_node:
            result = sum(
                float(chance) * value(at.advance(Outcome(faces)))
                for faces, chance in at.chance_outcomes()
            )
        else:
            result = max(value(at.advance(action)) for action in at.legal_actions())
        memo[at] = result
        return result

    return value(position)


def sheet_position(
    rules: Rules, points: Mapping[str, int | None], *, bank: int = 0, extra: int = 0
) -> Position:
    """A one-player game at the start of a turn with ``points`` written."""
    start = new_position(rules, ["Solo"])
    names = boxes(rules.sheet)
    sheet = PlayerSheet("Solo", Boxes(names, [points.get(box) for box in names]), extra, bank, ())
    return Position(rules, (sheet,), 0, (), 0, 0, 0, start.contenders, False)


def all_but(rules: Rules, points: Mapping[str, int], *left: str) -> dict[str, int | None]:
    """Every box filled from ``points`` but the boxes ``left``."""
    return {box: (None if box in left else points[box]) for box in boxes(rules.sheet)}


YAHTZEE_SHEET = {
    "ones": 3,
    "twos": 6,
    "threes": 9,
    "fours": 12,
    "fives": 15,
    "sixes": 18,
    "three": 20,
    "four": 0,
    "full_house": 25,
    "small_straight": 30,
    "big_straight": 40,
    "poker": 50,
    "chance": 22,
}
RUSSIAN_SHEET = {
    "ones": 0,
    "twos": -2,
    "threes": 3,
    "fours": 0,
    "fives": -5,
    "sixes": 6,
    "pair": 20,
    "two_pairs": 16,
    "three": 15,
    "small_straight": 15,
    "big_straight": 40,
    "full_house": 0,
    "four": 16,
    "poker": 0,
    "chance": 21,
}
BANKED_SHEET = {
    "ones": 0,
    "twos": 0,
    "threes": -9,
    "fours": 0,
    "fives": 0,
    "sixes": 0,
    "pair": 12,
    "two_pairs": -6,
    "three": 30,
    "small_straight": 30,
    "big_straight": -20,
    "full_house": 22,
    "four": 46,
    "poker": 110,
    "chance": 25,
}

CUSTOM_SHEET = {
    **RUSSIAN_SHEET,
    "twos": -2,
    "fives": 0,
    "sixes": 0,
    "small_straight": 30,
    "big_straight": -20,
    "full_house": -7,
    "four": 46,
    "poker": -5,
}

FORCED = json.dumps({"preset": "yahtzee", "joker": "forced"})
"""POKER_DICE.md §3's wording of the joker (the preset plays the published optimum's)."""

ENDGAMES: list[tuple[str, dict[str, int | None], int, int]] = [
    # chance alone, the upper bonus already made
    ("yahtzee", {**YAHTZEE_SHEET, "chance": None}, 0, 0),
    # a yahtzee of sixes is a joker full house (+100), or the chance of a plain one
    ("yahtzee", {**YAHTZEE_SHEET, "full_house": None}, 0, 100),
    # fours alone, which the bonus needs three of (subtotal 51 + 12)
    ("yahtzee", {**YAHTZEE_SHEET, "fours": None}, 0, 0),
    # a scratched yahtzee box earns no +100; the bonus needs four fives
    ("yahtzee", {**YAHTZEE_SHEET, "fives": None, "poker": 0, "ones": 1}, 0, 0),
    # the free joker: five sixes are ordinary dice while sixes is empty, five of another
    # face a joker for either box; a bonus of 35 at stake in sixes
    ("yahtzee", {**YAHTZEE_SHEET, "sixes": None, "full_house": None}, 0, 0),
    # the forced joker: five sixes must go in sixes, five of another face in full house
    (FORCED, {**YAHTZEE_SHEET, "sixes": None, "full_house": None}, 0, 0),
    # doubling of a first-throw pair
    ("russian", {**RUSSIAN_SHEET, "pair": None}, 0, 0),
    # sixes decide the bonus: subtotal -4 without them, four sixes make it
    ("russian", {**RUSSIAN_SHEET, "sixes": None}, 0, 0),
    # poker with its bonus, doubled, or -5 unmade; a bank of four throws, 3 points each
    ("russian_banked", {**BANKED_SHEET, "poker": None}, 4, 0),
    # a crossed series 1 decides the bonus; banked throws
    ("russian_banked", {**BANKED_SHEET, "ones": None, "threes": 0}, 2, 0),
    # series 1 first: threes before the pair, two throws a turn; the bonus from -5
    (json.dumps(CUSTOM), {**CUSTOM_SHEET, "threes": None, "pair": None}, 0, 0),
]


@pytest.mark.slow
@pytest.mark.parametrize(("spec", "points", "bank", "extra"), ENDGAMES)
def test_endgames_agree_with_a_brute_force_over_the_engine(
    spec: str, points: dict[str, int | None], bank: int, extra: int
) -> None:
    strategy = strategy_of(spec)
    position = sheet_position(strategy.rules, points, bank=bank, extra=extra)
    assert strategy.value(points, bank=bank, extra=extra) == pytest.approx(
        engine_total(position), abs=1e-9
    )


def test_inside_a_turn_every_action_agrees_with_the_brute_force() -> None:
    strategy = strategy_of("russian_banked")
    rules = strategy.rules
    points = {**BANKED_SHEET, "small_straight": None}
    position = sheet_position(rules, points, bank=1)
    position = position.advance(Throw(())).advance(Outcome((1, 2, 3, 5, 5)))
    position = position.advance(Throw((1, 2, 3, 5))).advance(Outcome((6,)))
    values = strategy.action_values(position)
    assert list(values) == list(position.legal_actions())
    for action, value in values.items():
        assert value == pytest.approx(engine_total(position.advance(action)), abs=1e-9)


# -- the published optimum ---------------------------------------------------------------


def test_the_yahtzee_preset_gives_the_published_optimum_254_5896() -> None:
    """Verhoeff (1999) and Glenn (2006): 254.5896, under their joker (the preset's
    ``"free"``: a further yahtzee may go in any empty box, and scores the lower boxes'
    full values once the upper box of its face is filled)."""
    strategy = strategy_of("yahtzee")
    assert strategy.expected_total == pytest.approx(254.5896, abs=1e-4)
    assert strategy.expected_total == pytest.approx(254.58960948196, abs=1e-9)


def test_under_the_forced_joker_of_section_3_the_optimum_is_254_5877() -> None:
    """POKER_DICE.md §3's wording (the Hasbro rule: the upper box of the face if empty,
    else any empty lower box, else an upper box for 0; also after a scratched yahtzee
    box) forbids some of the free joker's choices. An independent solver of these rules
    finds 254.58772873449593."""
    assert strategy_of(FORCED).expected_total == pytest.approx(254.5877287344962, abs=1e-9)


def test_without_further_yahtzees_and_joker_the_published_245_87() -> None:
    """Glenn, Woodward: 245.870775 without the +100 and the joker."""
    rules = rules_from_spec({"preset": "yahtzee", "extra_poker_bonus": 0, "joker": "none"})
    assert solve(rules).expected_total == pytest.approx(245.870775, abs=1e-6)


# -- action values --------------------------------------------------------------------------


SHEETS: list[tuple[str, dict[str, int | None], int, int]] = [
    ("yahtzee", {}, 0, 0),
    ("yahtzee", {"poker": 50, "sixes": 24, "three": 17}, 0, 100),
    ("russian", {}, 0, 0),
    ("russian", {"ones": -3, "pair": 24, "poker": 110}, 0, 0),
    ("russian_banked", {}, 0, 0),
    ("russian_banked", {"fives": 0, "chance": 19, "four": -4}, 3, 0),
]


@pytest.mark.parametrize(("spec", "points", "bank", "extra"), SHEETS)
def test_the_best_action_of_every_first_throw_adds_up_to_the_sheets_value(
    spec: str, points: dict[str, int | None], bank: int, extra: int
) -> None:
    strategy = strategy_of(spec)
    start = strategy.value(points, bank=bank, extra=extra)
    expected = 0.0
    for roll, chance in zip(ROLLS, ROLL_PROB, strict=True):
        values = strategy.turn_values(points, roll, 1, bank=bank, extra=extra)
        assert [v for _, v in values] == sorted((v for _, v in values), reverse=True)
        expected += chance * values[0][1]
    assert expected == pytest.approx(start, abs=1e-9)


def test_a_keep_is_worth_the_average_best_action_after_its_throw() -> None:
    strategy = strategy_of("russian")
    points: dict[str, int | None] = {"sixes": 12, "two_pairs": 18}
    values = dict(strategy.turn_values(points, (2, 3, 5, 6, 6), 2))
    after = 0.0
    for face in range(1, 7):
        dice = (2, 3, 5, 6, face)
        after += max(v for _, v in strategy.turn_values(points, dice, 3)) / 6
    assert values[Throw((2, 3, 5, 6))] == pytest.approx(after, abs=1e-9)


def test_action_values_follow_the_engines_legal_actions_through_whole_games() -> None:
    for spec in ("yahtzee", "russian", "russian_banked"):
        strategy = strategy_of(spec)
        position = new_position(strategy.rules, ["Solo"])
        generator = np.random.default_rng(7)
        while not position.is_over:
            if position.is_chance_node:
                faces = tuple(int(f) for f in generator.integers(1, 7, position.in_air))
                position = position.advance(Outcome(faces))
                continue
            values = strategy.action_values(position)
            assert list(values) == list(position.legal_actions())
            position = position.advance(max(values, key=values.__getitem__))
        assert position.totals(0).total > 0


def test_positions_are_refused_with_one_line() -> None:
    strategy = strategy_of("yahtzee")
    with pytest.raises(SolverError, match="unknown box 'pair'"):
        strategy.value({"pair": 4})
    with pytest.raises(SolverError, match="'sixes' cannot hold 7"):
        strategy.value({"sixes": 7})
    with pytest.raises(SolverError, match="bank must be 0"):
        strategy.value({}, bank=1)
    with pytest.raises(SolverError, match="five faces"):
        strategy.turn_values({}, (1, 2, 3), 1)
    with pytest.raises(SolverError, match="throws_made must be 1 to 3"):
        strategy.turn_values({}, (1, 2, 3, 4, 5), 4)
    with pytest.raises(SolverError, match="full"):
        strategy.turn_values(YAHTZEE_SHEET, (1, 2, 3, 4, 5), 1)
    banked = strategy_of("russian_banked")
    with pytest.raises(SolverError, match="impossible after 1 turns"):
        banked.value({"chance": 20}, bank=3)


def test_a_full_sheet_is_worth_its_total_with_the_bonus_and_the_unused_throws() -> None:
    assert strategy_of("yahtzee").value(YAHTZEE_SHEET, extra=200) == 250 + 35 + 200
    assert strategy_of("russian_banked").value(BANKED_SHEET, bank=5) == 240 + 0 + 15
    assert strategy_of("russian").value(RUSSIAN_SHEET) == 145 + 50


# -- the cache ---------------------------------------------------------------------------


@pytest.fixture
def cache_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("THOUSAND_CACHE_DIR", str(tmp_path))
    yield tmp_path


def test_the_cache_keeps_a_strategy_and_drops_damaged_or_stale_files(cache_folder: Path) -> None:
    strategy = strategy_of("yahtzee")
    rules = strategy.rules
    path = strategy.save()
    assert path == cache_path(rules) and path.is_relative_to(cache_folder)
    loaded = Strategy.load(rules)
    assert loaded is not None and loaded.source == path
    assert np.array_equal(loaded.values, strategy.values) and loaded.info == strategy.info
    assert load_or_solve(rules).source == path
    other = rules_from_spec({"preset": "yahtzee", "bonus": 30})
    assert Strategy.load(other, path) is None  # another rule set's file
    data = dict(np.load(path))
    meta = json.loads(str(data["meta"]))
    np.savez(
        path,
        meta=np.array(json.dumps({**meta, "version": SOLVER_VERSION - 1})),
        values=data["values"],
    )
    assert Strategy.load(rules) is None  # an older solver's
    np.savez(path, meta=data["meta"], values=data["values"][:-1])
    assert Strategy.load(rules) is None  # the wrong shape
    path.write_bytes(b"PK\x03\x04 not really a zip")
    assert Strategy.load(rules) is None  # damaged


def test_a_damaged_cache_is_solved_again(cache_folder: Path) -> None:
    rules = rules_from_spec({"preset": "yahtzee", "throws": 1})
    path = cache_path(rules)
    path.parent.mkdir(parents=True)
    path.write_text("garbage")
    strategy = load_or_solve(rules)
    assert strategy.source is None and Strategy.load(rules) is not None
    assert strategy.expected_total == pytest.approx(strategy.value({}), abs=0)


def test_a_solve_runs_in_short_calls_that_ctrl_c_stops(monkeypatch: pytest.MonkeyPatch) -> None:
    """The kernel is called over bands of states (one unit each here), and progress is
    told between calls: a Ctrl+C there (raised by the progress) ends the solve."""
    tell_every_call(monkeypatch)
    progress = CtrlCAt(5)
    with pytest.raises(KeyboardInterrupt):
        solve(rules_from_spec({"preset": "yahtzee", "throws": 1}), progress)
    assert progress.lines[0].startswith("solving 314,880 positions")
    assert all("of the positions solved" in line for line in progress.lines[1:])


def test_the_ranking_game_is_refused() -> None:
    with pytest.raises(RulesError, match="has no sheet"):
        solve(load_preset("ranking"))


# -- thousand solve --game poker_dice ----------------------------------------------------


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), stdin=io.StringIO(), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def test_solve_prints_the_expected_total_from_the_cache(cache_folder: Path) -> None:
    strategy_of("yahtzee").save()
    status, out, err = run("solve", "--game", "poker_dice", "--rules", "yahtzee", "--json")
    assert status == 0, err
    data: dict[str, Any] = json.loads(out)
    assert data["game"] == "poker_dice" and data["rules"] == "yahtzee" and data["cached"]
    assert data["expected_total"] == pytest.approx(254.58960948196, abs=1e-9)
    assert data["states"] == strategy_of("yahtzee").info.states
    assert {"seconds", "peak_memory_mb"} <= set(data)
    status, out, _ = run("solve", "--game", "poker_dice", "--rules", "yahtzee")
    assert status == 0 and "254.5896" in out and "cached" in out


def test_solve_solves_and_caches_with_progress(cache_folder: Path) -> None:
    spec = cache_folder / "one.toml"
    spec.write_text('preset = "yahtzee"\nthrows = 1\n')
    status, out, err = run("solve", "--game", "poker_dice", "--rules", str(spec))
    assert status == 0, err
    assert "solving" in err and "expected final total" in out
    status, out, _ = run("solve", "--game", "poker_dice", "--rules", str(spec), "--json")
    assert status == 0 and json.loads(out)["cached"] is True
    status, out, _ = run("solve", "--game", "poker_dice", "--rules", str(spec), "--json", "--force")
    assert status == 0 and json.loads(out)["cached"] is False


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("--rules", "ranking"), "no sheet"),
        (("--rules", "classic"), "unknown preset 'classic'"),
        (("--players", "3"), "one player's sheet"),
    ],
)
def test_solve_refuses_bad_input_with_one_line(
    argv: tuple[str, ...], message: str, cache_folder: Path
) -> None:
    status, out, err = run("solve", "--game", "poker_dice", *argv)
    assert status == 2 and out == ""
    assert message in err and err.count("\n") == 1
