"""What a held room costs the server in memory, and who holds it: one ``thousand serve``
traced by :mod:`tracemalloc`, rooms made over HTTP with every seat on its own WebSocket.

``bench_web.py``'s ``room_held_kb`` says how much a room costs (resident memory); this
says where it goes. The server is started through a small wrapper that turns
:mod:`tracemalloc` on and writes a snapshot on SIGUSR1. A few rooms are made first (the
modules and caches a first room brings are not a room's), then a snapshot; then
``--rooms`` more, each played ``--actions`` actions into its game, then a second
snapshot: the difference, grouped by the line that allocated (``--by lineno``) or by
the calls that led there (``--by traceback``), is printed per room, largest first.

    PYTHONPATH=src .venv/bin/python benchmarks/bench_room_memory.py [--game dice1000]
        [--rooms 200] [--actions 4] [--top 25] [--by lineno|traceback|filename]

Tracing slows the server a lot and costs memory of its own; ``room_held_kb`` of
``bench_web.py`` stays the figure to compare, this the map.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the tests' services

from tests.web.scripted import PLAYERS, SEATS
from tests.web.serve_process import ServeProcess
from thousand.web.client import Deployment, SeatClient

WRAPPER = """
import runpy, signal, sys, tracemalloc
tracemalloc.start({frames})
def dump(*_):
    import gc
    gc.collect()
    tracemalloc.take_snapshot().dump({path!r} + str(dump.count))
    dump.count += 1
dump.count = 0
signal.signal(signal.SIGUSR1, dump)
sys.argv = ["thousand", *sys.argv[1:]]
runpy.run_module("thousand", run_name="__main__", alter_sys=True)
"""


async def make_room(
    deployment: Deployment, game: str, number: int, actions: int
) -> list[SeatClient]:
    """A room of ``game`` with every seat a person's, each on its own WebSocket, played
    ``actions`` actions in (each by whoever is to move, by the game's scripted player:
    :data:`tests.web.scripted.PLAYERS`)."""
    seats = SEATS[game]
    body: dict[str, Any] = {"name": f"A{number}", "game": game, "seats": [{"open": True}]}
    body["seats"] = [{"open": True}] * (seats - 1)
    created = await deployment.post("/api/rooms", body)
    tokens = [created["token"]]
    for other in range(1, seats):
        joined = await deployment.post(f"/api/rooms/{created['room']}/join", {"name": f"B{other}"})
        tokens.append(joined["token"])
    clients = [SeatClient(deployment, created["room"], token) for token in tokens]
    for client in clients:
        await client.connect()
    for _ in range(actions):
        state = await clients[0].wait(lambda s: s["seq"] >= 0)
        states = [client.state for client in clients if client.state is not None]
        mover = next((s for s in states if s["game"].get("legal")), None)
        if mover is None:
            break
        action = PLAYERS[game](mover)
        if action is None:
            break
        await clients[mover["you"]].act(action)
        del state
    return clients


async def run(
    base: str, signal_dump: Any, game: str, *, rooms: int, actions: int, warm: int
) -> list[list[SeatClient]]:
    deployment = Deployment([base], timeout=120.0)
    held = [await make_room(deployment, game, number, actions) for number in range(warm)]
    await asyncio.sleep(1.0)
    await signal_dump()
    gate = asyncio.Semaphore(20)

    async def one(number: int) -> list[SeatClient]:
        async with gate:
            return await make_room(deployment, game, number, actions)

    held += await asyncio.gather(*(one(warm + n) for n in range(rooms)))
    await asyncio.sleep(1.5)  # the rooms' drivers settle
    await signal_dump()
    return held


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="dice1000", choices=sorted(SEATS))
    parser.add_argument("--rooms", type=int, default=200)
    parser.add_argument("--actions", type=int, default=4, help="actions played in each room")
    parser.add_argument("--warm", type=int, default=5, help="rooms made before the first count")
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--frames", type=int, default=8)
    parser.add_argument("--by", default="lineno", choices=("lineno", "traceback", "filename"))
    args = parser.parse_args()
    with contextlib.ExitStack() as stack:
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="room-mem-")))
        snap = folder / "snap"
        wrapper = folder / "traced.py"
        wrapper.write_text(WRAPPER.format(frames=args.frames, path=str(snap)))
        server = ServeProcess(folder, "server", f"sqlite:///{folder / 'db.sqlite'}")
        server.command[1:3] = [str(wrapper)]
        server.command += ["--no-rate-limits"]
        server.start(timeout=600.0)  # importing under tracing is slow
        stack.callback(server.stop)
        rss: list[int] = []

        async def signal_dump() -> None:
            count = len(rss)
            assert server.process is not None
            server.process.send_signal(10)  # SIGUSR1
            path = Path(f"{snap}{count}")
            while not path.exists():
                await asyncio.sleep(0.2)
            size = -1
            while path.stat().st_size != size:  # written whole
                size = path.stat().st_size
                await asyncio.sleep(0.5)
            rss.append(rss_kb(server.pid))

        started = time.perf_counter()
        asyncio.run(
            run(
                server.base,
                signal_dump,
                args.game,
                rooms=args.rooms,
                actions=args.actions,
                warm=args.warm,
            )
        )
        before = tracemalloc.Snapshot.load(f"{snap}0")
        after = tracemalloc.Snapshot.load(f"{snap}1")
    keep = [tracemalloc.Filter(False, tracemalloc.__file__)]
    diff = after.filter_traces(keep).compare_to(before.filter_traces(keep), args.by)
    total = sum(stat.size_diff for stat in diff)
    print(
        f"{args.game}: {args.rooms} rooms, {args.actions} actions each, "
        f"{time.perf_counter() - started:.0f} s"
    )
    print(f"traced per room: {total / 1024 / args.rooms:.1f} KB")
    print(f"resident per room (traced server): {(rss[1] - rss[0]) / args.rooms:.1f} KB")
    for stat in diff[: args.top]:
        where = stat.traceback.format(limit=args.frames if args.by == "traceback" else 1)
        print(
            f"{stat.size_diff / 1024 / args.rooms:8.2f} KB {stat.count_diff / args.rooms:7.1f} "
            f"blocks  {where[-1].strip() if args.by != 'traceback' else ''}"
        )
        if args.by == "traceback":
            for line in where:
                print("      " + line)


if __name__ == "__main__":
    main()
