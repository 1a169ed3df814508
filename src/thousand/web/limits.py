"""Rate limits: a token bucket per connection (actions, chat) and per address (HTTP).

A person clicks a few times a second at most; a script that sends hundreds is either
broken or hostile, and is told ``rate_limited`` (HTTP 429) while the room goes on for
everyone else. The bucket refills continuously, so a short burst (a double click, a
quick keep-and-throw) is always allowed.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class Bucket:
    """``rate`` tokens a second, at most ``burst`` saved up; :meth:`take` spends one."""

    rate: float
    burst: float
    clock: Callable[[], float] = time.monotonic
    tokens: float = field(init=False)
    stamp: float = field(init=False)

    def __post_init__(self) -> None:
        self.tokens = self.burst
        self.stamp = self.clock()

    def take(self) -> bool:
        """Spend a token if there is one (True), else refuse (False) and spend nothing."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


ACTIONS_PER_SECOND = 10.0
ACTION_BURST = 20.0
CHAT_PER_SECOND = 0.5
CHAT_BURST = 5.0
MESSAGES_PER_SECOND = 20.0
"""Every message of a connection, bad ones included (a flood of garbage is cut off)."""
MESSAGE_BURST = 40.0
HTTP_PER_SECOND = 5.0
HTTP_BURST = 30.0


@dataclass
class ConnectionLimits:
    """The buckets of one WebSocket connection."""

    messages: Bucket = field(default_factory=lambda: Bucket(MESSAGES_PER_SECOND, MESSAGE_BURST))
    actions: Bucket = field(default_factory=lambda: Bucket(ACTIONS_PER_SECOND, ACTION_BURST))
    chat: Bucket = field(default_factory=lambda: Bucket(CHAT_PER_SECOND, CHAT_BURST))


class AddressLimits:
    """A bucket per client address for the HTTP calls that create (rooms, seats)."""

    def __init__(self, rate: float = HTTP_PER_SECOND, burst: float = HTTP_BURST) -> None:
        self.rate, self.burst = rate, burst
        self._buckets: dict[str, Bucket] = {}

    def take(self, address: str) -> bool:
        if len(self._buckets) > 10_000:  # forget idle addresses rather than grow forever
            self._buckets.clear()
        bucket = self._buckets.get(address)
        if bucket is None:
            bucket = self._buckets[address] = Bucket(self.rate, self.burst)
        return bucket.take()
