"""What the solvers' tests of progress and Ctrl+C share (:mod:`thousand.core.pace`).

Both games' solvers call their kernels in bands and tell their progress between calls,
where a Ctrl+C stops them: these tests make every call as short as it comes, with a line
after each, and press Ctrl+C from the progress itself.
"""

from __future__ import annotations

import pytest

from thousand.core import pace


def tell_every_call(monkeypatch: pytest.MonkeyPatch) -> None:
    """Kernel calls of one unit of work each, and a progress line after every one."""
    monkeypatch.setattr(pace, "CALL_SECONDS", 0.0)
    monkeypatch.setattr(pace, "PROGRESS_EVERY", 0.0)


class CtrlCAt:
    """A solve's ``progress`` that keeps its lines and, at line ``at``, raises what Ctrl+C
    raises (:class:`KeyboardInterrupt`)."""

    def __init__(self, at: int) -> None:
        self.at = at
        self.lines: list[str] = []

    def __call__(self, line: str) -> None:
        self.lines.append(line)
        if len(self.lines) == self.at:
            raise KeyboardInterrupt
