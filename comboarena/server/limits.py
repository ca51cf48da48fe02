"""Rate limits: a token bucket, and buckets kept per client address."""

from __future__ import annotations

import time
from collections.abc import Callable


class RateLimit:
    """A token bucket: ``rate`` events a second on average, bursts of ``burst``.

    >>> r = RateLimit(1, 2, clock=lambda: 0.0)
    >>> r.take(), r.take(), r.take()
    (True, True, False)
    """

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.clock = clock
        self.last = clock()

    def take(self, cost: float = 1.0) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= cost:
            self.tokens -= cost
            return True
        return False

    @property
    def full(self) -> bool:
        return self.tokens + (self.clock() - self.last) * self.rate >= self.burst


class PerAddress:
    """One :class:`RateLimit` per client address; addresses whose bucket refilled are forgotten
    when there are many, so memory stays bounded.

    >>> limits = PerAddress(rate=0.0, burst=1)
    >>> limits.take("1.2.3.4"), limits.take("1.2.3.4"), limits.take("5.6.7.8")
    (True, False, True)
    """

    def __init__(self, rate: float, burst: int, most: int = 10000) -> None:
        self.rate = rate
        self.burst = burst
        self.most = most
        self.buckets: dict[str, RateLimit] = {}

    def take(self, address: str, cost: float = 1.0) -> bool:
        bucket = self.buckets.get(address)
        if bucket is None:
            if len(self.buckets) >= self.most:
                self.buckets = {k: b for k, b in self.buckets.items() if not b.full}
            bucket = self.buckets[address] = RateLimit(self.rate, self.burst)
        return bucket.take(cost)
