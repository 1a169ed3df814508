"""Card Thousand rooms over HTTP and WebSockets (PROTOCOL.md with
docs/card1000-online.md): whole games against computers, two people with a reconnection, a
spectator, refusals in the player's language, the record and ``thousand verify``.

**No leak**: every message every connection receives during whole games is kept, and
for each one the cards that connection's seat may not know at that moment — the game's
own :func:`~thousand.games.card1000.hidden_from` of the record replayed to the same
moment (the deal's number and its actions so far, which the message carries) — must
not appear in it, nor in the record endpoint, the lobby or the server's log. A finished
deal is public (§7): a state's ``last_deal`` is checked to be an earlier deal than the
one in play, then left out of the scan.
"""

from __future__ import annotations

import contextlib
import copy
import hashlib
import json
import logging
import re
from collections.abc import Iterator, Mapping, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.web.support import (
    BaseConn,
    Conn,
    connect,
    create_room,
    get_record,
    join_room,
    live_room,
    new_app,
    on_loop,
    running,
    spectator_state,
)
from thousand.games.card1000 import hidden_from
from thousand.games.card1000.position import Position
from thousand.games.card1000.record import replay
from thousand.games.card1000.state import State
from thousand.games.card1000.verify import verify_record

GAME = "card1000"
SEED = bytes(range(40, 72))
CARD = re.compile(r"(?<![A-Za-z0-9])[9JQKTA][SCDH](?![A-Za-z0-9])")
"""A card's notation standing alone (``QH``)."""
LOOPS = 6000


@pytest.fixture(autouse=True)
def known_seed(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[bytes]]:
    """Every game's seed is :data:`SEED`, its last byte counting up with each game."""
    given: list[bytes] = []

    def seed() -> bytes:
        value = SEED[:-1] + bytes([(SEED[-1] + len(given)) % 256])
        given.append(value)
        return value

    monkeypatch.setattr("thousand.web.rooms.base.new_seed", seed)
    yield given


def card_room(
    client: httpx.Client,
    seats: Sequence[Mapping[str, Any]] = ({"bot": "club"}, {"bot": "club"}),
    rules: object = "classic",
    **options: Any,
) -> tuple[str, str]:
    return create_room(client, seats=seats, rules=rules, game=GAME, **options)


def choose(legal: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """A person's simple play: pass when they may, else the first move open."""
    for item in legal:
        if item["action"] == "pass":
            return dict(item)
    return dict(legal[0])


def send(conn: BaseConn, move: Mapping[str, Any], seq: int) -> None:
    conn.send({"type": "action", "seq": seq, **move})


class Table:
    """The people's connections of a room, played until a condition holds."""

    def __init__(
        self,
        conns: dict[int, BaseConn],
        watchers: Sequence[BaseConn] = (),
        timeout: float = 15.0,
    ):
        self.conns = conns
        self.watchers = list(watchers)
        self.timeout = timeout

    def play(self, until: Any = None, number: int = 1) -> dict[str, Any]:
        """Each person moves when the state says so, until the game is over (or ``until``
        of the state holds) — the game ``number`` or a later one; every watcher drains
        what it is sent."""
        anyone = next(iter(self.conns.values()))
        for _ in range(LOOPS):
            while (state := anyone.receive(self.timeout))["type"] != "state":
                pass
            for conn in [*self.conns.values(), *self.watchers]:
                if conn is not anyone:
                    conn.state_at(state["seq"])
            over = state["room"]["status"] == "over" and state["game"]["number"] >= number
            if over or (until is not None and until(state)):
                return state
            mover = state["game"]["to_move"]
            if mover is None or state["game"]["thinking"]:
                continue
            person = self.conns.get(mover["seat"])
            if person is None:
                continue
            mine = person.latest()
            assert mine["seq"] == state["seq"]
            send(person, choose(mine["game"]["legal"]), state["seq"])
        raise AssertionError("the game did not end")


# -- the no-leak check ---------------------------------------------------------------


def moments(record: Mapping[str, Any]) -> dict[tuple[int, int], Position]:
    """Every moment of a deal in ``record``: (the deal's number from 1, its decisions so
    far) → the game then, the record replayed once."""
    players = tuple(record["players"])
    found: dict[tuple[int, int], Position] = {}

    def keep(state: State) -> None:
        if state.deal is not None:
            found[(state.dealt_count, len(state.deal.actions))] = Position(state, players)

    replay(record, on_state=keep)
    return found


class LeakCheck:
    """Holds messages against the games' final records (see the module docstring)."""

    def __init__(self, records: Mapping[int, Mapping[str, Any]]):
        self.records = records
        self.checked = 0
        self._hidden: dict[tuple[int, int, int, int | None], frozenset[str]] = {}
        self._moments = {number: moments(record) for number, record in records.items()}

    def hidden(self, number: int, deal: int, actions: int, seat: int | None) -> frozenset[str]:
        key = (number, deal, actions, seat)
        if key not in self._hidden:
            position = self._moments[number][(deal, actions)]
            self._hidden[key] = hidden_from(position, seat)
        return self._hidden[key]

    def conn(self, conn: BaseConn) -> None:
        """Every message ``conn`` received, against the moment of the last state before it."""
        at: tuple[int, int, int] | None = None
        seat: int | None = None
        for raw, message in zip(conn.raw, conn.messages, strict=True):
            text = raw
            if message["type"] == "state":
                seat, game = message["you"], message["game"]
                deal = game["deal"]
                if deal is None or message["room"]["status"] == "over":
                    at = None
                else:
                    at = (game["number"], deal["number"], len(deal["actions"]))
                    last = game["last_deal"]
                    assert last is None or last["number"] < deal["number"]
                shown = {key: value for key, value in game.items() if key != "last_deal"}
                text = json.dumps({**message, "game": shown})
            self.text(text, at, seat)

    def text(self, text: str, at: tuple[int, int, int] | None, seat: int | None) -> None:
        if at is None:
            return
        hidden = self.hidden(*at, seat)
        found = set(CARD.findall(text)) & hidden
        assert not found, (at, seat, sorted(found), text[:300])
        self.checked += 1

    def record(self, shown: Mapping[str, Any], number: int, seat: int | None) -> None:
        """The record endpoint's answer during a game, as ``seat`` reads it: the finished
        deals as scores, never the deal in progress — no card at all."""
        del number, seat
        assert "deal" not in shown
        assert all("hands" not in deal for deal in shown["deals"])
        text = json.dumps(shown)
        assert not CARD.findall(text), text[:300]
        self.checked += 1


# -- tests ---------------------------------------------------------------------------


def test_a_whole_game_against_two_computers_verifies(tmp_path: Path) -> None:
    """Anna against two club computers to the end, a spectator watching: the commitment
    is shown from the first state, the seed at the end, and the downloaded record passes
    ``thousand verify``; no connection ever sees a card it may not."""
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, token = card_room(client)
        anna = connect(stack, client, room, token)
        watcher = connect(stack, client, room)
        first = anna.next_state()
        game = first["game"]
        assert game["game"] == GAME and first["room"]["status"] == "playing"
        assert game["dice_commitment"] == hashlib.sha256(SEED).hexdigest()
        assert "dice_seed" not in game
        assert game["deal"]["number"] == 1 and len(game["deal"]["hand"]) == 7
        assert len(game["players"]) == 3
        end = Table({0: anna}, [watcher]).play()
        assert end["game"]["dice_seed"] == SEED.hex()
        assert end["game"]["winner"] is not None
        record = get_record(client, room)
        assert record["meta"]["dice_seed"] == SEED.hex()
        verified = verify_record(record)
        assert verified.ok, verified
        assert replay(record).to_json_data()["winner"] == end["game"]["winner"]  # a name
        check = LeakCheck({1: record})
        check.conn(anna)
        check.conn(watcher)
        assert check.checked > 500


def test_spectator_sees_no_hand_and_no_legal(tmp_path: Path) -> None:
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, token = card_room(client, seats=({"open": True}, {"bot": "novice"}))
        join_room(client, room)
        watcher = connect(stack, client, room)
        state = watcher.next_state()
        deal = state["game"]["deal"]
        assert state["you"] is None and state["game"]["legal"] == []
        assert deal["hand"] is None and deal["talon"] is None
        assert deal["hand_sizes"] == [7, 7, 7]
        http = spectator_state(client, room)
        assert http["game"]["deal"]["hand"] is None
        anna = connect(stack, client, room, token)
        anna.send({"type": "chat", "text": "удачи!"})
        while (message := watcher.receive())["type"] != "chat":
            pass
        assert (message["seat"], message["name"], message["text"]) == (0, "Anna", "удачи!")


def test_two_people_one_reconnects_mid_trick(tmp_path: Path) -> None:
    """Anna and Boris with a computer; Boris leaves in the middle of a trick and comes
    back: he is sent his hand and his moves again, and the game goes on to its end."""
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, anna_token = card_room(client, seats=({"open": True}, {"bot": "club"}))
        _, boris_token = join_room(client, room)
        anna = connect(stack, client, room, anna_token)
        boris_stack = contextlib.ExitStack()
        boris = connect(boris_stack, client, room, boris_token)

        def mid_trick(state: Mapping[str, Any]) -> bool:
            deal = state["game"]["deal"]
            mover = state["game"]["to_move"]
            in_play = deal is not None and deal["phase"] == "play" and len(deal["trick"]) == 1
            return in_play and mover is not None and mover["seat"] == 1

        state = Table({0: anna, 1: boris}).play(until=mid_trick)
        hand_before = boris.latest()["game"]["deal"]["hand"]
        boris_stack.close()
        boris = connect(stack, client, room, boris_token)
        again = boris.next_state()
        assert again["you"] == 1
        assert again["game"]["deal"]["hand"] == hand_before
        assert again["game"]["deal"]["trick"] == state["game"]["deal"]["trick"]
        end = Table({0: anna, 1: boris}).play()
        assert end["room"]["status"] == "over"
        assert verify_record(get_record(client, room)).ok


def test_no_leak_people_computers_spectator_reconnect_rematch(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Two people, a computer and a spectator play a whole game, one person reconnects,
    a rematch is played a few deals: no connection, record download, lobby listing or
    log line shows a card its reader may not know."""
    caplog.set_level(logging.DEBUG)
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, anna_token = card_room(client, seats=({"open": True}, {"bot": "club"}))
        _, boris_token = join_room(client, room)
        anna = connect(stack, client, room, anna_token)
        first_boris = contextlib.ExitStack()
        boris_1 = connect(first_boris, client, room, boris_token)
        watcher = connect(stack, client, room)
        downloads: list[tuple[dict[str, Any], int, int | None]] = []
        lobby: list[str] = []
        http_states = BaseConn()  # GET /api/rooms/{room}: a spectator's state

        def sample(state: Mapping[str, Any]) -> bool:
            if state["seq"] % 97 == 0 and state["room"]["status"] == "playing":
                for token, seat in ((anna_token, 0), (boris_token, 1), (None, None)):
                    query = "" if token is None else f"?token={token}"
                    response = client.get(f"/api/rooms/{room}/record{query}")
                    downloads.append((response.json(), state["game"]["number"], seat))
                lobby.append(client.get("/api/rooms").text)
                public = client.get(f"/api/rooms/{room}")
                http_states.raw.append(public.text)
                http_states.messages.append(public.json())
            deal = state["game"]["deal"]
            return deal is not None and deal["number"] == 6 and len(deal["trick"]) == 2

        Table({0: anna, 1: boris_1}, [watcher]).play(until=sample)
        first_boris.close()
        boris_2 = connect(stack, client, room, boris_token)
        end = Table({0: anna, 1: boris_2}, [watcher]).play(
            until=lambda s: bool(sample(s)) and False
        )
        assert end["room"]["status"] == "over"
        first_record = get_record(client, room)
        for conn in (anna, boris_2):
            conn.send({"type": "rematch"})

        def second_game(state: Mapping[str, Any]) -> bool:
            sample(state)
            deal = state["game"]["deal"]
            return state["game"]["number"] == 2 and deal is not None and deal["number"] == 4

        # after a rematch the seats move one place: Anna sits at 2, Boris at 0
        state = Table({2: anna, 0: boris_2}, [watcher]).play(until=second_game, number=2)
        assert state["game"]["number"] == 2
        second_record = copy.deepcopy(live_room(client, room).room.record())
        assert second_record is not None
        check = LeakCheck({1: first_record, 2: second_record})
        received: list[BaseConn] = [anna, boris_1, boris_2, watcher, http_states]
        for each in received:
            check.conn(each)
        assert len(http_states.messages) >= 2
        for shown, number, seat in downloads:
            check.record(shown, number, seat)
        assert len(downloads) >= 6
        assert check.checked > 1000
        for text in lobby:
            assert not CARD.findall(text), text[:300]
        assert not CARD.findall(caplog.text), caplog.text[-500:]


def next_error(conn: BaseConn) -> dict[str, Any]:
    """The next error this connection is sent (states before it are kept)."""
    while (message := conn.receive())["type"] != "error":
        pass
    return {key: message.get(key) for key in ("code", "message", "rule", "text")}


def my_turn(conn: BaseConn, seat: int = 0, timeout: float = 15.0) -> dict[str, Any]:
    """The next state in which ``seat`` is to move (no computer thinking)."""
    state = conn.latest() if conn.states() else conn.next_state()
    for _ in range(LOOPS):
        mover = state["game"]["to_move"]
        mine = mover is not None and mover["seat"] == seat and not state["game"]["thinking"]
        if mine and state["seq"] == conn.seq:
            return state
        while (message := conn.receive(timeout))["type"] != "state":
            pass
        state = message
    raise AssertionError("never my turn")


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("en", "bid more than 100"), ("ru", "торгуйтесь выше 100")],
)
def test_refusals_in_the_players_language(tmp_path: Path, lang: str, expected: str) -> None:
    """An illegal bid is refused with the rule and the reason in the room's language;
    stale, spectator and malformed messages as every game refuses them."""
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, token = card_room(client, language=lang)
        socket = client.websocket_connect(f"/ws/rooms/{room}?token={token}&lang={lang}")
        anna = Conn(stack.enter_context(socket), token)
        watcher = connect(stack, client, room)
        state = my_turn(anna)
        assert state["game"]["deal"]["phase"] == "bid"
        assert state["game"]["deal"]["bid"] == 100
        send(anna, {"action": "bid", "amount": 100}, state["seq"])
        error = next_error(anna)
        assert error["code"] == "illegal" and error["rule"] == "bid_too_low"
        assert expected in error["text"]
        send(anna, {"action": "bid", "amount": 105}, state["seq"] - 1)
        assert next_error(anna)["code"] == "stale"
        send(anna, {"action": "bid"}, state["seq"])
        assert next_error(anna)["code"] == "bad_message"
        send(anna, {"action": "play", "card": "XX"}, state["seq"])
        assert next_error(anna)["code"] == "bad_message"
        send(anna, {"action": "play", "card": state["game"]["deal"]["hand"][0]}, state["seq"])
        refused = next_error(anna)
        assert refused["code"] == "illegal" and refused["rule"] == "not_now"
        send(watcher, {"action": "pass"}, state["seq"])
        assert next_error(watcher)["code"] == "spectator"


def test_out_of_turn(tmp_path: Path) -> None:
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, anna_token = card_room(client, seats=({"open": True}, {"bot": "novice"}))
        _, boris_token = join_room(client, room)
        anna = connect(stack, client, room, anna_token)
        boris = connect(stack, client, room, boris_token)
        state = my_turn(anna)  # Anna's move: Boris may not act
        boris.state_at(state["seq"])
        send(boris, {"action": "pass"}, state["seq"])
        assert next_error(boris)["code"] == "not_your_turn"


@pytest.mark.parametrize(
    ("seats", "options", "says"),
    [
        ([{"bot": "club"}], {}, "3 players"),
        ([{"bot": "club"}, {"name": "Boris"}], {}, "seats.1.name"),
        ([{"bot": "club"}, {"open": True}], {"scorekeeper": True}, "options.scorekeeper"),
        ([{"bot": "club"}, {"open": True}], {"dice": "table"}, "options.dice"),
        ([{"bot": "club"}, {"bot": "genius"}], {}, "seats.1.bot"),
    ],
)
def test_rooms_the_game_cannot_host_are_refused(
    tmp_path: Path, seats: list[dict[str, Any]], options: dict[str, Any], says: str
) -> None:
    """Seats as many as the rules' players, each with a device or a computer of the
    game's levels; the server's cards."""
    with running(new_app(tmp_path)) as client:
        body = {"name": "Anna", "game": GAME, "rules": "classic", "seats": seats}
        response = client.post("/api/rooms", json={**body, "options": options})
        assert response.status_code == 422
        assert says in response.json()["error"]["message"]


@pytest.mark.parametrize(
    ("rules", "status", "says"),
    [
        ({"preset": "classic", "barrel": None, "penalty": 100}, 201, None),
        ({"preset": "classic", "players": 4}, 422, "players"),
        ({"preset": "classic", "barrels": 880}, 422, "barrels"),
        ({"preset": "two_players", "dark": True}, 422, "dark"),
    ],
)
def test_rules_are_a_preset_and_the_keys_that_differ(
    tmp_path: Path, rules: dict[str, Any], status: int, says: str | None
) -> None:
    """docs/card1000-online.md: a rules object names a preset and only the keys changed;
    a key unknown, fixed by the preset or that its player count lacks is refused by name."""
    seats = [{"bot": "club"}] * (1 if rules["preset"] == "two_players" else 2)
    with running(new_app(tmp_path)) as client:
        body = {"name": "Anna", "game": GAME, "rules": rules, "seats": seats}
        response = client.post("/api/rooms", json=body)
        assert response.status_code == status, response.text
        if says is not None:
            assert says in response.json()["error"]["message"]
            return
        room = response.json()["room"]
        game = spectator_state(client, room)["game"]
        assert (game["rules"]["barrel"], game["rules"]["penalty"]) == (None, 100)
        assert game["rules"]["bid_step"] == 5  # the preset's, unchanged


@pytest.mark.parametrize("level", ["random", "novice", "club", "expert"])
def test_every_computer_level_plays(tmp_path: Path, level: str) -> None:
    """Two computers of each level bid and play a whole deal beside Anna."""
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, token = card_room(client, seats=({"bot": level}, {"bot": level}))
        anna = connect(stack, client, room, token)

        def second_deal(state: Mapping[str, Any]) -> bool:
            deal = state["game"]["deal"]
            return deal is not None and deal["number"] >= 2

        # the expert's first decision may compile its search (numba) first
        state = Table({0: anna}, timeout=120.0).play(until=second_deal)
        assert state["game"]["deals"] or state["game"]["last_deal"]["actions"]
        del room


def test_clock_stand_in_plays_until_the_person_acts(tmp_path: Path) -> None:
    """Anna's time runs out: the stand-in computer plays her seat (``auto``) from her
    seat's view, and her next action takes the seat back (the computers take their time,
    as they do for people, so that she can)."""
    with running(new_app(tmp_path, bot_delay=0.2)) as client, contextlib.ExitStack() as stack:
        room, token = card_room(client, turn_seconds=60)
        anna = connect(stack, client, room, token)
        state = my_turn(anna)
        assert state["game"]["deadline"] is not None
        live = live_room(client, room)

        def annas_moves() -> int:
            record = live.room.record()
            assert record is not None
            return sum(a["seat"] == 0 for deal in record["deals"] for a in deal["actions"])

        before = annas_moves()

        def run_out() -> None:
            live.room.deadline = datetime.now(UTC) - timedelta(seconds=1)
            live.wake.set()

        on_loop(client, run_out)
        while not (state := anna.next_state())["game"]["players"][0]["auto"]:
            pass
        for _ in range(LOOPS):
            if on_loop(client, annas_moves) > before:
                break
            anna.next_state()
        else:
            raise AssertionError("the stand-in never moved for Anna")
        for _ in range(LOOPS):  # Anna takes her seat back by acting on her turn
            state = anna.next_state()
            assert state["room"]["status"] == "playing", "the game ended before Anna acted"
            if not state["game"]["players"][0]["auto"]:
                break
            mover = state["game"]["to_move"]
            if mover is not None and mover["seat"] == 0 and state["game"]["legal"]:
                send(anna, choose(state["game"]["legal"]), state["seq"])
        else:
            raise AssertionError("Anna never took her seat back")
        assert state["game"]["deadline"] is not None or state["game"]["to_move"]["seat"] != 0


def test_a_restarted_server_deals_on_from_the_same_seed(tmp_path: Path) -> None:
    """The server stops in the middle of a deal and starts again on the same database:
    Anna sees the same hand and moves at the same ``seq``, the game goes on to its end,
    and its record still passes ``thousand verify``."""
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, anna_token = card_room(client, seats=({"open": True}, {"bot": "club"}))
        _, boris_token = join_room(client, room)
        anna = connect(stack, client, room, anna_token)
        boris = connect(stack, client, room, boris_token)

        def third_deal_annas_move(state: Mapping[str, Any]) -> bool:
            deal, mover = state["game"]["deal"], state["game"]["to_move"]
            return (
                deal is not None and deal["number"] >= 3 and mover == {"seat": 0, "phase": "play"}
            )

        seen = Table({0: anna, 1: boris}).play(until=third_deal_annas_move)
        seen = anna.state_at(seen["seq"])
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        anna = connect(stack, client, room, anna_token)
        boris = connect(stack, client, room, boris_token)
        back = anna.next_state()
        assert back["seq"] == seen["seq"]
        assert back["game"]["deal"] == seen["game"]["deal"]
        assert back["game"]["legal"] == seen["game"]["legal"]
        assert back["game"]["players"][0]["score"] == seen["game"]["players"][0]["score"]
        end = Table({0: anna, 1: boris}).play()
        assert end["room"]["status"] == "over"
        assert verify_record(get_record(client, room)).ok


def test_the_view_carries_the_card_words_and_the_paper_sheet(tmp_path: Path) -> None:
    """What a page needs to draw the table (docs/card1000-online.md: ``view.cards``,
    ``view.sheet``): the ranks and suits in the connection's language, and the sheet's
    rows — the same for a seat and a spectator, with no card in them."""
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, token = card_room(client, seats=({"bot": "novice"}, {"bot": "novice"}))
        anna = connect(stack, client, room, token)
        state = Table({0: anna}).play(until=lambda state: len(state["game"]["deals"]) >= 2)
        view = state["game"]["view"]
        assert view["cards"]["ranks"] == {
            "9": "9",
            "J": "J",
            "Q": "Q",
            "K": "K",
            "T": "10",
            "A": "A",
        }
        assert view["cards"]["suits"]["H"] == "hearts ♥"
        sheet = view["sheet"]
        assert sheet["players"] == [player["name"] for player in state["game"]["players"]]
        assert [row["deal"] for row in sheet["rows"]] == [
            str(n) for n in range(1, len(state["game"]["deals"]) + 2)
        ]
        assert sheet["rows"][-1]["label"].endswith("…")
        actions = state["game"]["deal"]["actions"]
        assert len(view["log"]) == len(actions)
        assert not CARD.search(json.dumps(sheet))
        response = client.get(f"/api/rooms/{room}?lang=ru")
        ru = response.json()["game"]["view"]
        assert ru["cards"]["ranks"]["Q"] == "Д" and ru["cards"]["ranks"]["A"] == "Т"
        assert ru["cards"]["suits"]["S"] == "пики ♠"
