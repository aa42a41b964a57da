"""Chapters: every (source, title, chapter) with its section count and how people write it.

The table is computed when an index version is built (`chapters_from_rows`, stored beside
the version as `chapters.json`) and read once per live version (`load_chapters`), so the
browse pages, the `chapter=` filter and chapter citations (`RCW 59.18`) need no database
query. The data's `chapter` field is a folder name (`59-18`, `0083`, `division-14-...`);
`label` is how the chapter is cited when its sections say so (`59.18` when most of its
sections are `59.18.nnn`), else that field. Chapters, and the sections in them, are in code
order (`search.text.code_order`): `first`/`last` are the chapter's first and last sections as
the code counts them, and `decimal` says whether its source numbers sections decimally.
"""

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields
from functools import cached_property
from typing import Any

from django.db.models import Count, Max

from search.indexes.cache import VersionCache
from search.indexes.names import STATUTES
from search.indexes.store import IndexStore
from search.text.citation_keys import chapter_key
from search.text.code_order import Key, cited_title, code_order_key, decimal_numbering

CHAPTERS_FILE = "chapters"
REF_SEPARATOR = "|"
# A chapter is cited by its sections' common stem when more than this share of them, and
# at least two, have it (a one-section "chapter" is often just a folder per section).
STEM_SHARE = 0.5
_LAST_PART = re.compile(r"[.\-:/][0-9A-Za-z]+$")


def chapter_ref(source: str, title: str, chapter: str) -> str:
    """The index value naming one chapter of one source (`wa-stat|59|59-18`)."""
    return REF_SEPARATOR.join((source, title, chapter))


@dataclass(frozen=True)
class Chapter:
    """One chapter of one source."""

    source: str
    title: str
    chapter: str
    sections: int
    label: str
    first: str
    last: str
    # How the title is cited (`10.1` for Virginia's stored `101`), the headings of the first
    # and last sections, and whether the source numbers sections decimally (`83.425`).
    title_label: str = ""
    first_heading: str = ""
    last_heading: str = ""
    decimal: bool = False

    @property
    def ref(self) -> str:
        return chapter_ref(self.source, self.title, self.chapter)

    @property
    def keys(self) -> frozenset[str]:
        """The keys `chapter=` values are compared by: the field, the label, title-chapter."""
        written = (self.chapter, self.label, f"{self.title}-{self.chapter}")
        return frozenset(k for k in (chapter_key(w) for w in written) if k)

    @property
    def cited_title(self) -> str:
        """The title as cited (`IX`, `60`, `10.1`), not as stored (`ix`, `0060`, `101`)."""
        return self.title_label or cited_title(self.title)

    def section_key(self, number: str) -> Key:
        """A section number's place in this chapter's code order."""
        return code_order_key(number, decimal=self.decimal)

    @property
    def order_key(self) -> tuple[Key, Key]:
        """Where the chapter sits in its source: by title, then chapter, as cited."""
        return (code_order_key(self.cited_title), code_order_key(self.label))

    def as_row(self) -> list[Any]:
        return [self.source, self.title, self.chapter, self.sections, self.label, self.first,
                self.last, self.title_label, self.first_heading, self.last_heading,
                self.decimal]  # fmt: skip


def section_stem(number: str) -> str | None:
    """A section number without its last part (`59.18.280` -> `59.18`), None when single."""
    stem = _LAST_PART.sub("", number)
    return stem if stem and stem != number else None


def chapter_label(chapter: str, numbers: Sequence[str]) -> str:
    """How a chapter is cited: its sections' common stem when most share one, else the field."""
    stems = Counter(s for s in (section_stem(n) for n in numbers) if s)
    if stems:
        stem, count = stems.most_common(1)[0]
        if count > STEM_SHARE * len(numbers) and count >= 2:
            return stem
    return chapter


Row = tuple[str, str, str, str, str | None]


def chapters_from_rows(rows: Iterable[Row]) -> list[Chapter]:
    """Chapters from (source, title, chapter, section, heading) rows in file order."""
    found: dict[tuple[str, str, str], list[tuple[str, str]]] = {}
    for source, title, chapter, section, heading in rows:
        found.setdefault((source, title or "", chapter or ""), []).append((section, heading or ""))
    decimal = _decimal_sources(found)
    title_numbers: dict[tuple[str, str], list[str]] = {}
    for (source, title, _), sections in found.items():
        title_numbers.setdefault((source, title), []).extend(n for n, _ in sections[:50])
    cited = {key: cited_title(key[1], numbers[:500]) for key, numbers in title_numbers.items()}
    chapters = []
    for (source, title, chapter), sections in found.items():
        ordered = sorted(sections, key=lambda s: code_order_key(s[0], decimal=decimal[source]))
        numbers = [n for n, _ in sections]
        chapters.append(
            Chapter(
                source,
                title,
                chapter,
                len(sections),
                chapter_label(chapter, numbers),
                ordered[0][0],
                ordered[-1][0],
                cited[(source, title)],
                ordered[0][1],
                ordered[-1][1],
                decimal[source],
            )  # fmt: skip
        )
    return chapters


def _decimal_sources(found: dict[tuple[str, str, str], list[tuple[str, str]]]) -> dict[str, bool]:
    by_source: dict[str, list[list[str]]] = {}
    for (source, _, _), sections in found.items():
        by_source.setdefault(source, []).append([n for n, _ in sections])
    return {source: decimal_numbering(chapters) for source, chapters in by_source.items()}


@dataclass(frozen=True)
class ChapterTable:
    """Every chapter, by source in natural order of title and chapter."""

    chapters: tuple[Chapter, ...]

    @cached_property
    def by_ref(self) -> dict[str, Chapter]:
        return {c.ref: c for c in self.chapters}

    @cached_property
    def by_source(self) -> dict[str, tuple[Chapter, ...]]:
        grouped: dict[str, list[Chapter]] = {}
        for chapter in self.chapters:
            grouped.setdefault(chapter.source, []).append(chapter)
        return {
            source: tuple(sorted(found, key=lambda c: c.order_key))
            for source, found in grouped.items()
        }

    @cached_property
    def _by_key(self) -> dict[tuple[str, str], list[Chapter]]:
        found: dict[tuple[str, str], list[Chapter]] = {}
        for chapter in self.chapters:
            for key in chapter.keys:
                found.setdefault((chapter.source, key), []).append(chapter)
        return found

    def find(self, value: str, sources: Iterable[str]) -> tuple[Chapter, ...]:
        """The chapters of these sources that `value` names (field, label or title-chapter)."""
        key = chapter_key(value)
        if not key:
            return ()
        found = {c.ref: c for s in sources for c in self._by_key.get((s, key), ())}
        exact = [c for c in found.values() if value.strip() in (c.chapter, c.label)]
        return tuple(exact or found.values())

    def param_for(self, chapter: Chapter) -> str:
        """How `chapter=` names this chapter unambiguously within its source."""
        for written in (chapter.label, chapter.chapter, f"{chapter.title}-{chapter.chapter}"):
            if self.find(written, (chapter.source,)) == (chapter,):
                return written
        return chapter.label

    def titles(self, source: str) -> list[tuple[str, tuple[Chapter, ...]]]:
        """A source's titles in order, each with its chapters: the table of contents."""
        grouped: dict[str, list[Chapter]] = {}
        for chapter in self.by_source.get(source, ()):
            grouped.setdefault(chapter.title, []).append(chapter)
        return [(title, tuple(found)) for title, found in grouped.items()]


def chapters_current(rows: Any) -> bool:
    """True when a version's recorded chapter rows carry every field this code records
    (older versions lack the headings, cited titles and numbering that names need)."""
    if not isinstance(rows, list) or not rows:
        return True
    return isinstance(rows[0], list) and len(rows[0]) >= len(fields(Chapter))


_cache: VersionCache[tuple[str, str | None], ChapterTable] = VersionCache()


def load_chapters() -> ChapterTable:
    """The live statutes version's chapters, read once per version (the database's rows when
    no version is live or it was built before versions recorded chapters)."""
    store = IndexStore(STATUTES)
    version = store.live_version()
    key = (str(store.root), version)
    found = _cache.get(key)
    if found is not None:
        return found
    rows = store.read_extra(version, CHAPTERS_FILE) if version else None
    if rows is None:
        # No chapters recorded: the database's rows, cached until an ingest changes sources.
        from search.models import Source

        stamp = Source.objects.aggregate(n=Count("code"), last=Max("refreshed_at"))
        key = (str(store.root), f"db:{stamp['n']}:{stamp['last']}")
        found = _cache.get(key)
        if found is not None:
            return found
        table = ChapterTable(tuple(chapters_from_rows(database_rows())))
    else:
        table = ChapterTable(tuple(Chapter(*row) for row in rows))
    return _cache.put(key, table)


def database_rows() -> Iterable[Row]:
    """(source, title, chapter, section, heading) of every loaded section in file order."""
    from search.models import Section

    return Section.objects.order_by("source", "ordinal").values_list(
        "source", "title", "chapter", "section", "heading"
    )


def chapter_rows() -> list[list[Any]]:
    """What a build records beside its version: every chapter as a JSON row."""
    return [c.as_row() for c in chapters_from_rows(database_rows())]


def forget_chapters() -> None:
    """Drop cached tables (tests load other data under the same index root)."""
    _cache.clear()
