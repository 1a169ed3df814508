"""Poker dice rooms over HTTP and WebSockets (PROTOCOL.md with POKER_DICE.md): creating one,
whole games of two people and a computer on known dice, every refusal, stale actions,
rematches and a restart. Every state a client receives is held against the record:
its ``players``, ``turns``, ``winner``, ``winners`` and ``to_move`` are ``thousand replay
--json`` of the record at that moment.

The dice are the server's, from a seed the tests fix (``thousand.web.rooms.base.new_seed``), so
each throw can be predicted with the published derivation under the game's name.
"""

from __future__ import annotations

import contextlib
import functools
import json
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from random import Random
from typing import Any

import httpx
import pytest

from tests.web import support
from tests.web.support import (
    BaseConn,
    Conn,
    GameChecks,
    connect,
    create_room,
    error_of,
    get_record,
    join_room,
    new_app,
    play_whole_game,
    restart_mid_game,
    running,
    settle,
    spectator_state,
)
from thousand.core.fairdice import seeded_throw
from thousand.games.poker_dice.presets import rules_from_spec, rules_to_spec
from thousand.games.poker_dice.record import replay
from thousand.games.poker_dice.verify import verify_record
from thousand.web.protocol import GAMES

SEED = bytes(range(100, 132))
GAME = "poker_dice"
REPLAY_KEYS = ("players", "turns", "winner", "winners", "to_move")
PLAYER_KEYS = ("name", "boxes", "subtotal", "bonus", "extra", "total")


@pytest.fixture(autouse=True)
def known_seed(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[bytes]]:
    """Every game's dice seed is :data:`SEED`, then SEED with its last byte counting up
    (a rematch draws a new one); the list holds the seeds handed out."""
    given: list[bytes] = []

    def seed() -> bytes:
        value = SEED[:-1] + bytes([(SEED[-1] + len(given)) % 256])
        given.append(value)
        return value

    monkeypatch.setattr("thousand.web.rooms.base.new_seed", seed)
    yield given


def poker_room(
    client: httpx.Client,
    seats: Sequence[Mapping[str, Any]] = ({"open": True}, {"bot": "greedy"}),
    rules: object = "russian",
    **options: Any,
) -> tuple[str, str]:
    return create_room(client, seats=seats, rules=rules, game=GAME, **options)


def replay_fields(game: Mapping[str, Any]) -> dict[str, Any]:
    """The part of a state's ``game`` that must equal ``thousand replay --json``."""
    fields = {key: game[key] for key in REPLAY_KEYS}
    keys = (*PLAYER_KEYS, "hand") if game["sheet"] == "ranking" else PLAYER_KEYS
    fields["players"] = [{key: player[key] for key in keys} for player in game["players"]]
    return fields


def turn_so_far(turn: Mapping[str, Any]) -> list[dict[str, Any]]:
    """A turn of the record after each of its throws, before a box or a stand ends it."""
    partial = {key: value for key, value in turn.items() if key not in {"box", "stop"}}
    return [
        {**partial, "rolls": turn["rolls"][:count]} for count in range(1, len(turn["rolls"]) + 1)
    ]


def act(conn: BaseConn, seq: int, action: str, **fields: Any) -> None:
    conn.send({"type": "action", "action": action, "seq": seq, **fields})


def random_move(game: Mapping[str, Any], rng: Random) -> dict[str, Any]:
    """A random legal action of the seat to move (its ``legal``), with random dice kept."""
    legal = game["legal"]
    assert legal, "nothing is legal for the seat to move"
    writes = [item for item in legal if isinstance(item, dict)]
    if "throw" in legal and (rng.random() < 0.6 or not writes):
        showing = game["showing"]
        dice = showing["dice"] if showing and showing["in_turn"] else []
        keep = [face for face in dice if rng.random() < 0.5][:4]
        return {"action": "throw", "keep": keep}
    if "stop" in legal:
        return {"action": "stop"}
    return {"action": "write", "box": rng.choice(writes)["box"]}


POKER_DICE = GameChecks(
    name=GAME,
    replay=lambda record: replay(record).to_json_data(),
    fields=replay_fields,
    turn_so_far=turn_so_far,
    ends_turn=lambda turn: "box" in turn or "stop" in turn,
    move=random_move,
)
"""How these tests hold a poker dice room's states against its record."""


play_out = functools.partial(support.play_out, game=POKER_DICE)
""":func:`tests.web.support.play_out` of a poker dice room."""


# -- creating a room -------------------------------------------------------------------


def test_a_poker_dice_room_and_its_first_state(tmp_path: Path) -> None:
    with running(new_app(tmp_path)) as client:
        room, token = poker_room(client, seats=[{"bot": "chaser"}, {"open": True}], rules=None)
        state = spectator_state(client, room)
        listed = client.get("/api/rooms").json()["rooms"]
        presets = client.get("/api/presets?game=poker_dice&lang=ru").json()
    summary = state["room"]
    assert (summary["game"], summary["rules"], summary["status"]) == (GAME, "russian", "waiting")
    assert [(s["name"], s["kind"], s["open"]) for s in summary["seats"]] == [
        ("Anna", "person", False),
        ("Chaser", "bot", False),  # named in the room's language (English by default)
        (None, "person", True),
    ]
    assert [r["room"] for r in listed] == [room]
    game = state["game"]
    assert (game["game"], game["sheet"], game["legal"], game["to_move"]) == (
        GAME,
        "russian",
        [],
        None,
    )
    assert len(game["dice_commitment"]) == 64
    assert token not in json.dumps(state)
    assert [p["name"] for p in presets["presets"]] == [
        "russian",
        "russian_banked",
        "yahtzee",
        "ranking",
    ]
    assert [p["level"] for p in presets["levels"]] == ["greedy", "chaser", "optimal"]
    assert all(p["title"] and p["description"] for p in presets["presets"])


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"game": "chess"}, f'game: unknown game "chess" (known: {", ".join(GAMES)})'),
        ({"game": 7}, "game: Input should be a valid string"),
        ({"game": GAME, "rules": "classic"}, "rules: "),
        ({"game": GAME, "rules": {"preset": "russian", "throws": 0}}, "rules: rules key 'throws'"),
        (
            {"game": GAME, "rules": {"preset": "russian", "dice": 6}},
            "rules: unknown rules key 'dice'",
        ),
        (
            {"game": GAME, "seats": [{"bot": "bold"}]},
            "seats.0.bot: 'bold' is not a level of poker_dice",
        ),
        ({"seats": [{"bot": "chaser"}]}, "seats.0.bot: 'chaser' is not a level of dice1000"),
        ({"game": GAME, "options": {"dice": "table"}}, "options.dice: "),
        ({"game": GAME, "options": {"advisor": True}}, "options.advisor: "),
    ],
)
def test_what_a_poker_room_refuses_names_the_field(
    tmp_path: Path, body: dict[str, Any], message: str
) -> None:
    with running(new_app(tmp_path)) as client:
        response = client.post("/api/rooms", json={"name": "Anna", **body})
        rooms = client.get("/api/rooms").json()["rooms"]
    status, code, text = error_of(response)
    assert (status, code) == (422, "invalid")
    assert text.startswith(message), text
    assert rooms == []


def test_rules_as_preset_and_overrides_are_kept_as_the_record_writes_them(tmp_path: Path) -> None:
    rules = {"preset": "russian", "throws": 2, "bonus": 30}
    with running(new_app(tmp_path)) as client:
        room, _ = poker_room(client, seats=[{"bot": "greedy"}], rules=rules)
        state = spectator_state(client, room)
        record = get_record(client, room)
    assert state["room"]["rules"] == rules_to_spec(rules_from_spec(rules)) == record["rules"]
    assert state["game"]["throws"] == 2
    assert record["game"] == GAME


# -- a whole game ------------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["russian", "russian_banked", "yahtzee", "ranking"])
def test_a_whole_game_of_two_people_and_a_computer(
    tmp_path: Path, preset: str, known_seed: list[bytes]
) -> None:
    played = play_whole_game(tmp_path, preset, f"poker {preset}", "chaser", POKER_DICE)
    record, conns = played.record, played.conns
    names = ["Anna", "Boris", "Chaser"]
    assert (record["game"], record["rules"], record["players"]) == (GAME, preset, names)
    assert record["meta"]["room"] == played.room
    assert record["meta"]["dice_seed"] == SEED.hex() == known_seed[0].hex()
    final = replay(record).to_json_data()
    last = conns["watcher"].states()[-1]
    assert replay_fields(last["game"]) == final
    assert final["to_move"] is None and final["winners"]
    assert last["room"]["status"] == "over"
    assert last["game"]["dice_seed"] == SEED.hex()
    # the dice are the seed's, under the game's name, in record order
    first = record["turns"][0]["rolls"][0]
    assert tuple(first) == seeded_throw(SEED, 0, 5, GAME)
    verified = verify_record(record)
    assert verified.ok
    assert verified.throws == sum(len(turn["rolls"]) for turn in record["turns"])
    if preset != "ranking":
        assert len(record["turns"]) == 3 * len(last["game"]["boxes"])
        assert all(turn["box"] for turn in record["turns"])
    assert {s["you"] for s in conns["boris"].states()} == {1}
    assert all(s["game"]["legal"] == [] for s in conns["watcher"].states())


def test_the_dice_showing_and_what_each_box_would_score(tmp_path: Path) -> None:
    """Anna's first throw is throw 0 of the seed; keeping dice leaves them in their places;
    the open boxes say what they would score now, doubled after the first throw."""
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, token = poker_room(client, seats=[{"open": True}])
        join_room(client, room)
        anna = connect(stack, client, room, token)
        state = anna.next_state()
        assert state["game"]["legal"] == ["throw"]
        assert state["game"]["showing"] is None
        act(anna, state["seq"], "throw")
        thrown = anna.next_state()
        first = seeded_throw(SEED, 0, 5, GAME)
        showing = thrown["game"]["showing"]
        assert showing == {
            "dice": list(first),
            "fresh": [0, 1, 2, 3, 4],
            "player": 0,
            "throws": 1,
            "throws_left": 2,
            "first_throw": True,
            "in_turn": True,
        }
        legal = thrown["game"]["legal"]
        assert legal[0] == "throw"
        boxes = {item["box"]: item["points"] for item in legal[1:]}
        assert list(boxes) == thrown["game"]["boxes"]
        assert boxes == thrown["game"]["scores_now"]
        assert boxes["chance"] == sum(first)  # chance is never doubled
        keep = [first[0], first[2]]
        act(anna, thrown["seq"], "throw", keep=keep, places=[0, 2])
        again = anna.next_state()
        shown = again["game"]["showing"]
        assert (shown["dice"][0], shown["dice"][2]) == (first[0], first[2])
        assert shown["fresh"] == [1, 3, 4]
        assert [shown["dice"][i] for i in (1, 3, 4)] == list(seeded_throw(SEED, 1, 3, GAME))
        assert shown["first_throw"] is False and shown["throws_left"] == 1
        act(anna, again["seq"], "write", box="chance")
        written = anna.next_state()
        record = get_record(client, room)
    assert record["turns"] == [
        {
            "player": "Anna",
            "rolls": [
                list(first),
                {"keep": sorted(keep), "dice": list(seeded_throw(SEED, 1, 3, GAME))},
            ],
            "box": "chance",
        }
    ]
    game = written["game"]
    assert game["to_move"] == "Boris"
    assert (
        game["players"][0]["boxes"]["chance"] == sum(shown["dice"]) == game["players"][0]["total"]
    )
    assert game["turns"] == [{"player": "Anna", "box": "chance", "points": sum(shown["dice"])}]
    assert game["last"]["box"] == "chance" and game["last"]["player"] == 0
    assert game["showing"]["in_turn"] is False  # Anna's dice lie until Boris throws
    assert game["legal"] == []  # Anna's connection: Boris is to move


# -- refusals ----------------------------------------------------------------------------


def _error(code: str, rule: str | None = None) -> tuple[str, str | None]:
    return code, rule


def test_every_refusal_names_its_code_and_rule_and_changes_nothing(tmp_path: Path) -> None:
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, anna_token = poker_room(client, seats=[{"open": True}])
        _, boris_token = join_room(client, room)
        anna = connect(stack, client, room, anna_token)
        boris = connect(stack, client, room, boris_token)
        watcher = connect(stack, client, room)
        settle(anna, boris, watcher)
        seq = anna.latest()["seq"]
        before = get_record(client, room)
        refused: list[tuple[BaseConn, dict[str, Any], tuple[str, str | None]]] = [
            (anna, {"action": "write", "box": "pair"}, _error("illegal", "throw_first")),
            (anna, {"action": "stop"}, _error("illegal", "must_write")),
            (anna, {"action": "throw", "keep": [6]}, _error("illegal", "keep_not_showing")),
            (anna, {"action": "write"}, _error("bad_message")),
            (anna, {"action": "keep", "dice": [1]}, _error("bad_message")),
            (anna, {"action": "throw", "keep": [7]}, _error("bad_message")),
            (anna, {"action": "throw", "keep": [1, 2, 3, 4, 5, 6]}, _error("bad_message")),
            (boris, {"action": "throw"}, _error("not_your_turn")),
            (watcher, {"action": "throw"}, _error("spectator")),
        ]
        for conn, fields, expected in refused:
            conn.send({"type": "action", "seq": seq, **fields})
            error = conn.error()
            assert (error["code"], error["rule"]) == expected, (fields, error)
            assert conn.sync() == []
        assert get_record(client, room) == before
        assert spectator_state(client, room)["seq"] == seq
        # after a throw: a fourth throw, a filled box, a box that does not exist
        act(anna, seq, "throw")
        seq = anna.next_state()["seq"]
        shown = anna.latest()["game"]["showing"]["dice"]
        for _ in range(2):
            act(anna, seq, "throw", keep=shown[:2])
            seq = anna.next_state()["seq"]
            shown = anna.latest()["game"]["showing"]["dice"]
        assert anna.latest()["game"]["refusals"]["throw"]
        late = [
            ({"action": "throw", "keep": shown[:1]}, ("illegal", "no_throws_left")),
            ({"action": "write", "box": "royal_flush"}, ("illegal", "unknown_box")),
        ]
        for fields, expected in late:
            anna.send({"type": "action", "seq": seq, **fields})
            error = anna.error()
            assert (error["code"], error["rule"]) == expected
        for conn, fields in [
            (anna, {"action": "write", "box": "pair"}),
            (boris, {"action": "throw"}),
            (boris, {"action": "write", "box": "chance"}),
            (anna, {"action": "throw"}),
        ]:
            act(conn, seq, **fields)
            seq = conn.state_at(seq + 1)["seq"]
        anna.send({"type": "action", "seq": seq, "action": "write", "box": "pair"})
        filled = anna.error()
        told = anna.messages[-1]
    assert (filled["code"], filled["rule"]) == ("illegal", "filled_box")
    assert told["text"] == "the box One pair is filled already"  # the sheet's words
    assert filled["message"].startswith("the box pair is filled already")  # the engine's


def test_a_refusal_is_told_in_the_connection_s_language(tmp_path: Path) -> None:
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, token = poker_room(client, seats=[{"bot": "greedy"}])
        socket = stack.enter_context(
            client.websocket_connect(f"/ws/rooms/{room}?token={token}&lang=ru")
        )
        anna = Conn(socket, token)
        seq = anna.next_state()["seq"]
        act(anna, seq, "write", box="pair")
        error = anna.error()
        message = anna.messages[-1]
    assert error["rule"] == "throw_first"
    assert message["text"] == "ход начинается с броска всех пяти костей"


def test_a_double_click_acts_once(tmp_path: Path) -> None:
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, token = poker_room(client, seats=[{"open": True}])
        join_room(client, room)
        anna = connect(stack, client, room, token)
        seq = anna.next_state()["seq"]
        act(anna, seq, "throw")
        act(anna, seq, "throw")
        thrown = anna.next_state()
        stale = anna.error()
        quiet = anna.sync()
        record = get_record(client, room)
    assert thrown["seq"] == seq + 1
    assert (stale["code"], stale["rule"]) == ("stale", None)
    assert stale["message"] == f"stale state: acted on {seq}, the room is at {seq + 1}"
    assert quiet == []
    assert len(record["turns"]) == 1 and len(record["turns"][0]["rolls"]) == 1


def test_the_computer_plays_its_turns_by_itself(tmp_path: Path) -> None:
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, token = poker_room(client, seats=[{"bot": "optimal"}], rules="ranking")
        anna = connect(stack, client, room, token)
        anna.acts({"action": "throw"}, {"action": "stop"})
        states = []
        while True:
            states.append(anna.next_state())
            if states[-1]["room"]["status"] == "over":
                break
        record = get_record(client, room)
    assert record["turns"][1]["player"] == "Optimal"
    assert any(s["game"]["thinking"] for s in states)
    assert replay_fields(states[-1]["game"]) == replay(record).to_json_data()


SOLVE_WAIT = 120.0
"""Seconds a state may take to come while the solver works (its progress lines come about
every 10 s, more slowly when the suite keeps both cores busy)."""


def test_an_optimal_computer_solves_the_rules_once_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first decision of ``optimal`` in a sheet game waits for the solver (seconds,
    once: then it is cached); meanwhile every client reads why in ``view.solving``."""
    monkeypatch.setenv("THOUSAND_CACHE_DIR", str(tmp_path / "cache"))
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, token = poker_room(client, seats=[{"bot": "optimal"}], rules="yahtzee")
        anna = connect(stack, client, room, token)
        anna.acts({"action": "throw"}, {"action": "write", "box": "chance"})
        notes = []
        while True:
            state = anna.receive(timeout=SOLVE_WAIT)  # a solve: seconds, more on a busy machine
            if state["type"] != "state":
                continue
            notes.append(state["game"]["view"]["solving"])
            if state["game"]["to_move"] == "Anna" and not state["game"]["thinking"]:
                break
        record = get_record(client, room)
    assert record["turns"][1]["player"] == "Optimal" and record["turns"][1]["box"]
    said = "Solving the strategy of Yahtzee rules once"
    assert any(note and note.startswith(said) for note in notes)
    assert notes[-1] is None
    assert list((tmp_path / "cache" / "poker_dice").glob("*.npz"))


# -- rematch and restart -------------------------------------------------------------


def test_a_rematch_rotates_the_seats_and_keeps_the_finished_record(
    tmp_path: Path, known_seed: list[bytes]
) -> None:
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, anna_token = poker_room(
            client, seats=[{"open": True}, {"bot": "greedy"}], rules="ranking"
        )
        _, boris_token = join_room(client, room)
        anna = connect(stack, client, room, anna_token)
        boris = connect(stack, client, room, boris_token)
        play_out(client, room, anna, {0: anna, 1: boris}, Random(5))
        first = get_record(client, room)
        anna.send({"type": "rematch"})
        asked = anna.next_state()
        boris.send({"type": "rematch"})
        started = anna.next_state()
        second = get_record(client, room)
        kept = get_record(client, room, 1)
    assert asked["room"]["rematch"] == [0]
    assert started["room"]["status"] == "playing"
    assert [p["name"] for p in started["game"]["players"]] == ["Boris", "Greedy", "Anna"]
    assert started["you"] == 2
    assert started["game"]["number"] == 2
    assert kept == first
    assert second["meta"]["game_number"] == 2 and second["turns"] == []
    assert second["meta"]["dice_commitment"] != first["meta"]["dice_commitment"]
    assert len(known_seed) == 2


def test_a_restarted_server_goes_on_where_the_clients_were(tmp_path: Path) -> None:
    restarted = restart_mid_game(tmp_path, "russian", "chaser", actions=9, seed=21, game=POKER_DICE)
    record, final = restarted.record, restarted.final
    assert restarted.back["game"]["showing"] == restarted.seen["game"]["showing"]
    done = len(record["turns"]) - 1
    assert final["turns"][:done] == record["turns"][:done]
    assert verify_record(final).ok  # the dice went on from the seed where they stopped
