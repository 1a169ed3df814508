"""What one server process counts for Prometheus (``GET /metrics``, :mod:`thousand.web.ops`).

Each :class:`Metrics` has its own registry, not prometheus_client's global one: tests make
many applications in one process, and a metric name registered twice in one registry is
an error. A deployment of several processes is scraped process by process (Prometheus
adds the ``instance`` label), so every number here is this process's own.

The metrics, and who moves them:

- ``thousand_rooms`` (gauge): rooms held in memory here, read from a function given at
  construction when scraped, so it can never drift from the hub's own count;
- ``thousand_connections`` (gauge): open WebSockets, likewise read from a function when
  one is given, else moved by :meth:`Metrics.connection_opened` and
  :meth:`Metrics.connection_closed`;
- ``thousand_actions_total{result}`` (counter): the actions of clients by outcome,
  ``accepted``, ``refused`` or ``conflict`` (:meth:`Metrics.action`);
- ``thousand_action_seconds`` (histogram): from receiving an action to the moment its
  answer is sent, 1 ms to 2 s (:meth:`Metrics.action`);
- ``thousand_store_errors_total`` (counter): database calls that failed
  (:meth:`Metrics.store_error`);
- ``process_*``, ``python_gc_*`` and ``python_info``: the process's processor time,
  memory, file descriptors and collector, from prometheus_client's own collectors (they
  read ``/proc`` when scraped; nothing is paid between scrapes).
"""

from __future__ import annotations

import time
from bisect import bisect_left
from collections.abc import Callable, Iterator
from typing import Literal

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    GCCollector,
    PlatformCollector,
    ProcessCollector,
)
from prometheus_client.core import CounterMetricFamily, HistogramMetricFamily, Metric
from prometheus_client.exposition import choose_encoder
from prometheus_client.registry import Collector
from prometheus_client.samples import Sample

ActionResult = Literal["accepted", "refused", "conflict"]
"""An action's outcome: carried out and stored; refused (illegal, stale, not the seat's
turn, a limit); or given up after other processes kept changing the room first."""

ACTION_RESULTS: tuple[ActionResult, ...] = ("accepted", "refused", "conflict")

ACTION_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0)
"""Seconds: an action on SQLite on one machine takes a few milliseconds, one on a busy
database server tens; past two seconds a player thinks the game is stuck."""

BUCKET_LABELS = (*(repr(bound) for bound in ACTION_BUCKETS), "+Inf")
"""The buckets' ``le`` labels as prometheus_client writes them (``0.001`` … ``2.0``)."""
ACTIONS_HELP = "Actions of clients, by result: accepted, refused or conflict."
ACTION_SECONDS_HELP = "Seconds from receiving an action to sending its answer."


class ActionTally(Collector):
    """``thousand_actions_total`` and ``thousand_action_seconds``, counted in plain
    numbers and handed to prometheus_client as metric families only when scraped
    (a custom collector, as its documentation describes). Its own ``Counter`` and
    ``Histogram`` take a lock for each of the four numbers an action moves and look
    for the bucket in Python: a few per cent of a busy server's time (issue 29). The
    event loop is the one writer, so no lock is needed; the rendering is the same."""

    def __init__(self) -> None:
        self.results = dict.fromkeys(ACTION_RESULTS, 0)
        self.buckets = [0] * (len(ACTION_BUCKETS) + 1)
        """Per bucket (the last: past the last bound), the actions that fell in it."""
        self.seconds = 0.0
        self.created = time.time()

    def add(self, result: ActionResult, seconds: float) -> None:
        self.results[result] += 1
        self.buckets[bisect_left(ACTION_BUCKETS, seconds)] += 1
        self.seconds += seconds

    def collect(self) -> Iterator[Metric]:
        actions = CounterMetricFamily("thousand_actions", ACTIONS_HELP, labels=["result"])
        for result, count in self.results.items():
            actions.add_metric([result], count, created=self.created)
        yield actions
        cumulative, bounds = 0, []
        for label, count in zip(BUCKET_LABELS, self.buckets, strict=True):
            cumulative += count
            bounds.append((label, float(cumulative)))
        seconds = HistogramMetricFamily("thousand_action_seconds", ACTION_SECONDS_HELP)
        seconds.add_metric([], bounds, self.seconds)
        seconds.samples.append(Sample("thousand_action_seconds_created", {}, self.created))
        yield seconds


class Metrics:
    """One process's metrics and the registry that renders them (module docstring)."""

    def __init__(
        self,
        rooms: Callable[[], float] | None = None,
        connections: Callable[[], float] | None = None,
        *,
        process: bool = True,
    ) -> None:
        """``rooms`` and ``connections`` are read at every scrape (None: the gauge is
        moved by hand); ``process`` adds the process's own collectors."""
        self.registry = CollectorRegistry()
        self._rooms = Gauge(
            "thousand_rooms", "Rooms held in memory by this process.", registry=self.registry
        )
        if rooms is not None:
            self._rooms.set_function(rooms)
        self._connections = Gauge(
            "thousand_connections",
            "WebSocket connections open on this process.",
            registry=self.registry,
        )
        if connections is not None:
            self._connections.set_function(connections)
        self._actions = ActionTally()  # every series shown from the start, at 0
        self.registry.register(self._actions)
        self._store_errors = Counter(
            "thousand_store_errors",
            "Database calls that failed.",
            registry=self.registry,
        )
        if process:
            ProcessCollector(registry=self.registry)
            PlatformCollector(registry=self.registry)
            GCCollector(registry=self.registry)

    def connection_opened(self) -> None:
        """A WebSocket was accepted (only without a ``connections`` function)."""
        self._connections.inc()

    def connection_closed(self) -> None:
        """A WebSocket closed (only without a ``connections`` function)."""
        self._connections.dec()

    def action(self, result: ActionResult, started: float) -> None:
        """An action's outcome, ``started`` being :func:`time.perf_counter` when it was
        received: called once its answer (a state, or an error) has been queued."""
        self._actions.add(result, max(time.perf_counter() - started, 0.0))

    def store_error(self) -> None:
        """A database call failed (the client heard ``unavailable``, or a driver waits)."""
        self._store_errors.inc()

    def value(self, name: str, labels: dict[str, str] | None = None) -> float | None:
        """One sample's value by its full name (``thousand_actions_total``), or None."""
        return self.registry.get_sample_value(name, labels)

    def render(self, accept: str | None = None) -> tuple[bytes, str]:
        """The metrics as the body of ``GET /metrics`` and its content type: Prometheus's
        text format, or OpenMetrics when the scraper's ``Accept`` header asks for it."""
        encode, content_type = choose_encoder(accept or "")
        return encode(self.registry), content_type
