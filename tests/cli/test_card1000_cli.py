"""Card Thousand on the command line: ``thousand replay`` (``--json``, ``--seat N``, the
paper sheet in English and Russian), ``thousand verify`` and ``thousand rules --game
card1000``."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.games.card1000.make_fixtures import FIXTURES
from tests.games.card1000.test_record import RECORD, TABLE
from thousand.cli.games.card1000 import rules_title
from thousand.cli.main import main
from thousand.core.chance import commitment
from thousand.core.i18n import translator
from thousand.games import card1000
from thousand.games.card1000.presets import load_preset, rules_data
from thousand.games.card1000.shuffle import seeded_deal

SEED = bytes(range(32))


def run(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return int(status), out.getvalue(), err.getvalue()


def fixture(name: str) -> str:
    return str(FIXTURES / f"{name}.json")


def test_replay_json_is_section_6s_object() -> None:
    status, out, err = run("replay", fixture("classic"), "--json")
    assert (status, err) == (0, "")
    data = json.loads(out)
    assert list(data) == ["players", "deals", "winner", "to_move", "trump", "trick", "hands"]
    assert data["winner"] == "Boris" and data["to_move"] is None and data["hands"] is None
    assert [p["score"] for p in data["players"]] == [80, 1000, 140]
    assert len(data["deals"]) == 31 and data["deals"][-1]["totals"] == [80, 1000, 140]


def test_replay_seat_shows_no_other_seats_unplayed_card() -> None:
    position = card1000.replay(RECORD).position
    for seat in range(3):
        status, out, err = run(
            "replay", "-", "--json", "--seat", str(seat), stdin=json.dumps(RECORD)
        )
        assert (status, err) == (0, "")
        view = json.loads(out)
        assert view["seat"] == seat
        hidden = card1000.hidden_from(position, seat)
        assert len(hidden) >= 10  # two other hands of 7 or 8, less the talon shown
        assert not hidden & set(view["deal"]["hand"])
        for card in hidden:
            assert f'"{card}"' not in out, (seat, card)
    # Anna (seat 0) sees her hand and the card given to her, not Vera's (face down).
    anna = run("replay", "-", "--json", "--seat", "0", stdin=json.dumps(RECORD))[1]
    view = json.loads(anna)
    assert {"9C", "KS"} <= set(view["deal"]["hand"]) and '"9D"' not in anna
    gives = [action for action in view["deal"]["actions"] if "give" in action]
    assert gives == [{"seat": 1, "give": None, "to": 2}, {"seat": 1, "give": "9C", "to": 0}]


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (("--json", "--seat", "3"), "--seat 3: the seats are 0 to 2\n"),
        (("--seat", "0"), "--seat N goes with --json: the seat's view is JSON data\n"),
    ],
)
def test_replay_seat_refusals_are_one_line(argv: tuple[str, ...], line: str) -> None:
    assert run("replay", fixture("classic_in_progress"), *argv) == (2, "", line)


def test_an_illegal_record_is_exit_2_and_one_line() -> None:
    record = json.loads(json.dumps(RECORD))
    record["deals"][0]["actions"][0] = {"seat": 0, "pass": True}
    status, out, err = run("replay", "-", "--json", stdin=json.dumps(record))
    assert (status, out) == (2, "")
    assert err == "deal 1, action 1: out of turn: seat 0 acted, seat 2 is to bid\n"


def test_the_sheet_in_english_and_russian() -> None:
    status, english, _ = run("replay", "-", "--lang", "en", stdin=json.dumps(TABLE))
    assert status == 0
    lines = english.splitlines()
    assert lines[0] == "Card Thousand · classic, three players"
    assert "Marks: — bolt · W/O write-off" in english
    # each seat's change and total in columns of their own, as on paper
    assert any(
        re.search(r"Boris 120   \+35  35   \+120  120          —     0$", line) for line in lines
    )
    assert any("redeal" in line for line in lines)
    assert any("Vera 115" in line and "W/O −115" in line for line in lines)
    assert "To move: Boris (bid)." in english
    status, russian, _ = run("replay", "-", "--lang", "ru", stdin=json.dumps(TABLE))
    assert status == 0
    assert russian.splitlines()[0] == "Тысяча (карты) · классика, трое игроков"
    assert "Р −115" in russian and "пересдача" in russian
    assert "Обозначения: — болт · Р роспись" in russian


def test_the_sheet_marks_the_barrel_and_the_winner() -> None:
    status, out, _ = run("replay", fixture("classic"), "--lang", "ru")
    assert status == 0
    assert "880 (Б)" in out and "(Б) на бочке" in out and "Победитель: Boris." in out


# -- verify ---------------------------------------------------------------------------


def dealt_record(seed: bytes = SEED) -> dict[str, Any]:
    """One deal from ``seed``, no decision yet, the seed published."""
    deal = seeded_deal(seed, 0, load_preset("classic"), 0)
    return {
        "format": 1,
        "game": "card1000",
        "rules": "classic",
        "players": ["Anna", "Boris", "Vera"],
        "meta": {"dice_seed": seed.hex(), "dice_commitment": commitment(seed)},
        "deals": [{"dealer": 0, **deal.to_data(), "actions": []}],
    }


def test_verify_passes_on_the_fixtures(tmp_path: Path) -> None:
    for name in ("classic", "four_players", "two_players", "golden_dark"):
        status, out, err = run("verify", fixture(name))
        assert (status, err) == (0, ""), out
        assert out.startswith("verified: all ") and " deals are the ones seed " in out
    status, out, _ = run("verify", "-", "--json", stdin=json.dumps(dealt_record()))
    assert status == 0
    assert json.loads(out) == {
        "verified": True,
        "deals": 1,
        "commitment_ok": True,
        "mismatch": None,
        "reason": None,
    }


def test_verify_fails_on_a_tampered_deal() -> None:
    record = dealt_record()
    hands = record["deals"][0]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]  # JC and AS change places
    status, out, err = run("verify", "-", stdin=json.dumps(record))
    assert (status, err) == (1, "")
    assert out == (
        "not verified: deal 1: the record's hand of seat 0 is AS TS KC AH TH KD KS, "
        "seed 0001020304050607… gives JC TS KC AH TH KD KS\n"
    )
    status, out, _ = run("verify", "-", "--json", stdin=json.dumps(record))
    assert status == 1 and json.loads(out)["mismatch"]["deal"] == 1


def test_verify_fails_on_a_seed_that_is_not_the_commitment() -> None:
    record = dealt_record()
    record["meta"]["dice_commitment"] = commitment(b"\x01" * 32)
    status, out, _ = run("verify", "-", stdin=json.dumps(record))
    assert status == 1 and out.startswith("not verified: the SHA-256 of seed 0001020304050607…")


def test_a_scorekeeping_record_has_nothing_to_verify() -> None:
    status, out, _ = run("verify", "-", stdin=json.dumps(TABLE))
    assert status == 1
    assert out.startswith("nothing to verify: the game was played with table cards")


# -- rules ----------------------------------------------------------------------------


def test_rules_lists_the_presets_and_prints_a_rules_file_that_reads_back(tmp_path: Path) -> None:
    status, out, _ = run("rules", "--game", "card1000")
    assert status == 0 and [line.split()[0] for line in out.splitlines()] == [
        "classic",
        "four_players",
        "two_players",
        "golden_dark",
    ]
    for preset in ("classic", "two_players", "golden_dark"):
        status, text, _ = run("rules", "--game", "card1000", preset)
        assert status == 0 and text.startswith(f"# card1000 {preset} — ")
        assert f'preset = "{preset}"' in text
        path = tmp_path / f"{preset}.toml"
        path.write_text(text, encoding="utf-8")
        status, again, _ = run("rules", "--game", "card1000", str(path), "--json")
        assert status == 0
        data = json.loads(again)
        assert data == {"preset": preset, **rules_data(load_preset(preset))}


def test_rules_refuses_a_key_the_player_count_lacks(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text('preset = "two_players"\ndark = true\n', encoding="utf-8")
    status, out, err = run("rules", "--game", "card1000", str(path))
    assert (status, out) == (2, "")
    assert err == f"{path}: rules key 'dark': a game of 2 players has no such rule\n"


@pytest.mark.parametrize(
    ("language", "rules", "title"),
    [
        ("en", "classic", "Card Thousand · classic, three players"),
        (
            "en",
            {"preset": "classic", "penalty": 100},
            "Card Thousand · classic, three players with changes",
        ),
        (
            "ru",
            {"preset": "two_players", "barrel": None},
            "Тысяча (карты) · двое игроков с изменениями",
        ),
    ],
)
def test_thousand_games_names_the_rules_never_prints_the_rules_object(
    language: str, rules: object, title: str
) -> None:
    """``thousand games``' rules column: a preset with changed keys reads "… with changes"
    (it showed the whole rules object)."""
    assert rules_title(translator(language), rules) == title
