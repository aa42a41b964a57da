"""Paper pages: the search (full page or htmx partial), look-up, one paper, entity suggestions."""

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.views.decorators.http import require_GET, require_http_methods
from django.views.decorators.vary import vary_on_headers

from search.papers.catalog import load_catalog
from search.papers.forms import PaperLookupForm, PaperSearchForm
from search.papers.lookup import TITLE, by_paper_id
from search.papers.outcome import facets_outcome, lookup_outcome, paper_outcome
from search.papers.paper_page import paper_context
from search.papers.results_page import facets_context, page_context, page_url
from search.papers.runs import runs_of
from search.papers.vocabulary import get_vocabulary
from search.web.htmx import wants_partial

SEARCH_TEMPLATE = "papers/search.html"
FACETS_TEMPLATE = "papers/_facets.html"


@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request", "HX-History-Restore-Request")
def paper_search(request: HttpRequest) -> HttpResponse:
    """The search form and results; htmx requests get the results partial. Typing searches
    with GET and never writes; a submitted search (Enter, the button) is a POST (CSRF
    checked) that is recorded in the chosen research run, then shown at its GET URL."""
    submitted = request.method == "POST"
    data = request.POST if submitted else request.GET or None
    form = PaperSearchForm(data, catalog=load_catalog(), user=request.user, record=submitted)
    outcome = paper_outcome(form, idle_ok=True)
    shown_at = page_url(outcome.result.request) if submitted and outcome.result else None
    if shown_at and not wants_partial(request):
        return HttpResponseRedirect(shown_at, status=303)  # without JavaScript: POST, GET
    context = {**page_context(form, outcome), "runs": runs_of(request.user)}
    template = SEARCH_TEMPLATE + "#swap" if wants_partial(request) else SEARCH_TEMPLATE
    response = render(request, template, context, status=outcome.status)
    if shown_at:
        response["HX-Push-Url"] = shown_at  # Back returns to the search submitted before
    return response


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
def paper_lookup(request: HttpRequest) -> HttpResponse:
    """Canonical look-up from the page: a paper by arXiv id opens its page; a title lists the
    candidates (exact titles first)."""
    form = PaperLookupForm(request.GET or None, catalog=load_catalog())
    outcome = lookup_outcome(form) if form.is_bound else None
    if outcome and outcome.result and outcome.result.lookup.by != TITLE:
        return HttpResponseRedirect(outcome.result.papers[0].page_url)
    status = outcome.status if outcome else 200
    return render(request, "papers/lookup.html", {"form": form, "page": outcome}, status=status)


@require_GET
def paper_page(request: HttpRequest, paper_id: str) -> HttpResponse:
    """A paper's metadata, its citation and its chunks in order, the search's words marked."""
    detail = by_paper_id(paper_id)
    if detail is None:
        raise Http404("No paper with this id is loaded.")
    context = paper_context(detail, request.GET, request.build_absolute_uri)
    return render(request, "papers/paper.html", context)


@require_GET
def entity_suggestions(request: HttpRequest) -> HttpResponse:
    """`<option>`s of vocabulary entities for the last name typed in the entity box."""
    typed = request.GET.get("entities", "").rsplit(",", 1)[-1]
    entries = get_vocabulary().suggest(typed)
    return render(request, "papers/entity_options.html", {"entries": entries})
