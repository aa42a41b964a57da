"""Queries that are citations: read the query, then look the sections up in the index.

`read_query` is pure: it says whether the whole query is one citation (`RCW 59.18.280`,
`42 USC 3604`), a bare section number (`59.18.280`, `§ 83.49`), words with citations among
them, or a citation of a place whose law is not loaded. `answer_citation` turns a citation
into its sections: the section(s) carrying it, else the chapter it names (`RCW 59.18`). Every
look-up is one filter-only query on the statutes index (keys stored at build time), never a
database query.
"""

import re
import unicodedata
from dataclasses import dataclass

from search.backends.filters import Filter, Terms
from search.backends.registry import get_backend
from search.backends.statute_search import Hit, HitPage, Listing
from search.statutes.catalog import Catalog
from search.statutes.chapters import Chapter, ChapterTable, load_chapters, section_stem
from search.statutes.citations.grammar import CitationGrammar
from search.statutes.citations.mentions import NUMBER, Mention
from search.statutes.citations.span_lookup import answer_span
from search.statutes.citations.spans import PART, SpanReading, read_span
from search.statutes.code_listing import ordered_ids, page_of
from search.statutes.rows import ROW_FIELDS
from search.statutes.scope import Scope
from search.statutes.sections.lookup import MAX_CITATION_MATCHES, SectionRef
from search.text.citation_keys import number_key

NONE = "none"
CITATION = "citation"
NUMBER_ONLY = "number"
MIXED = "mixed"
UNLOADED = "unloaded"
# A part, a range or `et seq.` (`24 CFR part 982`, `42 U.S.C. §§ 3601-3619`).
SPAN = "span"
# Longer queries are questions, not citations: they are only scanned for citations inside.
MAX_CITATION_QUERY_CHARS = 120
MAX_SCANNED_QUERY_CHARS = 2_000
# What may follow a citation that is the whole query: subsections, a closing period.
_TAIL = re.compile(r"\s*(?:\([0-9A-Za-z]{1,5}\)\s*)*[.,;:]?\s*")
_BARE = re.compile(
    r"\s*(?:(?:§§?|sections?|sec\.|s\.)\s*)?(?P<num>" + NUMBER + r")" + _TAIL.pattern,
    re.IGNORECASE,
)
_SEPARATORS = set(".-:/")
_TITLE = re.compile(r"^\s*(\d+[A-Za-z]?)\s")


@dataclass(frozen=True)
class QueryReading:
    """What a query is, citation-wise (`kind`), and the citation(s) found in it."""

    kind: str
    text: str = ""
    prefix: str = ""
    number: str = ""
    mentions: tuple[Mention, ...] = ()
    places: tuple[str, ...] = ()
    # The span the query cites (SPAN), or may cite when its one section is not loaded.
    span: SpanReading | None = None


NOT_A_CITATION = QueryReading(NONE)


def read_query(q: str, grammar: CitationGrammar) -> QueryReading:
    """Read a query as a citation, a bare number, words with citations, or none of these.

    Compatibility forms are read as what they stand for (Unicode NFKC first): a citation typed
    with full-width letters and digits (`ＲＣＷ　５９．１８．２８０`) is `RCW 59.18.280`.
    """
    q = unicodedata.normalize("NFKC", q)
    if not any(c.isdigit() for c in q) or len(q) > MAX_SCANNED_QUERY_CHARS:
        return NOT_A_CITATION
    bare = _BARE.fullmatch(q)
    if bare is not None and len(q) <= MAX_CITATION_QUERY_CHARS:
        return QueryReading(NUMBER_ONLY, text=q.strip(), number=bare.group("num"))
    span = read_span(q, grammar) if len(q) <= MAX_CITATION_QUERY_CHARS else None
    unloaded = grammar.unloaded_place(span.prefix) if span is not None else None
    if span is not None and unloaded is not None and not span.words:
        return QueryReading(UNLOADED, text=span.text, places=(unloaded,))
    if span is not None and unloaded is None:
        if span.words:
            cited = tuple(m for m in grammar.query_scanner.find(q) if not m.marker)
            return QueryReading(MIXED, mentions=cited, span=span)
        if not span.maybe_section:
            return QueryReading(SPAN, span.text, span.prefix, span.first, span=span)
    else:
        span = None
    mentions = grammar.query_scanner.find(q)
    places = tuple(
        dict.fromkeys(p for m in mentions if (p := grammar.unloaded_place(m.prefix)) is not None)
    )
    if len(mentions) == 1 and len(q) <= MAX_CITATION_QUERY_CHARS:
        mention = mentions[0]
        if not q[: mention.start].strip() and _TAIL.fullmatch(q, mention.end):
            text = q[mention.start : mention.end].strip()
            if mention.marker:
                return QueryReading(NUMBER_ONLY, text=text, number=mention.number)
            if places:
                return QueryReading(UNLOADED, text=text, places=places)
            return QueryReading(CITATION, text, mention.prefix, mention.number, span=span)
    cited = tuple(m for m in mentions if not m.marker and grammar.knows(m.prefix))
    if cited or places:
        return QueryReading(MIXED, mentions=cited, places=places)
    return NOT_A_CITATION


@dataclass(frozen=True)
class CitationAnswer:
    """A query answered as a citation: one page of the sections it names, in file order.

    An empty page is an answer too: the citation names nothing loaded (`miss` says why).
    """

    text: str
    page: HitPage
    # Set when the citation named a chapter rather than sections.
    chapter: Chapter | None = None
    miss: str = ""
    # The sources the citation names, and (when it names nothing) its section's chapter.
    sources: tuple[str, ...] = ()
    near: Chapter | None = None
    # A part, range or `et seq.` read (its form), and what the answer adds to the note.
    form: str = ""
    said: str = ""


NOTHING = HitPage((), 0)


def answer_citation(
    reading: QueryReading,
    scope: Scope,
    catalog: Catalog,
    chapters: ChapterTable,
    *,
    limit: int,
    offset: int,
) -> CitationAnswer | None:
    """The sections a citation names (or its chapter's); None when the query is no citation.

    A bare number is a citation only within a chosen jurisdiction, source or chapter.
    """
    if reading.kind == UNLOADED:
        return CitationAnswer(reading.text, NOTHING)
    if reading.kind == SPAN and reading.span is not None:
        return _span_answer(reading.span, catalog, chapters, limit=limit, offset=offset)
    sources: tuple[str, ...]
    if reading.kind == CITATION:
        keys = catalog.grammar.keys(reading.prefix, reading.number)
        page = listing((Terms("citation_key", keys),), limit, offset)
        sources = catalog.grammar.sources_for(reading.prefix)
        if not page.total and reading.span is not None:
            # `42 U.S.C. 3601-3619`: no section has that number; read it as a range.
            spanned = _span_answer(reading.span, catalog, chapters, limit=limit, offset=offset)
            if spanned.page.total:
                return spanned
    elif reading.kind == NUMBER_ONLY and narrowed(scope):
        numbered = Terms("section_key", (number_key(reading.number),))
        page = listing((numbered, *scope.filters(catalog)), limit, offset)
        sources = tuple(s.code for s in scope.sources(catalog))
    else:
        return None
    if page.total:
        return CitationAnswer(reading.text, page, sources=sources)
    found = _in_cited_title(chapters.find(reading.number, sources), reading.prefix)
    if len(found) == 1:
        page = page_of(ordered_ids(found), limit, offset)
        if page.total:
            return CitationAnswer(reading.text, page, found[0], sources=(found[0].source,))
    near = nearest_chapter(reading.number, sources, chapters)
    miss = citation_miss(reading, sources, catalog, near)
    return CitationAnswer(reading.text, NOTHING, miss=miss, sources=sources, near=near)


def _in_cited_title(found: tuple[Chapter, ...], prefix: str) -> tuple[Chapter, ...]:
    """The chapters in the title a prefix carries (`24` of `24 CFR`: 12 CFR has a part 1003
    too), all of them when it carries none."""
    title = _TITLE.match(prefix)
    if title is None:
        return found
    return tuple(c for c in found if c.title == title.group(1))


def _span_answer(
    span: SpanReading, catalog: Catalog, chapters: ChapterTable, *, limit: int, offset: int
) -> CitationAnswer:
    found = answer_span(span, catalog, chapters, limit=limit, offset=offset)
    return CitationAnswer(
        span.text, found.page, found.chapter if span.form == PART else None, found.miss,
        found.sources, form=span.form, said=found.said,
    )  # fmt: skip


def nearest_chapter(
    number: str, sources: tuple[str, ...], chapters: ChapterTable
) -> Chapter | None:
    """The loaded chapter a section number would sit in (`83` for `83.49`), if any."""
    stem = section_stem(number)
    found = chapters.find(stem, sources) if stem else ()
    return found[0] if found else None


def citation_keys(text: str, catalog: Catalog) -> tuple[str, ...]:
    """The citation keys a citation stands for, through the recognised forms (`Wash. Rev.
    Code § 59.18.280` -> `rcw5918280`); none when it reads as no citation."""
    reading = read_query(text, catalog.grammar)
    if reading.kind != CITATION:
        return ()
    return catalog.grammar.keys(reading.prefix, reading.number)


def narrowed(scope: Scope) -> bool:
    """True when a scope names a jurisdiction, source or chapter (a bare number's context)."""
    return bool(scope.jurisdictions or scope.source or scope.chapter)


def citation_miss(
    reading: QueryReading, sources: tuple[str, ...], catalog: Catalog, near: Chapter | None
) -> str:
    """Why a recognised citation names nothing: which code it cites, what of its chapter is."""
    names = " and the ".join(
        f"{catalog.by_code[s].name} ({s})" for s in sources if s in catalog.by_code
    )
    stem = section_stem(reading.number)
    if near is not None:
        chapter = near
        hint = (
            f"Its chapter {chapter.label} has {chapter.sections:,} loaded section"
            f"{'s' if chapter.sections != 1 else ''} ({chapter.first} … {chapter.last})."
        )
    elif stem:
        hint = f"Nothing numbered {stem}… is loaded either."
    else:
        hint = ""
    scope_text = names or "the chosen scope"
    return (
        f"'{reading.text}' reads as a citation of the {scope_text}, but no loaded section has "
        "it: it may not exist, or not be in this portal's copy (see the coverage note)."
        f"{' ' + hint if hint else ''}"
    )


def cited_sections(reading: QueryReading, catalog: Catalog) -> tuple[SectionRef, ...]:
    """Sections cited inside a query of words (or carrying a bare number), for a box above
    the keyword results."""
    if reading.kind == MIXED and reading.span is not None:
        spanned = answer_span(reading.span, catalog, load_chapters(), limit=MAX_CITATION_MATCHES,
                              offset=0)  # fmt: skip
        if spanned.page.total:
            return tuple(ref_from_hit(hit) for hit in spanned.page.hits)
    if reading.kind == MIXED:
        keys = tuple(
            dict.fromkeys(
                key for m in reading.mentions for key in catalog.grammar.keys(m.prefix, m.number)
            )
        )
        if not keys:
            return ()
        found = listing((Terms("citation_key", keys),), MAX_CITATION_MATCHES, 0)
    elif reading.kind == NUMBER_ONLY and _SEPARATORS.intersection(reading.number):
        numbered = Terms("section_key", (number_key(reading.number),))
        found = listing((numbered,), MAX_CITATION_MATCHES, 0)
    else:
        return ()
    return tuple(ref_from_hit(hit) for hit in found.hits)


def listing(
    filters: tuple[Filter, ...],
    limit: int,
    offset: int,
    fields: tuple[str, ...] = ROW_FIELDS,
    *,
    lead: bool = True,
) -> HitPage:
    """Sections passing the filters, in file order (with the start of their text: `lead`)."""
    spec = Listing(
        filters, limit=limit, offset=offset, fields=fields, lead_field="body" if lead else None
    )
    return get_backend().list_statutes(spec)


def ref_from_hit(hit: Hit) -> SectionRef:
    """A linkable reference from a listed section."""
    return SectionRef(
        hit.first("id"),
        hit.first("citation", ""),
        hit.first("heading"),
        hit.first("jurisdiction", ""),
        hit.first("source", ""),
    )
