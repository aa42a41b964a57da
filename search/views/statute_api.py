"""JSON API of the statute search: `/api/statute_search`, `/api/statute`, `/api/sources`."""

from django.conf import settings
from django.http import HttpRequest, JsonResponse
from django.views.decorators.http import require_GET

from search.api_responses import (
    NOT_FOUND,
    api_error,
    api_response,
    invalid_form,
    outcome_response,
)
from search.statutes import notes
from search.statutes.catalog import Catalog, load_catalog
from search.statutes.forms import SectionLookupForm, SourcesForm, StatuteSearchForm
from search.statutes.outcome import statute_outcome
from search.statutes.payloads import ref_payload, search_payload, section_payload, sources_payload
from search.statutes.sections import SectionRef, get_by_citation, get_section

SOURCES_NOTE = (
    "title_forms lists the values title= accepts together with source=<search_code>; "
    "statute sources have no search_code: they are searched when source= is omitted and "
    "narrowed with jurisdiction=."
)


@require_GET
def statute_search(request: HttpRequest) -> JsonResponse:
    """Keyword search of statute and regulation sections."""
    form = StatuteSearchForm(request.GET, catalog=load_catalog())
    return outcome_response(statute_outcome(form, idle_ok=False), search_payload)


@require_GET
def statute(request: HttpRequest) -> JsonResponse:
    """One whole section by `id` or `citation`."""
    catalog = load_catalog()
    form = SectionLookupForm(request.GET)
    if not form.is_valid():
        return invalid_form(form, notes.coverage_note(catalog))
    candidates: tuple[SectionRef, ...] = ()
    if form.cleaned_data["id"]:
        detail = get_section(form.cleaned_data["id"])
    else:
        detail, candidates = get_by_citation(form.cleaned_data["citation"])
    if detail is None:
        return _lookup_miss(catalog, form.cleaned_data, candidates)
    coverage = notes.coverage_note(catalog, source=detail.source)
    note = "The whole section as loaded, with its metadata."
    if detail.ends_at_colon:
        note += " " + notes.ENDS_AT_COLON_NOTE
    return api_response(section_payload(detail), note=note, coverage_note=coverage)


def _lookup_miss(
    catalog: Catalog, asked: dict[str, str], candidates: tuple[SectionRef, ...]
) -> JsonResponse:
    coverage = notes.coverage_note(catalog)
    if candidates:
        return api_error(
            400,
            "ambiguous_citation",
            note=f"{len(candidates)} sections carry this citation; ask for one by id=.",
            coverage_note=coverage,
            matches=[ref_payload(r) for r in candidates],
        )
    what = f"id={asked['id']}" if asked["id"] else f"citation={asked['citation']}"
    return api_error(
        404,
        NOT_FOUND,
        note=(
            f"No loaded section has {what}. It may have been removed or renumbered upstream; "
            "a section not loaded may still exist in law."
        ),
        coverage_note=coverage,
    )


@require_GET
def sources(request: HttpRequest) -> JsonResponse:
    """The full coverage statement and, per source code, its coverage and title forms."""
    catalog = load_catalog()
    form = SourcesForm(request.GET, catalog=catalog)
    if not form.is_valid():
        return invalid_form(form, notes.coverage_note(catalog))
    only = form.cleaned_data["source"]
    coverage = notes.coverage_note(catalog)
    if only is not None:
        coverage = f"{only.describe()}. {coverage}"
    payload = sources_payload(catalog, only, form.cleaned_data["tool"])
    payload["limit_default"] = settings.PORTAL_STATUTE_LIMIT_DEFAULT
    payload["limit_max"] = settings.PORTAL_STATUTE_LIMIT_MAX
    return api_response(payload, note=SOURCES_NOTE, coverage_note=coverage)
