"""The fifty-state survey: one question, each jurisdiction's best-matching sections side by side.

A validated request in, a frozen result out; knows nothing of HTTP. The words run once, as
one grouped search (`SearchBackend.search_statutes_grouped`): an aggregation counts the
matches in every jurisdiction and the backend finds each one's best sections without one
search per state. Every jurisdiction the portal knows gets a row, so the answer is a whole
map of coverage: sections matched, no section matched (a miss, not an absence), not
searched (outside the chosen source), or not loaded.

The query runs as the statute search runs it (`search.statutes.shaping`). What a
jurisdiction's number means: its sections holding every typed word (and the phrases), counted
by a second aggregation (`count_every_word`), since any-of counts grow with every common word
("return" alone matches thousands); its rows are its best-ranked sections, which may hold
fewer of the words. The any-of count stays in `total`.
"""

from dataclasses import dataclass

from search.backends.registry import get_backend
from search.backends.statute_search import GroupedSearch, HitPage, TextSearch
from search.statutes.catalog import Catalog, SourceFacts, load_catalog
from search.statutes.citations.lookup import CITATION, UNLOADED, read_query
from search.statutes.rows import ROW_FIELDS, StatuteRow, row_from_hit
from search.statutes.scope import Scope, named_places
from search.statutes.search import notes
from search.statutes.search.service import (
    SEARCHED_FIELD,
    TIE_BREAK_FIELD,
    WORDS,
    ranking_headings,
    searched_headings,
)
from search.statutes.shaping import (
    ADDED_WEIGHT,
    TRANSLATED_WEIGHT,
    chapter_raise,
    definitions_lowered,
    heading_concepts,
    law_names_bonus,
    shaped_query,
    written_as_keywords,
)
from search.statutes.survey.request import (
    BY_NAME,
    PER_DEFAULT,
    PER_MAX,
    StatuteSurveyRequest,
)
from search.text.everyday_words import AddedTerm
from search.text.jurisdictions import FEDERAL, NAMES, jurisdiction_name
from search.text.query import DroppedTerm, NothingToSearch, ParsedQuery

GROUP_FIELD = "jurisdiction"
# What a row says about its jurisdiction.
MATCHED = "matched"
NO_MATCH = "no_match"
NOT_SEARCHED = "not_searched"
NOT_LOADED = "not_loaded"
STATUSES = (MATCHED, NO_MATCH, NOT_SEARCHED, NOT_LOADED)
# The data's statement for a whole code; any other statement means only part is loaded.
WHOLE_CODE = "whole code"


@dataclass(frozen=True)
class SurveyRow:
    """One jurisdiction of the survey: what happened there and its best sections.

    `total` is None where nothing was searched (not loaded, or outside the chosen source).
    """

    jurisdiction: str
    name: str
    status: str
    total: int | None
    results: tuple[StatuteRow, ...]
    # The data's coverage statements of its searched sources ('' when none was searched).
    coverage: str = ""
    housing_only: bool = False
    partial: bool = False
    # Sections with every typed word (and the phrases): the map's shade. None: not searched.
    all_words_total: int | None = None

    @property
    def best_score(self) -> float | None:
        """The score of its best section (None without one)."""
        return self.results[0].score if self.results else None


@dataclass(frozen=True)
class StatuteSurveyResult:
    """Everything the survey page, API and CSV show for one question."""

    q: str
    terms_searched: tuple[str, ...]
    terms_dropped: tuple[DroppedTerm, ...]
    total: int
    per: int
    sort: str
    scope: Scope
    stem: bool
    headings: bool
    rows: tuple[SurveyRow, ...]
    note: str
    coverage_note: str
    warnings: tuple[str, ...]
    explanations: tuple[str, ...]
    # Engine searches beyond the counting aggregation (the bench reports it).
    searches: int = 0
    # Keyword answers only: the result rows' template reads it as the statute search's.
    read_as: str = WORDS
    terms_added: tuple[AddedTerm, ...] = ()
    terms_translated: tuple[str, ...] = ()
    expand: bool = True

    def having(self, status: str) -> tuple[SurveyRow, ...]:
        """The rows with one status, in the result's order."""
        return tuple(row for row in self.rows if row.status == status)

    @property
    def matched(self) -> tuple[SurveyRow, ...]:
        return self.having(MATCHED)

    @property
    def searched(self) -> tuple[SurveyRow, ...]:
        """Rows of jurisdictions the words ran in (with or without a match)."""
        return tuple(row for row in self.rows if row.total is not None)


def survey_statutes(
    request: StatuteSurveyRequest, catalog: Catalog | None = None
) -> StatuteSurveyResult:
    """Run one survey; raises IndexUnavailable (no live index) or NothingToSearch."""
    catalog = catalog or load_catalog()
    parsed = request.parsed
    if parsed.is_empty:
        raise NothingToSearch(f"nothing left to search in {request.q!r}")
    parsed = shaped_query(parsed, request.q, request.scope, expand=request.expand)
    requested = request.per or PER_DEFAULT
    per = min(requested, PER_MAX)
    law = law_names_bonus(parsed, request.scope, catalog)
    spec = TextSearch(
        query=parsed,
        field=SEARCHED_FIELD,
        limit=per,
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
    grouped = GroupedSearch(spec, GROUP_FIELD, count_every_word=True)
    found = get_backend().search_statutes_grouped(grouped)
    rows = _ordered(_rows(catalog, request.scope, found.groups, found.every_word), request.sort)
    warnings = _warnings(catalog, request, parsed, requested, per)
    explanations = [
        notes.survey_note(per, notes.every_word_text(parsed)),
        notes.ranking_note(
            stem=request.stem,
            headings=request.headings,
            raised=spec.chapter_raise is not None,
            keywords=written_as_keywords(parsed),
            parts=law.parts,
            acts=law.acts,
        ),
        *notes.added_notes(parsed, expand=request.expand),
        *notes.survey_coverage_notes(
            [r.jurisdiction for r in rows if r.housing_only and r.total is not None],
            _partial_statements(catalog, request.scope, rows),
            [r.jurisdiction for r in rows if r.status == NOT_LOADED],
        ),
    ]
    if any(result.ends_at_colon for row in rows for result in row.results):
        explanations.append(notes.ENDS_AT_COLON_NOTE)
    return StatuteSurveyResult(
        q=request.q,
        terms_searched=tuple(parsed.terms_searched),
        terms_dropped=parsed.dropped,
        total=found.total,
        per=per,
        sort=request.sort,
        scope=request.scope,
        stem=request.stem,
        headings=request.headings,
        rows=rows,
        note=" ".join([*warnings, *explanations]),
        coverage_note=notes.coverage_note(catalog, request.scope),
        warnings=tuple(warnings),
        explanations=tuple(explanations),
        searches=found.searches,
        terms_added=parsed.added,
        terms_translated=parsed.translated,
        expand=request.expand,
    )


def _rows(
    catalog: Catalog, scope: Scope, groups: dict[str, HitPage], every_word: dict[str, int]
) -> list[SurveyRow]:
    """A row for every jurisdiction known or found, in no particular order."""
    searched: dict[str, list[SourceFacts]] = {}
    for source in scope.sources(catalog):
        for place in source.jurisdictions:
            searched.setdefault(place, []).append(source)
    rows = []
    for place in dict.fromkeys([*NAMES, *catalog.jurisdictions, *groups]):
        sources = searched.get(place, [])
        statements = tuple(dict.fromkeys(s.coverage for s in sources))
        page = groups.get(place)
        if page is not None:
            status, total = MATCHED, page.total
        elif sources:
            status, total = NO_MATCH, 0
        else:
            status = NOT_SEARCHED if place in catalog.jurisdictions else NOT_LOADED
            total = None
        rows.append(
            SurveyRow(
                jurisdiction=place,
                name=jurisdiction_name(place),
                status=status,
                total=total,
                results=tuple(
                    row_from_hit(rank, hit) for rank, hit in enumerate(page.hits, start=1)
                )
                if page
                else (),
                coverage="; ".join(statements),
                housing_only=bool(sources) and all(s.housing_only for s in sources),
                partial=any(not s.coverage.startswith(WHOLE_CODE) for s in sources),
                all_words_total=None if total is None else every_word.get(place, 0),
            )
        )
    return rows


def _ordered(rows: list[SurveyRow], sort: str) -> tuple[SurveyRow, ...]:
    """By name, federal law first; or by best score, then misses, not searched, not loaded."""

    def by_name(row: SurveyRow) -> tuple[bool, str]:
        return row.jurisdiction != FEDERAL, row.name.casefold()

    if sort == BY_NAME:
        return tuple(sorted(rows, key=by_name))
    return tuple(
        sorted(
            rows,
            key=lambda row: (
                STATUSES.index(row.status),
                -(row.best_score or 0.0),
                *by_name(row),
            ),
        )
    )


def _partial_statements(
    catalog: Catalog, scope: Scope, rows: tuple[SurveyRow, ...]
) -> dict[str, list[str]]:
    """Jurisdictions searched with only part of their code loaded, by the data's statement
    (housing-only ones are said on their own)."""
    partial = {r.jurisdiction for r in rows if r.partial and not r.housing_only}
    found: dict[str, list[str]] = {}
    for source in scope.sources(catalog):
        if source.coverage.startswith(WHOLE_CODE):
            continue
        for place in source.jurisdictions:
            if place in partial and place not in found.get(source.coverage, []):
                found.setdefault(source.coverage, []).append(place)
    return found


def _warnings(
    catalog: Catalog,
    request: StatuteSurveyRequest,
    parsed: ParsedQuery,
    requested: int,
    per: int,
) -> list[str]:
    found = []
    reading = read_query(request.q, catalog.grammar)
    if reading.kind in (CITATION, UNLOADED):
        found.append(notes.survey_citation_warning(reading.text))
    named = tuple(dict.fromkeys([*reading.places, *named_places(request.q)]))
    missing = tuple(p for p in named if p not in catalog.jurisdictions)
    if missing:
        found.append(notes.not_loaded_statement(catalog, missing))
    if requested > per:
        found.append(notes.per_capped_warning(requested, per))
    found.extend(notes.query_warnings(parsed))
    return found
