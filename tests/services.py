"""Real database services for the tests: a PostgreSQL server and a Redis server of their
own, each on a free port of 127.0.0.1 with its data in a temporary folder.

Tests of several server processes and of failures need the real thing, not a stand-in:
a row lock, a connection that breaks when the server stops, a channel that loses its
subscribers when Redis restarts. Each service can be stopped, started again on the same
port and data ("PostgreSQL unreachable for a few seconds"), killed with SIGKILL,
or frozen with SIGSTOP (up, but answering nobody).

PostgreSQL runs Debian's server binaries (``/usr/lib/postgresql/<version>/bin``) with
trust authentication for the user ``postgres``; run as root, the server runs as the
``postgres`` user (PostgreSQL refuses root), with its folder owned by it. Durability
settings are off (``fsync=off``): these servers hold only test data.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO

import psycopg

START_SECONDS = 30.0
"""How long a service may take to answer after it starts (it takes well under a second)."""

POSTGRES_USER = "postgres"


def free_port() -> int:
    """A TCP port of 127.0.0.1 that nothing listens on now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def postgres_bin() -> Path | None:
    """The folder of Debian's newest PostgreSQL server binaries, if any is installed."""
    found: list[tuple[int, Path]] = []
    for initdb in Path("/usr/lib/postgresql").glob("*/bin/initdb"):
        version = initdb.parent.parent.name
        if version.isdigit() and (initdb.parent / "postgres").exists():
            found.append((int(version), initdb.parent))
    return max(found)[1] if found else None


def redis_bin() -> Path | None:
    """``redis-server``, if it is installed."""
    found = shutil.which("redis-server")
    return None if found is None else Path(found)


class Service:
    """A server process in a session of its own (so that SIGKILL reaches every process
    it started), logging to a file in its folder."""

    name = "service"

    def __init__(self, folder: Path, port: int | None) -> None:
        self.folder = folder
        self.port = free_port() if port is None else port
        self.log_path = folder / f"{self.name}.log"
        self._process: subprocess.Popen[bytes] | None = None
        self._log: IO[bytes] | None = None

    # -- what each service says ------------------------------------------------------
    def command(self) -> list[str]:
        raise NotImplementedError

    def user(self) -> str | None:
        """The user the process runs as (None: as the tests do)."""
        return None

    def answers(self) -> bool:
        """Whether the service answers now."""
        raise NotImplementedError

    # -- the life of the process -----------------------------------------------------
    @property
    def running(self) -> bool:
        return self._process is not None and self._process.poll() is None

    def start(self) -> None:
        """Start the server on its port and data; return once it answers."""
        if self.running:
            return
        self._log = self.log_path.open("ab")
        self._process = subprocess.Popen(
            self.command(),
            stdin=subprocess.DEVNULL,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            user=self.user(),
            cwd=self.folder,
        )
        deadline = time.monotonic() + START_SECONDS
        while not self.answers():
            if self._process.poll() is not None:
                raise RuntimeError(f"{self.name} exited at start: {self.log_tail()}")
            if time.monotonic() > deadline:
                self.kill()
                raise RuntimeError(f"{self.name} did not answer in {START_SECONDS} s")
            time.sleep(0.05)

    def stop(self) -> None:
        """Shut the server down cleanly (its data kept; :meth:`start` brings it back)."""
        if self._process is None:
            return
        if self._process.poll() is None:
            self._process.send_signal(self.stop_signal)
            try:
                self._process.wait(timeout=START_SECONDS)
            except subprocess.TimeoutExpired:
                self.kill()
        self._ended()

    stop_signal = signal.SIGTERM

    def kill(self) -> None:
        """SIGKILL to the server and every process it started: a crash, no shutdown."""
        if self._process is None:
            return
        group = self._process.pid
        with contextlib.suppress(ProcessLookupError):
            os.killpg(group, signal.SIGCONT)
            os.killpg(group, signal.SIGKILL)
        self._process.wait()
        # the server's children are not ours to wait for: wait until they are gone
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            try:
                os.killpg(group, 0)
            except ProcessLookupError:
                break
            time.sleep(0.02)
        self._ended()

    def freeze(self) -> None:
        """SIGSTOP the server and every process under it: it keeps its port and its
        connections but answers nobody (a hung server or a network that drops packets)
        until :meth:`thaw`. The server first, so that it starts nobody new meanwhile."""
        for pid in self._processes():
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGSTOP)

    def thaw(self) -> None:
        for pid in reversed(self._processes()):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGCONT)

    def _processes(self) -> list[int]:
        """The server's process, then every process under it, from ``/proc`` (not its
        process group: PostgreSQL's backends each start a session of their own)."""
        if self._process is None:
            return []
        children: dict[int, list[int]] = {}
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue  # gone meanwhile
            children.setdefault(parent, []).append(int(entry.name))
        found: list[int] = []
        waiting = [self._process.pid]
        while waiting:
            pid = waiting.pop(0)
            found.append(pid)
            waiting.extend(children.get(pid, []))
        return found

    def restart(self) -> None:
        self.stop()
        self.start()

    def close(self) -> None:
        """Kill the server and delete its folder."""
        self.kill()
        shutil.rmtree(self.folder, ignore_errors=True)

    def log_tail(self, lines: int = 5) -> str:
        try:
            text = self.log_path.read_text(errors="replace")
        except OSError:
            return "(no log)"
        return " | ".join(text.strip().splitlines()[-lines:])

    def _ended(self) -> None:
        self._process = None
        if self._log is not None:
            self._log.close()
            self._log = None

    def __enter__(self) -> Service:
        self.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


def _service_folder(prefix: str, owner: str | None) -> Path:
    """A new folder in the system's temporary folder (not pytest's, which is private to
    the tests' user), owned by ``owner`` when the service runs as another user."""
    folder = Path(tempfile.mkdtemp(prefix=prefix))
    if owner is not None:
        entry = pwd.getpwnam(owner)
        os.chown(folder, entry.pw_uid, entry.pw_gid)
    return folder


class PostgresServer(Service):
    """A PostgreSQL server of its own: ``initdb`` on the first start, then ``postgres``
    on a free port of 127.0.0.1, trust authentication, its socket in its folder."""

    name = "postgres"
    stop_signal = signal.SIGINT  # "fast" shutdown: disconnect everyone, then stop

    def __init__(self, port: int | None = None, binaries: Path | None = None) -> None:
        found = binaries or postgres_bin()
        if found is None:
            raise RuntimeError("PostgreSQL's server binaries are not installed")
        self.binaries = found
        self._user = POSTGRES_USER if os.geteuid() == 0 else None
        super().__init__(_service_folder("thousand-pg-", self._user), port)
        self.data = self.folder / "data"
        self._databases = 0

    def user(self) -> str | None:
        return self._user

    def command(self) -> list[str]:
        return [
            str(self.binaries / "postgres"),
            *("-D", str(self.data), "-p", str(self.port), "-h", "127.0.0.1"),
            *("-k", str(self.folder), "-c", "fsync=off", "-c", "synchronous_commit=off"),
            *("-c", "full_page_writes=off", "-c", "max_connections=200"),
        ]

    def start(self) -> None:
        if not (self.data / "PG_VERSION").exists():
            subprocess.run(
                [
                    str(self.binaries / "initdb"),
                    *("-D", str(self.data), "-U", POSTGRES_USER, "--auth=trust"),
                    *("--encoding=UTF8", "--locale=C", "--no-sync"),
                ],
                check=True,
                capture_output=True,
                user=self._user,
                cwd=self.folder,
            )
        super().start()

    def url(self, database: str = "postgres") -> str:
        """The URL of ``database`` on this server, as ``thousand serve --db`` takes it."""
        return f"postgresql://{POSTGRES_USER}@127.0.0.1:{self.port}/{database}"

    def answers(self) -> bool:
        try:
            with psycopg.connect(self.url(), connect_timeout=1) as connection:
                connection.execute("SELECT 1")
        except psycopg.Error:
            return False
        return True

    def admin(self, statement: str) -> None:
        """Run one statement as the server's superuser, outside a transaction."""
        with psycopg.connect(self.url(), autocommit=True) as connection:
            connection.execute(statement.encode())

    def create_database(self, name: str | None = None) -> str:
        """A new empty database; its URL."""
        if name is None:
            self._databases += 1
            name = f"test_{os.getpid()}_{self._databases}"
        if not re.fullmatch(r"[a-z_][a-z0-9_]*", name):
            raise ValueError(f"not a plain database name: {name!r}")
        self.admin(f"CREATE DATABASE {name}")
        return self.url(name)

    def drop_database(self, name: str) -> None:
        if not re.fullmatch(r"[a-z_][a-z0-9_]*", name):
            raise ValueError(f"not a plain database name: {name!r}")
        self.admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


class RedisServer(Service):
    """A Redis server of its own on a free port of 127.0.0.1: no snapshots; with
    ``appendonly`` its writes go to an append-only file in its folder, so that a restart
    keeps them (without, a restart empties it, as a cache's would)."""

    name = "redis"

    def __init__(
        self, port: int | None = None, binary: Path | None = None, appendonly: bool = False
    ) -> None:
        found = binary or redis_bin()
        if found is None:
            raise RuntimeError("redis-server is not installed")
        self.binary = found
        self.appendonly = appendonly
        super().__init__(_service_folder("thousand-redis-", None), port)

    def command(self) -> list[str]:
        return [
            str(self.binary),
            *("--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.folder)),
            *("--save", "", "--appendonly", "yes" if self.appendonly else "no"),
            *("--daemonize", "no", "--protected-mode", "no", "--loglevel", "warning"),
        ]

    @property
    def url(self) -> str:
        """The URL as ``thousand serve --redis`` takes it."""
        return f"redis://127.0.0.1:{self.port}/0"

    def answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1) as sock:
                sock.sendall(b"PING\r\n")
                return sock.recv(16).startswith(b"+PONG")
        except OSError:
            return False


@contextlib.contextmanager
def postgres_server(port: int | None = None) -> Iterator[PostgresServer]:
    """A running PostgreSQL server, killed and deleted on leaving."""
    server = PostgresServer(port)
    try:
        server.start()
        yield server
    finally:
        server.close()


@contextlib.contextmanager
def redis_server(port: int | None = None, appendonly: bool = False) -> Iterator[RedisServer]:
    """A running Redis server, killed and deleted on leaving."""
    server = RedisServer(port, appendonly=appendonly)
    try:
        server.start()
        yield server
    finally:
        server.close()
