"""Two servers on one database with no news between them: the version check alone keeps
a room's changes in one order.

Both apps run in this process on one SQLite file and hear nothing of each other (no
Redis), which is the worst case a deployment meets (news lost): each holds its own copy
of the room, and the database's row decides which write goes through. The real thing,
two processes with PostgreSQL and Redis, is in test_cluster.py.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

from fastapi.testclient import TestClient

from tests.web.support import (
    TINY_RULES,
    Conn,
    connect,
    create_room,
    get_record,
    join_room,
    new_app,
    replay_fields,
    running,
)
from thousand.games.dice1000.record import replay


@contextlib.contextmanager
def two_servers(tmp_path: Path) -> Iterator[tuple[TestClient, Conn, Conn, Conn, int]]:
    """Two servers on one database, a room on the first, Anna's two devices (one on
    each server) and Boris's, on the second; with the room's first ``seq``."""
    with (
        running(new_app(tmp_path)) as first,
        running(new_app(tmp_path)) as second,
        contextlib.ExitStack() as stack,
    ):
        room, anna_token = create_room(first, rules=TINY_RULES)
        _, boris_token = join_room(first, room)
        here = connect(stack, first, room, anna_token)  # Anna's phone, on the first
        there = connect(stack, second, room, anna_token)  # her laptop, on the second
        boris = connect(stack, second, room, boris_token)
        start = here.next_state()
        assert there.next_state()["seq"] == boris.next_state()["seq"] == start["seq"]
        assert start["game"]["legal"] == ["throw"]
        yield second, here, there, boris, int(start["seq"])


def test_an_action_on_a_copy_another_server_has_moved_on_is_refused_as_stale(
    tmp_path: Path,
) -> None:
    with two_servers(tmp_path) as (second, here, there, _boris, seq):
        here.send({"type": "action", "action": "throw", "seq": seq})
        thrown = here.state_at(seq + 1)
        # the second server's copy is still at seq: the throw again passes its own check,
        # but the row has moved on; it reloads the room, tells its client, and refuses
        there.send({"type": "action", "action": "throw", "seq": seq})
        caught_up = there.state_at(seq + 1)
        refusal = there.receive()
        record = get_record(second, caught_up["room"]["room"])
    assert (refusal["type"], refusal["code"]) == ("error", "stale")
    assert replay_fields(caught_up["game"]) == replay_fields(thrown["game"])
    assert len(record["turns"]) == 1 and len(record["turns"][0]["rolls"]) == 1  # one throw
    assert replay_fields(thrown["game"]) == replay(record).to_json_data()


def test_a_change_on_the_stored_state_goes_through_either_server(tmp_path: Path) -> None:
    """A client that saw the stored state acts through the server whose copy is older:
    the copy is brought up to the database and the action carried out on it, once.
    Whoever moves after Anna's throw acts: still Anna, or Boris if she went bust."""
    with two_servers(tmp_path) as (second, here, there, boris, seq):
        here.send({"type": "action", "action": "throw", "seq": seq})
        legal = here.state_at(seq + 1)["game"]["legal"]
        mover = there if legal else boris
        action = "stop" if "stop" in legal else "throw"
        mover.send({"type": "action", "action": action, "seq": seq + 1})
        after = mover.state_at(seq + 2)
        record = get_record(second, after["room"]["room"])
    assert not [m for m in mover.messages if m["type"] == "error"]
    assert replay_fields(after["game"]) == replay(record).to_json_data()
