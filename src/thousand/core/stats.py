"""Intervals every game's simulations report: a proportion's and a mean's, at 95%."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

Z95 = 1.959963984540054
"""The two-sided 95% point of the standard normal distribution."""


def normal_cdf(x: float) -> float:
    """The standard normal distribution's chance of a value below ``x``."""
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float, float]:
    """Proportion with its Wilson score interval (sound near 0 and 1, unlike p ± z·se).

    ``successes`` may be fractional: a win shared by ``k`` players counts ``1/k``."""
    if trials == 0:
        return 0.0, 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(max(p * (1 - p), 0.0) / trials + z * z / (4 * trials * trials))
    half /= denominator
    return p, max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(
    total: float, squares: float, count: int, z: float = Z95
) -> tuple[float, float, float]:
    """A sample's mean with its normal 95% interval, from the sum and the sum of squares
    of its ``count`` values (the sample standard deviation, n − 1)."""
    if count == 0:
        return 0.0, -math.inf, math.inf
    mean = total / count
    if count == 1:
        return mean, -math.inf, math.inf
    variance = max(squares - total * total / count, 0.0) / (count - 1)
    half = z * math.sqrt(variance / count)
    return mean, mean - half, mean + half


Interval = tuple[float, float, float]
"""An estimate with its 95% interval: (value, low, high)."""


def rates_data(rates: Sequence[Interval], first: Interval) -> dict[str, Any]:
    """A tournament's win rates as ``thousand simulate --json`` gives them for every game:
    each player's with its interval, and the player moving first's."""
    return {
        "win_rates": [rate for rate, _, _ in rates],
        "win_rate_ci95": [[low, high] for _, low, high in rates],
        "first_player_win_rate": first[0],
        "first_player_win_rate_ci95": [first[1], first[2]],
    }
