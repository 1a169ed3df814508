"""How both games' recorded fixtures are written: ``NAME.json`` and ``NAME.expected.json``.

A fixture is a record as the program saves it (:func:`thousand.core.records.dump_record`)
and beside it what ``thousand replay NAME.json --json`` gives for it, one player and one
turn to a line so that a change in a regenerated file reads as the turn it changes.
Each game's ``fixtures/generate.py`` plays its games and writes them with :func:`write`.

A fixture stays the game it was: a generator reads a game that has its record already
(:func:`recorded`) and plays only the new ones, so running it again writes the same
files, and a change of the replay output (a rule fix, a new field) shows as a diff of
the ``.expected.json`` files alone. The players and dice of a generator change with the
code they use, so a game played afresh (``--fresh``) is another game: the hand checks
and the features the seeds were picked for must then be checked again.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from thousand.core.records import dump_record
from thousand.games.interface import Replayed


def fresh(argv: Sequence[str] | None = None) -> bool:
    """Whether the generator was asked to play every game afresh (``--fresh``)."""
    parser = argparse.ArgumentParser(prog="generate", description="Write the fixtures.")
    parser.add_argument("--fresh", action="store_true", help="play every game again")
    fresh: bool = parser.parse_args(argv).fresh
    return fresh


def recorded(
    folder: Path, name: str, play: Callable[[], dict[str, Any]], *, again: bool = False
) -> dict[str, Any]:
    """Game ``name``: its committed record when it has one and ``again`` is false, else
    the game ``play`` plays now."""
    path = folder / f"{name}.json"
    if again or not path.exists():
        return play()
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def write(folder: Path, name: str, data: dict[str, Any], replay: Callable[[Any], Replayed]) -> None:
    """The record ``data`` and its replay (by the game's ``replay``) as fixture ``name``."""
    (folder / f"{name}.json").write_text(dump_record(data), encoding="utf-8")
    expected = dump_expected(replay(data).to_json_data())
    (folder / f"{name}.expected.json").write_text(expected, encoding="utf-8")


def dump_expected(output: dict[str, Any]) -> str:
    """The replay JSON (RECORD.md's output), one player and one turn to a line."""

    def rows(key: str) -> list[str]:
        items = [json.dumps(item, ensure_ascii=False) for item in output[key]]
        if not items:
            return [f'  "{key}": [],']
        return [
            f'  "{key}": [',
            *(f"    {item}," for item in items[:-1]),
            f"    {items[-1]}",
            "  ],",
        ]

    lines = ["{", *rows("players"), *rows("turns")]
    rest = [
        f"  {json.dumps(key)}: {json.dumps(output[key], ensure_ascii=False)}"
        for key in output
        if key not in ("players", "turns")
    ]
    lines.extend(line + "," for line in rest[:-1])
    lines.append(rest[-1])
    lines.append("}")
    return "\n".join(lines) + "\n"
