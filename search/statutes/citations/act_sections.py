"""The loaded US Code sections of each act in the popular names table.

An act's code is one or more spans of one title (`15 U.S.C. §§ 1681-1681x`); its sections are
those of the title's chapters that fall between the span's ends in code order, read from the
index (ids and numbers only) and kept per live version. An act none of whose sections is
loaded is left out.
"""

from search.indexes.cache import VersionCache
from search.indexes.names import STATUTES
from search.indexes.store import IndexStore
from search.statutes.browse.names import USC
from search.statutes.chapters import Chapter, load_chapters
from search.statutes.citations.popular_names import POPULAR_NAMES, CodeSpan, PopularName
from search.statutes.code_listing import Bounds, ordered_ids

ActSections = tuple[tuple[PopularName, tuple[str, ...]], ...]

_cache: VersionCache[tuple[str, str | None], ActSections] = VersionCache()


def act_sections() -> ActSections:
    """Each act of the table with loaded sections, and their ids in code order."""
    store = IndexStore(STATUTES)
    key = (str(store.root), store.live_version())
    found = _cache.get(key)
    if found is not None:
        return found
    code = load_chapters().by_source.get(USC, ())
    acts = []
    for act in POPULAR_NAMES:
        ids = tuple(i for span in act.code for i in _span_ids(span, code))
        if ids:
            acts.append((act, ids))
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


def forget_act_sections() -> None:
    """Drop the kept sections (tests load other data under the same index root)."""
    _cache.clear()
