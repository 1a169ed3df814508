"""The replay of a room's finished game (docs/history.md): ``GET
/api/rooms/{room}/games/{number}/replay`` answers a frame per step of the record — the
spectator's GAME at that step, drawn by the game's own view — for every kind of game,
on SQLite; card hands face up only once the game is over; bad input refused by code.
"""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import itertools
import json
import re
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.web.support import (
    TINY_RULES,
    BaseConn,
    connect,
    create_room,
    error_of,
    get_record,
    new_app,
    running,
)
from thousand.core.i18n import translator
from thousand.games import load_game
from thousand.stats import summarize
from thousand.web import replay_routes
from thousand.web.protocol import ProtocolError
from thousand.web.replay import replay_frames

Pick = Callable[[Sequence[Any]], dict[str, Any]]


def dice_pick(legal: Sequence[Any]) -> dict[str, Any]:
    """Throw whenever allowed, else the first move open: the person never stops, so the
    computer wins after some turns of hers that end in a bust — never a game of one throw
    and a stop, whose replay would be too short to tell anything (the server's dice are
    random)."""
    if "throw" in legal:
        return {"action": "throw"}
    first = legal[0]
    if isinstance(first, str):
        return {"action": first}
    return {"action": "keep", "dice": first["keep"]}


def poker_pick(legal: Sequence[Any]) -> dict[str, Any]:
    """Write the first box open (else throw)."""
    for item in legal:
        if isinstance(item, Mapping):
            return {"action": "write", "box": item["box"]}
    return {"action": "throw", "keep": []} if "throw" in legal else {"action": str(legal[0])}


def card_pick(legal: Sequence[Any]) -> dict[str, Any]:
    """Pass when allowed, else the first move open."""
    for item in legal:
        if item["action"] == "pass":
            return dict(item)
    return dict(legal[0])


def finish(conn: BaseConn, pick: Pick) -> dict[str, Any]:
    """The person of ``conn`` plays (``pick``) until the room's game is over."""
    for _ in range(5000):
        state = conn.next_state()
        if state["room"]["status"] == "over":
            return state
        legal = [item for item in state["game"]["legal"] if item != "undo"]
        if legal and not state["game"]["thinking"]:
            conn.send({"type": "action", "seq": state["seq"], **pick(legal)})
    raise AssertionError("the game did not end")


GAMES: dict[str, tuple[dict[str, Any], Pick]] = {
    "dice1000": ({"rules": TINY_RULES, "seats": [{"bot": "cautious"}]}, dice_pick),
    "poker_dice": ({"rules": "russian", "seats": [], "game": "poker_dice"}, poker_pick),
    "card1000": (
        {"rules": "classic", "seats": [{"bot": "club"}, {"bot": "club"}], "game": "card1000"},
        card_pick,
    ),
}


@contextlib.contextmanager
def finished_room(tmp_path: Path, game: str) -> Iterator[tuple[TestClient, str, dict[str, Any]]]:
    """A room whose first game of ``game`` was played to its end: the client, the room
    and the game's record."""
    body, pick = GAMES[game]
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, token = create_room(client, **body)
        finish(connect(stack, client, room, token), pick)
        yield client, room, get_record(client, room, 1)


def frames_of(client: TestClient, room: str, number: object = 1, lang: str = "en") -> Any:
    return client.get(f"/api/rooms/{room}/games/{number}/replay?lang={lang}")


def steps_of(record: Mapping[str, Any]) -> int:
    """The steps of a record, counted from it as the replay promises: the start, each
    throw and each stop or box (dice); the first deal and each decision (cards)."""
    if record.get("game") == "card1000":
        return 1 + sum(len(deal["actions"]) for deal in record["deals"])
    end = "box" if record.get("game") == "poker_dice" else "stop"
    return 1 + sum(len(turn["rolls"]) + bool(turn.get(end)) for turn in record["turns"])


def final_scores(game: Mapping[str, Any]) -> list[int]:
    return [int(p.get("total", p.get("score", 0))) for p in game["players"]]


@dataclass(frozen=True)
class Finished:
    """A room's first game played to its end, and its replay asked for in both languages."""

    room: str
    record: dict[str, Any]
    status: int
    english: dict[str, Any]
    russian: dict[str, Any]


@pytest.fixture(scope="module", params=list(GAMES))
def finished(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Finished:
    game = str(request.param)
    with finished_room(tmp_path_factory.mktemp(game), game) as (client, room, record):
        answer = frames_of(client, room)
        russian = frames_of(client, room, lang="ru").json()
    return Finished(room, record, answer.status_code, answer.json(), russian)


def test_a_frame_per_step_ending_on_the_record_s_scores(finished: Finished) -> None:
    room, record, data, russian = finished.room, finished.record, finished.english, finished.russian
    game = record.get("game", "dice1000")
    assert finished.status == 200, data
    frames = data["frames"]
    assert (data["room"], data["number"], data["game"]) == (room, 1, game)
    assert data["record"] == f"/api/rooms/{room}/record?number=1"
    assert len(frames) == steps_of(record) > 3
    assert [frame["step"] for frame in frames] == list(range(len(frames)))
    replayed = load_game(game).replay(record).to_json_data()
    last = frames[-1]["game"]
    assert final_scores(last) == [
        int(p.get("total", p.get("score", 0))) for p in replayed["players"]
    ]
    assert last["winner"] == replayed["winner"] and last["winner"] is not None
    assert last["dice_seed"] == record["meta"]["dice_seed"]
    assert all("dice_seed" not in frame["game"] for frame in frames[:-1])
    assert all(frame["game"]["legal"] == [] and not frame["game"]["thinking"] for frame in frames)
    assert all(frame["line"] for frame in frames[1:] if game != "card1000")
    told = sum(bool(frame["line"]) for frame in frames)
    assert told >= len(frames) - len(record.get("deals", [1]))
    # the seats with their places, as kept when the game ended
    places = summarize(record).places
    kept = [(s["seat"], s["name"], s["place"]) for s in data["seats"]]
    assert kept == [(index, name, places[index]) for index, name in enumerate(record["players"])]
    # the same steps told in Russian
    assert len(russian["frames"]) == len(frames)
    assert [f["line"] for f in russian["frames"]] != [f["line"] for f in frames]


def test_the_card_replay_shows_every_hand_of_the_finished_game(finished: Finished) -> None:
    """The game is over: every hand is public (CARD_THOUSAND.md §7), each as the record
    has it dealt; while the game was played no spectator saw one."""
    record, frames = finished.record, finished.english["frames"]
    if record["game"] != "card1000":
        pytest.skip("no hands in a game of dice")
    first = frames[0]["game"]["deal"]
    assert [sorted(hand) for hand in first["hands"]] == [
        sorted(hand) for hand in record["deals"][0]["hands"]
    ]
    assert sorted(first["talon"]) == sorted(record["deals"][0]["talon"])
    assert first["hand"] is None  # the spectator's own view underneath: nobody's hand
    # a card given face down is named in the replay's line (public now), as played ones are
    gives = [frame["line"] for frame in frames if " gives a card to " in frame["line"]]
    assert gives and all(re.search(r" — (10|[AKQJ9])[♠♥♦♣]$", line) for line in gives), gives
    played = [frame for frame in frames if frame["game"]["deal"] and frame["game"]["deal"]["trick"]]
    assert played and all(len(frame["game"]["deal"]["hands"]) == 3 for frame in played)
    # a card played leaves its hand
    for before, after in itertools.pairwise(frames):
        deal = after["game"]["deal"]
        if deal and deal["played"] and before["game"]["deal"]["number"] == deal["number"]:
            last = deal["played"][-1]
            if len(deal["played"]) > len(before["game"]["deal"]["played"]):
                assert last["card"] in before["game"]["deal"]["hands"][last["seat"]]
                assert last["card"] not in deal["hands"][last["seat"]]


def test_a_game_in_play_is_not_replayed_and_bad_input_is_named(tmp_path: Path) -> None:
    with running(new_app(tmp_path)) as client:
        room, _token = create_room(client, rules=TINY_RULES, seats=[{"open": True}])
        waiting = error_of(frames_of(client, room))
        unknown_room = error_of(frames_of(client, "nosuchroom"))
        later = error_of(frames_of(client, room, 2))
        bad = [error_of(frames_of(client, room, number)) for number in ("0", "x", "-1", "1.5")]
    assert waiting[:2] == (409, "not_finished")
    assert unknown_room[:2] == (404, "not_found")
    assert later[:2] == (404, "not_found")
    for status, code, message in bad:
        assert (status, code) == (422, "invalid") and message.startswith("number")


def test_the_answer_is_compressed_for_a_client_that_takes_it(tmp_path: Path) -> None:
    with finished_room(tmp_path, "dice1000") as (client, room, _record):
        raw = client.get(
            f"/api/rooms/{room}/games/1/replay", headers={"Accept-Encoding": "identity"}
        )
        packed = client.get(
            f"/api/rooms/{room}/games/1/replay", headers={"Accept-Encoding": "gzip"}
        )
    assert "content-encoding" not in raw.headers
    assert packed.headers["content-encoding"] == "gzip"
    assert packed.json() == raw.json()  # httpx unpacks it
    assert len(gzip.compress(raw.content)) < len(raw.content)


def test_a_record_too_long_is_refused_not_replayed() -> None:
    fixture = Path(__file__).parents[1] / "games/card1000/fixtures/classic.json"
    record = json.loads(fixture.read_text(encoding="utf-8"))
    with pytest.raises(ProtocolError, match="over 100 steps"):
        replay_frames(record, "r", 1, translator("en"), limit=100)


def test_two_requests_for_one_replay_share_its_making(monkeypatch: pytest.MonkeyPatch) -> None:
    """A replay being made is made once, however many ask for it meanwhile, and kept."""
    made: list[str] = []

    def slow(record: dict[str, Any], room: str, number: int, tr: Any) -> list[str]:
        made.append(room)
        time.sleep(0.2)
        return [f'{{"step": 0, "room": "{room}"}}']

    monkeypatch.setattr(replay_routes, "replay_frames", slow)

    async def ask() -> list[list[str]]:
        replays = replay_routes.Replays()
        first = await asyncio.gather(*(replays.frames("r", 1, "en", {}) for _ in range(4)))
        again = await replays.frames("r", 1, "en", {})
        other = await replays.frames("s", 1, "en", {})
        return [*first, again, other]

    answers = asyncio.run(ask())
    assert made == ["r", "s"]
    assert answers[:5] == [['{"step": 0, "room": "r"}']] * 5


def test_a_scorekeeping_game_of_real_cards_is_replayed_deal_by_deal(tmp_path: Path) -> None:
    """A room keeping the score of real cards has no cards to show: a frame per deal
    entered, the sheet growing, the last one the record's result."""
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, token = create_room(
            client,
            seats=({"name": "Boris"}, {"name": "Vera"}),
            rules="classic",
            game="card1000",
            cards="table",
        )
        keeper = connect(stack, client, room, token)
        state = keeper.next_state()
        while state["room"]["status"] != "over":
            result = {"action": "deal_result", "declarer": 0, "contract": 120}
            keeper.send({"type": "action", "seq": state["seq"], **result, "points": [120, None, 0]})
            state = keeper.state_at(state["seq"] + 1)
        record = get_record(client, room, 1)
        data = frames_of(client, room).json()
    frames = data["frames"]
    assert len(frames) == len(record["deals"]) + 1
    assert [len(frame["game"]["deals"]) for frame in frames] == list(range(len(frames)))
    last = frames[-1]["game"]
    assert last["winner"] == load_game("card1000").replay(record).to_json_data()["winner"]
    assert all(not (frame["game"].get("deal") or {}).get("hands") for frame in frames)
