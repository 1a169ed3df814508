"""A restarted server brings every room back as its clients last saw it: in process (a
new app on the same database) and for real (``thousand serve`` killed with SIGKILL)."""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Mapping
from pathlib import Path
from random import Random
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection
from websockets.sync.client import connect as ws_connect

from tests.web.serve_process import ServeProcess
from tests.web.support import (
    SMALL_RULES,
    TIMEOUT,
    TINY_RULES,
    BaseConn,
    connect,
    create_room,
    get_record,
    join_room,
    live_room,
    mover_seat,
    new_app,
    play_out,
    random_action,
    restart_mid_game,
    running,
    spectator_state,
    without_presence,
)
from thousand.games.dice1000.verify import verify_record


@pytest.mark.slow
def test_a_new_server_on_the_same_database_goes_on(tmp_path: Path) -> None:
    # courtyard: to 1000, the game is still on after six decisions
    restarted = restart_mid_game(tmp_path, "courtyard", "bold", actions=6, seed=11)
    record, final = restarted.record, restarted.final
    assert restarted.listed == [restarted.room]
    assert restarted.back["you"] == 0
    assert final["turns"][: len(record["turns"]) - 1] == record["turns"][:-1]
    assert verify_record(final).ok  # the dice went on from the seed where they stopped


def _to_choosing(conns: Mapping[int, BaseConn], observer: BaseConn) -> dict[str, Any]:
    """Throw (and keep the first offer) until the seat to move must choose its dice."""
    for _ in range(200):
        state = observer.next_state()
        mover = mover_seat(state)
        assert mover is not None
        own = conns[mover].state_at(state["seq"])
        legal = own["game"]["legal"]
        if any(isinstance(item, dict) for item in legal) and len(legal) > 1:
            return own
        conns[mover].act("throw" if "throw" in legal else legal[0], state["seq"])
    raise AssertionError("no choice of dice in 200 decisions")


def test_a_choice_of_dice_left_open_is_open_again_after_a_restart(tmp_path: Path) -> None:
    rules = {**SMALL_RULES["classic"], "choose_dice": True}
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, anna_token = create_room(client, rules=rules)
        _, boris_token = join_room(client, room)
        anna = connect(stack, client, room, anna_token)
        boris = connect(stack, client, room, boris_token)
        tokens = {0: anna_token, 1: boris_token}
        choosing = _to_choosing({0: anna, 1: boris}, anna)
        seen_public = spectator_state(client, room)
        seen_record = get_record(client, room)
        stored = live_room(client, room).room.to_doc()
    mover = choosing["you"]
    assert stored["awaiting_keep"] is True
    assert choosing["game"]["turn"]["choosing"] is True
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        public = spectator_state(client, room)
        record = get_record(client, room)
        conn = connect(stack, client, room, tokens[mover])
        back = conn.next_state()
        keep = Random(5).choice(back["game"]["legal"])
        conn.act(keep, back["seq"])
        kept = conn.next_state()
        other = connect(stack, client, room, tokens[1 - mover])
        persons = {mover: conn, 1 - mover: other}
        play_out(client, room, conn, persons, Random(6))
        final = get_record(client, room)
    assert record == seen_record
    assert without_presence(public) == without_presence(seen_public)
    assert without_presence(back) == without_presence(choosing)
    assert back["game"]["legal"] == choosing["game"]["legal"]
    assert kept["seq"] == back["seq"] + 1
    assert kept["game"]["turn"]["choosing"] is False
    assert kept["game"]["turn"]["set_aside"][-len(keep["keep"]) :] == keep["keep"]
    throws = sum(len(turn["rolls"]) for turn in record["turns"])
    last = final["turns"][len(record["turns"]) - 1]["rolls"][len(record["turns"][-1]["rolls"]) - 1]
    shown = last["dice"] if isinstance(last, dict) else last
    assert shown == choosing["game"]["turn"]["throws"][-1]
    assert verify_record(final).ok
    assert verify_record(final).throws > throws


def test_a_finished_game_is_kept_after_a_rematch_and_a_restart(tmp_path: Path) -> None:
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, anna_token = create_room(client, rules=TINY_RULES)
        _, boris_token = join_room(client, room)
        anna = connect(stack, client, room, anna_token)
        boris = connect(stack, client, room, boris_token)
        over = play_out(client, room, anna, {0: anna, 1: boris}, Random(8))[-1]
        first = get_record(client, room)
        anna.send({"type": "rematch"})
        boris.send({"type": "rematch"})
        started = anna.state_at(over["seq"] + 2)
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        old = get_record(client, room, number=1)
        state = spectator_state(client, room)
        anna = connect(stack, client, room, anna_token)
        mine = anna.next_state()
    assert old == first
    assert verify_record(old).ok
    assert (state["seq"], state["game"]["number"]) == (started["seq"], 2)
    assert (started["you"], mine["you"]) == (1, 1)


# -- the real thing: thousand serve, SIGKILL, restart -----------------------------------


class RemoteConn(BaseConn):
    """A WebSocket to a server in another process (the ``websockets`` client)."""

    def __init__(self, socket: ClientConnection, token: str | None = None) -> None:
        super().__init__(token)
        self.socket = socket

    def _next_text(self, timeout: float) -> str:
        message = self.socket.recv(timeout=timeout)
        return message if isinstance(message, str) else message.decode()

    def send_text(self, text: str) -> None:
        self.socket.send(text)


def test_serve_killed_with_sigkill_comes_back_as_the_client_saw_it(tmp_path: Path) -> None:
    db_url = f"sqlite:///{tmp_path / 'server.db'}"
    with (
        ServeProcess(tmp_path, "server", db_url) as process,
        httpx.Client(base_url=process.base, timeout=TIMEOUT) as http,
    ):
        address = f"127.0.0.1:{process.port}"
        # a room's seed is its own: a game of the small rules may end within nine
        # actions, and then another room is played (the kill must come mid-game)
        for _attempt in range(5):
            room, anna_token = create_room(http, rules=SMALL_RULES["ussr"])
            _, boris_token = join_room(http, room)
            url = f"ws://{address}/ws/rooms/{room}?token="
            with (
                ws_connect(url + anna_token, close_timeout=1) as a,
                ws_connect(url + boris_token, close_timeout=1) as b,
            ):
                anna, boris = RemoteConn(a, anna_token), RemoteConn(b, boris_token)
                states = play_out(http, room, anna, {0: anna, 1: boris}, Random(21), actions=9)
                seen = states[-1]
                if seen["room"]["status"] == "playing":
                    process.kill()  # mid-game, every connection open
                    break
    assert process.returncode == -signal.SIGKILL
    assert seen["room"]["status"] == "playing"
    with (
        ServeProcess(tmp_path, "server", db_url) as again,
        httpx.Client(base_url=again.base, timeout=TIMEOUT) as http,
    ):
        address = f"127.0.0.1:{again.port}"
        url = f"ws://{address}/ws/rooms/{room}?token="
        with (
            ws_connect(url + anna_token, close_timeout=1) as a,
            ws_connect(url + boris_token, close_timeout=1) as b,
        ):
            anna, boris = RemoteConn(a, anna_token), RemoteConn(b, boris_token)
            back = anna.next_state()
            mover = mover_seat(back)
            assert mover is not None
            conn = {0: anna, 1: boris}[mover]
            own = conn.state_at(back["seq"])
            conn.act(random_action(own["game"]["legal"], Random(1)), back["seq"])
            on = anna.state_at(back["seq"] + 1)
            play_out(http, room, anna, {0: anna, 1: boris}, Random(22))
            final = get_record(http, room)
    assert back["seq"] == seen["seq"]
    assert back["you"] == 0
    assert without_presence(back) == without_presence(seen)
    assert on["seq"] == seen["seq"] + 1
    assert verify_record(final).ok  # the dice went on from the seed where they stopped
    logged = process.log.read_text()
    assert "rooms restored" in logged
    assert anna_token not in logged
    assert boris_token not in logged
