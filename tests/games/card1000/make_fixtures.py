"""Write the recorded games of tests/games/card1000/fixtures: reproducible, from seeds.

Each game is dealt from a committed seed (the server's way: ``meta.dice_seed`` and
``meta.dice_commitment``, CARD_THOUSAND.md §5) and played by the playout player
(:func:`thousand.games.card1000.bots.playout_action`) with a seeded
:class:`random.Random`, through the game interface's checked path. Run from the
project's root::

    PYTHONPATH=src python tests/games/card1000/make_fixtures.py

and commit the files; tests/games/card1000/test_record.py holds them to this script.
"""

from __future__ import annotations

import hashlib
import random
from pathlib import Path
from typing import Any

from thousand.core.chance import commitment
from thousand.games import card1000
from thousand.games.card1000.bots import playout_action
from thousand.games.card1000.record import dump_record, new_recorder
from thousand.games.card1000.shuffle import seeded_deal

FIXTURES = Path(__file__).parent / "fixtures"

GAMES: dict[str, tuple[str, tuple[str, ...], int | None]] = {
    "classic": ("classic", ("Anna", "Boris", "Vera"), None),
    "four_players": ("four_players", ("Anna", "Boris", "Vera", "Gleb"), None),
    "two_players": ("two_players", ("Anna", "Boris"), None),
    "golden_dark": ("golden_dark", ("Anna", "Boris", "Vera"), None),
    "classic_in_progress": ("classic", ("Anna", "Boris", "Vera"), 60),
}
"""File name → (preset, players, actions to stop after: None plays to the end)."""


def seed_of(name: str) -> bytes:
    """The fixture's 32-byte seed: SHA-256 of its name (anyone can re-derive it)."""
    return hashlib.sha256(f"card1000 fixture {name}".encode()).digest()


def record_of(name: str) -> dict[str, Any]:
    """The record of the fixture ``name``, played afresh."""
    preset, players, stop = GAMES[name]
    seed = seed_of(name)
    rng = random.Random(name)
    position = card1000.new_position(preset, players)
    meta = {"dice": "server", "dice_commitment": commitment(seed)}
    recorder = new_recorder(position, meta)
    steps = 0
    while not card1000.is_over(position) and (stop is None or steps < stop):
        state = position.state
        if state.chance:
            action: Any = seeded_deal(seed, state.dealt_count, state.rules, state.dealer)
        else:
            assert state.to_move is not None
            legal = card1000.legal_actions(position, state.to_move[0])
            action = playout_action(position, legal, rng)
        recorder.observe(position, action)
        position = card1000.apply(position, action)
        steps += 1
    data = recorder.to_data()
    if card1000.is_over(position):
        data["meta"]["dice_seed"] = seed.hex()
    return data


def main() -> None:
    FIXTURES.mkdir(exist_ok=True)
    for name in GAMES:
        (FIXTURES / f"{name}.json").write_text(dump_record(record_of(name)), encoding="utf-8")


if __name__ == "__main__":
    main()
