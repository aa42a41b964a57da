"""The sections a part, a range or `et seq.` names, in code order (one page of them).

A part is a chapter of its title (`24 CFR part 982` is chapter `982` of title 24). A range
runs from its first section to its last, through the chapters between them in code order;
`et seq.` from its section to the end of that section's chapter. Both ends must be loaded
sections or sit in a loaded chapter (an end the data lacks); a range longer than
`MAX_SPAN_SECTIONS` is refused with a note.
"""

from dataclasses import dataclass

from search.backends.filters import Terms
from search.backends.registry import get_backend
from search.backends.statute_search import Hit, HitPage, Listing
from search.statutes.catalog import Catalog
from search.statutes.chapters import Chapter, ChapterTable, section_stem
from search.statutes.citations.spans import ET_SEQ, PART, SpanReading
from search.statutes.code_listing import Bounds, ordered_ids, page_of

MAX_SPAN_SECTIONS = 5_000
_END_FIELDS = ("id", "source", "section", "chapter_ref")
NOTHING = HitPage((), 0)


@dataclass(frozen=True)
class SpanAnswer:
    """One page of a span's sections (all of them in `ids`), its chapter for a part, a note."""

    page: HitPage
    ids: tuple[str, ...] = ()
    chapter: Chapter | None = None
    miss: str = ""
    said: str = ""
    sources: tuple[str, ...] = ()


def answer_span(
    span: SpanReading, catalog: Catalog, table: ChapterTable, *, limit: int, offset: int
) -> SpanAnswer:
    """The sections a span names; an empty page with `miss` when it names nothing loaded."""
    sources = catalog.grammar.sources_for(span.prefix)
    if span.form == PART:
        return _part(span, sources, table, limit, offset)
    first, start = _end(catalog, table, span.prefix, span.first, sources)
    if start is None:
        return SpanAnswer(NOTHING, miss=_no_end(span, span.first), sources=sources)
    source = (start.source,)
    if span.form == ET_SEQ:
        ids = ordered_ids((start,), Bounds(first=first))
        return SpanAnswer(page_of(ids, limit, offset), ids, sources=source)
    last, end = _end(catalog, table, span.prefix, span.last, source)
    if end is None:
        return SpanAnswer(NOTHING, miss=_no_end(span, span.last), sources=sources)
    run = _chapters_between(table, start, end)
    if not run:
        return SpanAnswer(NOTHING, miss=_backwards(span), sources=source)
    if sum(c.sections for c in run) > MAX_SPAN_SECTIONS:
        return SpanAnswer(NOTHING, miss=_too_long(span, run), sources=source)
    bounds = Bounds(first, last)
    ids = ordered_ids(run, bounds)
    if not ids:
        return SpanAnswer(NOTHING, miss=_backwards(span), sources=source)
    return SpanAnswer(page_of(ids, limit, offset), ids, sources=source)


def _part(
    span: SpanReading, sources: tuple[str, ...], table: ChapterTable, limit: int, offset: int
) -> SpanAnswer:
    found = [c for c in table.find(span.first, sources) if not span.title or c.title == span.title]
    if len(found) != 1:
        where = f"title {span.title} of the CFR" if span.title else "the cited code"
        miss = (
            f"'{span.text}' reads as a citation of part {span.first} of {where}, but no such "
            "part is loaded (see the coverage note for the parts this portal holds)."
        )
        return SpanAnswer(NOTHING, miss=miss, sources=sources)
    chapter = found[0]
    ids = ordered_ids((chapter,))
    said = ""
    if span.subpart:
        said = (
            f"This copy of the CFR does not record subparts, so all of part {chapter.label} "
            f"is listed for subpart {span.subpart}."
        )
    return SpanAnswer(
        page_of(ids, limit, offset), ids, chapter, said=said, sources=(chapter.source,)
    )


def _end(
    catalog: Catalog, table: ChapterTable, prefix: str, number: str, sources: tuple[str, ...]
) -> tuple[str, Chapter | None]:
    """A range's end as a section number and its chapter: the loaded section it cites, else
    (an end not loaded, `Fla. Stat. § 83.40`) the loaded chapter its number sits in."""
    hit = _section(catalog, prefix, number)
    chapter = table.by_ref.get(hit.first("chapter_ref", "")) if hit is not None else None
    if hit is not None and chapter is not None and chapter.source in sources:
        return hit.first("section", number), chapter
    stem = section_stem(number)
    found = table.find(stem, sources) if stem else ()
    return number, (found[0] if len(found) == 1 else None)


def _section(catalog: Catalog, prefix: str, number: str) -> Hit | None:
    """The loaded section `prefix number` cites (the first, when several sources have it)."""
    keys = catalog.grammar.keys(prefix, number)
    spec = Listing((Terms("citation_key", keys),), limit=1, fields=_END_FIELDS)
    hits = get_backend().list_statutes(spec).hits
    return hits[0] if hits else None


def _chapters_between(table: ChapterTable, start: Chapter, end: Chapter) -> tuple[Chapter, ...]:
    """The chapters from `start` to `end` in their source's code order (none if backwards)."""
    chapters = table.by_source.get(start.source, ())
    refs = [c.ref for c in chapters]
    if start.ref not in refs or end.ref not in refs:
        return ()
    i, j = refs.index(start.ref), refs.index(end.ref)
    return tuple(chapters[i : j + 1]) if i <= j else ()


def _no_end(span: SpanReading, number: str) -> str:
    return (
        f"'{span.text}' reads as a citation of the sections from {span.first}"
        f"{' to ' + span.last if span.last else ' on'}, but no loaded section is numbered "
        f"{number} under '{span.prefix}': it may not exist, or not be in this portal's copy "
        "(see the coverage note)."
    )


def _backwards(span: SpanReading) -> str:
    return (
        f"'{span.text}' reads as a range, but {span.last} comes before {span.first} in the "
        "code: write the lower section first."
    )


def _too_long(span: SpanReading, run: tuple[Chapter, ...]) -> str:
    total = sum(c.sections for c in run)
    return (
        f"'{span.text}' spans {len(run):,} chapters ({total:,} sections): ranges of up to "
        f"{MAX_SPAN_SECTIONS:,} sections are listed. Cite a shorter range or one chapter."
    )
