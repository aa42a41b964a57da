"""The one per-process cache for what is read once per index version (or per file stamp)."""

import threading
import time
from collections.abc import Callable


class VersionCache[K, V]:
    """Values keyed by what they were read from (an index root and its live version, a file),
    kept for the process and shared by its threads; `clear` drops them (after a build or an
    ingest, and in tests that load other data under the same names).

    `lock` is held while a value is stored or dropped, and by `get_or_make` while it makes
    one, so one version is read once even when several requests ask for it at the same time.
    """

    def __init__(self, *, max_entries: int | None = None) -> None:
        self._values: dict[K, tuple[float, V]] = {}
        self.lock = threading.RLock()
        # Keys that vary with a request (not only with the version) need a bound: when it is
        # reached the cache starts afresh, which costs one re-read of each value still used.
        self.max_entries = max_entries

    def get(self, key: K, *, max_age: float | None = None) -> V | None:
        """The value stored under `key` (None when absent, or older than `max_age` seconds)."""
        found = self._values.get(key)
        if found is None:
            return None
        if max_age is not None and time.monotonic() - found[0] >= max_age:
            return None
        return found[1]

    def put(self, key: K, value: V) -> V:
        """Store `value` under `key` (stamped now) and return it."""
        with self.lock:
            if self.max_entries is not None and len(self._values) >= self.max_entries:
                self._values.clear()
            self._values[key] = (time.monotonic(), value)
        return value

    def get_or_make(self, key: K, make: Callable[[], V], *, max_age: float | None = None) -> V:
        """The stored value, or `make()` stored under `key` (made once, under the lock)."""
        found = self.get(key, max_age=max_age)
        if found is not None:
            return found
        with self.lock:
            found = self.get(key, max_age=max_age)
            return found if found is not None else self.put(key, make())

    def drop(self, keep: Callable[[K, V], bool]) -> None:
        """Drop every value for which `keep(key, value)` is false."""
        with self.lock:
            for key, (_, value) in list(self._values.items()):
                if not keep(key, value):
                    del self._values[key]

    def clear(self) -> None:
        """Drop every value."""
        with self.lock:
            self._values.clear()
