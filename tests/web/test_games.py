"""Whole games over WebSockets: every preset, choosing dice, rematches, the advisor and the
clock. Every state a client receives is held against the game's record."""

from __future__ import annotations

import contextlib
from datetime import UTC, datetime, timedelta
from pathlib import Path
from random import Random
from typing import Any

import pytest

from tests.web.support import (
    PRESETS,
    SMALL_RULES,
    TINY_RULES,
    connect,
    create_room,
    get_record,
    join_room,
    live_room,
    mover_seat,
    new_app,
    on_loop,
    play_out,
    play_whole_game,
    replay_fields,
    running,
    spectator_state,
)
from thousand.games.dice1000.presets import rules_from_spec, rules_to_spec
from thousand.games.dice1000.record import replay
from thousand.games.dice1000.verify import verify_record


@pytest.mark.parametrize("preset", PRESETS)
def test_a_whole_game_of_each_preset(tmp_path: Path, preset: str) -> None:
    rules = SMALL_RULES[preset]
    played = play_whole_game(tmp_path, rules, f"game {preset}", "balanced")
    record, last, conns = played.record, played.last, played.conns
    names = ["Anna", "Boris", "Balanced"]
    assert record["rules"] == rules_to_spec(rules_from_spec(rules))
    assert record["players"] == names
    assert record["meta"]["room"] == played.room
    final = replay(record).to_json_data()
    assert replay_fields(last["game"]) == final
    assert final["winner"] in names
    assert final["to_move"] is None
    assert last["room"]["status"] == "over"
    assert last["game"]["legal"] == []
    # the dice: committed from the first state on, the seed shown at the end, verified
    verified = verify_record(record)
    assert verified.ok
    assert verified.throws == sum(len(turn["rolls"]) for turn in record["turns"]) > 0
    first = conns["watcher"].states()[0]["game"]
    assert first["dice_commitment"] == record["meta"]["dice_commitment"]
    assert "dice_seed" not in first
    assert last["game"]["dice_seed"] == record["meta"]["dice_seed"]
    for conn in conns.values():
        states = conn.states()
        assert [s["seq"] for s in states] == sorted(s["seq"] for s in states)
        assert states[-1]["seq"] == last["seq"]
    assert {s["you"] for s in conns["anna"].states()} == {0}
    assert {s["you"] for s in conns["boris"].states()} == {1}
    assert {s["you"] for s in conns["watcher"].states()} == {None}
    assert all(s["game"]["legal"] == [] for s in conns["watcher"].states())


@pytest.mark.slow
def test_a_whole_game_choosing_dice(tmp_path: Path) -> None:
    rules = {**SMALL_RULES["classic"], "choose_dice": True}
    played = play_whole_game(tmp_path, rules, "choose dice", "balanced")
    record, last, conns = played.record, played.last, played.conns
    offered = [
        item
        for conn in (conns["anna"], conns["boris"])
        for state in conn.states()
        for item in state["game"]["legal"]
        if isinstance(item, dict)
    ]
    assert offered, "no set-aside was ever offered"
    assert all("keep" in item for item in offered)  # more fields may come beside it
    assert all(1 <= face <= 6 for item in offered for face in item["keep"])
    choosing = [s for s in conns["watcher"].states() if (s["game"]["turn"] or {}).get("choosing")]
    assert choosing
    assert replay_fields(last["game"]) == replay(record).to_json_data()
    assert verify_record(record).ok


def test_rematch_moves_the_seats_and_keeps_the_old_record(tmp_path: Path) -> None:
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, anna_token = create_room(
            client, seats=[{"open": True}, {"bot": "cautious"}], rules=TINY_RULES
        )
        _, boris_token = join_room(client, room)
        anna = connect(stack, client, room, anna_token)
        boris = connect(stack, client, room, boris_token)
        over = play_out(client, room, anna, {0: anna, 1: boris}, Random(3))[-1]
        first_record = get_record(client, room)
        boris.state_at(over["seq"])
        anna.send({"type": "rematch"})
        asked = anna.state_at(over["seq"] + 1)
        anna.send({"type": "rematch"})  # asking again changes nothing
        again = anna.next_state()
        boris.send({"type": "rematch"})
        anna_new = anna.state_at(over["seq"] + 2)
        boris_new = boris.state_at(over["seq"] + 2)
        old = get_record(client, room, number=1)
        new = get_record(client, room)
        numbered = get_record(client, room, number=2)
        missing = client.get(f"/api/rooms/{room}/record?number=7")
        second = play_out(client, room, boris, {0: boris, 2: anna}, Random(4))[-1]
    assert over["room"]["status"] == "over"
    assert (asked["room"]["status"], asked["game"]["number"]) == ("over", 1)
    assert again["seq"] == asked["seq"]
    assert anna_new["seq"] == boris_new["seq"]
    for state in (anna_new, boris_new):
        assert state["room"]["status"] == "playing"
        assert state["room"]["number"] == state["game"]["number"] == 2
        assert [s["name"] for s in state["room"]["seats"]] == ["Boris", "Cautious", "Anna"]
        assert replay_fields(state["game"]) == {
            "players": [
                {"name": name, "score": 0, "entered": False, "bolts": 0}
                for name in ("Boris", "Cautious", "Anna")
            ],
            "turns": [],
            "winner": None,
            "to_move": "Boris",
        }
        assert state["game"]["dice_commitment"] != over["game"]["dice_commitment"]
        assert "dice_seed" not in state["game"]
    assert (anna_new["you"], boris_new["you"]) == (2, 0)
    assert boris_new["game"]["legal"] == ["throw"]
    assert anna_new["game"]["legal"] == []
    assert old == first_record
    assert verify_record(old).ok
    assert old["meta"]["game_number"] == 1
    assert (new["meta"]["game_number"], new["players"]) == (2, ["Boris", "Cautious", "Anna"])
    assert numbered == new
    assert missing.status_code == 404
    assert second["room"]["status"] == "over"
    assert second["game"]["number"] == 2
    assert anna.errors() == boris.errors() == []


def test_the_advisor_tells_only_the_mover(tmp_path: Path, classic_cache: Path) -> None:
    del classic_cache  # the classic rules are solved: the server finds them in the cache
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, anna_token = create_room(client, advisor=True)
        _, boris_token = join_room(client, room)
        anna = connect(stack, client, room, anna_token)
        boris = connect(stack, client, room, boris_token)
        watcher = connect(stack, client, room)
        conns = {0: anna, 1: boris}
        seq = anna.state_at(1)["seq"]
        advised: dict[str, Any] | None = None
        for _ in range(300):
            mover = mover_seat(anna.state_at(seq))
            assert mover is not None
            state = conns[mover].state_at(seq)
            if "stop" in state["game"]["legal"]:
                while state["game"]["view"]["advice"] is None:
                    state = conns[mover].next_state()
                    assert state["seq"] == seq
                advised = state
                break
            conns[mover].act("throw", seq)
            seq += 1
        assert advised is not None, "nobody could stop in 300 throws"
        for conn in (anna, boris, watcher):
            conn.sync()
    advice = advised["game"]["view"]["advice"]
    assert sorted(line["action"] for line in advice) == ["stop", "throw"]
    for line in advice:
        assert isinstance(line["chance"], float)
        assert 0.0 <= line["chance"] <= 1.0
        assert isinstance(line["text"], str)
        assert line["text"]
    assert [line["best"] for line in advice].count(True) == 1
    best = next(line for line in advice if line["best"])
    assert best["chance"] == max(line["chance"] for line in advice)
    assert advised["game"]["view"]["advice_note"] is None
    mover = advised["you"]
    others = [boris if mover == 0 else anna, watcher]
    for conn in others:  # advice only ever in a state where that connection moved
        assert all(
            s["game"]["view"] is None
            or s["game"]["view"]["advice"] is None
            or (s["you"] is not None and mover_seat(s) == s["you"])
            for s in conn.states()
        )
        assert all(
            s["game"]["view"] is None or s["game"]["view"]["advice_note"] is None
            for s in conn.states()
        )


def test_no_advice_without_the_advisor(tmp_path: Path) -> None:
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, anna_token = create_room(client)
        join_room(client, room)
        anna = connect(stack, client, room, anna_token)
        state = anna.next_state()
        anna.act("throw", state["seq"])
        anna.next_state()
        later = anna.sync()
    assert all(s["game"]["view"]["advice"] is None for s in anna.states())
    assert [m["type"] for m in later] == []


def test_a_person_out_of_time_is_played_by_the_computer_until_they_act(tmp_path: Path) -> None:
    """The computer waits half a second before each decision here, so that the person
    can take the seat back between two of its decisions."""
    with running(new_app(tmp_path, bot_delay=0.5)) as client, contextlib.ExitStack() as stack:
        room, anna_token = create_room(client, turn_seconds=10)
        before = datetime.now(UTC)
        _, boris_token = join_room(client, room)
        after = datetime.now(UTC)
        anna = connect(stack, client, room, anna_token)
        boris = connect(stack, client, room, boris_token)
        start = anna.state_at(1)
        live = live_room(client, room)

        def run_out() -> None:
            live.room.deadline = datetime.now(UTC) - timedelta(seconds=1)
            live.wake.set()

        on_loop(client, run_out)
        timed_out = anna.state_at(2)
        played = anna.state_at(3)
        back: dict[str, Any] | None = None
        for _ in range(200):
            state = anna.latest()
            seq = state["seq"]
            if mover_seat(state) == 1:  # Boris plays his own turn
                legal = boris.state_at(seq)["game"]["legal"]
                boris.act("stop" if "stop" in legal else legal[0], seq)
                anna.state_at(seq + 1)
                continue
            assert state["game"]["players"][0]["auto"] is True
            assert state["game"]["thinking"] is True
            anna.act(state["game"]["legal"][0], seq)
            answer = anna.receive()
            while answer["type"] == "state" and answer["game"]["players"][0]["auto"]:
                answer = anna.receive()  # the computer decided first
            if answer["type"] == "error":
                assert answer["code"] == "stale"
                continue
            back = answer
            break
        assert back is not None
        record = get_record(client, room)
    deadline = datetime.fromisoformat(start["game"]["deadline"])
    assert before + timedelta(seconds=10) <= deadline + timedelta(seconds=1)
    assert deadline <= after + timedelta(seconds=10)
    assert start["game"]["players"][0]["auto"] is False
    assert (start["game"]["thinking"], start["game"]["to_move"]) == (False, "Anna")
    anna_seat = timed_out["game"]["players"][0]
    assert (anna_seat["auto"], timed_out["game"]["deadline"], timed_out["game"]["thinking"]) == (
        True,
        None,
        True,
    )
    assert timed_out["game"]["to_move"] == "Anna"
    assert timed_out["game"]["turns"] == []
    assert timed_out["game"]["legal"] == ["throw"]
    assert played["game"]["turns"][0]["player"] == "Anna"
    assert len(played["game"]["turns"]) == 1
    assert record["turns"][0]["player"] == "Anna"
    assert back["game"]["players"][0]["auto"] is False
    assert back["game"]["players"][1]["auto"] is False
    if back["game"]["to_move"] == "Anna":  # her clock runs again
        assert back["game"]["thinking"] is False
        assert back["game"]["deadline"] is not None
    assert boris.errors() == []


def test_without_a_clock_nothing_is_played_for_a_person(tmp_path: Path) -> None:
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, anna_token = create_room(client)
        join_room(client, room)
        anna = connect(stack, client, room, anna_token)
        state = anna.state_at(1)
        live = live_room(client, room)
        far = datetime.now(UTC) + timedelta(days=365)
        timed_out = on_loop(client, live.room.time_out, far)
        on_loop(client, live.wake.set)
        quiet = anna.sync()
        after = spectator_state(client, room)
    assert state["game"]["deadline"] is None
    assert timed_out is False
    assert quiet == []
    assert after["seq"] == 1
    assert after["game"]["players"][0]["auto"] is False
    assert after["game"]["turns"] == []
