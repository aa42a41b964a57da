"""Statute search: a validated request in, a frozen result out; knows nothing of HTTP.

A query that is a citation (`RCW 59.18.280`, `42 USC 3604`, `RCW 59.18`; a bare number
within a chosen jurisdiction) is answered with the sections it names, in file order; any
other query is a keyword search ranked by BM25 (`words=True` searches a citation's words)
of the query as a person means it (`search.statutes.shaping`: question words and the chosen
places' names dropped, the everyday-words map's terms added unless `expand=False`, a
heading word raising a match). Both answers page with `offset` and carry the same notes.
"""

from dataclasses import dataclass, replace

from django.conf import settings

from search.answers.paging import Paging, previous_offset
from search.answers.pipeline import Rejected
from search.backends.filters import Filter
from search.backends.registry import get_backend
from search.backends.statute_search import HitPage, TextSearch, WeightedField
from search.backends.vocabulary import IndexVocabulary
from search.indexes.names import STATUTES
from search.statutes.catalog import Catalog, load_catalog
from search.statutes.chapters import Chapter, ChapterTable, load_chapters
from search.statutes.citations.lookup import (
    CITATION,
    NOT_A_CITATION,
    NUMBER_ONLY,
    SPAN,
    UNLOADED,
    answer_citation,
    cited_sections,
    read_query,
)
from search.statutes.citations.popular_names import OfferedName, PopularName, names_in, offer
from search.statutes.rows import ROW_FIELDS, StatuteRow, row_from_hit
from search.statutes.scope import Scope, named_places
from search.statutes.search import notes
from search.statutes.search.request import StatuteSearchRequest
from search.statutes.sections.lookup import SectionRef
from search.statutes.shaping import (
    ADDED_WEIGHT,
    NO_NAMED_LAW,
    TRANSLATED_WEIGHT,
    NamedLaw,
    chapter_raise,
    definitions_lowered,
    heading_concepts,
    heading_rank_weight,
    law_names_bonus,
    shaped_query,
    written_as_keywords,
)
from search.text.everyday_words import AddedTerm
from search.text.query import DroppedTerm, NothingToSearch, ParsedQuery
from search.text.suggest import DidYouMean, did_you_mean

SEARCHED_FIELD = "body"
HEADING_FIELD = "heading"
# A heading match adds this share of the BM25 score the same words would add in the body.
HEADING_WEIGHT = 0.5
TIE_BREAK_FIELD = "order"
WORDS = "words"
CHAPTER = "chapter"
USC_SOURCE = "usc"
CFR_SOURCE = "cfr"


@dataclass(frozen=True)
class StatuteSearchResult:
    """Everything a page or API response shows for one search (or one citation)."""

    q: str
    terms_searched: tuple[str, ...]
    terms_dropped: tuple[DroppedTerm, ...]
    total: int
    results: tuple[StatuteRow, ...]
    limit: int
    offset: int
    scope: Scope
    stem: bool
    headings: bool
    note: str
    coverage_note: str
    warnings: tuple[str, ...]
    explanations: tuple[str, ...]
    citation_matches: tuple[SectionRef, ...]
    # WORDS (a keyword search), CITATION (the sections a citation names) or CHAPTER.
    read_as: str = WORDS
    citation: str | None = None
    chapter: Chapter | None = None
    # A citation naming nothing loaded: the loaded chapter its section would sit in.
    near: Chapter | None = None
    rank_cap: int = 0
    # Places the query names whose law is not loaded (said before any row).
    not_loaded: tuple[str, ...] = ()
    # `part`, `range` or `et seq.` when the citation named several sections that way.
    citation_form: str = ""
    # Acts the query names ("Fair Housing Act"), offered above the rows like a citation.
    popular_names: tuple[OfferedName, ...] = ()
    # A keyword search that found almost nothing: better-spelt words the index holds.
    did_you_mean: DidYouMean | None = None
    # Code terms the everyday-words map added (keyword searches with expand on), and the
    # typed words they translate, searched at a lower weight.
    terms_added: tuple[AddedTerm, ...] = ()
    terms_translated: tuple[str, ...] = ()
    expand: bool = True

    @property
    def jurisdiction(self) -> str | None:
        """The jurisdictions as `jurisdiction=` takes them (`wa,us`), None for all."""
        return ",".join(self.scope.jurisdictions) or None

    @property
    def reachable(self) -> int:
        """How many rows paging can reach: all of them, or the rank cap for keyword searches."""
        return min(self.total, self.rank_cap) if self.read_as == WORDS else self.total

    @property
    def paging(self) -> Paging:
        """Where this page sits: the next offset stops at what paging can reach, and the last
        page reached by paging says why the rows end there."""
        last = self.offset + len(self.results)
        ends = bool(self.results) and last >= self.reachable and self.offset > 0
        cap = self.rank_cap if self.read_as == WORDS else self.total
        return Paging(
            offset=self.offset, shown=len(self.results),
            next_offset=last if last < self.reachable else None,
            previous_offset=previous_offset(self.offset, self.limit),
            end_note=notes.paging_end_note(self.total, cap) if ends else None,
        )  # fmt: skip

    @property
    def chapter_noun(self) -> str:
        """What the cited chapter is called: a CFR part is a `Part`."""
        return "Part" if self.results and self.results[0].corpus == "regulation" else "Chapter"

    @property
    def jump(self) -> SectionRef | None:
        """The one section a citation named (the page opens it)."""
        if self.read_as != CITATION or self.total != 1 or not self.results:
            return None
        row = self.results[0]
        return SectionRef(row.id, row.citation, row.heading, row.jurisdiction, row.source)


def search_statutes(
    request: StatuteSearchRequest,
    catalog: Catalog | None = None,
    chapters: ChapterTable | None = None,
) -> StatuteSearchResult:
    """Run one search; raises IndexUnavailable (no live index), NothingToSearch or Rejected
    (an offset past the end)."""
    catalog = catalog or load_catalog()
    parsed = request.parsed
    requested = request.limit or settings.PORTAL_STATUTE_LIMIT_DEFAULT
    limit = min(requested, settings.PORTAL_STATUTE_LIMIT_MAX)
    reading = NOT_A_CITATION if request.words else read_query(request.q, catalog.grammar)
    named = tuple(dict.fromkeys([*reading.places, *named_places(request.q)]))
    warnings = _place_warnings(catalog, request, named)
    acts = names_in(request.q)
    if acts:
        chapters = chapters or load_chapters()
        popular = _offered(acts, catalog, chapters)
    else:
        popular = ()
    if reading.kind in (CITATION, NUMBER_ONLY, UNLOADED, SPAN):
        answer = answer_citation(
            reading, request.scope, catalog, chapters or load_chapters(), limit=limit,
            offset=request.offset,
        )  # fmt: skip
        if answer is not None:
            _check_offset(request.offset, answer.page.total)
            rows = _rows(answer.page, request.offset, scored=False)
            said = " ".join(
                filter(None, (notes.citation_note(answer.text, answer.page.total, answer.chapter,
                                                  catalog, answer.form), answer.said))
            )  # fmt: skip
            return _result(
                request, catalog, parsed, requested, limit, answer.page.total, rows,
                [*warnings, *([answer.miss] if answer.miss else [])], named,
                read_as=CHAPTER if answer.chapter else CITATION, citation=answer.text,
                chapter=answer.chapter, near=answer.near, cited=answer.sources, said=said,
                popular=popular, form=answer.form,
            )  # fmt: skip
    if parsed.is_empty:
        raise NothingToSearch(f"nothing left to search in {request.q!r}")
    parsed = shaped_query(parsed, request.q, request.scope, expand=request.expand)
    law = law_names_bonus(parsed, request.scope, catalog)
    page = get_backend().search_statutes(keyword_spec(request, catalog, parsed, limit, law))
    _check_offset(request.offset, page.total)
    result = _result(
        request, catalog, parsed, requested, limit, page.total,
        _rows(page, request.offset, scored=True), warnings, named,
        matches=cited_sections(reading, catalog), popular=popular, law=law,
    )  # fmt: skip
    return _with_suggestions(result, parsed, request.scope.filters(catalog))


def _with_suggestions(
    result: StatuteSearchResult, parsed: ParsedQuery, filters: tuple[Filter, ...]
) -> StatuteSearchResult:
    """Offer better-spelt words of the searched scope when the search found almost nothing."""
    vocabulary = IndexVocabulary(STATUTES, SEARCHED_FIELD, filters)
    hint = did_you_mean(result.q, parsed.all_words(), result.total, vocabulary, "section")
    if hint is None:
        return result
    return replace(result, did_you_mean=hint, note=f"{result.note} {hint.note}".strip())


def keyword_spec(
    request: StatuteSearchRequest,
    catalog: Catalog,
    parsed: ParsedQuery,
    limit: int,
    law: NamedLaw | None = None,
) -> TextSearch:
    """What the engine is asked for a keyword search of `parsed` (already shaped), with the
    points of `law` (`law_names_bonus`, made here when not given); Rejected for an offset past
    what is ranked."""
    cap = settings.PORTAL_STATUTE_RANK_CAP
    if request.offset >= cap:
        raise Rejected("offset", _past_cap(request.offset, cap))
    if law is None:
        law = law_names_bonus(parsed, request.scope, catalog)
    return TextSearch(
        query=parsed,
        field=SEARCHED_FIELD,
        limit=min(limit, cap - request.offset),
        offset=request.offset,
        filters=request.scope.filters(catalog),
        tie_break=TIE_BREAK_FIELD,
        fields=ROW_FIELDS,
        stem=request.stem,
        also=searched_headings(headings=request.headings),
        rank_also=ranking_headings(parsed, headings=request.headings),
        added_weight=ADDED_WEIGHT,
        translated_weight=TRANSLATED_WEIGHT,
        concept_bonus=heading_concepts(parsed, headings=request.headings),
        lowered=definitions_lowered(parsed),
        chapter_bonus=law.bonuses,
        chapter_raise=chapter_raise(request.q),
    )


def searched_headings(*, headings: bool) -> tuple[WeightedField, ...]:
    """`headings=true`: the heading is searched too (a match there counts)."""
    return (WeightedField(HEADING_FIELD, HEADING_WEIGHT),) if headings else ()


def ranking_headings(parsed: ParsedQuery, *, headings: bool) -> tuple[WeightedField, ...]:
    """Otherwise a word in the heading only raises a body match, more for a query typed as
    keywords (`heading_rank_weight`)."""
    return () if headings else (WeightedField(HEADING_FIELD, heading_rank_weight(parsed)),)


def _past_cap(offset: int, cap: int) -> str:
    return (
        f"offset={offset} is past the end of what is ranked: paging reaches the top {cap:,} "
        "rows only (offset below that). Narrow the search to see other sections."
    )


def _check_offset(offset: int, total: int) -> None:
    if offset and offset >= total:
        raise Rejected(
            "offset",
            f"offset={offset} is past the end: {total:,} section{'s' if total != 1 else ''} "
            f"match{'es' if total == 1 else ''}, so offset must be below {total:,}."
            if total
            else f"offset={offset} is past the end: nothing matches.",
        )


def _rows(page: HitPage, offset: int, *, scored: bool) -> tuple[StatuteRow, ...]:
    return tuple(
        row_from_hit(rank, hit, scored=scored)
        for rank, hit in enumerate(page.hits, start=offset + 1)
    )


def _result(
    request: StatuteSearchRequest,
    catalog: Catalog,
    parsed: ParsedQuery,
    requested: int,
    limit: int,
    total: int,
    rows: tuple[StatuteRow, ...],
    warnings: list[str],
    named: tuple[str, ...],
    *,
    read_as: str = WORDS,
    citation: str | None = None,
    chapter: Chapter | None = None,
    matches: tuple[SectionRef, ...] = (),
    near: Chapter | None = None,
    cited: tuple[str, ...] = (),
    said: str = "",
    popular: tuple[OfferedName, ...] = (),
    form: str = "",
    law: NamedLaw = NO_NAMED_LAW,
) -> StatuteSearchResult:
    scope = request.scope
    searched = read_as == WORDS
    if searched:
        warnings += _search_warnings(catalog, request, parsed, requested, limit)
    elif requested > limit:
        warnings.append(notes.limit_capped_warning(requested, limit))
    explanations = [said] if said else []
    if popular:
        explanations.append(notes.popular_names_note(popular))
    if searched:
        raised = chapter_raise(request.q) is not None
        explanations.append(
            notes.ranking_note(
                stem=request.stem,
                headings=request.headings,
                raised=raised,
                keywords=written_as_keywords(parsed),
                parts=law.parts,
                acts=law.acts,
            )
        )
        explanations.extend(notes.added_notes(parsed, expand=request.expand))
    if any(row.ends_at_colon for row in rows):
        explanations.append(notes.ENDS_AT_COLON_NOTE)
    cap = settings.PORTAL_STATUTE_RANK_CAP
    last = request.offset + len(rows)
    if rows and last >= (min(total, cap) if searched else total) and request.offset:
        explanations.append(notes.paging_end_note(total, cap if searched else total))
    not_loaded = tuple(p for p in named if p not in catalog.jurisdictions)
    return StatuteSearchResult(
        q=request.q,
        terms_searched=tuple(parsed.terms_searched) if searched else (),
        terms_dropped=parsed.dropped if searched else (),
        total=total,
        results=rows,
        limit=limit,
        offset=request.offset,
        scope=scope,
        stem=request.stem,
        headings=request.headings,
        note=" ".join([*warnings, *explanations]),
        coverage_note=(
            notes.cited_coverage(catalog, cited) if cited else notes.coverage_note(catalog, scope)
        ),
        warnings=tuple(warnings),
        explanations=tuple(explanations),
        citation_matches=matches,
        read_as=read_as,
        citation=citation,
        chapter=chapter,
        near=near,
        rank_cap=cap,
        not_loaded=not_loaded,
        popular_names=popular,
        citation_form=form,
        terms_added=parsed.added if searched else (),
        terms_translated=parsed.translated if searched else (),
        expand=request.expand,
    )


def _offered(
    acts: tuple[PopularName, ...], catalog: Catalog, chapters: ChapterTable
) -> tuple[OfferedName, ...]:
    """The named acts, each citation marked loaded or not (the US Code, each CFR part)."""
    parts = {(c.title, c.chapter) for c in chapters.by_source.get(CFR_SOURCE, ())}
    return offer(acts, USC_SOURCE in catalog.by_code, lambda t, p: (t, p) in parts)


def _place_warnings(
    catalog: Catalog, request: StatuteSearchRequest, named: tuple[str, ...]
) -> list[str]:
    """First of all: places the query names (by name, `Kansas`, or citation form, `K.S.A.`)
    whose law is not loaded; then a hint to choose the loaded places it names."""
    missing = tuple(p for p in named if p not in catalog.jurisdictions)
    found = []
    if missing:
        found.append(notes.not_loaded_statement(catalog, missing))
    loaded = tuple(p for p in named if p in catalog.jurisdictions)
    scope = request.scope
    if loaded and not (scope.jurisdictions or scope.chapter or scope.source):
        found.append(notes.named_place_hint(catalog, loaded))
    return found


def _search_warnings(
    catalog: Catalog,
    request: StatuteSearchRequest,
    parsed: ParsedQuery,
    requested: int,
    limit: int,
) -> list[str]:
    found = []
    if request.scope.mixes_states(catalog):
        found.append(notes.no_jurisdiction_warning(catalog))
    if requested > limit:
        found.append(notes.limit_capped_warning(requested, limit))
    found.extend(notes.query_warnings(parsed))
    return found
