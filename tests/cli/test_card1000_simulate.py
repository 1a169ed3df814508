"""``thousand simulate --game card1000``: duplicate deals and games between levels."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .test_card1000_cli import run


def test_duplicate_deals_report_points_and_differences(tmp_path: Path) -> None:
    plot = tmp_path / "match.png"
    argv = ["simulate", "--game", "card1000", "--players", "club,novice,novice", "--deals", "4"]
    status, out, err = run(*argv, "--plot", str(plot))
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "card Thousand, classic: 4 duplicate deals × 3 rotations"
    assert [line.split()[0] for line in lines[2:]] == ["club", "novice", "club"]
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    status, out, _ = run(*argv, "--json")
    data = json.loads(out)
    assert (data["unit"], data["count"], data["rotations"]) == ("deals", 4, 3)
    club, novice = data["points_per_deal"]["club"], data["points_per_deal"]["novice"]
    difference = data["differences"][0]
    assert difference["levels"] == ["club", "novice"]
    assert difference["mean"] == pytest.approx(club["mean"] - novice["mean"])
    assert data["win_rates"] == {}
    # the same seed, the same deals and choices
    assert run(*argv, "--json")[1] == out


def test_whole_games_add_the_win_rates() -> None:
    status, out, err = run(
        "simulate",
        "--game",
        "card1000",
        "--players",
        "club,novice,random",
        "--games",
        "1",
        "--json",
    )
    assert (status, err) == (0, "")
    rates = json.loads(out)["win_rates"]
    assert set(rates) == {"club", "novice", "random"}
    assert sum(rate["mean"] for rate in rates.values()) == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--game", "card1000", "--players", "club,novice", "--deals", "2"], "for 3 players"),
        (["--game", "card1000", "--players", "club,master,novice", "--deals", "2"], "'master'"),
        (["--game", "card1000", "--players", "club,novice,novice", "--deals", "0"], "--deals"),
        (["--players", "perfect,bold", "--deals", "2"], "--deals is for card games"),
    ],
)
def test_wrong_options_are_one_line_and_exit_2(argv: list[str], message: str) -> None:
    status, out, err = run("simulate", *argv)
    assert status == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1
