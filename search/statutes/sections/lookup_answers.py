"""The section look-up and the sources statement as answers, for the JSON API and MCP alike.

`/api/statute` and `/api/sources` send these as JSON; the MCP tools `statute` and `sources`
return the same bodies, so the two doors cannot drift apart.
"""

from typing import Any

from django.conf import settings

from search.answers.json_answers import NOT_FOUND, Answer, answer, error_answer, invalid_form
from search.statutes.browse.forms import SourcesForm
from search.statutes.catalog import Catalog, load_catalog
from search.statutes.citations.lookup import citation_keys
from search.statutes.payloads import (
    cross_reference_payload,
    ref_payload,
    section_payload,
    sources_payload,
)
from search.statutes.search import notes
from search.statutes.sections.forms import SectionLookupForm
from search.statutes.sections.lookup import SectionRef, get_by_citation, get_section
from search.statutes.sections.section_page import cross_references

SOURCES_NOTE = (
    "title_forms lists the values title= accepts together with source=<search_code>; "
    "statute sources have no search_code: they are searched when source= is omitted and "
    "narrowed with jurisdiction=."
)
SECTION_NOTE = (
    "The whole section as loaded, with its metadata and the cross-references its text makes "
    "to loaded sections."
)


def section_answer(data: Any) -> Answer:
    """One whole section by `id` or `citation`; 400 when ambiguous, 404 when not loaded."""
    catalog = load_catalog()
    form = SectionLookupForm(data)
    if not form.is_valid():
        return invalid_form(form, notes.coverage_note(catalog))
    candidates: tuple[SectionRef, ...] = ()
    if form.cleaned_data["id"]:
        detail = get_section(form.cleaned_data["id"])
    else:
        text = form.cleaned_data["citation"]
        detail, candidates = get_by_citation(text, citation_keys(text, catalog))
    if detail is None:
        return _lookup_miss(catalog, form.cleaned_data, candidates)
    coverage = notes.coverage_note(catalog, source=detail.source)
    note = SECTION_NOTE
    if detail.ends_at_colon:
        note += " " + notes.ENDS_AT_COLON_NOTE
    links, targets = cross_references(detail.id)
    payload = section_payload(detail)
    payload["cross_references"] = cross_reference_payload(detail.body, links, targets)
    return answer(payload, note=note, coverage_note=coverage)


def _lookup_miss(
    catalog: Catalog, asked: dict[str, str], candidates: tuple[SectionRef, ...]
) -> Answer:
    coverage = notes.coverage_note(catalog)
    if candidates:
        return error_answer(
            400,
            "ambiguous_citation",
            note=f"{len(candidates)} sections carry this citation; ask for one by id=.",
            coverage_note=coverage,
            matches=[ref_payload(r) for r in candidates],
        )
    what = f"id={asked['id']}" if asked["id"] else f"citation={asked['citation']}"
    return error_answer(
        404,
        NOT_FOUND,
        note=(
            f"No loaded section has {what}. It may have been removed or renumbered upstream; "
            "a section not loaded may still exist in law."
        ),
        coverage_note=coverage,
    )


def sources_answer(data: Any) -> Answer:
    """The full coverage statement and, per source code, its coverage and title forms."""
    catalog = load_catalog()
    form = SourcesForm(data, catalog=catalog)
    if not form.is_valid():
        return invalid_form(form, notes.coverage_note(catalog))
    only = form.cleaned_data["source"]
    coverage = notes.coverage_note(catalog, full=True)
    if only is not None:
        coverage = f"{only.describe()}. {coverage}"
    payload = sources_payload(catalog, only, form.cleaned_data["tool"])
    payload["limit_default"] = settings.PORTAL_STATUTE_LIMIT_DEFAULT
    payload["limit_max"] = settings.PORTAL_STATUTE_LIMIT_MAX
    return answer(payload, note=SOURCES_NOTE, coverage_note=coverage)
