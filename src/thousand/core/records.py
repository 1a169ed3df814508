"""What every game's record shares (RECORD.md): the way a record is written as text.

Each game reads, checks and replays its own records (``thousand.games.<game>.record``);
the text of a saved record is the same for all of them, so that a saved game of any
game reads like its score sheet: the header fields one to a line, then one turn to a line.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any


def dump_record(data: Mapping[str, Any]) -> str:
    """A record as JSON text, one turn to a line so a saved game reads like a sheet."""
    head = {key: value for key, value in data.items() if key != "turns"}
    lines = ["{"]
    for key, value in head.items():
        lines.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)},")
    turns = [json.dumps(turn, ensure_ascii=False) for turn in data.get("turns", [])]
    if turns:
        lines.append('  "turns": [')
        lines.extend(f"    {turn}," for turn in turns[:-1])
        lines.append(f"    {turns[-1]}")
        lines.append("  ]")
    else:
        lines.append('  "turns": []')
    lines.append("}")
    return "\n".join(lines) + "\n"
