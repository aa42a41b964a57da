"""Per-process cache of the live index version; reopens when the live pointer changes."""

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import tantivy

from search.backends.protocol import IndexUnavailable
from search.backends.tantivy.schema import open_index
from search.indexes.cache import VersionCache
from search.indexes.store import IndexStore, VersionMeta


@dataclass(frozen=True)
class LiveIndex:
    """An open live version: use `searcher()` once per request."""

    name: str
    version: str
    index: tantivy.Index
    meta: VersionMeta
    # What is worked out once about this open version (`complements`: which fields hold one
    # value per document); dropped with it.
    facts: dict[object, object] = field(default_factory=dict, compare=False, repr=False)

    def searcher(self) -> tantivy.Searcher:
        """A consistent point-in-time searcher for one request."""
        return self.index.searcher()

    def probe(self) -> int:
        """Read one stored document through a fresh searcher; return the document count.

        Health checks call this so damaged files show up as IndexUnavailable, not as "ok".
        """
        with read_guard(self.name, self.version):
            searcher = self.index.searcher()
            hits = searcher.search(tantivy.Query.all_query(), 1).hits
            if hits:
                searcher.doc(hits[0][1])
            return int(searcher.num_docs)


logger = logging.getLogger(__name__)

NOT_BUILT = "no index has been built yet (run `manage.py reindex`)"
# Per index root, the version open there (one at a time: an old one is closed, not kept).
_open: VersionCache[Path, LiveIndex] = VersionCache()


def live_index(name: str, store: IndexStore | None = None) -> LiveIndex:
    """The live version of `name`, opened once per process and per version.

    Reading the small LIVE file on every call is what lets every web worker pick up a new
    version without a restart.
    """
    store = store or IndexStore(name)
    version = store.live_version()
    if version is None:
        raise IndexUnavailable(name, NOT_BUILT)
    cached = _open.get(store.root)
    if cached is not None and cached.version == version:
        # An open version keeps working from its open files after they are deleted; answer
        # 503 like every other worker would rather than serve a version that is gone.
        if not store.version_dir(version).is_dir():
            _open.drop(lambda root, _: root != store.root)
            raise IndexUnavailable(name, f"version {version} was removed from disk")
        return cached
    with _open.lock:
        directory = store.version_dir(version)
        try:
            meta = VersionMeta.read(directory)
            index = open_index(name, str(directory))
            index.reload()
            index.searcher()
        except Exception as exc:  # tantivy reports corrupt files as assorted exception types
            raise unreadable(name, version, "opened", exc) from exc
        opened = LiveIndex(name, version, index, meta)
        return _open.put(store.root, opened)


@contextmanager
def read_guard(name: str, version: str) -> Iterator[None]:
    """Turn a failure to read an open version (files corrupted or cut under us) into 503s.

    tantivy reports such reads as ValueError ("An IO error occurred ...") or, from deeper
    down, as pyo3's PanicException, a BaseException. The version is dropped from the cache,
    so the next request opens LIVE afresh and a rebuilt version is served without restart.
    """
    try:
        yield
    except (KeyboardInterrupt, SystemExit, GeneratorExit, IndexUnavailable):
        raise
    except BaseException as exc:
        if not isinstance(exc, ValueError | OSError) and type(exc).__name__ != "PanicException":
            raise
        _open.drop(lambda _, opened: not (opened.name == name and opened.version == version))
        raise unreadable(name, version, "read", exc) from exc


def unreadable(name: str, version: str, doing: str, exc: BaseException) -> IndexUnavailable:
    """The 503 reason for a version whose files fail: the index and version, never a path
    of the server (the engine's message names files; the log keeps it)."""
    logger.error("%s index version %s cannot be %s: %s", name, version, doing, exc)
    return IndexUnavailable(
        name,
        f"version {version} cannot be {doing}: its files are missing or damaged "
        f"({type(exc).__name__}; the server log has the details)",
    )


def forget_open_indexes() -> None:
    """Drop the cache (tests switch index roots between cases)."""
    _open.clear()
