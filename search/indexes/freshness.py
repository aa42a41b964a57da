"""Whether the loaded data is newer than an index's live version: a rebuild is pending.

Between an ingest and the next rebuild (or after a failed rebuild) the database holds data the
live version does not; notes then say so, since they describe the version that is searched.
The check compares the live version's data stamp with the database's (`stamps.data_stamp`,
a few indexed queries). Ingest runs in another process, so no signal reaches the web workers:
each process repeats the check at most every PENDING_CHECK_SECONDS per index, and at once when
the live version changes.
"""

from dataclasses import dataclass
from datetime import datetime

from django.utils import timezone

from search.indexes.cache import VersionCache
from search.indexes.stamps import data_stamp
from search.indexes.store import IndexStore

PENDING_CHECK_SECONDS = 10.0
# How each index's data is named in the notes.
DATA_NAMES = {"statutes": "statute and regulation data", "papers": "paper data"}


@dataclass(frozen=True)
class Freshness:
    """The live version of an index, and whether the database has moved on since its build."""

    index_name: str
    version: str
    built_at: str
    pending: bool
    data_stamp: str  # the version's, as its manifest records it

    @property
    def built_text(self) -> str:
        """When the live version was built, in the site's time zone ('2026-12-01 03:40 UTC')."""
        try:
            built = timezone.localtime(datetime.fromisoformat(self.built_at))
        except ValueError:
            return self.built_at
        return built.strftime("%Y-%m-%d %H:%M %Z")

    def note(self) -> str:
        """The 'rebuild pending' statement for coverage notes ('' when the index is current)."""
        if not self.pending:
            return ""
        data = DATA_NAMES.get(self.index_name, "data")
        return (
            f"Rebuild pending: the {data} loaded into the database changed after the live "
            f"{self.index_name} index version {self.version} was built ({self.built_text}). "
            "This note describes that version, which is what was searched; added or changed "
            f"rows are not searchable until the {self.index_name} index is rebuilt."
        )


# (index root, index name, version) -> the answer when last checked. A version is immutable,
# so its manifest is read once; only the database side is checked again.
_checked: VersionCache[tuple[str, str, str], Freshness] = VersionCache()


def live_freshness(index_name: str, version: str | None = None) -> Freshness | None:
    """The live version (`version` when the caller has just read it) and whether a rebuild
    is pending; None when nothing is live or its manifest cannot be read."""
    store = IndexStore(index_name)
    version = version or store.live_version()
    if version is None:
        return None
    key = (str(store.root), index_name, version)
    recent = _checked.get(key, max_age=PENDING_CHECK_SECONDS)
    if recent:
        return recent
    found = _checked.get(key)
    if found:
        built_at, stamp = found.built_at, found.data_stamp
    else:
        meta = store.version_meta(version)
        if meta is None:  # unreadable manifest: the searches answer 503 and say why
            return None
        built_at, stamp = meta.built_at, meta.data_stamp
    pending = stamp != data_stamp(index_name)
    return _checked.put(key, Freshness(index_name, version, built_at, pending, stamp))


def rebuild_pending_note(index_name: str, version: str | None = None) -> str:
    """The 'rebuild pending' statement of an index for its coverage notes, or ''."""
    fresh = live_freshness(index_name, version)
    return fresh.note() if fresh else ""


def forget_freshness() -> None:
    """Drop the remembered checks (tests change the data under the same live version)."""
    _checked.clear()
