"""Statute pages: the search (full page or htmx partial), one section, and the sources."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from search.statutes.browse.contents import chapter_page_context, contents_context, federal_titles
from search.statutes.browse.forms import ChapterPageForm
from search.statutes.catalog import load_catalog
from search.statutes.chapters import load_chapters
from search.statutes.chart import jurisdiction_chart
from search.statutes.outcome import statute_outcome, survey_outcome
from search.statutes.search.forms import StatuteSearchForm
from search.statutes.search.notes import coverage_note
from search.statutes.search.results_page import jump_url, page_context
from search.statutes.sections.forms import SectionPageForm
from search.statutes.sections.section_page import missing_section_context, section_context
from search.statutes.survey.forms import StatuteSurveyForm
from search.statutes.survey.survey_page import survey_context
from search.web.htmx import TRIGGER_HEADER, param_changed, typed, wants_partial

SEARCH_TEMPLATE = "statutes/search.html"
SURVEY_TEMPLATE = "statutes/survey.html"


@require_GET
@vary_on_headers("HX-Request", "HX-History-Restore-Request", TRIGGER_HEADER)
def statute_search(request: HttpRequest) -> HttpResponse:
    """The search form and results; htmx requests get the results partial.

    A citation naming one section opens it (a redirect; for htmx, HX-Redirect), except
    while the user is still typing: then the results offer it.
    """
    form = StatuteSearchForm(request.GET or None, catalog=load_catalog())
    outcome = statute_outcome(form, idle_ok=True)
    jump = jump_url(request.GET, outcome.result) if outcome.result else None
    if jump and not typed(request):
        if wants_partial(request):
            return HttpResponse(status=204, headers={"HX-Redirect": jump})
        return redirect(jump)
    context = page_context(form, outcome) | {"jump_url": jump}
    template = SEARCH_TEMPLATE
    if wants_partial(request):
        context["swap_title"] = param_changed(request, "source")
        template += "#swap"
    return render(request, template, context, status=outcome.status)


@require_GET
@vary_on_headers("HX-Request", "HX-History-Restore-Request")
def statute_survey(request: HttpRequest) -> HttpResponse:
    """One question in every jurisdiction: the map and each one's best sections; htmx
    requests get the results partial."""
    form = StatuteSurveyForm(request.GET or None, catalog=load_catalog())
    outcome = survey_outcome(form, idle_ok=True)
    template = SURVEY_TEMPLATE + ("#swap" if wants_partial(request) else "")
    return render(request, template, survey_context(form, outcome), status=outcome.status)


@require_GET
def section_page(request: HttpRequest, section_id: str) -> HttpResponse:
    """One whole section, with the search's words highlighted when reached from results.

    An id that is not loaded (removed or renumbered upstream, or mistyped) answers a 404
    page that offers a search for the citation instead; a search parameter past its bound,
    a 400 showing the section without it and saying so.
    """
    form = SectionPageForm(request.GET)
    context = section_context(section_id, form)
    if context is None:
        missing = missing_section_context(section_id)
        return render(request, "statutes/section_missing.html", missing, status=404)
    status = 400 if form.errors else 200
    return render(request, "statutes/section.html", context, status=status)


@require_GET
def source_contents(request: HttpRequest, source: str) -> HttpResponse:
    """A source's table of contents: titles, their chapters, section counts."""
    context = contents_context(load_catalog(), load_chapters(), source)
    if context is None:
        raise Http404(f"No source {source!r} is loaded.")
    return render(request, "statutes/contents.html", context)


@require_GET
def source_chapter(request: HttpRequest, source: str) -> HttpResponse:
    """One chapter's sections in code order, with a search within it."""
    form = ChapterPageForm(request.GET, table=load_chapters(), source=source)
    context = chapter_page_context(load_catalog(), form)
    if context is None:
        raise Http404("No such chapter is loaded.")
    status = 400 if form.errors else 200
    return render(request, "statutes/chapter.html", context, status=status)


@require_GET
def sources_page(request: HttpRequest) -> HttpResponse:
    """Every source with coverage, counts, as_of and title forms, and a chart per jurisdiction."""
    catalog = load_catalog()
    context = {
        "catalog": catalog,
        "chart": jurisdiction_chart(catalog),
        "coverage_note": coverage_note(catalog, full=True),
        "federal_titles": federal_titles(catalog, load_chapters()),
    }
    return render(request, "statutes/sources.html", context)
