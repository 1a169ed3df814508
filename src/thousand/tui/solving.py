"""Solving a rule set in a child process, for the advisor of the terminal game.

The solver's kernel holds the interpreter lock for the whole solve (about ten seconds
for the classic rules), so a solve in a thread of the game would freeze the screen —
and Ctrl+C — until it ends. Run in its own process it leaves the game playable; the
child writes the strategy into the cache (:func:`thousand.session.solved_strategy`)
and the game then loads it from there.

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
import threading

from thousand.errors import RulesError, ThousandError
from thousand.game import Game
from thousand.session import StrategyError, solved_strategy


def main() -> int:
    """The child: solve the pickled rules on standard input into the cache, answer in JSON."""
    rules = pickle.load(sys.stdin.buffer)  # our own parent wrote it
    answer: dict[str, str | bool]
    try:
        solved_strategy(Game(rules))
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

    def solve(self, game: Game) -> None:
        """Solve ``game`` into the cache; blocks the calling (worker) thread only.

        Raises :class:`RulesError` when the solver refuses the rules (its own message),
        :class:`StrategyError` for anything else — the cache unwritable, the child
        failing or stopped by :meth:`stop`.
        """
        with self._lock:
            if self._stopped:
                raise StrategyError("the game is ending")
            process = subprocess.Popen(  # our own interpreter and module
                [sys.executable, "-m", "thousand.tui.solving"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
            )
            self._process = process
        try:
            out, err = process.communicate(pickle.dumps(game.rules))
        finally:
            with self._lock:
                self._process = None
        try:
            answer = json.loads(out.decode("utf-8").strip().splitlines()[-1])
        except (UnicodeDecodeError, json.JSONDecodeError, IndexError):
            last = err.decode("utf-8", "replace").strip().splitlines()
            why = last[-1] if last else f"exit status {process.returncode}"
            raise StrategyError(f"the solver stopped before it finished ({why})") from None
        if not answer.get("ok"):
            reason = str(answer.get("reason", ""))
            raise RulesError(reason) if answer.get("refused") else StrategyError(reason)

    def stop(self) -> None:
        """End a solve in progress (the game is closing), and refuse new ones."""
        with self._lock:
            self._stopped = True
            if self._process is not None and self._process.poll() is None:
                self._process.terminate()


if __name__ == "__main__":
    sys.exit(main())
