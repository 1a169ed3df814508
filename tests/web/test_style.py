"""The page's style sheet is well formed: every block it opens it closes (comments
aside). An unclosed ``@media`` swallows every rule after it — after one merge, card
Thousand's whole felt was styled on phones only."""

from __future__ import annotations

import re
from pathlib import Path

import thousand.web

STYLE = Path(thousand.web.__file__).parent / "static" / "style.css"


def test_every_block_is_closed_where_it_should_be() -> None:
    text = re.sub(r"/\*.*?\*/", "", STYLE.read_text(encoding="utf-8"), flags=re.S)
    depth = 0
    for number, line in enumerate(text.splitlines(), 1):
        depth += line.count("{") - line.count("}")
        assert depth >= 0, f"line {number}: a block closed that was not open"
    assert depth == 0, "a block is left open"
