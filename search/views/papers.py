"""Paper pages: the search (full page or htmx partial), one paper, entity suggestions."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from search.papers.catalog import load_catalog
from search.papers.forms import PaperSearchForm
from search.papers.lookup import by_paper_id
from search.papers.outcome import facets_outcome, paper_outcome
from search.papers.paper_page import highlighted_chunks
from search.papers.runs import runs_of
from search.papers.search_page import facets_context, page_context
from search.papers.vocabulary import get_vocabulary
from search.views.partials import wants_partial

SEARCH_TEMPLATE = "papers/search.html"
FACETS_TEMPLATE = "papers/_facets.html"


@require_GET
@vary_on_headers("HX-Request", "HX-History-Restore-Request")
def paper_search(request: HttpRequest) -> HttpResponse:
    """The search form and results; htmx requests get the results partial."""
    form = PaperSearchForm(request.GET or None, catalog=load_catalog(), user=request.user)
    outcome = paper_outcome(form, idle_ok=True)
    context = {**page_context(form, outcome), "runs": runs_of(request.user)}
    template = SEARCH_TEMPLATE + "#swap" if wants_partial(request) else SEARCH_TEMPLATE
    return render(request, template, context, status=outcome.status)


@require_GET
def paper_facets(request: HttpRequest) -> HttpResponse:
    """The facet panel of a search, loaded by the page after its rows (htmx)."""
    form = PaperSearchForm(request.GET, catalog=load_catalog(), user=request.user)
    outcome = facets_outcome(form)
    context = (
        facets_context(outcome.result.request, outcome.result.facets) if outcome.result else {}
    )
    return render(request, FACETS_TEMPLATE, {**context, "page": outcome}, status=outcome.status)


@require_GET
def paper_page(request: HttpRequest, paper_id: str) -> HttpResponse:
    """A paper's metadata and its chunks in order, the search's words marked when given."""
    detail = by_paper_id(paper_id)
    if detail is None:
        raise Http404("No paper with this id is loaded.")
    chunks = highlighted_chunks(detail, request.GET.get("query", ""), request.GET.get("match", ""))
    context = {"paper": detail, "chunks": chunks, "query": request.GET.get("query", "")}
    return render(request, "papers/paper.html", context)


@require_GET
def entity_suggestions(request: HttpRequest) -> HttpResponse:
    """`<option>`s of vocabulary entities for the last name typed in the entity box."""
    typed = request.GET.get("entities", "").rsplit(",", 1)[-1]
    entries = get_vocabulary().suggest(typed)
    return render(request, "papers/entity_options.html", {"entries": entries})
