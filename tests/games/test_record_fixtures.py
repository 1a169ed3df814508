"""The fixture generators write the committed fixtures again, byte for byte.

A generator reads a game that has its record and derives everything else from the
records: the expected replay, the games cut short, poker dice's illegal records. Run on
the committed records alone, it must give back every committed file, so the files are
what the generator makes of them and a maintainer who runs it sees only real changes.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.games.dice1000.fixtures import generate as dice1000_fixtures
from tests.games.poker_dice.fixtures import generate as poker_fixtures
from tests.games.record_fixtures import fresh

GENERATORS: dict[str, tuple[Path, Callable[..., None]]] = {
    "dice1000": (dice1000_fixtures.HERE, dice1000_fixtures.main),
    "poker_dice": (poker_fixtures.HERE, poker_fixtures.main),
}


def fixture_files(folder: Path) -> dict[str, bytes]:
    """Every data file of a fixture folder (records, replays, illegal records and their
    lines), by its path inside the folder."""
    return {
        str(path.relative_to(folder)): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.suffix in (".json", ".txt")
    }


@pytest.mark.parametrize("game", sorted(GENERATORS))
def test_the_generator_writes_the_committed_fixtures_from_their_records(
    game: str, tmp_path: Path
) -> None:
    committed, generate = GENERATORS[game]
    for record in committed.glob("*.json"):
        if not record.name.endswith(".expected.json"):
            shutil.copy(record, tmp_path / record.name)
    generate(tmp_path)
    written, expected = fixture_files(tmp_path), fixture_files(committed)
    assert sorted(written) == sorted(expected)
    changed = [name for name in expected if written[name] != expected[name]]
    assert changed == []


def test_a_generator_takes_only_fresh(capsys: pytest.CaptureFixture[str]) -> None:
    assert fresh([]) is False
    assert fresh(["--fresh"]) is True
    with pytest.raises(SystemExit) as refused:
        fresh(["--force"])
    assert refused.value.code == 2
    assert "unrecognized arguments: --force" in capsys.readouterr().err
