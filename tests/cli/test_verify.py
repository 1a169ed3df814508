"""``thousand verify``: a server game's dice against its published seed, in-process.

The records are played here at the table every front-end uses (``Session``) with
:class:`SeededDice`, as the server plays them, then given the ``meta`` fields the server
writes (``dice_commitment``, and ``dice_seed`` once the game is over).
"""

from __future__ import annotations

import copy
import hashlib
import io
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from thousand.cli.main import ExitStatus, main
from thousand.games.dice1000 import Game, RecordError, SetAside, rules_from_spec
from thousand.games.dice1000.fairdice import SEED_BYTES, SeededDice, commitment, seeded_throw
from thousand.games.dice1000.state import Phase
from thousand.games.dice1000.table import Seat, Session
from thousand.games.dice1000.verify import DiceMetaError, verify_record

SEED = bytes(range(SEED_BYTES))
SHOWN = "0001020304050607…"


@dataclass(frozen=True)
class Result:
    status: int
    stdout: str
    stderr: str

    @property
    def line(self) -> str:
        """The one line of the answer on standard output (nothing on standard error)."""
        assert self.stderr == ""
        assert self.stdout.count("\n") == 1, self.stdout
        return self.stdout.rstrip("\n")

    @property
    def error_line(self) -> str:
        """The single line of bad input: exit status 2, nothing on standard output."""
        assert self.status == ExitStatus.BAD_INPUT
        assert self.stdout == ""
        assert self.stderr.count("\n") == 1, self.stderr
        return self.stderr.rstrip("\n")


def run(*argv: str, stdin: str = "") -> Result:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return Result(int(status), out.getvalue(), err.getvalue())


def verify(data: Any, *options: str) -> Result:
    return run("verify", "-", *options, stdin=json.dumps(data, ensure_ascii=False))


def played(rules: object = "classic", seed: bytes = SEED) -> dict[str, Any]:
    """A whole game at the table with the server's dice, and the meta it publishes."""
    game = Game(rules_from_spec(rules))
    seats = [Seat("Anna", "bold"), Seat("Boris", "cautious")]
    session = Session.new(game, seats, language="en", program="test", seed=7, dice=SeededDice(seed))
    while not session.state.is_over:
        session.bot_step()
    data = session.record.to_data()
    data["meta"].update(dice="server", dice_commitment=commitment(seed), dice_seed=seed.hex())
    return data


def played_choosing() -> dict[str, Any]:
    """A ``choose_dice`` game whose players keep as few dice as they may: ``keep`` objects."""
    game = Game(rules_from_spec({"preset": "classic", "choose_dice": True}))
    seats = [Seat("Anna"), Seat("Boris")]
    session = Session.new(game, seats, language="en", program="test", dice=SeededDice(SEED))
    while not session.state.is_over:
        state = session.state
        if state.phase is Phase.SET_ASIDE:
            options = [a for a in state.legal_actions() if isinstance(a, SetAside)]
            session.act(min(options, key=lambda option: len(option.dice)))
        else:
            session.act(state.legal_actions()[-1])  # stop when allowed, else throw
    data = session.record.to_data()
    data["meta"].update(dice_commitment=commitment(SEED), dice_seed=SEED.hex())
    return data


@pytest.fixture(scope="module")
def game() -> dict[str, Any]:
    return played()


def throws_of(data: dict[str, Any]) -> list[tuple[int, str, int, list[int]]]:
    """(turn, player, throw, faces) of every throw, in record order."""
    players = data["players"]
    found = []
    for turn, entry in enumerate(data["turns"], 1):
        for number, roll in enumerate(entry["rolls"], 1):
            faces = roll["dice"] if isinstance(roll, dict) else roll
            found.append((turn, players[(turn - 1) % len(players)], number, faces))
    return found


# -- verified -------------------------------------------------------------------------------


def test_a_server_game_is_verified(game: dict[str, Any]) -> None:
    count = len(throws_of(game))
    assert count > 20
    result = verify(game)
    assert result.status == ExitStatus.OK
    assert result.line == (
        f"verified: all {count} throws are the ones seed {SHOWN} gives (commitment ok)"
    )


def test_the_record_holds_exactly_the_derived_throws(game: dict[str, Any]) -> None:
    recorded = [tuple(faces) for *_, faces in throws_of(game)]
    assert recorded == [seeded_throw(SEED, i, len(f)) for i, f in enumerate(recorded)]


def test_a_verified_game_as_json(game: dict[str, Any]) -> None:
    result = verify(game, "--json")
    assert result.status == ExitStatus.OK
    assert json.loads(result.stdout) == {
        "verified": True,
        "throws": len(throws_of(game)),
        "commitment_ok": True,
        "mismatch": None,
        "reason": None,
    }


def test_a_record_file_is_read_by_path(game: dict[str, Any], tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game), encoding="utf-8")
    result = run("verify", str(path))
    assert result.status == ExitStatus.OK
    assert result.line.startswith("verified: all ")


def test_the_dice_of_keep_objects_are_verified() -> None:
    data = played_choosing()
    assert any(isinstance(roll, dict) for turn in data["turns"] for roll in turn["rolls"])
    outcome = verify_record(data)
    assert outcome.ok and outcome.reason is None and outcome.mismatch is None
    assert outcome.throws == len(throws_of(data))


def test_an_uppercase_seed_is_the_same_seed(game: dict[str, Any]) -> None:
    data = copy.deepcopy(game)
    data["meta"]["dice_seed"] = SEED.hex().upper()
    data["meta"]["dice_commitment"] = commitment(SEED).upper()
    assert verify(data).status == ExitStatus.OK


# -- not verified ---------------------------------------------------------------------------


def test_a_tampered_throw_is_named(game: dict[str, Any]) -> None:
    """Reordering one throw's faces keeps the record legal but not the seed's dice."""
    data = copy.deepcopy(game)
    turn, player, number, faces = next(
        entry for entry in throws_of(data)[5:] if len(set(entry[3])) > 1
    )
    original = list(faces)
    faces.reverse()
    if faces == original:  # a palindrome: rotate instead
        faces[:] = original[1:] + original[:1]
    result = verify(data)
    assert result.status == ExitStatus.ERROR
    shown = " ".join(map(str, faces))
    derived = " ".join(map(str, original))
    assert result.line == (
        f"not verified: turn {turn} ({player}), throw {number}: the record has {shown}, "
        f"seed {SHOWN} gives {derived}"
    )
    report = json.loads(verify(data, "--json").stdout)
    assert report["verified"] is False
    assert report["commitment_ok"] is True
    assert report["reason"] is None
    assert report["mismatch"]["turn"] == turn
    assert report["mismatch"]["player"] == player
    assert report["mismatch"]["throw"] == number
    assert report["mismatch"]["recorded"] == faces
    assert report["mismatch"]["derived"] == original


def test_sorted_faces_are_not_the_seeds_faces(game: dict[str, Any]) -> None:
    data = copy.deepcopy(game)
    for _, _, _, faces in throws_of(data):
        faces.sort()
    assert verify(data).status == ExitStatus.ERROR


def test_a_wrong_commitment_is_not_verified(game: dict[str, Any]) -> None:
    data = copy.deepcopy(game)
    wrong = hashlib.sha256(b"another seed").hexdigest()
    data["meta"]["dice_commitment"] = wrong
    result = verify(data)
    assert result.status == ExitStatus.ERROR
    assert result.line == (
        f"not verified: the SHA-256 of seed {SHOWN} is not the commitment {wrong[:16]}…"
    )
    report = json.loads(verify(data, "--json").stdout)
    assert report == {
        "verified": False,
        "throws": len(throws_of(game)),
        "commitment_ok": False,
        "mismatch": None,
        "reason": "commitment_mismatch",
    }


def test_a_seed_other_than_the_games_is_not_verified(game: dict[str, Any]) -> None:
    """Another seed with its own commitment: the commitment holds, the dice do not."""
    other = bytes(reversed(SEED))
    data = copy.deepcopy(game)
    data["meta"].update(dice_seed=other.hex(), dice_commitment=commitment(other))
    result = verify(data)
    assert result.status == ExitStatus.ERROR
    assert result.line.startswith("not verified: turn 1 (Anna), throw 1: the record has ")


# -- nothing to verify (yet) ----------------------------------------------------------------


def test_a_game_in_progress_has_only_the_commitment(game: dict[str, Any]) -> None:
    data = copy.deepcopy(game)
    del data["meta"]["dice_seed"]
    data["turns"] = data["turns"][:4]
    result = verify(data)
    assert result.status == ExitStatus.ERROR
    assert result.line == (
        "cannot verify yet: the game is in progress, the record has only the commitment "
        f"{commitment(SEED)[:16]}…; the seed is published when the game is over"
    )
    assert json.loads(verify(data, "--json").stdout)["reason"] == "no_seed"


def test_table_dice_have_nothing_to_verify(game: dict[str, Any]) -> None:
    data = copy.deepcopy(game)
    data["meta"] = {"dice": "table"}
    result = verify(data)
    assert result.status == ExitStatus.ERROR
    assert result.line == (
        'nothing to verify: the game was played with table dice (meta.dice is "table"), '
        "real dice thrown by the players"
    )
    report = json.loads(verify(data, "--json").stdout)
    assert report["reason"] == "table_dice"
    assert report["verified"] is False


def test_a_record_without_commitment_cannot_be_verified() -> None:
    data = {"format": 1, "rules": "classic", "players": ["Anna", "Boris"], "turns": []}
    result = verify(data)
    assert result.status == ExitStatus.ERROR
    assert result.line == (
        "cannot verify: the record has no dice commitment (meta.dice_commitment); "
        "its dice were not drawn from a committed seed"
    )
    assert json.loads(verify(data, "--json").stdout)["reason"] == "no_commitment"


def test_dice_from_another_source_cannot_be_verified(game: dict[str, Any]) -> None:
    data = copy.deepcopy(game)
    data["meta"]["dice"] = "scripted"
    result = verify(data)
    assert result.status == ExitStatus.ERROR
    assert result.line == (
        "cannot verify: the dice came from 'scripted' (meta.dice), not from a server's seed"
    )


# -- bad input: exit status 2, one line -----------------------------------------------------


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("dice_seed", "0123", "meta.dice_seed: expected 64 hexadecimal digits"),
        ("dice_seed", "zz" * 32, "meta.dice_seed: expected 64 hexadecimal digits"),
        ("dice_seed", 12345, "meta.dice_seed: expected 64 hexadecimal digits"),
        ("dice_seed", "00" * 32 + "\n", "meta.dice_seed: expected 64 hexadecimal digits"),
        ("dice_commitment", "abc", "meta.dice_commitment: expected 64 hexadecimal digits"),
        ("dice", 1, 'meta.dice: expected "server" or "table"'),
    ],
)
def test_malformed_dice_meta_is_bad_input(
    game: dict[str, Any], field: str, value: object, message: str
) -> None:
    data = copy.deepcopy(game)
    data["meta"][field] = value
    assert verify(data).error_line == message
    with pytest.raises(DiceMetaError) as caught:
        verify_record(data)
    assert isinstance(caught.value, RecordError)


def test_an_illegal_record_is_refused_as_replay_refuses_it() -> None:
    data = {
        "format": 1,
        "rules": "classic",
        "players": ["Anna", "Boris"],
        "meta": {"dice_commitment": commitment(SEED), "dice_seed": SEED.hex()},
        "turns": [{"rolls": [[5, 2, 4, 4, 1], [1, 2, 2]], "stop": True}],
    }
    expected = (
        "turn 1 (Anna), throw 2: cannot stop with 25 points: "
        "entering the game needs 100 in one turn"
    )
    assert verify(data).error_line == expected
    assert run("replay", "-", stdin=json.dumps(data)).stderr == expected + "\n"


def test_not_json_and_missing_files_are_bad_input(tmp_path: Path) -> None:
    assert run("verify", "-", stdin="{").status == ExitStatus.BAD_INPUT
    missing = run("verify", str(tmp_path / "nowhere.json"))
    assert missing.error_line.startswith(str(tmp_path / "nowhere.json"))


def test_verify_is_listed_in_help() -> None:
    lines = run("--help").stdout.splitlines()
    assert sum(line.split()[:1] == ["verify"] for line in lines) == 1
