"""docs/card1000.md stays true: its session is a doctest."""

from __future__ import annotations

import doctest
from pathlib import Path

DOC = Path(__file__).parents[3] / "docs" / "card1000.md"


def test_the_documented_session_runs() -> None:
    text = DOC.read_text("utf-8")
    block = next(b for b in text.split("```python\n")[1:] if b.startswith(">>>"))
    block = block.split("```")[0]
    test = doctest.DocTestParser().get_doctest(block, {}, "card1000.md", str(DOC), 0)
    runner = doctest.DocTestRunner()
    runner.run(test)
    assert runner.failures == 0 and runner.tries >= 5
