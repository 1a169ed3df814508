"""Saved games: the data folder, atomic saves, validated loads, the list of games."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from thousand.cli.storage import (
    DATA_DIR_ENV,
    data_dir,
    games_dir,
    list_games,
    load_any_game,
    load_game,
    new_game_path,
    save_record,
    saved_to,
)
from thousand.core.errors import InputFileError, RecordError, SaveError
from thousand.games.dice1000 import Game, RandomDice, load_preset
from thousand.games.dice1000.table import Seat, Session


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    return tmp_path / "data"


def finished_game(path: Path, seed: int = 1) -> Session:
    seats = [Seat("Ivan", "bold"), Seat("Olga", "cautious")]
    game = Game(load_preset("classic"))
    session = Session.new(game, seats, seed=seed, **saved_to(path, language="en"))
    while not session.state.is_over:
        session.bot_step()
    return session


def test_the_data_folder_is_xdg_unless_overridden(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(DATA_DIR_ENV, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir() == tmp_path / "xdg" / "thousand"
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "mine"))
    assert games_dir() == tmp_path / "mine" / "games"


def test_new_game_paths_never_collide(folder: Path) -> None:
    first = new_game_path()
    first.parent.mkdir(parents=True)
    first.write_text("{}", encoding="utf-8")
    second = new_game_path()
    assert second != first and second.parent == first.parent


def test_a_save_is_atomic_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "game.json"
    save_record(path, {"format": 1, "rules": "classic", "players": ["A"], "turns": []})
    assert json.loads(path.read_text())["players"] == ["A"]
    assert [p.name for p in path.parent.iterdir()] == ["game.json"]


def test_a_failed_save_keeps_the_previous_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    save_record(path, {"format": 1, "rules": "classic", "players": ["A"], "turns": []})
    before = path.read_bytes()

    def crash(source: str, target: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(SaveError, match="cannot save the game: No space left"):
        save_record(path, {"format": 1, "rules": "ussr", "players": ["B"], "turns": []})
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_every_turn_is_saved_as_it_ends(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    game = Game(load_preset("classic"))
    session = Session.new(
        game,
        [Seat("A", "bold"), Seat("B", "bold")],
        seed=2,
        **saved_to(path, language="en", dice=RandomDice(2)),
    )
    while len(session.turns) < 5:
        step = session.bot_step()
        if step.end is not None:
            saved = load_game(path)
            assert len(saved.replay.turns) == len(session.turns)
            assert saved.replay.state == session.state


def test_loading_checks_the_whole_record(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    session = finished_game(path)
    saved = load_game(path)
    assert saved.replay.state == session.state
    assert saved.meta["seats"] == [
        {"name": "Ivan", "bot": "bold"},
        {"name": "Olga", "bot": "cautious"},
    ]
    data = json.loads(path.read_text())
    data["turns"][0]["rolls"][0] = [7, 1, 1, 1, 1]
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError, match=r"g\.json: turn 1 \(Ivan\), throw 1: face 7"):
        load_game(path)
    path.write_text("[1, 2, 3]", encoding="utf-8")
    with pytest.raises(RecordError, match="not a saved game"):
        load_game(path)
    path.write_text("{", encoding="utf-8")
    with pytest.raises(InputFileError, match="malformed JSON"):
        load_game(path)


def test_a_card_record_is_a_game_to_continue_and_saved_without_turns(tmp_path: Path) -> None:
    """A card Thousand record (its rows are ``deals``) is read as a game the terminal
    continues, and a saved one holds no ``turns`` key (a dice record's rows); an unknown
    game is named."""
    path = tmp_path / "deal.json"
    fixture = Path(__file__).parents[1] / "games" / "card1000" / "fixtures" / "classic.json"
    data = json.loads(fixture.read_text(encoding="utf-8"))
    save_record(path, data)
    assert json.loads(path.read_text(encoding="utf-8")) == data
    assert '"turns"' not in path.read_text(encoding="utf-8")
    assert load_any_game(path).game == "card1000"
    path.write_text('{"format": "thousand/1", "game": "chess"}', encoding="utf-8")
    with pytest.raises(RecordError, match="unknown game 'chess'"):
        load_any_game(path)


def test_the_list_of_games(folder: Path) -> None:
    assert list_games() == []
    games = folder / "games"
    finished_game(games / "a.json", seed=3)
    unfinished = Session.new(
        Game(load_preset("ussr")),
        [Seat("Anna"), Seat("Bot", "bold")],
        seed=4,
        **saved_to(games / "b.json", language="ru"),
    )
    unfinished.save()
    (games / "c.json").write_text("not json", encoding="utf-8")
    (games / "notes.txt").write_text("ignored", encoding="utf-8")
    os.utime(games / "a.json", (1, 1))
    listing = {item.path.name: item for item in list_games()}
    assert list(listing)[-1] == "a.json"  # oldest last
    assert set(listing) == {"a.json", "b.json", "c.json"}
    done, going, broken = listing["a.json"], listing["b.json"], listing["c.json"]
    assert done.winner in ("Ivan", "Olga") and done.to_move is None
    assert done.bots == ("bold", "cautious") and done.rules == load_preset("classic")
    assert going.winner is None and going.to_move == "Anna" and going.turns == 0
    assert going.bots == (None, "bold") and going.rules == load_preset("ussr")
    assert broken.error is not None and "malformed JSON" in broken.error
