"""The door to the solver for every front-end: a strategy from the cache or solved once.

:func:`solved_strategy` loads (or solves and caches) the strategy in this process; a
front-end that must stay responsive meanwhile — the terminal game's screen, the web
server's event loop — uses :class:`ChildSolver`, which solves in a child process,
passes the solver's progress lines on as they come, and can be cancelled.

The solver's kernels hold the interpreter lock while they run — in calls of about a
quarter of a second (:mod:`thousand.core.pace`), back to back for ten seconds under the
classic rules and for many minutes where scores fall — so a solve in a thread of the
game would leave the screen a few moments between freezes. Run in its own process it
leaves the game playable; the child writes the strategy into the cache
(:func:`solved_strategy`) and the game then loads it from there.

A plain :mod:`subprocess` rather than :mod:`multiprocessing`: Textual replaces
``sys.stderr`` with an object without a file descriptor, which multiprocessing's
helper process cannot start with. The rules go to the child pickled on its standard
input (the same program on both ends, so nothing is lost in translation and the
cache key — the rules' canonical form — is the same), and its answer comes back as one
JSON line on standard output.

A solve is made at most once per machine, whichever processes ask for it (a terminal
game and a server, two server processes, a server restarted): the child takes a file
lock beside the cache file it is to write (:func:`solve_lock`) and, while it solves,
writes how far it is to a status file beside it. A second child finding the lock held
solves nothing: it passes the first one's estimates on as its own until the lock falls
free, then finds the cache written (or, if the first died, solves it itself).
"""

from __future__ import annotations

import contextlib
import json
import pickle
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from filelock import FileLock, Timeout

from thousand.core.errors import RulesError, ThousandError
from thousand.core.pace import Estimate
from thousand.games.dice1000.game import Game

if TYPE_CHECKING:
    from thousand.games.dice1000.solver.strategy import SolvedStrategy


class StrategyError(ThousandError):
    """The solved strategy cannot be had: the solver's own error, or its cache unwritable."""


STATUS_EVERY = 2.0
"""Seconds between two writes of a solve's status file (its estimates come every band)."""

WAIT_POLL = 2.0
"""Seconds a waiting child sleeps on the lock between two readings of the status file."""


def solve_file(game: Game, players: int) -> Path:
    """The cache file a solve for ``players`` writes last: the three-player table where
    there is one, else the two-player strategy."""
    from thousand.games.dice1000.solver.seats import needs_three  # noqa: PLC0415 - numpy
    from thousand.games.dice1000.solver.strategy import cache_path  # noqa: PLC0415
    from thousand.games.dice1000.solver.three import three_path  # noqa: PLC0415

    return three_path(game) if needs_three(game, players) else cache_path(game)


def solve_lock(path: Path) -> FileLock:
    """The lock held while ``path`` is being solved (released by the system if the
    solving process dies)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    return FileLock(path.with_name(path.name + ".lock"))


def status_file(path: Path) -> Path:
    """Where the process solving ``path`` writes its latest :class:`Estimate`."""
    return path.with_name(path.name + ".status.json")


def read_status(path: Path, now: float | None = None) -> Estimate | None:
    """The solving process's latest estimate, its time left counted down to ``now``."""
    try:
        data = json.loads(status_file(path).read_text(encoding="utf-8"))
        done, left, at = float(data["done"]), data["seconds_left"], float(data["at"])
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if left is not None:
        left = max(0.0, float(left) - ((time.time() if now is None else now) - at))
    return Estimate(done, left)


def write_status(path: Path, estimate: Estimate) -> None:
    """Write ``estimate`` atomically for the processes waiting on the same solve."""
    target = status_file(path)
    data = {"done": estimate.done, "seconds_left": estimate.seconds_left, "at": time.time()}
    partial = target.with_name(target.name + ".partial")
    partial.write_text(json.dumps(data), encoding="utf-8")
    partial.replace(target)


def solved_strategy(
    game: Game,
    on_solve: Callable[[], None] | None = None,
    on_progress: Callable[[str], None] | None = None,
    players: int = 2,
    on_estimate: Callable[[Estimate], None] | None = None,
) -> SolvedStrategy:
    """The solved strategy of ``game`` for a table of ``players``: from the cache (or
    shipped with the package), or solved now and cached (:mod:`.seats`).

    ``on_solve`` is called once, just before a solve starts — the solver reports progress
    only after it has accepted the rules, so a rule set it refuses never gets a "solving"
    message ahead of its error; ``on_progress`` gets each of the solver's progress lines.
    Raises a :class:`ThousandError`: the solver's own (``RulesError`` for rules it cannot
    solve), or :class:`StrategyError` when the cache cannot be written. Safe to call from
    a worker thread (it touches no session).
    """
    from thousand.games.dice1000.solver.seats import load_or_solve_seated  # noqa: PLC0415 - numpy

    told = False

    def progress(message: str) -> None:
        nonlocal told
        if not told and on_solve is not None:
            told = True
            on_solve()
        if on_progress is not None:
            on_progress(message)

    try:
        strategy = load_or_solve_seated(game, players, progress, on_estimate)
    except OSError as exc:  # the cache folder: not writable, disk full
        raise StrategyError(f"the solver's cache cannot be written: {exc}") from None
    return strategy


def main() -> int:
    """The child: solve the pickled rules on standard input into the cache, answer in JSON.

    Each progress line of the solver goes out at once as ``{"progress": TEXT}``; the last
    line is the answer.
    """
    rules, players = pickle.load(sys.stdin.buffer)  # our own parent wrote it
    answer: dict[str, str | bool]
    game = Game(rules)

    def emit(message: dict[str, Any]) -> None:
        sys.stdout.write(json.dumps(message) + "\n")
        sys.stdout.flush()

    def tell(message: str) -> None:
        emit({"progress": message})

    try:
        with MachineSolve(game, players, emit) as estimate:
            solved_strategy(game, on_progress=tell, players=players, on_estimate=estimate)
    except RulesError as exc:
        answer = {"ok": False, "refused": True, "reason": str(exc)}
    except ThousandError as exc:
        answer = {"ok": False, "refused": False, "reason": str(exc)}
    else:
        answer = {"ok": True}
    sys.stdout.write(json.dumps(answer) + "\n")
    return 0


class MachineSolve:
    """Hold this machine's lock on the solve (waiting, and passing on the estimates of
    the process that holds it, if another does); yields the callback that shares this
    process's own estimates with the waiting ones."""

    def __init__(self, game: Game, players: int, emit: Callable[[dict[str, Any]], None]) -> None:
        self.path = solve_file(game, players)
        self.emit = emit
        self.lock = solve_lock(self.path)
        self._written = 0.0

    def __enter__(self) -> Callable[[Estimate], None]:
        try:
            self.lock.acquire(timeout=0)
        except Timeout:
            self.emit({"progress": "being solved by another process on this machine"})
            while True:
                try:
                    self.lock.acquire(timeout=WAIT_POLL)
                    break
                except Timeout:
                    found = read_status(self.path)
                    if found is not None:
                        self.emit({"estimate": _estimate_data(found)})
        return self.share

    def share(self, estimate: Estimate) -> None:
        self.emit({"estimate": _estimate_data(estimate)})
        now = time.monotonic()
        if now - self._written >= STATUS_EVERY:
            self._written = now
            with contextlib.suppress(OSError):  # the waiting ones only lose an estimate
                write_status(self.path, estimate)

    def __exit__(self, *exc: object) -> None:
        with contextlib.suppress(OSError):
            status_file(self.path).unlink(missing_ok=True)
        self.lock.release()


def _estimate_data(estimate: Estimate) -> dict[str, float | None]:
    return {"done": estimate.done, "seconds_left": estimate.seconds_left}


def _estimate_of(data: object) -> Estimate | None:
    """An estimate line from the child, or None if it is not one."""
    if not isinstance(data, dict):
        return None
    try:
        done = float(data["done"])
        left = data["seconds_left"]
        return Estimate(done, None if left is None else float(left))
    except (KeyError, TypeError, ValueError):
        return None


class ChildSolver:
    """One solve at a time in a child process, which the game can stop when it ends."""

    def __init__(self) -> None:
        self._process: subprocess.Popen[bytes] | None = None
        self._lock = threading.Lock()
        self._stopped = False

    def solve(
        self,
        game: Game,
        on_progress: Callable[[str], None] | None = None,
        players: int = 2,
        on_estimate: Callable[[Estimate], None] | None = None,
    ) -> None:
        """Solve ``game`` for ``players`` into the cache; blocks the calling thread only.

        ``on_progress`` gets the solver's progress lines as the child reports them, and
        ``on_estimate`` its estimates (the three-player solve's, or another process's
        it waits on).
        Raises :class:`RulesError` when the solver refuses the rules (its own message),
        :class:`StrategyError` for anything else — the cache unwritable, the child
        failing or stopped by :meth:`stop`.
        """
        # The child's standard error goes to a file, read at the end: a pipe could fill
        # up while only standard output is being read, and block the child.
        with tempfile.TemporaryFile() as errors:
            with self._lock:
                if self._stopped:
                    raise StrategyError("the game is ending")
                process = subprocess.Popen(  # our own interpreter and module
                    [sys.executable, "-m", "thousand.games.dice1000.solver.door"],
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    stderr=errors,
                )
                self._process = process
            try:
                answer = self._talk(process, game, players, on_progress, on_estimate)
            finally:
                process.wait()
                with self._lock:
                    self._process = None
            errors.seek(0)
            err = errors.read()
        if answer is None:
            last = err.decode("utf-8", "replace").strip().splitlines()
            why = last[-1] if last else f"exit status {process.returncode}"
            raise StrategyError(f"the solver stopped before it finished ({why})") from None
        if not answer.get("ok"):
            reason = str(answer.get("reason", ""))
            raise RulesError(reason) if answer.get("refused") else StrategyError(reason)

    @staticmethod
    def _talk(
        process: subprocess.Popen[bytes],
        game: Game,
        players: int,
        on_progress: Callable[[str], None] | None,
        on_estimate: Callable[[Estimate], None] | None = None,
    ) -> dict[str, object] | None:
        """Send the rules, pass progress lines on, and return the answer (None: no answer)."""
        assert process.stdin is not None and process.stdout is not None
        try:
            process.stdin.write(pickle.dumps((game.rules, players)))
            process.stdin.close()
        except OSError:  # the child died before reading its rules
            return None
        answer: dict[str, object] | None = None
        for raw in process.stdout:
            try:
                message = json.loads(raw.decode("utf-8"))
            except (UnicodeDecodeError, json.JSONDecodeError):
                continue
            if not isinstance(message, dict):
                continue
            if "progress" in message:
                if on_progress is not None:
                    on_progress(str(message["progress"]))
            elif "estimate" in message:
                estimate = _estimate_of(message["estimate"])
                if estimate is not None and on_estimate is not None:
                    on_estimate(estimate)
            else:
                answer = message
        return answer

    def stop(self) -> None:
        """End a solve in progress (the game is closing), and refuse new ones."""
        with self._lock:
            self._stopped = True
            if self._process is not None and self._process.poll() is None:
                self._process.terminate()


if __name__ == "__main__":
    sys.exit(main())
