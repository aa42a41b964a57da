"""Context of the section page: the whole text, highlighted when reached from a search."""

from typing import Any
from urllib.parse import urlencode

from django.http import QueryDict
from django.urls import reverse

from search.backends.registry import get_backend
from search.jurisdictions import NAMES
from search.marks import HL_OPEN
from search.query import MAX_QUERY_CHARS
from search.statutes import notes
from search.statutes.catalog import load_catalog
from search.statutes.search_page import search_params
from search.statutes.sections import MAX_CITATION_CHARS, get_section
from search.statutes.service import parse_statute_query


def section_context(section_id: str, params: QueryDict) -> dict[str, Any] | None:
    """Everything section.html shows, or None when no such section is loaded."""
    detail = get_section(section_id)
    if detail is None:
        return None
    q = str(params.get("q") or "")[:MAX_QUERY_CHARS].strip()
    parsed = parse_statute_query(q) if q else None
    marked = (
        get_backend().mark_text(detail.body, parsed) if parsed and not parsed.is_empty else None
    )
    facts = load_catalog().by_code.get(detail.source)
    return {
        "section": detail,
        "q": q,
        "terms": parsed.terms_searched if parsed else [],
        "marked_body": marked,
        "highlight_count": marked.count(HL_OPEN) if marked else 0,
        "source_facts": facts,
        "query_string": search_params(params),
        "ends_at_colon_note": notes.ENDS_AT_COLON_NOTE,
    }


def missing_section_context(section_id: str) -> dict[str, Any]:
    """What the 'section not loaded' page offers: a statute search for the id's citation part.

    Ids are `<jurisdiction>:<kind>:<section>` or `<jurisdiction>:<kind>:<title>:<section>`
    (`nv:statute:118A.200`, `us:usc:42:1437f`); the jurisdiction narrows the search only
    when it is loaded.
    """
    parts = [p.strip() for p in section_id.split(":")]
    citation = " ".join(parts[2:] if len(parts) > 2 else parts[-1:])[:MAX_CITATION_CHARS].strip()
    place = parts[0].lower() if len(parts) > 2 else ""
    catalog = load_catalog()
    loaded = place in catalog.jurisdictions
    params = {"q": citation} | ({"jurisdiction": place} if loaded else {})
    return {
        "section_id": section_id,
        "citation": citation if any(c.isalnum() for c in citation) else "",
        "search_url": f"{reverse('statute_search')}?{urlencode(params)}",
        "searched_in": catalog.jurisdiction_label(place) if loaded else "",
        # A known jurisdiction with nothing loaded: the search has to run over all of them.
        "not_loaded": catalog.jurisdiction_label(place) if place in NAMES and not loaded else "",
    }
