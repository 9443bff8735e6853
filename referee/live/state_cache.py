"""This process's cache of the live tables' replayed states, bounded (least recently used out).

The event log stays the truth (another process may have appended), so the cache only
saves work: a table whose state was evicted is read again from its newest snapshot and
the events after it, one replay. Without a bound, a long-running process kept the state
of every table it ever served (issue 29).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Generic, TypeVar

from django.conf import settings

# Tables kept per process unless settings.LIVE_TABLE_STATES_KEPT says otherwise: a busy
# evening's open tables, each a few kilobytes.
DEFAULT_KEPT = 256

Key = TypeVar("Key")
Value = TypeVar("Value")


def kept() -> int:
    """How many tables' states a process keeps (read at each store: tests override it)."""
    return max(1, int(getattr(settings, "LIVE_TABLE_STATES_KEPT", DEFAULT_KEPT)))


class StateCache(Generic[Key, Value]):
    """A mapping that holds at most `kept()` entries (or `kept`, given), dropping the least
    recently used.

    Reads and stores may come from several threads (Daphne's executor, WSGI threads)."""

    def __init__(self, kept: int | None = None) -> None:
        self._entries: OrderedDict[Key, Value] = OrderedDict()
        self._lock = threading.Lock()
        self._kept = kept

    def get(self, key: Key) -> Value | None:
        with self._lock:
            value = self._entries.get(key)
            if value is not None:
                self._entries.move_to_end(key)
            return value

    def __getitem__(self, key: Key) -> Value:
        value = self.get(key)
        if value is None:
            raise KeyError(key)
        return value

    def __setitem__(self, key: Key, value: Value) -> None:
        with self._lock:
            self._entries[key] = value
            self._entries.move_to_end(key)
            while len(self._entries) > (self._kept or kept()):
                self._entries.popitem(last=False)

    def __contains__(self, key: object) -> bool:
        with self._lock:
            return key in self._entries

    def __len__(self) -> int:
        with self._lock:
            return len(self._entries)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
