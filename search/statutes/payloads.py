"""JSON shapes of the statute API, with the seed's field names."""

from dataclasses import asdict
from typing import Any

from search.statutes.catalog import Catalog, SourceFacts
from search.statutes.sections import SectionDetail, SectionRef
from search.statutes.service import StatuteSearchResult

ROW_KEYS = (
    "id", "citation", "heading", "jurisdiction", "corpus", "source", "code_name", "title",
    "chapter", "section", "as_of", "url", "snippet", "rank", "score", "ends_at_colon",
    "matched_terms",
)  # fmt: skip


def search_payload(result: StatuteSearchResult) -> dict[str, Any]:
    """`/api/statute_search` body without note/coverage_note (added by api_response)."""
    return {
        "q": result.q,
        "terms_searched": list(result.terms_searched),
        "terms_dropped": [{"term": d.term, "reason": d.reason} for d in result.terms_dropped],
        "total": result.total,
        "limit": result.limit,
        "jurisdiction": result.jurisdiction,
        "source": result.source,
        "title": result.title,
        "citation_matches": [ref_payload(r) for r in result.citation_matches],
        "warnings": list(result.warnings),
        "results": [{key: _plain(getattr(row, key)) for key in ROW_KEYS} for row in result.results],
    }


def ref_payload(ref: SectionRef | None) -> dict[str, Any] | None:
    """A linkable section reference."""
    return None if ref is None else asdict(ref)


def section_payload(detail: SectionDetail) -> dict[str, Any]:
    """`/api/statute` body: the whole section, its metadata and chapter neighbours."""
    body = asdict(detail)
    body["previous"] = ref_payload(detail.previous)
    body["next"] = ref_payload(detail.next)
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
