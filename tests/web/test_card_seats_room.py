"""Card Thousand rooms for two players, server side: what the view calls the declarer's
step after taking a talon (CARD_THOUSAND.md §3: two cards put aside, not given)."""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from tests.web.support import Conn, join_room, new_app, running
from tests.web.test_card_room import Table, card_room


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("en", "putting two cards aside"), ("ru", "снос двух карт")],
)
def test_two_players_the_discard_step_is_named_so(tmp_path: Path, lang: str, expected: str) -> None:
    """Anna passes, Boris is the declarer at 100 and takes a talon: while he puts two
    cards aside, everyone's view names that step — not "giving the cards"."""
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, anna_token = card_room(
            client, seats=({"open": True},), rules="two_players", language=lang
        )
        _, boris_token = join_room(client, room)
        anna, boris = (
            Conn(stack.enter_context(client.websocket_connect(f"/ws/rooms/{room}?{query}")), token)
            for token in (anna_token, boris_token)
            for query in [f"token={token}&lang={lang}"]
        )

        def discarding(state: Mapping[str, Any]) -> bool:
            mover = state["game"]["to_move"]
            return mover is not None and mover["phase"] == "give"

        state = Table({0: anna, 1: boris}).play(until=discarding)
        assert state["game"]["view"]["phase"] == expected
