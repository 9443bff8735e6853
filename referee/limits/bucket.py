"""A token bucket per connection: a phone sending too much is slowed down.

Pure; the clock is passed in. A phone may send `burst` messages at once and
then `rate` a second; anything beyond is refused (the consumer answers with an
error and drops the message).
"""

from __future__ import annotations


class TokenBucket:
    def __init__(self, rate: float, burst: int, now: float):
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.updated = now

    def allow(self, now: float, cost: float = 1.0) -> bool:
        """Take `cost` tokens (a message that costs the server more takes more), or refuse."""
        elapsed = max(0.0, now - self.updated)
        self.tokens = min(self.burst, self.tokens + elapsed * self.rate)
        self.updated = max(self.updated, now)
        if self.tokens >= cost:
            self.tokens -= cost
            return True
        return False

    def idle(self, now: float) -> bool:
        """Full again: nothing was taken from it lately (it can be forgotten)."""
        return self.tokens + max(0.0, now - self.updated) * self.rate >= self.burst
