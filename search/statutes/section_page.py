"""Context of the section page: the whole text, highlighted when reached from a search."""

from typing import Any

from django.http import QueryDict

from search.backends.registry import get_backend
from search.marks import HL_OPEN
from search.query import MAX_QUERY_CHARS
from search.statutes import notes
from search.statutes.catalog import load_catalog
from search.statutes.search_page import search_params
from search.statutes.sections import get_section
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
