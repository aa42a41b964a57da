"""Per-process cache of the live index version; reopens when the live pointer changes."""

import threading
from dataclasses import dataclass
from pathlib import Path

import tantivy

from search.backends.base import IndexUnavailable
from search.backends.tantivy.schema import build_analyzer, open_index
from search.indexes.store import IndexStore, VersionMeta


@dataclass(frozen=True)
class LiveIndex:
    """An open live version: use `searcher()` once per request."""

    name: str
    version: str
    index: tantivy.Index
    meta: VersionMeta
    analyzer: tantivy.TextAnalyzer

    def searcher(self) -> tantivy.Searcher:
        """A consistent point-in-time searcher for one request."""
        return self.index.searcher()

    def tokenize(self, text: str) -> list[str]:
        """Tokens exactly as the index analyzer produces them."""
        return list(self.analyzer.analyze(text))


_lock = threading.Lock()
_open: dict[Path, LiveIndex] = {}


def live_index(name: str, store: IndexStore | None = None) -> LiveIndex:
    """The live version of `name`, opened once per process and per version.

    Reading the small LIVE file on every call is what lets every web worker pick up a new
    version without a restart.
    """
    store = store or IndexStore(name)
    version = store.live_version()
    if version is None:
        raise IndexUnavailable(name, "no index has been built yet (run `manage.py reindex`)")
    cached = _open.get(store.root)
    if cached is not None and cached.version == version:
        return cached
    with _lock:
        directory = store.version_dir(version)
        try:
            meta = VersionMeta.read(directory)
            index = open_index(name, str(directory))
            index.reload()
            index.searcher()
        except Exception as exc:  # tantivy reports corrupt files as assorted exception types
            raise IndexUnavailable(name, f"version {version} cannot be opened ({exc})") from exc
        opened = LiveIndex(name, version, index, meta, build_analyzer())
        _open[store.root] = opened
        return opened


def forget_open_indexes() -> None:
    """Drop the cache (tests switch index roots between cases)."""
    with _lock:
        _open.clear()
