"""Where every game's solved tables are kept, and how they are written.

A solve takes seconds to minutes, so its tables go to the user's cache folder
(``$THOUSAND_CACHE_DIR``, or the XDG cache: :func:`cache_dir`) as compressed NumPy files
with their metadata, each written whole or not at all (:func:`write_arrays`): a Ctrl+C
or a full disk in the middle leaves neither a damaged file nor a temporary one. Both
games' solvers report what a solve cost the same way (:func:`peak_memory_mb`).
"""

from __future__ import annotations

import json
import os
import resource
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import platformdirs


def cache_dir() -> Path:
    """Where strategies are kept: ``$THOUSAND_CACHE_DIR`` or the XDG cache folder."""
    override = os.environ.get("THOUSAND_CACHE_DIR")
    return Path(override) if override else Path(platformdirs.user_cache_dir("thousand"))


def write_arrays(path: Path, meta: dict[str, Any], **arrays: npt.NDArray[Any]) -> None:
    """Write ``arrays`` and ``meta`` (as JSON, the array ``meta``) to ``path`` atomically:
    a temporary file, renamed once complete.

    Writing the classic strategy takes a second or two; a Ctrl+C (or a full disk) in the
    middle must leave neither a damaged cache file nor the temporary one behind.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_suffix(".tmp.npz")
    try:
        contents: dict[str, Any] = {"meta": np.array(json.dumps(meta)), **arrays}
        np.savez_compressed(temp, **contents)
        os.replace(temp, path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise


def peak_memory_mb() -> float:
    """The most memory this process has held so far, in MB (what a solve reports)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
