"""The test suite: one folder per game and per front-end, mirroring src/thousand."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
"""The repository (README, examples, scripts)."""
