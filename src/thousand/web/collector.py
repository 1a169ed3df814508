"""How a server process runs Python's garbage collector, so that it never stops the event
loop for long (issue 29).

A server holds every room it serves in memory: at a thousand rooms, some 300,000 objects
the collector tracks, most of them living as long as a turn, a room or a connection.
CPython collects its youngest generation when allocations less deallocations pass the
first threshold, and walks the older ones after enough young collections. While a
collection runs, nothing else does: every action that arrives meanwhile waits for it.

Measured at a thousand dice games at a person's pace on one process
(``benchmarks/bench_web.py --games 1000 --think 1.5``) with the thresholds this policy
replaced (7,000, 20, 50): a young collection every 2.5 s walked some 40,000 objects
(deallocations of older objects hold the count back, so far more than 7,000 are young by
then) and took 40–60 ms, the middle generation's 110–160 ms every 20 to 50 s, a full
one 110–220 ms — and found nothing: no young collection of the run collected an object.
Every action arriving meanwhile waited that long, whatever else the server had to do.

The policy (:func:`tune`, then :func:`collect_now_and_then` on the loop):

* what the process made while starting (modules, classes, the app) is frozen out of
  collection for good;
* young collections run often (:data:`YOUNG_THRESHOLD`), each walking what a fraction of
  a second made: a pause of a few milliseconds;
* the older generations are never collected by the count: what survives a young
  collection lives as long as its room, its turn or its connection and goes by its
  reference count (an action makes no cycle: a refusal raised by the engine keeps no
  frame, see ``GameState.step``);
* the cycles older objects do make now and then (a connection torn down, an exception
  kept; not a room let go of: ``Hub._let_go`` forgets its driver task) are collected
  by a full collection every :data:`FULL_SECONDS`. It walks every object of every room,
  each cold in the processor's caches: about a second at a thousand rooms (measured
  once, in a run that made it every five minutes: 1.3 s), as long as the old
  thresholds' own full collection (after fifty middle ones: every 15 to 40 minutes
  there), so it runs about as often.

The same run with this policy: young collections every 0.3 s of 7 ms on average (99th
percentile 13.5 ms, longest 16 ms), about 2% of the loop as before. The run's p99 did not
move measurably on that 2-core machine, whose loop is nearly full at the thousand games'
peak (the p99 there is queueing); what the policy takes away is the floor the pauses put
under it.

From Python 3.14 the collector is incremental (two generations, the old one scanned a
piece at a time, its thresholds meaning something else): there only the freeze applies.
"""

from __future__ import annotations

import asyncio
import gc
import sys

YOUNG_THRESHOLD = 1000
"""Allocations less deallocations between two young collections."""
NEVER = 2**31 - 1
"""A threshold the counts never reach (the collector takes a C int)."""
FULL_SECONDS = 1800.0
"""Between two full collections made by :func:`collect_now_and_then`."""


GENERATIONAL = sys.version_info < (3, 14)
"""The collector has three generations collected by counts (not the incremental one)."""


def tune() -> None:
    """Freeze what exists now and set the thresholds; call once, when started."""
    gc.freeze()
    if GENERATIONAL:
        gc.set_threshold(YOUNG_THRESHOLD, NEVER, NEVER)


async def collect_now_and_then(seconds: float = FULL_SECONDS) -> None:
    """A full collection every ``seconds``, for as long as the loop runs (a task)."""
    while True:
        await asyncio.sleep(seconds)
        gc.collect()
