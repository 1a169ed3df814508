"""What a process publishes on the channel goes as one message a batch, and what it hears
is taken message by message, in order (:func:`thousand.web.cluster.batch_text`,
``RedisCluster._drain`` and ``_heard``): in-process, with Redis's ``publish`` kept and
a listener that writes down what it is told. The whole path through a real Redis is
``test_cluster.py``'s."""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

import pytest

from thousand.web.cluster import Presence, RedisCluster, batch_text


class Kept:
    """Redis's ``publish``, keeping each message."""

    def __init__(self) -> None:
        self.published: list[tuple[str, str]] = []

    async def publish(self, channel: str, text: str) -> int:
        self.published.append((channel, text))
        return 1


class Told:
    """A listener that writes down what it is told."""

    def __init__(self) -> None:
        self.heard: list[tuple[Any, ...]] = []

    async def on_remote_state(self, room_id: str, seq: int, news: Any = None) -> None:
        self.heard.append(("state", room_id, seq, news))

    async def on_remote_chat(self, room_id: str, message: dict[str, Any]) -> None:
        self.heard.append(("chat", room_id, message))

    def on_remote_presence(self, room_id: str) -> None:
        self.heard.append(("presence", room_id))

    async def resync(self) -> None:
        self.heard.append(("resync",))


def cluster(process: str) -> tuple[RedisCluster, Told]:
    told = Told()
    made = RedisCluster("redis://unused", process=process)
    made._listener = told
    return made, told


def test_what_is_queued_meanwhile_goes_as_one_message_in_order() -> None:
    async def scenario() -> list[tuple[str, str]]:
        made, _ = cluster("p1")
        made._redis = kept = Kept()
        made._reachable = True
        await made.publish_state("r1", 3, ('{"head":1}', '{"entry":1}'))
        await made.publish_state("r2", 8)
        made.set_presence("r1", Presence(frozenset({0}), 2))
        await made.publish_chat("r1", {"type": "chat", "text": "привет"})
        await asyncio.gather(*made._tasks)
        await made.publish_state("r1", 4)  # after the first batch went: a second
        await asyncio.gather(*made._tasks)
        return kept.published

    published = asyncio.run(scenario())
    assert [channel for channel, _ in published] == ["thousand:rooms"] * 2
    first, second = (json.loads(text) for _, text in published)
    assert first == {
        "origin": "p1",
        "batch": [
            {"type": "state", "room": "r1", "seq": 3, "head": '{"head":1}', "entry": '{"entry":1}'},
            {"type": "state", "room": "r2", "seq": 8},
            {"type": "presence", "room": "r1", "seats": [0], "spectators": 2},
            {"type": "chat", "room": "r1", "message": {"type": "chat", "text": "привет"}},
        ],
    }
    assert second == {"origin": "p1", "batch": [{"type": "state", "room": "r1", "seq": 4}]}


def test_a_batch_is_heard_message_by_message_and_its_own_is_left() -> None:
    async def scenario() -> tuple[list[tuple[Any, ...]], list[Presence]]:
        made, told = cluster("p2")
        texts = [
            json.dumps({"type": "state", "room": "r1", "seq": 3, "head": "h", "entry": "e"}),
            json.dumps({"type": "presence", "room": "r1", "seats": [1], "spectators": 0}),
            json.dumps({"type": "state", "room": "r2", "seq": 5}),
            json.dumps({"type": "chat", "room": "r2", "message": {"text": "hi"}}),
        ]
        await made._heard(batch_text("p1", texts).encode())
        await made._heard(batch_text("p2", texts))  # its own: nothing
        return told.heard, made.presence("r1")

    heard, presence = asyncio.run(scenario())
    assert heard == [
        ("state", "r1", 3, ("h", "e")),
        ("presence", "r1"),
        ("state", "r2", 5, None),
        ("chat", "r2", {"text": "hi"}),
    ]
    assert presence == [Presence(frozenset({1}), 0)]


def test_a_message_alone_from_a_process_before_batches_is_heard() -> None:
    async def scenario() -> list[tuple[Any, ...]]:
        made, told = cluster("p2")
        await made._heard(json.dumps({"type": "state", "room": "r1", "seq": 9, "origin": "p1"}))
        await made._heard(json.dumps({"type": "state", "room": "r1", "seq": 10, "origin": "p2"}))
        return told.heard

    assert asyncio.run(scenario()) == [("state", "r1", 9, None)]


@pytest.mark.parametrize(
    ("data", "warnings"),
    [
        ('{"origin": "p1", "batch": "x' + "y" * 10_000 + '"}', 1),
        ('{"origin": "p1", "batch": {"type": "state"}}', 1),
        ('["origin", "batch"]', 1),
        ('{"batch": []}', 1),
        ("not json", 1),
        ('{"origin": "p1", "batch": [1, {"type": "state"}, "x"]}', 3),
        (b"\xff", 1),
        (7, 0),
    ],
    ids=["a string", "an object", "a list", "no origin", "not JSON", "bad items", "bytes", "int"],
)
def test_a_message_not_understood_is_one_warning_each(
    data: Any, warnings: int, caplog: pytest.LogCaptureFixture
) -> None:
    """Whatever is on the channel: a warning for each message not understood (never one
    for each character of a string where a batch should be), nothing told, nothing
    raised."""

    async def scenario() -> list[tuple[Any, ...]]:
        made, told = cluster("p2")
        await made._heard(data)
        return told.heard

    with caplog.at_level(logging.WARNING, logger="thousand.web.cluster"):
        assert asyncio.run(scenario()) == []
    assert len(caplog.records) == warnings


def test_a_bad_message_in_a_batch_leaves_the_others_heard(
    caplog: pytest.LogCaptureFixture,
) -> None:
    async def scenario() -> list[tuple[Any, ...]]:
        made, told = cluster("p2")
        texts = ['{"type": "state", "room": "r1"}', '{"type": "state", "room": "r1", "seq": 2}']
        await made._heard(batch_text("p1", texts))
        return told.heard

    with caplog.at_level(logging.WARNING, logger="thousand.web.cluster"):
        assert asyncio.run(scenario()) == [("state", "r1", 2, None)]
    assert ["not understood" in record.getMessage() for record in caplog.records] == [True]
