"""JSON shapes of the statute API, with the seed's field names."""

from dataclasses import asdict
from typing import Any
from urllib.parse import urlencode

from django.urls import reverse

from search.answers.csv_answers import CONTENT_TYPE, ExportFile, csv_text, slug
from search.statutes.catalog import Catalog, SourceFacts
from search.statutes.chapters import Chapter
from search.statutes.citations.crossrefs import CrossRef
from search.statutes.citations.popular_names import OfferedName
from search.statutes.search.service import StatuteSearchResult
from search.statutes.sections.lookup import SectionDetail, SectionRef
from search.statutes.sections.service import SectionLookupResult
from search.statutes.survey.service import StatuteSurveyResult, SurveyRow
from search.text.everyday_words import AddedTerm
from search.text.suggest import suggestions_json

ROW_KEYS = (
    "id", "citation", "heading", "jurisdiction", "corpus", "source", "code_name", "title",
    "chapter", "section", "as_of", "url", "snippet", "rank", "score", "ends_at_colon",
    "matched_terms",
)  # fmt: skip


CSV_COLUMNS = (
    "rank", "citation", "heading", "jurisdiction", "corpus", "source", "as_of", "url", "score",
    "matched_terms", "id",
)  # fmt: skip


def search_payload(result: StatuteSearchResult) -> dict[str, Any]:
    """`/api/statute_search` body without note/coverage_note (added by api_response)."""
    keys = (*ROW_KEYS, "heading_marked") if result.headings else ROW_KEYS
    scope = result.scope
    return {
        "q": result.q,
        "read_as": result.read_as,
        "citation": result.citation,
        "citation_form": result.citation_form or None,
        "chapter": chapter_payload(result.chapter),
        "terms_searched": list(result.terms_searched),
        "terms_dropped": [{"term": d.term, "reason": d.reason} for d in result.terms_dropped],
        "terms_added": added_payload(result.terms_added),
        "terms_translated": list(result.terms_translated),
        "total": result.total,
        "limit": result.limit,
        "offset": result.offset,
        "next_offset": result.paging.next_offset,
        "rank_cap": result.rank_cap,
        "jurisdiction": result.jurisdiction,
        "jurisdictions": list(scope.jurisdictions),
        "source": scope.source,
        "title": scope.title,
        "include": list(scope.include),
        "stem": result.stem,
        "headings": result.headings,
        "expand": result.expand,
        "not_loaded": list(result.not_loaded),
        "citation_matches": [ref_payload(r) for r in result.citation_matches],
        "popular_names": [popular_name_payload(n) for n in result.popular_names],
        **suggestions_json(result.did_you_mean),
        "warnings": list(result.warnings),
        "results": [{key: _plain(getattr(row, key)) for key in keys} for row in result.results],
    }


SURVEY_CSV_COLUMNS = (
    "jurisdiction", "jurisdiction_name", "jurisdiction_total", "rank", "citation", "heading",
    "corpus", "source", "as_of", "url", "score", "matched_terms", "id",
)  # fmt: skip


def survey_payload(result: StatuteSurveyResult) -> dict[str, Any]:
    """`/api/statute_survey` body without note/coverage_note (added by api_response)."""
    keys = (*ROW_KEYS, "heading_marked") if result.headings else ROW_KEYS
    scope = result.scope
    return {
        "q": result.q,
        "terms_searched": list(result.terms_searched),
        "terms_dropped": [{"term": d.term, "reason": d.reason} for d in result.terms_dropped],
        "terms_added": added_payload(result.terms_added),
        "terms_translated": list(result.terms_translated),
        "total": result.total,
        "per": result.per,
        "sort": result.sort,
        "source": scope.source,
        "title": scope.title,
        "include": list(scope.include),
        "stem": result.stem,
        "headings": result.headings,
        "expand": result.expand,
        "jurisdictions_searched": len(result.searched),
        "jurisdictions_matched": len(result.matched),
        "warnings": list(result.warnings),
        "by_jurisdiction": [survey_row_payload(row, keys) for row in result.rows],
    }


def survey_row_payload(row: SurveyRow, keys: tuple[str, ...]) -> dict[str, Any]:
    """One jurisdiction of a survey: its status, count and best sections (search rows)."""
    return {
        "jurisdiction": row.jurisdiction,
        "name": row.name,
        "status": row.status,
        "total": row.total,
        "all_words_total": row.all_words_total,
        "coverage": row.coverage or None,
        "housing_only": row.housing_only,
        "results": [{key: _plain(getattr(r, key)) for key in keys} for r in row.results],
    }


def survey_csv_rows(result: StatuteSurveyResult) -> list[list[Any]]:
    """One line per section shown, jurisdiction by jurisdiction in the survey's order."""
    return [
        [
            row.jurisdiction,
            row.name,
            row.total,
            *(getattr(r, name) for name in SURVEY_CSV_COLUMNS[3:]),
        ]
        for row in result.rows
        for r in row.results
    ]


def survey_csv_filename(result: StatuteSurveyResult) -> str:
    """`statute-survey-<query>.csv`."""
    return f"statute-survey-{slug(result.q)}.csv"


def csv_rows(result: StatuteSearchResult) -> list[list[Any]]:
    """The result's rows as CSV_COLUMNS values."""
    return [[getattr(row, name) for name in CSV_COLUMNS] for row in result.results]


def csv_filename(result: StatuteSearchResult) -> str:
    """`statute-search-<query>-rows-21-40.csv`."""
    return f"statute-search-{slug(result.q)}-rows-{result.paging.first}-{result.paging.last}.csv"


def search_export(result: StatuteSearchResult, _format: str) -> ExportFile:
    """The page's rows as a CSV file (the one file a statute search exports)."""
    return ExportFile(csv_text(CSV_COLUMNS, csv_rows(result)), CONTENT_TYPE, csv_filename(result))


def survey_export(result: StatuteSurveyResult, _format: str) -> ExportFile:
    """The survey's lines as a CSV file (the one file a survey exports)."""
    body = csv_text(SURVEY_CSV_COLUMNS, survey_csv_rows(result))
    return ExportFile(body, CONTENT_TYPE, survey_csv_filename(result))


def popular_name_payload(named: OfferedName) -> dict[str, Any]:
    """An act the query names: its citations, each with the search that lists its sections."""
    return {
        "name": named.act.name,
        "area": named.act.area,
        "line": named.act.line,
        "citations": [
            {
                "citation": c.citation,
                "loaded": c.loaded,
                "url": f"{reverse('statute_search')}?{urlencode({'q': c.citation})}",
                "api_url": f"{reverse('api_statute_search')}?{urlencode({'q': c.citation})}",
            }
            for c in named.citations
        ],
    }


def added_payload(added: tuple[AddedTerm, ...]) -> list[dict[str, str]]:
    """Each added term with the everyday words it came from."""
    return [{"term": a.term, "from": a.source} for a in added]


def chapter_payload(chapter: Chapter | None) -> dict[str, Any] | None:
    """A chapter as the API names it."""
    if chapter is None:
        return None
    return {
        "source": chapter.source,
        "title": chapter.title,
        "chapter": chapter.chapter,
        "label": chapter.label,
        "sections": chapter.sections,
        "first": chapter.first,
        "last": chapter.last,
    }


def cross_reference_payload(
    body: str, refs: tuple[CrossRef, ...], targets: dict[str, SectionRef]
) -> list[dict[str, Any]]:
    """Each linked citation in a section's text: where, what it says, which section."""
    return [
        {
            "start": ref.start,
            "end": ref.end,
            "text": body[ref.start : ref.end],
            "id": ref.target,
            "citation": targets[ref.target].citation if ref.target in targets else None,
        }
        for ref in refs
    ]


def ref_payload(ref: SectionRef | None) -> dict[str, Any] | None:
    """A linkable section reference."""
    return None if ref is None else asdict(ref)


def section_payload(detail: SectionDetail) -> dict[str, Any]:
    """`/api/statute` body: the whole section, its metadata and chapter neighbours."""
    body = asdict(detail)
    body["previous"] = ref_payload(detail.previous)
    body["next"] = ref_payload(detail.next)
    return body


def section_lookup_payload(result: SectionLookupResult) -> dict[str, Any]:
    """`/api/statute` body: the whole section and the cross-references its text makes."""
    body = section_payload(result.detail)
    body["cross_references"] = cross_reference_payload(
        result.detail.body, result.links, result.targets
    )
    return body


def source_payload(catalog: Catalog, facts: SourceFacts) -> dict[str, Any]:
    """One source's coverage and the `title=` forms it accepts."""
    return {
        "code": facts.code,
        "search_code": facts.search_code,
        "name": facts.name,
        "corpus": facts.corpus,
        "jurisdictions": list(facts.jurisdictions),
        "code_names": list(facts.code_names),
        "as_of": facts.as_of,
        "as_of_values": list(facts.as_of_values),
        "section_count": facts.section_count,
        "coverage": facts.coverage,
        "searched_by_default": catalog.in_default_scope(facts),
        "title_field": "part" if facts.title_field == "chapter" else "title",
        "citation_forms": [form["example"] for form in facts.citation_forms],
        # title= applies only with source=, which takes regulation sources.
        "title_forms": list(facts.title_forms) if facts.search_code else [],
    }


def sources_payload(catalog: Catalog, only: SourceFacts | None, tool: str) -> dict[str, Any]:
    """`/api/sources` body: every source (or one) plus the default regulation sources."""
    chosen = (only,) if only else catalog.sources
    return {
        "tool": tool,
        "jurisdictions": list(catalog.jurisdictions),
        "jurisdictions_not_loaded": list(catalog.not_loaded_jurisdictions),
        "default_regulation_sources": [
            {"code": code, "loaded": code in catalog.by_code}
            for code in catalog.default_regulation_sources
        ],
        "sources": [source_payload(catalog, f) for f in chosen],
    }


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value
