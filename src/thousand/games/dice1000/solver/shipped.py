"""The presets' strategies, solved once and shipped inside the package.

``thousand solve`` caches what it computes; a player who seats ``perfect`` or asks the
advisor under a preset should not wait for that even once. So the four presets'
strategies are built by ``scripts/build_strategies.py`` and kept in ``shipped/``, one
xz-compressed ``.npz`` per preset, found by the rules' canonical form like the cache.

What is stored, to keep the four files to a few MB:

* ``classic`` (the exact solve): as the cache holds it, the win table in float64 and
  every decision as a bit.
* the falling presets (value iteration): only the win table, in float32, its bytes
  regrouped by significance (the exponent bytes of neighbours are alike, so xz packs
  them to a third). Every decision is the turn's programme at that table, as from the
  cache. float32 keeps 7 digits of a chance solved to 1e-9: a decision can differ from
  the float64 table's only where stopping and throwing are within about 1e-7 of each
  other, which no game can tell apart.
"""

from __future__ import annotations

import io
import lzma
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from thousand.games.dice1000.game import Game
from thousand.games.dice1000.presets import PRESET_NAMES, load_preset

SHIPPED = Path(__file__).parent / "shipped"
"""The folder of the shipped strategies."""


def shipped_file(name: str) -> Path:
    """The shipped strategy file of preset ``name``."""
    return SHIPPED / f"{name}.npz.xz"


@cache
def _preset_of_canonical() -> dict[str, str]:
    return {Game(load_preset(name)).canonical: name for name in PRESET_NAMES}


def shipped_path(game: Game) -> Path | None:
    """The shipped file for ``game``'s rules, None when they are no preset's (or absent)."""
    name = _preset_of_canonical().get(game.canonical)
    if name is None:
        return None
    path = shipped_file(name)
    return path if path.exists() else None


def shuffle(win: npt.NDArray[np.float64]) -> npt.NDArray[np.uint8]:
    """``win`` as float32 with its bytes grouped by position: [4, cells]."""
    single = np.ascontiguousarray(win, dtype=np.float32).reshape(-1)
    return np.ascontiguousarray(single.view(np.uint8).reshape(-1, 4).T)


def unshuffle(data: npt.NDArray[np.uint8], shape: tuple[int, ...]) -> npt.NDArray[np.float64]:
    """The table :func:`shuffle` stored, back in float64."""
    single = np.ascontiguousarray(data.T).view(np.float32).reshape(shape)
    return single.astype(np.float64)


def pack(arrays: dict[str, Any]) -> bytes:
    """An xz-compressed ``.npz`` of ``arrays`` (the npz itself uncompressed: xz does it)."""
    buffer = io.BytesIO()
    np.savez(buffer, **arrays)
    return lzma.compress(buffer.getvalue(), preset=9 | lzma.PRESET_EXTREME)


def unpack(path: Path) -> io.BytesIO:
    """The ``.npz`` inside a shipped file, for :func:`numpy.load`."""
    return io.BytesIO(lzma.decompress(path.read_bytes()))
