"""Sections of one or more chapters listed in code order, optionally between two sections.

The index keeps sections in file order, which is not always the code's (`59.18.283` came
before `59.18.280`). A listing in code order reads the chapters' section numbers (ids and
numbers only), sorts them as the code counts them, keeps those between the bounds, and then
reads the rows of one page by id. The sorted numbers are kept per live version and chapters.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from search.backends.filters import Terms
from search.backends.registry import get_backend
from search.backends.statute_search import Hit, HitPage, Listing
from search.indexes.cache import VersionCache
from search.indexes.names import STATUTES
from search.indexes.store import IndexStore
from search.statutes.chapters import Chapter
from search.statutes.rows import ROW_FIELDS

_KEY_FIELDS = ("id", "section", "chapter_ref")
_CACHED_LISTINGS = 256
_cache: VersionCache[tuple[str, tuple[str, ...]], tuple[tuple[str, str], ...]] = VersionCache(
    max_entries=_CACHED_LISTINGS
)


@dataclass(frozen=True)
class Bounds:
    """Keep sections from `first` (in the first chapter) to `last` (in the last), inclusive."""

    first: str = ""
    last: str = ""


def ordered_ids(chapters: Sequence[Chapter], bounds: Bounds = Bounds()) -> tuple[str, ...]:
    """The ids of the chapters' sections in code order (chapters in the order given)."""
    if not chapters:
        return ()
    pairs = _sorted_sections(tuple(chapters))
    if not (bounds.first or bounds.last):
        return tuple(i for i, _ in pairs)
    head, tail = chapters[0], chapters[-1]
    position = {c.ref: at for at, c in enumerate(chapters)}
    low = (0, head.section_key(bounds.first)) if bounds.first else None
    high = (len(chapters) - 1, tail.section_key(bounds.last)) if bounds.last else None
    kept = []
    for ident, ref_number in pairs:
        ref, number = ref_number.split("\0", 1)
        at = position[ref]
        place = (at, chapters[at].section_key(number))
        if (low is None or place >= low) and (high is None or place <= high):
            kept.append(ident)
    return tuple(kept)


def _sorted_sections(chapters: tuple[Chapter, ...]) -> tuple[tuple[str, str], ...]:
    """(id, "chapter_ref\\0number") of every section of the chapters, in code order."""
    store = IndexStore(STATUTES)
    version = f"{store.root}:{store.live_version()}"
    key = (version, tuple(c.ref for c in chapters))
    found = _cache.get(key)
    if found is not None:
        return found
    total = sum(c.sections for c in chapters)
    spec = Listing(
        (Terms("chapter_ref", tuple(c.ref for c in chapters)),),
        limit=max(total, 1),
        fields=_KEY_FIELDS,
    )
    hits = get_backend().list_statutes(spec).hits
    position = {c.ref: at for at, c in enumerate(chapters)}

    def place(hit: Hit) -> tuple[object, ...]:
        at = position.get(hit.first("chapter_ref", ""), 0)
        return (at, chapters[at].section_key(hit.first("section", "")))

    found = tuple(
        (hit.first("id"), f"{hit.first('chapter_ref', '')}\0{hit.first('section', '')}")
        for hit in sorted(hits, key=place)
    )
    return _cache.put(key, found)


def page_of(ids: Sequence[str], limit: int, offset: int, *, lead: bool = True) -> HitPage:
    """One page of sections by id, in the order of `ids`; the total is all of `ids`."""
    wanted = tuple(ids[offset : offset + limit])
    if not wanted:
        return HitPage((), len(ids))
    spec = Listing(
        (Terms("id", wanted),),
        limit=len(wanted),
        fields=ROW_FIELDS,
        lead_field="body" if lead else None,
    )
    by_id = {hit.first("id"): hit for hit in get_backend().list_statutes(spec).hits}
    return HitPage(tuple(by_id[i] for i in wanted if i in by_id), len(ids))


def forget_listings() -> None:
    """Drop the kept orders (tests load other data under the same index root)."""
    _cache.clear()
