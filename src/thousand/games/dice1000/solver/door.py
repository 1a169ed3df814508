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
"""

from __future__ import annotations

import json
import pickle
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from thousand.core.errors import RulesError, ThousandError
from thousand.games.dice1000.game import Game

if TYPE_CHECKING:
    from thousand.games.dice1000.solver.strategy import SolvedStrategy


class StrategyError(ThousandError):
    """The solved strategy cannot be had: the solver's own error, or its cache unwritable."""


def solved_strategy(
    game: Game,
    on_solve: Callable[[], None] | None = None,
    on_progress: Callable[[str], None] | None = None,
    players: int = 2,
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
        strategy = load_or_solve_seated(game, players, progress)
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

    def tell(message: str) -> None:
        sys.stdout.write(json.dumps({"progress": message}) + "\n")
        sys.stdout.flush()

    try:
        solved_strategy(Game(rules), on_progress=tell, players=players)
    except RulesError as exc:
        answer = {"ok": False, "refused": True, "reason": str(exc)}
    except ThousandError as exc:
        answer = {"ok": False, "refused": False, "reason": str(exc)}
    else:
        answer = {"ok": True}
    sys.stdout.write(json.dumps(answer) + "\n")
    return 0


class ChildSolver:
    """One solve at a time in a child process, which the game can stop when it ends."""

    def __init__(self) -> None:
        self._process: subprocess.Popen[bytes] | None = None
        self._lock = threading.Lock()
        self._stopped = False

    def solve(
        self, game: Game, on_progress: Callable[[str], None] | None = None, players: int = 2
    ) -> None:
        """Solve ``game`` for ``players`` into the cache; blocks the calling thread only.

        ``on_progress`` gets the solver's progress lines as the child reports them.
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
                answer = self._talk(process, game, players, on_progress)
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
