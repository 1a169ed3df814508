"""``thousand verify`` of poker dice records: the shared derivation under the game's name.

A poker dice game's throws are ``HMAC(seed, "poker_dice:{index}:{c}")``: the same seed
gives dice 1000 other dice. The faces of each throw are the record's — the five of a
turn's first throw, then the ``dice`` thrown again of each later one.
"""

from __future__ import annotations

import copy
import io
import json
from typing import Any

import pytest

from thousand.cli.main import ExitStatus, main
from thousand.core.fairdice import SEED_BYTES, SeededDice, commitment, seeded_throw
from thousand.core.players import Seat
from thousand.games.dice1000.fairdice import seeded_throw as dice1000_throw
from thousand.games.poker_dice.table import Session
from thousand.games.poker_dice.verify import DOMAIN, thrown_faces, verify_record

SEED = bytes(range(SEED_BYTES))


def played(rules: str) -> dict[str, Any]:
    """A whole game of two computers on the seed's dice, with the meta a server publishes."""
    seats = [Seat("Anna", "greedy"), Seat("Boris", "chaser")]
    session = Session.new(
        rules, seats, language="en", program="test", seed=7, dice=SeededDice(SEED, domain=DOMAIN)
    )
    while not session.position.over:
        session.bot_step()
    data = session.record.to_data()
    data["meta"].update(dice="server", dice_commitment=commitment(SEED), dice_seed=SEED.hex())
    return data


def run(data: Any, *options: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(
        ["verify", "-", *options], stdin=io.StringIO(json.dumps(data)), stdout=out, stderr=err
    )
    assert err.getvalue() == ""
    return int(status), out.getvalue()


@pytest.mark.parametrize("rules", ["russian", "ranking"])
def test_a_server_game_is_verified(rules: str) -> None:
    data = played(rules)
    throws = [faces for turn in data["turns"] for faces in thrown_faces(turn)]
    assert throws[0] == seeded_throw(SEED, 0, 5, "poker_dice")
    assert throws[0] != dice1000_throw(SEED, 0, 5)  # the game's name keeps the games apart
    status, out = run(data)
    assert status == ExitStatus.OK
    shown = "seed 0001020304050607… gives (commitment ok)"
    assert out == f"verified: all {len(throws)} throws are the ones {shown}\n"
    assert verify_record(data).ok


def test_a_changed_throw_is_found() -> None:
    data = played("russian")
    changed = copy.deepcopy(data)
    turn = next(t for t in changed["turns"] if len(t["rolls"]) > 1)
    later = turn["rolls"][-1]  # its turn's last: no keep after it to break
    later["dice"][0] = later["dice"][0] % 6 + 1
    status, out = run(changed, "--json")
    answer = json.loads(out)
    assert status == ExitStatus.ERROR
    assert answer["verified"] is False and answer["commitment_ok"] is True
    assert answer["mismatch"]["throw"] == len(turn["rolls"])
    assert answer["mismatch"]["recorded"] == later["dice"]
