"""The one per-version cache: values made once per key, aged out, bounded, dropped (pure)."""

import threading
import time

from search.indexes.cache import VersionCache


def test_a_value_is_made_once_per_key() -> None:
    cache: VersionCache[str, list[str]] = VersionCache()
    made: list[str] = []

    def make(key: str) -> list[str]:
        made.append(key)
        return [key]

    first = cache.get_or_make("v1", lambda: make("v1"))
    assert cache.get_or_make("v1", lambda: make("v1")) is first
    cache.get_or_make("v2", lambda: make("v2"))
    assert made == ["v1", "v2"]


def test_threads_asking_at_once_share_one_making() -> None:
    cache: VersionCache[str, object] = VersionCache()
    calls = 0
    start = threading.Barrier(8)

    def slow_make() -> object:
        nonlocal calls
        calls += 1
        time.sleep(0.05)
        return object()

    got: list[object] = []

    def ask() -> None:
        start.wait()
        got.append(cache.get_or_make("v1", slow_make))

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert calls == 1
    assert len({id(value) for value in got}) == 1


def test_max_age_makes_an_old_value_again() -> None:
    cache: VersionCache[str, int] = VersionCache()
    cache.put("k", 1)
    assert cache.get("k", max_age=60) == 1
    assert cache.get("k", max_age=0) is None  # older than no time at all
    assert cache.get("k") == 1  # without an age limit the old value still answers
    assert cache.get_or_make("k", lambda: 2, max_age=0) == 2
    assert cache.get("k") == 2


def test_drop_and_clear() -> None:
    cache: VersionCache[str, int] = VersionCache()
    for key, value in (("a", 1), ("b", 2), ("c", 3)):
        cache.put(key, value)
    cache.drop(lambda key, value: value != 2)
    assert [cache.get(k) for k in "abc"] == [1, None, 3]
    cache.clear()
    assert [cache.get(k) for k in "abc"] == [None, None, None]


def test_a_bounded_cache_starts_afresh_when_full() -> None:
    cache: VersionCache[int, int] = VersionCache(max_entries=3)
    for key in range(3):
        cache.put(key, key)
    assert [cache.get(k) for k in range(3)] == [0, 1, 2]
    cache.put(3, 3)
    assert [cache.get(k) for k in range(4)] == [None, None, None, 3]
