"""`IndexStore.live_version` opens LIVE only when its stamp changed: every switch, rewrite,
removal and emptying is seen at the next call, exactly as reading the file every time saw it."""

import os
import random
from pathlib import Path

from search.indexes.store import LIVE_FILE, RACY_NANOSECONDS, IndexStore


def read_every_time(store: IndexStore) -> str | None:
    """The reading before stamps: the file opened on each call."""
    try:
        return (store.root / LIVE_FILE).read_text().strip() or None
    except FileNotFoundError:
        return None


def age(path: Path, seconds: float = 30.0) -> None:
    """Date a file back, so its stamp is trusted (what a switch minutes ago looks like)."""
    old = os.stat(path).st_mtime_ns - int(seconds * 1e9)
    os.utime(path, ns=(old, old))


def test_a_switch_after_a_trusted_read_is_seen_at_once(tmp_path: Path) -> None:
    store = IndexStore("papers", tmp_path)
    store.switch("v20260101T000000000000Z-1")
    age(store.root / LIVE_FILE)
    assert store.live_version() == "v20260101T000000000000Z-1"
    assert store.live_version() == "v20260101T000000000000Z-1"  # from the stamp
    store.switch("v20260101T000000000000Z-2")  # same length: only the inode and times differ
    assert store.live_version() == "v20260101T000000000000Z-2"


def test_a_rewrite_in_place_dated_back_is_seen(tmp_path: Path) -> None:
    store = IndexStore("papers", tmp_path)
    live = store.root / LIVE_FILE
    store.switch("va")
    age(live)
    before = os.stat(live)
    assert store.live_version() == "va"
    live.write_text("vb\n")  # the same inode and size
    os.utime(live, ns=(before.st_atime_ns, before.st_mtime_ns))  # and the old mtime
    assert store.live_version() == "vb"  # the change time still moved


def test_a_recent_file_is_read_each_time(tmp_path: Path) -> None:
    store = IndexStore("papers", tmp_path)
    live = store.root / LIVE_FILE
    store.switch("va")
    assert store.live_version() == "va"
    # Rewritten within the same clock tick, same size, same times: only a read can tell.
    stat = os.stat(live)
    live.write_text("vb\n")
    os.utime(live, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert os.stat(live).st_ctime_ns - stat.st_mtime_ns < RACY_NANOSECONDS
    assert store.live_version() == "vb"


def test_removed_and_empty_files_name_no_version(tmp_path: Path) -> None:
    store = IndexStore("papers", tmp_path)
    assert store.live_version() is None
    store.switch("va")
    age(store.root / LIVE_FILE)
    assert store.live_version() == "va"
    (store.root / LIVE_FILE).unlink()
    assert store.live_version() is None
    (store.root / LIVE_FILE).write_text("  \n")
    age(store.root / LIVE_FILE)
    assert store.live_version() is None
    assert store.live_version() is None


def test_generated_switches_read_as_reading_every_time(tmp_path: Path) -> None:
    rng = random.Random(22)
    stores = [IndexStore(name, tmp_path) for name in ("statutes", "papers")]
    names = [f"v2026120{d}T00000000000{d}Z-{p}" for d in range(3) for p in (1, 2)] + ["vx", ""]
    checked = 0
    for _ in range(600):
        store = rng.choice(stores)
        live = store.root / LIVE_FILE
        action = rng.random()
        if action < 0.35:
            store.switch(rng.choice(names))
        elif action < 0.5 and live.exists():
            stat = os.stat(live)
            live.write_text(rng.choice(names) + rng.choice(["", "\n", " \n"]))
            if rng.random() < 0.5:  # dated back to the old mtime, as a copy keeping times would
                os.utime(live, ns=(stat.st_atime_ns, stat.st_mtime_ns))
        elif action < 0.6 and live.exists():
            live.unlink()
        elif action < 0.8 and live.exists():
            age(live, rng.choice([3.0, 60.0, 3600.0]))
        for one in stores:
            assert one.live_version() == read_every_time(one)
            checked += 1
    assert checked == 1200
