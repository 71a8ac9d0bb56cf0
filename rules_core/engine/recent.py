"""A memo of bounded size: what a process works out once per content pack (its parse, its JSON,
its cards by id) is kept for the packs met last, never for every pack a caller ever sent."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")

PACKS_KEPT = 32  # content packs a process remembers work for (a process plays few at a time)


class Recent(Generic[K, V]):
    """The `size` entries added last: adding one past `size` forgets the oldest. Reading takes
    no lock (a plain dict's read is safe while another thread adds), so a memo on a hot path
    costs a dict lookup; adding is locked."""

    def __init__(self, size: int) -> None:
        if size < 1:
            raise ValueError("a memo keeps at least one entry")
        self._size = size
        self._entries: dict[K, V] = {}
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        return self._entries.get(key)

    def put(self, key: K, value: V) -> V:
        with self._lock:
            self._entries.pop(key, None)  # added again: the newest
            self._entries[key] = value
            while len(self._entries) > self._size:
                del self._entries[next(iter(self._entries))]
        return value

    def get_or_make(self, key: K, make: Callable[[], V]) -> V:
        """The entry for `key`, made (outside the lock: making may be slow) when missing."""
        found = self.get(key)
        return found if found is not None else self.put(key, make())

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, key: object) -> bool:
        return key in self._entries
