"""The server's collector policy (:mod:`thousand.web.collector`): young collections by the
count, cycles among older objects only by the timed full collection.

The collector's state is the test process's own: each test puts back the thresholds and
unfreezes what it froze."""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections.abc import Iterator

import pytest

from thousand.web import collector

pytestmark = pytest.mark.skipif(
    not collector.GENERATIONAL, reason="the incremental collector (3.14) keeps its own counts"
)


class Node:
    """An object in a cycle with itself, as a torn-down connection's objects are."""

    def __init__(self) -> None:
        self.me = self


@pytest.fixture
def tuned() -> Iterator[None]:
    before = gc.get_threshold()
    was_enabled = gc.isenabled()
    gc.enable()
    collector.tune()
    try:
        yield
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
        if not was_enabled:
            gc.disable()


def aged_cycle() -> weakref.ref[Node]:
    """A cycle that survived a young collection (so it is older), then let go of."""
    node = Node()
    gc.collect(0)  # alive: moved on to the middle generation
    return weakref.ref(node)


def test_the_thresholds(tuned: None) -> None:
    del tuned
    assert gc.get_threshold() == (collector.YOUNG_THRESHOLD, collector.NEVER, collector.NEVER)
    assert gc.get_freeze_count() > 0  # what existed when tuned is out of collection


def test_a_young_cycle_is_collected_by_the_count(tuned: None) -> None:
    del tuned
    node = Node()
    gone = weakref.ref(node)
    del node
    # allocations: the count
    keep: list[list[int]] = [[] for _ in range(collector.YOUNG_THRESHOLD * 3)]
    assert gone() is None
    del keep


def test_an_older_cycle_waits_for_the_full_collection(tuned: None) -> None:
    del tuned
    gone = aged_cycle()
    # many young collections
    keep: list[list[int]] = [[] for _ in range(collector.YOUNG_THRESHOLD * 30)]
    assert gone() is not None  # never collected by the count
    del keep

    async def a_while() -> None:
        task = asyncio.create_task(collector.collect_now_and_then(0.01))
        await asyncio.sleep(0.1)
        task.cancel()

    asyncio.run(a_while())
    assert gone() is None
