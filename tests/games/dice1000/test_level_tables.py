"""The level tables decide exactly as the planning bots do, and play the engine's game.

A table (:mod:`thousand.games.dice1000.solver.levels`) is a second implementation of
``_Plan``: the test asks both for the decision at random positions — a random sheet of
the mover among every sheet a game can reach, one to three random opponents (so the
threat takes its many values) — and wants the same answer everywhere, except where the
bot's two values are equal to 1e-9 (a tie that rounding may break either way; there are
next to none).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import numpy as np
import pytest

from thousand.games.dice1000 import STOP, Game, GameState, rules_from_spec
from thousand.games.dice1000.bots import LevelBot, make_bot
from thousand.games.dice1000.planning import (
    THREAT_STEPS,
    WIN,
    quantised_threat,
    rules_model,
)
from thousand.games.dice1000.solver.fastplay import FastGame
from thousand.games.dice1000.solver.levels import cached_level_table, level_path
from thousand.games.dice1000.solver.sheets import sheet_state
from thousand.games.dice1000.state import Forced, Phase

LEVELS = ("cautious", "balanced", "bold")

RULE_SETS: dict[str, object] = {
    "classic": "classic",
    "ussr": "ussr",
    "courtyard": "courtyard",
    "barrel850": "barrel850",
    "may-stop-retry": {"preset": "classic", "hot_dice": "may_stop", "first_throw_retry": True},
    "exact-500": {
        "preset": "classic",
        "ending": "exact",
        "target": 500,
        "barrels": [{"from": 200, "to": 300}],
    },
}
"""The four presets (scores that fall under three of them: bolts, dump trucks,
overtaking, barrel attempts, knock-off to the entry score), and two house rules that
change a turn's ends: stopping on hot dice with a retried first throw (n = 5 is a
decision), and the exact ending (a total past the target busts) with one barrel."""

POSITIONS = 250


def _bot(level: str) -> LevelBot:
    bot = make_bot(level, 0)
    assert isinstance(bot, LevelBot)
    return bot


def _positions(fast: FastGame, seed: int) -> Iterator[tuple[GameState, int, int, int]]:
    """Free positions (a stop is allowed): the state, the mover's sheet, ``t``, ``n``."""
    rng = random.Random(seed)
    sheets = fast.sheets
    game = fast.game
    playing = [s for s in range(sheets.count) if sheets.score[s] < sheets.target]
    found = 0
    while found < POSITIONS:
        i = rng.choice(playing)
        last = int(sheets.target - sheets.score[i])
        t = rng.randrange(1, last + 1)
        n = rng.randrange(1, 6)
        if sheets.stop_to[i, t] < -1 or (n == 5 and sheets.hot_must_throw):
            continue
        others = [rng.choice(playing) for _ in range(rng.randrange(1, 4))]
        players = tuple(sheet_state(sheets.sheets[s], f"p{k}") for k, s in enumerate([i, *others]))
        state = GameState(
            game, players, 0, Phase.DECIDE, t * sheets.unit, n, Forced.NO, 1, (), None
        )
        assert state.may_stop()
        found += 1
        yield state, i, t, n


@pytest.mark.slow
@pytest.mark.parametrize("rules", list(RULE_SETS.values()), ids=list(RULE_SETS))
def test_tables_decide_as_the_bots_do(rules: object) -> None:
    """Every level, 250 free positions at tables of two to four: the table's decision is
    the bot's."""
    game = Game(rules_from_spec(rules))
    fast = FastGame(game)
    model = fast.model()
    bots = [_bot(level) for level in LEVELS]
    tables = [cached_level_table(game, bot.temperament, fast.sheets, model) for bot in bots]
    checked = ties = 0
    wrong: list[str] = []
    for state, i, t, n in _positions(fast, seed=7):
        threat = rules_model(game).threat(state)
        q = int(np.floor(threat * THREAT_STEPS + 0.5))
        assert q / THREAT_STEPS == quantised_threat(threat)
        for bot, table in zip(bots, tables, strict=True):
            checked += 1
            plan = bot.plan(state)
            key = plan.graph.key_of(state)
            if plan.graph.nodes[key].stop != WIN:
                throw = plan.throw_value(key, bot.temperament.horizon - 1) - plan.margin(key)
                if abs(throw - plan.stop_value(key)) <= 1e-9:
                    ties += 1
                    continue
            if table.stops(i, q, t, n) != (bot(state) is STOP):
                wrong.append(f"{bot.temperament.name} at {fast.sheets.sheets[i]}, {t=} {n=} {q=}")
    assert checked == len(LEVELS) * POSITIONS
    assert not wrong, f"{len(wrong)} of {checked} decisions differ: {wrong[:5]}"
    assert ties <= checked // 100


def test_sheets_that_a_turn_sees_alike_share_a_row() -> None:
    """Under barrel850 thousands of sheets differ only in the entry score a knock-off
    returns to, which no bot looks at: they share rows of the table."""
    fast = FastGame(Game(rules_from_spec("barrel850")))
    model = fast.model()
    assert fast.sheets.count > 10_000
    assert model.members.shape[0] < 200
    assert (model.classes[model.members] == np.arange(model.members.shape[0])).all()


def test_a_table_is_kept_in_memory_and_in_the_cache(
    tmp_path: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("THOUSAND_CACHE_DIR", str(tmp_path))
    game = Game(rules_from_spec(RULE_SETS["exact-500"]))
    fast = FastGame(game)
    bold = _bot("bold").temperament
    table = cached_level_table(game, bold, fast.sheets, fast.model())
    assert cached_level_table(game, bold, fast.sheets, fast.model()) is table
    path = level_path(game, bold, fast.sheets)
    assert path.exists()
    from thousand.games.dice1000.solver import levels  # noqa: PLC0415

    levels._TABLES.clear()
    again = cached_level_table(game, bold, fast.sheets, fast.model())
    assert again is not table
    assert np.array_equal(again.bits, table.bits)
    assert np.array_equal(again.classes, table.classes)
