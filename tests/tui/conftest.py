"""Fixtures of the terminal games' tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from thousand.cli.storage import DATA_DIR_ENV


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The commands' folders for one test: games saved under ``tmp_path/data`` (returned),
    strategies cached under ``tmp_path/cache`` (never the user's), an English locale.

    The command tests use it for every test (``pytest.mark.usefixtures``)."""
    folder = tmp_path / "data"
    monkeypatch.setenv(DATA_DIR_ENV, str(folder))
    monkeypatch.setenv("THOUSAND_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    return folder
