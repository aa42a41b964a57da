"""The loaded US Code sections and regulation parts of each act in the popular names table.

An act's code is one or more spans of one title (`15 U.S.C. §§ 1681-1681x`); its sections are
those of the title's chapters that fall between the span's ends in code order, read from the
index (ids and numbers only); its regulation parts are those of its CFR parts that are loaded
(`chapter_ref` values). Kept per live version; an act with neither is left out.
"""

from dataclasses import dataclass

from search.indexes.cache import VersionCache
from search.indexes.names import STATUTES
from search.indexes.store import IndexStore
from search.statutes.browse.names import CFR, USC
from search.statutes.chapters import Chapter, chapter_ref, load_chapters
from search.statutes.citations.popular_names import POPULAR_NAMES, CodeSpan, PopularName
from search.statutes.code_listing import Bounds, ordered_ids


@dataclass(frozen=True)
class LoadedAct:
    """An act, the ids of its loaded US Code sections in code order, and the `chapter_ref`
    of each of its loaded regulation parts."""

    act: PopularName
    sections: tuple[str, ...]
    parts: tuple[str, ...] = ()


_cache: VersionCache[tuple[str, str | None], tuple[LoadedAct, ...]] = VersionCache()


def loaded_acts() -> tuple[LoadedAct, ...]:
    """Each act of the table with loaded sections or regulation parts."""
    store = IndexStore(STATUTES)
    key = (str(store.root), store.live_version())
    found = _cache.get(key)
    if found is not None:
        return found
    table = load_chapters()
    code = table.by_source.get(USC, ())
    acts = []
    for act in POPULAR_NAMES:
        ids = tuple(i for span in act.code for i in _span_ids(span, code))
        refs = (chapter_ref(CFR, r.title, r.part) for r in act.regulations)
        parts = tuple(ref for ref in refs if ref in table.by_ref)
        if ids or parts:
            acts.append(LoadedAct(act, ids, parts))
    return _cache.put(key, tuple(acts))


def _span_ids(span: CodeSpan, code: tuple[Chapter, ...]) -> tuple[str, ...]:
    """The loaded sections of one span: of each chapter of its title that it reaches."""
    last = span.last or span.first
    ids: list[str] = []
    for chapter in code:
        if chapter.title != span.title:
            continue
        low, high = chapter.section_key(span.first), chapter.section_key(last)
        if chapter.section_key(chapter.last) < low or chapter.section_key(chapter.first) > high:
            continue
        ids += ordered_ids((chapter,), Bounds(span.first, last))
    return tuple(ids)


def forget_loaded_acts() -> None:
    """Drop the kept sections (tests load other data under the same index root)."""
    _cache.clear()
