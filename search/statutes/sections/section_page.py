"""Context of the section page: the whole text, highlighted when reached from a search."""

from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

from django.http import QueryDict
from django.urls import reverse

from search.backends.registry import get_backend
from search.statutes.browse.contents import crumbs
from search.statutes.catalog import load_catalog
from search.statutes.chapters import load_chapters
from search.statutes.search import notes
from search.statutes.search.request import parse_statute_query
from search.statutes.search.results_page import search_params
from search.statutes.sections.forms import CITED, SectionPageForm
from search.statutes.sections.lookup import MAX_CITATION_CHARS, get_section
from search.statutes.sections.section_text import section_html
from search.statutes.sections.service import cross_references
from search.text.jurisdictions import NAMES
from search.text.marks import HL_OPEN


def section_context(section_id: str, form: SectionPageForm) -> dict[str, Any] | None:
    """Everything section.html shows, or None when no such section is loaded."""
    detail = get_section(section_id)
    if detail is None:
        return None
    q, cited = form.value("q"), form.switch(CITED)
    parsed = parse_statute_query(q) if q and not cited else None
    marked = (
        get_backend().mark_text(detail.body, parsed, stem=form.switch("stem"))
        if parsed and not parsed.is_empty
        else None
    )
    catalog = load_catalog()
    links, targets = cross_references(section_id)
    # The search travels on to other sections (cross-references, neighbours) and back; from
    # a section a citation opened, as that citation's words (the search would open it again).
    params = form.carried()
    carried = search_params(params, words="true" if cited else None)
    return {
        "section": detail,
        "q": q,
        "cited": cited,
        "words_url": words_url(params) if cited else "",
        "terms": parsed.terms_searched if parsed else [],
        "body_html": section_html(detail.body, links, targets, _linker(carried), marked),
        "link_count": len(links),
        "highlight_count": marked.count(HL_OPEN) if marked else 0,
        "source_facts": catalog.by_code.get(detail.source),
        "crumbs": crumbs(catalog, load_chapters(), detail.source, detail.title, detail.chapter),
        "query_string": carried,
        "ends_at_colon_note": notes.ENDS_AT_COLON_NOTE,
        "ignored": form.ignored(),
    }


def words_url(params: QueryDict) -> str:
    """The search for a citation's words, as words (the page's 'search these words instead')."""
    query = search_params(params)
    return f"{reverse('statute_search')}?{query}{'&' if query else ''}words=true"


def _linker(query_string: str) -> Callable[[str], str]:
    """The URL of a cross-referenced section, carrying the search."""

    def url(section_id: str) -> str:
        page = reverse("statute_section", args=[section_id])
        return f"{page}?{query_string}" if query_string else page

    return url


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
