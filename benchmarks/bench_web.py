"""Server load: many two-person games at once over real WebSockets on loopback.

Starts ``thousand serve --no-rate-limits --bot-delay 0`` on a fresh SQLite file as a
child process, then plays ``--games`` games at once against it. Each game is a room
created over HTTP with two person seats (the creator and a joiner), each on its own
WebSocket (the ``websockets`` library's asyncio client), both played by a simple policy
of this script: stop when the turn total is 300 or more, or when fewer than three dice
are left and stopping is allowed; otherwise throw. A connection acts only when its state
says it is to move, on that state's ``seq``.

    .venv/bin/python benchmarks/bench_web.py [--games 100] [--port 0] [--json]

Figures:

* ``actions_per_second`` — accepted actions of all games over the time from the first
  game's first move to the last game's end;
* ``latency_p50_ms`` / ``latency_p99_ms`` — per action, from sending it to receiving
  the state whose ``seq`` is the next one, on the acting connection;
* ``errors`` — ``error`` messages received (any code), plus failed requests and
  connections; a healthy run has none;
* ``server_peak_rss_mb`` — the server process's ``VmHWM`` from ``/proc/PID/status``;
* ``games_finished`` — games that reached ``over`` (both connections saw it).

The script raises its own open-files limit to the hard limit first (the server inherits
it): a thousand games hold two thousand sockets on each side.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import platform
import random
import re
import resource
import select
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

ADDRESS = re.compile(r"open http://([0-9.]+):([0-9]+)/")
GAME_TIMEOUT = 1800.0
"""Seconds a game may take before the run gives up on it (counted as unfinished)."""
SETUP_CONCURRENCY = 50
"""Rooms created and sockets opened at a time while setting up."""


@dataclass
class Figures:
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    errors: int = 0
    error_codes: dict[str, int] = field(default_factory=dict)
    finished: int = 0
    first_move: float | None = None
    last_end: float = 0.0

    def error(self, code: str) -> None:
        self.errors += 1
        self.error_codes[code] = self.error_codes.get(code, 0) + 1


def decide(game: dict[str, Any]) -> str:
    """The script's own policy; see the module docstring."""
    legal = game["legal"]
    if "stop" in legal:
        turn = game["turn"] or {}
        if turn.get("total", 0) >= 300 or turn.get("dice_left", 5) < 3:
            return "stop"
    return "throw" if "throw" in legal else str(legal[0])


async def play(socket: ClientConnection, seat: int, figures: Figures, think: float) -> bool:
    """One connection's game: act when it is this seat's move; True when the game ended
    (a connection closed before that counts as an error: ``closed CODE``)."""
    sent: dict[int, float] = {}  # seq acted on -> when the action was sent
    try:
        return await _play(socket, seat, figures, sent, think)
    except ConnectionClosed as exc:
        figures.error(f"closed {exc.rcvd.code if exc.rcvd else 'without a close frame'}")
        return False


async def _play(
    socket: ClientConnection, seat: int, figures: Figures, sent: dict[int, float], think: float
) -> bool:
    async for text in socket:
        message = json.loads(text)
        kind = message["type"]
        if kind == "error":
            figures.error(str(message.get("code")))
            continue
        if kind != "state":
            continue
        seq = message["seq"]
        started = sent.pop(seq - 1, None)
        if started is not None:
            figures.latencies.append(time.perf_counter() - started)
            figures.actions += 1
        if message["room"]["status"] == "over":
            return True
        game = message["game"]
        if message["you"] == seat and game["legal"] and seq not in sent:
            action = decide(game)
            if think:  # a person looks at the dice before clicking
                await asyncio.sleep(think * random.uniform(0.5, 1.5))
            now = time.perf_counter()
            if figures.first_move is None:
                figures.first_move = now
            sent[seq] = now
            await socket.send(json.dumps({"type": "action", "action": action, "seq": seq}))
    close = socket.close_code
    figures.error(f"closed {close}")  # the server closed before the game was over
    return False


@dataclass
class Table:
    room: str
    sockets: list[ClientConnection]


async def set_up(
    http: httpx.AsyncClient, ws_base: str, number: int, gate: asyncio.Semaphore
) -> Table:
    async with gate:
        created = await http.post(
            "/api/rooms", json={"name": f"A{number}", "seats": [{"open": True}]}
        )
        created.raise_for_status()
        room, first = created.json()["room"], created.json()["token"]
        joined = await http.post(f"/api/rooms/{room}/join", json={"name": f"B{number}"})
        joined.raise_for_status()
        second = joined.json()["token"]
        sockets = [
            # no keepalive pings from this side (a browser sends none either): a game
            # is lost only if the server gives up on it
            await connect(
                f"{ws_base}/ws/rooms/{room}?token={token}", open_timeout=120, ping_interval=None
            )
            for token in (first, second)
        ]
    return Table(room, sockets)


async def run_game(table: Table, figures: Figures, think: float) -> None:
    try:
        ends = await asyncio.wait_for(
            asyncio.gather(
                *(play(socket, seat, figures, think) for seat, socket in enumerate(table.sockets))
            ),
            GAME_TIMEOUT,
        )
    except (TimeoutError, OSError, ValueError) as exc:
        figures.error(f"client: {exc.__class__.__name__}")
    else:
        figures.finished += all(ends)
    finally:
        figures.last_end = max(figures.last_end, time.perf_counter())
        for socket in table.sockets:
            await socket.close()


async def bench(address: str, games: int, think: float) -> Figures:
    figures = Figures()
    gate = asyncio.Semaphore(SETUP_CONCURRENCY)
    limits = httpx.Limits(max_connections=SETUP_CONCURRENCY)
    async with httpx.AsyncClient(base_url=f"http://{address}", limits=limits, timeout=120) as http:
        tables = await asyncio.gather(
            *(set_up(http, f"ws://{address}", number, gate) for number in range(games)),
            return_exceptions=True,
        )
    ready = [table for table in tables if isinstance(table, Table)]
    for failure in tables:
        if not isinstance(failure, Table):
            figures.error(f"setup: {failure.__class__.__name__}")
    await asyncio.gather(*(run_game(table, figures, think) for table in ready))
    return figures


def raise_open_files(wanted: int) -> int:
    """Raise the soft limit on open files towards ``wanted`` (at most the hard limit)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@contextlib.contextmanager
def server(folder: Path, port: int) -> Any:
    """``thousand serve`` on ``port`` (0: a free one); yields (process, host:port)."""
    log = (folder / "server.log").open("w")
    command = [sys.executable, "-m", "thousand", "serve", "--no-rate-limits"]
    command += ["--bot-delay", "0", "--port", str(port), "--db", f"sqlite:///{folder / 'bench.db'}"]
    env = {**os.environ, "THOUSAND_DATA_DIR": str(folder / "data")}
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=log, text=True, env=env)
    try:
        assert process.stdout is not None
        ready, _, _ = select.select([process.stdout], [], [], 60)
        line = process.stdout.readline() if ready else ""
        match = ADDRESS.search(line)
        if match is None:
            log.flush()
            raise SystemExit(
                f"thousand serve did not start:\n{(folder / 'server.log').read_text()}"
            )
        yield process, f"{match.group(1)}:{match.group(2)}"
    finally:
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        log.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games played at once")
    parser.add_argument("--port", type=int, default=0, help="the server's port (0: a free one)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="seconds a player takes before each action, on average (0: act at once, "
        "which measures the server saturated; 1–2 is a quick person)",
    )
    args = parser.parse_args()
    open_files = raise_open_files(4 * args.games + 1024)
    with (
        tempfile.TemporaryDirectory(prefix="bench-web-") as temp,
        server(Path(temp), args.port) as (
            process,
            address,
        ),
    ):
        started = time.perf_counter()
        figures = asyncio.run(bench(address, args.games, args.think))
        wall = time.perf_counter() - started
        rss = peak_rss_mb(process.pid)
        cpu = cpu_seconds(process.pid)
    playing = figures.last_end - (figures.first_move or figures.last_end)
    latencies = sorted(figures.latencies)
    quantiles = statistics.quantiles(latencies, n=100) if len(latencies) > 1 else [0.0] * 99
    results: dict[str, object] = {
        "games": args.games,
        "think_seconds": args.think,
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "open_files_limit": open_files,
        "games_finished": figures.finished,
        "actions": figures.actions,
        "actions_per_second": figures.actions / playing if playing > 0 else 0.0,
        "latency_p50_ms": quantiles[49] * 1000,
        "latency_p99_ms": quantiles[98] * 1000,
        "latency_max_ms": (latencies[-1] if latencies else 0.0) * 1000,
        "errors": figures.errors,
        "error_codes": figures.error_codes,
        "server_peak_rss_mb": rss,
        "server_cpu_seconds": cpu,
        "play_seconds": playing,
        "wall_seconds": wall,
    }
    if args.json:
        print(json.dumps(results, indent=2))
        return
    for key, value in results.items():
        shown = f"{value:,.1f}" if isinstance(value, float) else value
        print(f"{key:24} {shown}")


if __name__ == "__main__":
    main()
