"""How the listing commands lay a table out for the width they have: measured at a width
no table reaches (rich measures a table at the width it would squeeze it to, which can be
narrower than its longest words), and, where a terminal is too narrow for the table, the
same rows as blocks — the first cell alone on a line, then a line per other cell."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.console import Console, RenderableType
from rich.measure import Measurement
from rich.text import Text

UNBOUNDED = 10_000
"""A width no table of the command line reaches."""


def measure(console: Console, renderable: RenderableType) -> Measurement:
    """The narrowest and widest ``renderable`` may be laid out, with room to spare."""
    return Measurement.get(console, console.options.update_width(UNBOUNDED), renderable)


def print_blocks(console: Console, rows: Iterable[Sequence[tuple[str, str]]]) -> None:
    """Each row, given as (heading, value) cells, as a block: the first cell's value in
    bold on a line of its own (never wrapped: a file name is copied from it), then
    ``heading: value`` for each other cell that has a value."""
    for row in rows:
        console.print(Text(row[0][1], style="bold"), soft_wrap=True)
        for heading, value in row[1:]:
            if value:
                console.print(Text(f"  {heading}: {value}"))
