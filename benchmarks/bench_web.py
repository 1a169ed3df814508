"""Server load: many games of persons at once over real WebSockets on loopback, served by
one process or by several sharing PostgreSQL and Redis, optionally killing one midway.

Starts ``--processes`` × ``thousand serve --no-rate-limits --bot-delay 0`` as child
processes (one: on a fresh SQLite file unless ``--db``; several: ``--db`` PostgreSQL and
``--redis`` are needed, or ``--services`` starts both from Debian's packages in a
temporary folder), then plays ``--games`` games of ``--game`` at once, each with its
default rules. Each game is a room created over HTTP with every seat a person's (two for
dice 1000 and poker dice, three for card Thousand: :data:`tests.web.scripted.SEATS`),
each seat on its own WebSocket; a game's seats connect to different processes in turn
(``--route seat``), or a room's requests and seats all go to one process, rooms in turn
(``--route room``: a balancer that routes by room, ``docs/deploy.md``).
Every seat is played by the game's scripted player (:data:`tests.web.scripted.PLAYERS`)
through :class:`thousand.web.client.SeatClient`, which moves to the next process when its
connection breaks:

* ``dice1000`` (the default, the figures of earlier runs):
  :func:`~thousand.web.client.first_choice` (stop at 300 points in the turn or with fewer
  than three dice left, otherwise throw), to the game's end;
* ``poker_dice``: :func:`~thousand.web.client.poker_choice` (write the box that scores
  most once one scores anything, otherwise throw again), to the game's end;
* ``card1000``: :func:`~thousand.web.client.card_choice` (pass in the bidding, so the
  forced bid declares; the first card given and played). That player never reaches
  1000 (its forced declarers fail), and a game of people is dozens of deals: a game is
  played for ``--deals`` deals (3 unless given; a redeal counts, though this player
  asks for none) or to its end if that comes first, then left. Each deal is some thirty
  actions (two passes, two cards given, the contract, 24 cards played), and a state
  grows with the deals behind it (the sheet, the last deal), so figures of different
  ``--deals`` are not comparable.

    .venv/bin/python benchmarks/bench_web.py [--games 100] [--json]
    .venv/bin/python benchmarks/bench_web.py --game card1000 [--deals 3] [--games 50]
    .venv/bin/python benchmarks/bench_web.py --games 1000 --processes 2 --services \\
        [--kill-after 30]

With ``--kill-after S``, the first process is killed with SIGKILL S seconds after the
first move; its clients go on through the others.

Figures:

* ``actions_per_second``: accepted actions of all games over the time from the first
  game's first move to the last game's end;
* ``latency_p50_ms`` / ``latency_p99_ms``: per action, from sending it to receiving a
  newer state on the acting connection (across a reconnection, when one falls between);
* ``errors``: ``error`` messages received (any code) and games given up; a healthy run
  without a kill has none;
* ``games_lost_action``: games where a client was shown a state that the deployment later
  took back (``seq`` went back, or a state at a ``seq`` already seen came back
  different): an accepted action lost. Must be 0, killed process or not;
* ``server_peak_rss_mb``: each process's ``VmHWM`` from ``/proc/PID/status``;
* ``room_held_kb``: the servers' resident memory once every room is made and its
  players connected, less what it was before, per game: a room held with its two (card
  Thousand: three) connections, idle, before the first move;
* ``server_cpu_ms_per_action``: the servers' processor time (user and system, set-up
  included, and ``--idle``'s) per accepted action;
* ``idle_cpu_percent``: with ``--idle S``, each server's processor time over S seconds
  with every room made and its players connected, before the first move, as a share of
  one core: what rooms held idle cost (keepalive pings, timers); empty without it;
* ``client_cpu_ms_per_action``: the same of this script's own clients (all in this one
  process): when it nears a core's worth of the run, the clients, not the servers, hold
  the latencies up (a small machine at a person's pace);
* ``games_finished``: games whose every seat saw the end of play: ``over``, or with
  card Thousand ``--deals`` deals finished (``game.deals``);
* ``timeline``: the same run in windows of ``--window`` seconds from the first move
  (30 unless given): each window's accepted actions a second and the p50, p99 and
  slowest of the actions sent in it. A run's p99 is one figure for a load that moves:
  every game starts at once and they end one by one, so the first windows carry the
  most actions a second, and a p99 set there is a server near its capacity, one set
  late in the run a pause.

With ``--profile FILE``, the first process runs under :mod:`cProfile` (which slows it
down: take the figures above from a run without it) and its profile is written to FILE
(:mod:`pstats`) once the games end; the functions with the most time of their own are
printed, each with its share of the profile and its microseconds per accepted action.

The script raises its own open-files limit to the hard limit first (the servers inherit
it): a thousand games hold two thousand sockets on each side (card Thousand: three).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import platform
import pstats
import random
import re
import resource
import signal
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the tests' services

from tests.services import postgres_server, redis_server
from tests.web.scripted import PLAYERS, SEATS
from tests.web.serve_process import ServeProcess
from thousand.cli.commands.serve import event_loop_factory
from thousand.web import collector
from thousand.web.client import Deployment, SeatClient

PROFILED = """
import cProfile, runpy, signal, sys
profile = cProfile.Profile()
def dump(*_):
    profile.disable()
    profile.dump_stats({path!r})
signal.signal(signal.SIGUSR2, dump)
sys.argv = ["thousand", *sys.argv[1:]]
profile.enable()
runpy.run_module("thousand", run_name="__main__", alter_sys=True)
"""
"""The first server's wrapper under ``--profile``: SIGUSR2 writes the profile."""
PROFILE_TOP = 30
"""Functions printed from the profile."""
ADDRESS = re.compile(r"open http://([0-9.]+):([0-9]+)/")
GAME_TIMEOUT = 1800.0
"""Seconds a game may take before the run gives up on it (counted as unfinished)."""
SETUP_CONCURRENCY = 50
"""Rooms created and sockets opened at a time while setting up."""
CARD_DEALS = 3
"""Deals of a card Thousand game played unless ``--deals`` says otherwise."""


@dataclass(frozen=True)
class Game:
    """What is played in each room: ``name`` (a game of :data:`SEATS`) until the game
    is over or, with ``deals``, until that many deals are finished."""

    name: str = "dice1000"
    deals: int | None = None

    @property
    def seats(self) -> int:
        return SEATS[self.name]

    def choice(self, state: dict[str, Any]) -> dict[str, Any] | None:
        """The scripted player's action on a seat's state (None: nothing to do)."""
        return PLAYERS[self.name](state)

    def ended(self, state: dict[str, Any]) -> bool:
        """Play is over for this room: the game is, or the deals wanted are finished."""
        if state["room"]["status"] == "over":
            return True
        return self.deals is not None and len(state["game"].get("deals") or ()) >= self.deals


@dataclass
class Figures:
    latencies: list[float] = field(default_factory=list)
    sent: list[float] = field(default_factory=list)
    """When each of ``latencies`` was sent (``time.perf_counter``), in the same order."""
    actions: int = 0
    errors: int = 0
    error_codes: dict[str, int] = field(default_factory=dict)
    finished: int = 0
    lost: int = 0
    reconnects: int = 0
    first_move: float | None = None
    last_end: float = 0.0
    rss_before: list[float] = field(default_factory=list)
    """Each server's resident memory (MB) before the rooms were made."""
    rss_set_up: list[float] = field(default_factory=list)
    """The same once every room is made and its two players connected, before play."""
    idle_cpu: list[float] = field(default_factory=list)
    """Each server's share of a core while every room is held idle (``--idle``)."""

    def error(self, code: str) -> None:
        self.errors += 1
        self.error_codes[code] = self.error_codes.get(code, 0) + 1


async def play(client: SeatClient, seat: int, figures: Figures, think: float, game: Game) -> bool:
    """One seat's game: act when it is this seat's move; True when play ended
    (:meth:`Game.ended`)."""
    while True:
        state = await client.wait(
            lambda s: game.ended(s) or (s["you"] == seat and bool(s["game"].get("legal"))),
            GAME_TIMEOUT,
        )
        if game.ended(state):
            return True
        action = game.choice(state)
        if action is None:
            return False
        if think:  # a person looks at the dice (or the cards) before clicking
            await asyncio.sleep(think * random.uniform(0.5, 1.5))
        sent = time.perf_counter()
        if figures.first_move is None:
            figures.first_move = sent
        figures.latencies.append(await client.act(action, GAME_TIMEOUT))
        figures.sent.append(sent)
        figures.actions += 1


async def set_up(
    deployment: Deployment, number: int, gate: asyncio.Semaphore, game: Game, route: str
) -> list[SeatClient]:
    """A room of ``game`` with every seat a person's. ``route`` ``seat``: the creator's
    seat on one process and each joiner's on the next (the joins asked of the first);
    ``room``: every request and seat of the room on one process, rooms in turn."""
    async with gate:
        spread = len(deployment.bases)
        home = number % spread
        body: dict[str, Any] = {
            "name": f"A{number}",
            "game": game.name,
            "seats": [{"open": True}] * (game.seats - 1),
        }
        created = await deployment.post("/api/rooms", body, home)
        room = created["room"]
        tokens = [created["token"]]
        for other in range(1, game.seats):
            joined = await deployment.post(
                f"/api/rooms/{room}/join",
                {"name": f"{'ABCDEF'[other]}{number}"},
                home if route == "room" else 0,
            )
            tokens.append(joined["token"])
        clients = [
            SeatClient(
                deployment, room, token, start=(home + (seat if route == "seat" else 0)) % spread
            )
            for seat, token in enumerate(tokens)
        ]
        for client in clients:
            await client.connect()
    return clients


async def run_game(clients: list[SeatClient], figures: Figures, think: float, game: Game) -> None:
    try:
        ends = await asyncio.wait_for(
            asyncio.gather(
                *(play(client, seat, figures, think, game) for seat, client in enumerate(clients))
            ),
            GAME_TIMEOUT,
        )
    except (TimeoutError, OSError, ValueError, RuntimeError) as exc:
        figures.error(f"client: {exc.__class__.__name__}")
    else:
        figures.finished += all(ends)
    finally:
        figures.last_end = max(figures.last_end, time.perf_counter())
        for client in clients:
            for error in client.errors:
                figures.error(str(error.get("code")))
            figures.reconnects += client.reconnects
            await client.close()
        figures.lost += any(client.broken for client in clients)


async def kill_later(server: ServeProcess, figures: Figures, after: float) -> None:
    while figures.first_move is None:
        await asyncio.sleep(0.1)
    await asyncio.sleep(after - (time.perf_counter() - figures.first_move))
    server.kill_now()


async def bench(
    bases: list[str],
    games: int,
    think: float,
    kill: tuple[ServeProcess, float] | None,
    memory: Callable[[], list[float]] = list,
    *,
    game: Game = Game(),
    route: str = "seat",
    idle: float = 0.0,
    cpu: Callable[[], list[float]] = list,
) -> Figures:
    figures = Figures()
    deployment = Deployment(bases, timeout=120.0)
    gate = asyncio.Semaphore(SETUP_CONCURRENCY)
    figures.rss_before = memory()
    tables = await asyncio.gather(
        *(set_up(deployment, number, gate, game, route) for number in range(games)),
        return_exceptions=True,
    )
    await asyncio.sleep(1.0)  # the last rooms' drivers settle
    figures.rss_set_up = memory()
    if idle > 0:  # every room held, its players connected, nobody acting
        before, started = cpu(), time.perf_counter()
        await asyncio.sleep(idle)
        spent, took = cpu(), time.perf_counter() - started
        figures.idle_cpu = [(after - was) / took for after, was in zip(spent, before, strict=True)]
    ready = [table for table in tables if isinstance(table, list)]
    for failure in tables:
        if not isinstance(failure, list):
            figures.error(f"setup: {failure.__class__.__name__}")
    killer = None if kill is None else asyncio.create_task(kill_later(kill[0], figures, kill[1]))
    await asyncio.gather(*(run_game(table, figures, think, game) for table in ready))
    if killer is not None:
        killer.cancel()
    return figures


def timeline(
    sent: list[float], latencies: list[float], start: float, window: float
) -> list[dict[str, float]]:
    """The actions sent at ``sent`` (each taking its ``latencies``) in windows of
    ``window`` seconds from ``start``: each window's start (seconds), accepted actions a
    second, and p50, p99 (inclusive quantiles) and slowest latency (ms); a window
    without an action is left out."""
    windows: dict[int, list[float]] = {}
    for at, latency in zip(sent, latencies, strict=True):
        windows.setdefault(int((at - start) // window), []).append(latency)
    rows = []
    for index in sorted(windows):
        taken = sorted(windows[index])
        # inclusive: a window of a few actions has no p99 beyond its slowest
        rank = (
            statistics.quantiles(taken, n=100, method="inclusive")
            if len(taken) > 1
            else [taken[0]] * 99
        )
        rows.append(
            {
                "from_s": index * window,
                "actions_per_second": len(taken) / window,
                "p50_ms": rank[49] * 1000,
                "p99_ms": rank[98] * 1000,
                "max_ms": taken[-1] * 1000,
            }
        )
    return rows


def raise_open_files(wanted: int) -> int:
    """Raise the soft limit on open files towards ``wanted`` (at most the hard limit)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def status_mb(pid: int, field: str) -> float:
    """A memory figure of ``/proc/PID/status`` in MB (``VmHWM``: the peak resident
    memory; ``VmRSS``: the resident memory now)."""
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(f"{field}:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def cpu_seconds(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@contextlib.contextmanager
def services() -> Iterator[tuple[str, str]]:
    """PostgreSQL and Redis from Debian's packages, for this run only."""
    with postgres_server() as pg, redis_server() as rd:
        yield pg.url(), rd.url


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games played at once")
    parser.add_argument(
        "--game", default="dice1000", choices=sorted(SEATS), help="the game of every room"
    )
    parser.add_argument(
        "--deals",
        type=int,
        help=f"card1000: deals played in each game, or its end if sooner (default {CARD_DEALS})",
    )
    parser.add_argument("--processes", type=int, default=1, help="server processes")
    parser.add_argument(
        "--route",
        choices=["seat", "room"],
        default="seat",
        help="several processes: each seat of a game on the next process (seat, the "
        "default: what a balancer that knows nothing of rooms does), or every request "
        "and seat of a room on one process (room: a balancer that routes by room)",
    )
    parser.add_argument("--db", help="database URL (default: a fresh SQLite file)")
    parser.add_argument("--redis", help="Redis URL (needed by several processes)")
    parser.add_argument(
        "--services", action="store_true", help="start PostgreSQL and Redis for the run"
    )
    parser.add_argument(
        "--kill-after", type=float, help="SIGKILL the first process this long into play"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--profile",
        type=Path,
        metavar="FILE",
        help="run the first process under cProfile and write its profile to FILE",
    )
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="seconds a player takes before each action, on average (0: act at once, "
        "which measures the servers saturated; 1–2 is a quick person)",
    )
    parser.add_argument(
        "--idle",
        type=float,
        default=0.0,
        help="seconds to hold every room idle before play, measuring the servers' "
        "processor time meanwhile (idle_cpu_percent)",
    )
    parser.add_argument(
        "--window",
        type=float,
        default=30.0,
        help="seconds in each window of the timeline (default 30)",
    )
    args = parser.parse_args()
    if args.window <= 0:
        parser.error("--window: a number of seconds above 0")
    if args.idle < 0:
        parser.error("--idle: a number of seconds, 0 or more")
    if args.deals is not None and (args.game != "card1000" or args.deals < 1):
        parser.error("--deals N (N ≥ 1) is for --game card1000")
    game = Game(args.game, (args.deals or CARD_DEALS) if args.game == "card1000" else None)
    # stopped from outside (timeout, kill): leave through the exits, which stop the
    # servers, PostgreSQL and Redis this run started
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    open_files = raise_open_files(2 * game.seats * args.games + 1024)
    with contextlib.ExitStack() as stack:
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="bench-web-")))
        db, redis = args.db or f"sqlite:///{folder / 'bench.db'}", args.redis
        if args.services:
            db, redis = stack.enter_context(services())
        if args.processes > 1 and (redis is None or db.startswith("sqlite")):
            raise SystemExit(
                "several processes need --db postgresql://… and --redis, or --services"
            )
        servers = [
            ServeProcess(folder, f"server{n}", db, redis, "--no-rate-limits")
            for n in range(args.processes)
        ]
        if args.profile is not None:
            wrapper = folder / "profiled.py"
            wrapper.write_text(PROFILED.format(path=str(args.profile.resolve())))
            servers[0].command[1:3] = [str(wrapper)]
        for server in servers:
            stack.enter_context(server)
        kill = None if args.kill_after is None else (servers[0], args.kill_after)
        started = time.perf_counter()
        client_started = time.process_time()
        # the clients on the server's own loop (uvloop): they cost this machine less; and
        # the collector run as ``thousand serve`` runs it (thousand.web.collector): two
        # thousand clients hold their last states, which the default thresholds walk
        # again and again (measured: 0.80-0.87 -> 0.72 ms of the clients' processor time
        # per action), and a long pause of the clients' loop is latency measured
        collector.tune()

        def servers_cpu() -> list[float]:
            return [cpu_seconds(server.pid) for server in servers]

        with asyncio.Runner(loop_factory=event_loop_factory()) as runner:
            figures = runner.run(
                bench(
                    [s.base for s in servers],
                    args.games,
                    args.think,
                    kill,
                    lambda: [status_mb(server.pid, "VmRSS") for server in servers],
                    game=game,
                    route=args.route,
                    idle=args.idle,
                    cpu=servers_cpu,
                )
            )
        wall = time.perf_counter() - started
        client_cpu = time.process_time() - client_started
        rss = [status_mb(server.pid, "VmHWM") for server in servers]
        cpu = servers_cpu()
        if args.profile is not None:
            write_profile(servers[0], args.profile)
    playing = figures.last_end - (figures.first_move or figures.last_end)
    latencies = sorted(figures.latencies)
    quantiles = statistics.quantiles(latencies, n=100) if len(latencies) > 1 else [0.0] * 99
    results: dict[str, object] = {
        "game": game.name,
        "deals": game.deals,
        "games": args.games,
        "processes": args.processes,
        "route": args.route,
        "database": db.split(":", 1)[0],
        "killed_after_seconds": args.kill_after,
        "think_seconds": args.think,
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "open_files_limit": open_files,
        "games_finished": figures.finished,
        "games_lost_action": figures.lost,
        "actions": figures.actions,
        "actions_per_second": figures.actions / playing if playing > 0 else 0.0,
        "latency_p50_ms": quantiles[49] * 1000,
        "latency_p99_ms": quantiles[98] * 1000,
        "latency_max_ms": (latencies[-1] if latencies else 0.0) * 1000,
        "errors": figures.errors,
        "error_codes": figures.error_codes,
        "reconnects": figures.reconnects,
        "server_peak_rss_mb": rss,
        "room_held_kb": (sum(figures.rss_set_up) - sum(figures.rss_before)) * 1024 / args.games,
        "idle_cpu_percent": [share * 100 for share in figures.idle_cpu],
        "server_cpu_ms_per_action": sum(cpu) * 1000 / figures.actions if figures.actions else 0.0,
        "server_cpu_seconds": cpu,
        "client_cpu_ms_per_action": client_cpu * 1000 / figures.actions if figures.actions else 0.0,
        "play_seconds": playing,
        "wall_seconds": wall,
        "timeline": timeline(
            figures.sent, figures.latencies, figures.first_move or 0.0, args.window
        ),
    }
    if args.profile is not None:
        results["profile"] = profile_top(args.profile, figures.actions)
    if args.json:
        print(json.dumps(results, indent=2))
        return
    for key, value in results.items():
        if key in ("profile", "timeline"):
            continue
        shown = f"{value:,.1f}" if isinstance(value, float) else value
        print(f"{key:24} {shown}")
    print(f"\nby {args.window:g} s from the first move: actions/s, p50, p99, slowest (ms)")
    for row in results["timeline"]:  # type: ignore[attr-defined]
        print(
            f"{row['from_s']:6.0f} s {row['actions_per_second']:8.1f} {row['p50_ms']:8.1f}"
            f" {row['p99_ms']:8.1f} {row['max_ms']:8.1f}"
        )
    if args.profile is not None:
        print(f"\nprofile of the first process ({args.profile}), by time of its own:")
        for row in results["profile"]:  # type: ignore[attr-defined]
            print(f"{row['share']:6.1%} {row['us_per_action']:8.1f} µs  {row['function']}")


def write_profile(server: ServeProcess, path: Path) -> None:
    """Have the profiled process write its profile (SIGUSR2), and wait for the file."""
    path.unlink(missing_ok=True)
    os.kill(server.pid, signal.SIGUSR2)
    for _ in range(300):
        if path.exists() and path.stat().st_size > 0:
            time.sleep(0.5)  # written whole
            return
        time.sleep(0.1)
    raise SystemExit(f"--profile: the server wrote no profile to {path}")


def profile_top(path: Path, actions: int) -> list[dict[str, object]]:
    """The functions with the most time of their own in the profile at ``path``: each
    with its share of the whole and its microseconds per accepted action."""
    stats = pstats.Stats(str(path))
    rows = stats.stats  # type: ignore[attr-defined]
    total = sum(row[2] for row in rows.values()) or 1.0
    top = sorted(rows.items(), key=lambda item: item[1][2], reverse=True)[:PROFILE_TOP]
    return [
        {
            "function": f"{name} ({Path(file).name}:{line})",
            "share": own / total,
            "us_per_action": own * 1e6 / max(actions, 1),
            "calls": calls,
        }
        for (file, line, name), (_prim, calls, own, _cum, _callers) in top
    ]


if __name__ == "__main__":
    main()
