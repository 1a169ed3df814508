"""A solve timed as a user's first run pays it, for the solver benchmarks of every game.

``thousand solve ... --force --json`` runs in a fresh process with an empty numba cache
and an empty strategy cache, so the JIT compilation is paid as on a first run; the
command's own report comes back with the whole process's wall time, start-up and
compilation included, and the processor time it took on all cores (what a machine busy
with other work cannot inflate).
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class FirstRun:
    """What one first-run solve reported and took."""

    report: dict[str, Any]
    """``thousand solve --json``'s output."""
    wall_seconds: float
    cpu_seconds: float
    strategies: Path
    """The strategy cache it wrote into (gone once the ``with`` block ends)."""

    def figures(self, *keys: str) -> dict[str, Any]:
        """The report's ``keys`` and what the command says it cost (``states``,
        ``seconds``, ``peak_memory_mb``), then the whole process's ``wall_seconds``."""
        shown = (*keys, "states", "seconds", "peak_memory_mb")
        return {**{key: self.report[key] for key in shown}, "wall_seconds": self.wall_seconds}


@contextmanager
def first_run_solve(*arguments: str) -> Iterator[FirstRun]:
    """``thousand solve ARGUMENTS --force --json`` in a clean process, compilation and all."""
    with tempfile.TemporaryDirectory() as folder:
        strategies = Path(folder) / "strategies"
        env = {
            **os.environ,
            "NUMBA_CACHE_DIR": str(Path(folder) / "numba"),
            "THOUSAND_CACHE_DIR": str(strategies),
        }
        command = [sys.executable, "-m", "thousand", "solve", *arguments, "--force", "--json"]
        start = time.perf_counter()
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        yield FirstRun(json.loads(done.stdout), wall, cpu, strategies)
