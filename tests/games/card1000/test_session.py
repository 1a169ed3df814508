"""The terminal's referee for card Thousand (:mod:`thousand.games.card1000.session`):
decisions through the checked path, the deals from the game's seed, saving after every
action and going on from the saved record."""

from __future__ import annotations

import hashlib
import io
import json
from typing import Any

import pytest

from thousand.cli.main import main
from thousand.core.errors import IllegalActionError
from thousand.core.players import Seat
from thousand.games.card1000.actions import Bid
from thousand.games.card1000.session import Session

SEATS = [Seat("Anna", None), Seat("Boris", "novice"), Seat("Vera", "novice")]


def new(saved: dict[str, Any], seed: int = 7) -> Session:
    return Session.new(
        "classic", SEATS, seed=seed, language="en", program="test", save=saved.update
    )


def play_bots(session: Session, steps: int) -> None:
    for _ in range(steps):
        if session.is_over:
            return
        if session.bot_to_move:
            session.bot_step()
        else:
            session.act(session.legal()[0])


def test_the_first_cards_are_dealt_from_the_seed() -> None:
    one, two = new({}), new({})
    assert one.view(0).deal is not None
    assert one.view(0).deal.hand == two.view(0).deal.hand  # type: ignore[union-attr]
    other = new({}, seed=8)
    assert other.view(0).deal.hand != one.view(0).deal.hand  # type: ignore[union-attr]


def test_a_refused_decision_changes_nothing() -> None:
    saved: dict[str, Any] = {}
    session = new(saved)
    before = session.position
    with pytest.raises(IllegalActionError):
        session.act(Bid(3))
    assert session.position == before


def test_every_action_is_saved_and_a_game_goes_on_from_the_record() -> None:
    saved: dict[str, Any] = {}
    session = new(saved)
    play_bots(session, 60)
    assert saved["deals"]
    assert sum(len(deal["actions"]) for deal in saved["deals"]) == session.actions_made
    again = Session.resume(saved, language="en", program="test", save=saved.update)
    assert again.position.state == session.position.state
    assert [seat.bot for seat in again.seats] == [None, "novice", "novice"]
    play_bots(again, 40)
    assert again.actions_made > session.actions_made


def test_computer_players_play_deal_after_deal() -> None:
    session = Session.new(
        "classic",
        [Seat("A", "random"), Seat("B", "random"), Seat("C", "random")],
        seed=3,
        language="en",
        program="test",
    )
    for _ in range(600):
        if session.is_over:
            break
        session.bot_step()
    assert len(session.position.state.history) >= 5 or session.is_over


def test_thousand_verify_checks_a_terminal_played_record() -> None:
    """The deals' key is committed to in the record (``meta.dice_commitment``) and
    published (``meta.dice_seed``) as the rooms publish theirs: ``thousand verify``
    re-derives every deal of a game played in the terminal, and finds a doctored one."""
    saved: dict[str, Any] = {}
    session = new(saved)
    play_bots(session, 120)
    record = json.loads(json.dumps(saved))
    assert len(record["deals"]) >= 2
    meta = record["meta"]
    assert meta["dice_commitment"] == hashlib.sha256(bytes.fromhex(meta["dice_seed"])).hexdigest()
    out, err = io.StringIO(), io.StringIO()
    status = main(
        ["verify", "-", "--json"], stdin=io.StringIO(json.dumps(record)), stdout=out, stderr=err
    )
    answer = json.loads(out.getvalue())
    assert (int(status), answer["verified"], answer["commitment_ok"]) == (0, True, True), (
        err.getvalue()
    )
    assert answer["deals"] == len(record["deals"])
    # the first deal's cards dealt in another order than the key's shuffle: caught
    hands = record["deals"][0]["hands"]
    hands[0][0], hands[0][1] = hands[0][1], hands[0][0]
    status = main(
        ["verify", "-", "--json"],
        stdin=io.StringIO(json.dumps(record)),
        stdout=(out := io.StringIO()),
        stderr=io.StringIO(),
    )
    answer = json.loads(out.getvalue())
    assert int(status) != 0
    assert answer["verified"] is False and answer["mismatch"]["deal"] == 1


def test_a_resumed_game_keeps_its_commitment() -> None:
    saved: dict[str, Any] = {}
    session = new(saved)
    play_bots(session, 20)
    again = Session.resume(saved, language="en", program="test", save=saved.update)
    play_bots(again, 20)
    assert saved["meta"]["dice_commitment"] == session.record.to_data()["meta"]["dice_commitment"]
