"""JSON API of the paper search: `/api/search_keyword` and `/api/paper`."""

from typing import Any

from django.http import HttpRequest, JsonResponse
from django.views.decorators.http import require_GET

from search.api_responses import (
    INDEX_UNAVAILABLE,
    NOT_FOUND,
    api_error,
    api_response,
    invalid_form,
)
from search.backends.base import IndexUnavailable
from search.papers.catalog import load_catalog
from search.papers.forms import PaperLookupForm, PaperSearchForm
from search.papers.lookup import by_arxiv_id, by_paper_id, by_title
from search.papers.notes import INDEX_UNAVAILABLE_NOTE
from search.papers.payloads import paper_payload, paper_summary, search_payload
from search.papers.service import search_papers

PAPER_NOTE = "The paper as loaded: metadata, licence, and its chunks in reading order."
TITLE_NOTE = (
    "{n} candidate(s) for this title: exact matches (ignoring case, accents and punctuation, "
    "exact_title=true) first, then papers whose title contains every word. Use arxiv_id= or "
    "paper_id= for the full paper with its chunks."
)
NOT_LOADED_NOTE = (
    "No loaded paper has {name}={value}. The paper may exist but not be in this corpus; "
    "try title= for a title search."
)


@require_GET
def search_keyword(request: HttpRequest) -> JsonResponse:
    """The seed's search_keyword: chunk-level BM25 search with filters and facets."""
    catalog = load_catalog()
    form = PaperSearchForm(request.GET, catalog=catalog, user=request.user)
    terms = form.terms_payload()
    if not form.is_valid():
        return invalid_form(form, catalog.coverage_note(), **terms)
    try:
        result = search_papers(form.to_request())
    except IndexUnavailable as exc:
        return _unavailable(exc, load_catalog().coverage_note(), **terms)
    return api_response(
        search_payload(result), note=result.note, coverage_note=result.coverage_note
    )


@require_GET
def paper(request: HttpRequest) -> JsonResponse:
    """Canonical look-up by `arxiv_id` (any version suffix) or `paper_id`; or `title` search."""
    coverage = load_catalog().coverage_note()
    form = PaperLookupForm(request.GET)
    if not form.is_valid():
        return invalid_form(form, coverage)
    data = form.cleaned_data
    if data["title"]:
        try:
            found = by_title(data["title"])
        except IndexUnavailable as exc:
            return _unavailable(exc, coverage)
        body = {"title": data["title"], "papers": [paper_summary(d) for d in found]}
        return api_response(body, note=TITLE_NOTE.format(n=len(found)), coverage_note=coverage)
    name = "arxiv_id" if data["arxiv_id"] else "paper_id"
    detail = by_arxiv_id(data[name]) if name == "arxiv_id" else by_paper_id(data[name])
    if detail is None:
        note = NOT_LOADED_NOTE.format(name=name, value=data[name])
        return api_error(404, NOT_FOUND, note=note, coverage_note=coverage)
    return api_response(paper_payload(detail), note=PAPER_NOTE, coverage_note=coverage)


def _unavailable(exc: IndexUnavailable, coverage: str, **extra: Any) -> JsonResponse:
    note = f"{INDEX_UNAVAILABLE_NOTE} ({exc.reason})"
    return api_error(503, INDEX_UNAVAILABLE, note=note, coverage_note=coverage, **extra)
