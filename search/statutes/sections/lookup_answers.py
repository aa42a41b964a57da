"""The section look-up and the sources statement as answers, for the JSON API and MCP alike.

`/api/statute` and `/api/sources` send these as JSON; the MCP tools `statute` and `sources`
return the same bodies, so the two doors cannot drift apart.
"""

from typing import Any

from django.conf import settings

from search.answers.json_answers import Answer, answer, invalid_form, outcome_answer
from search.statutes.browse.forms import SourcesForm
from search.statutes.catalog import load_catalog
from search.statutes.outcome import section_outcome
from search.statutes.payloads import ref_payload, section_lookup_payload, sources_payload
from search.statutes.search import notes
from search.statutes.sections.forms import SectionLookupForm

SOURCES_NOTE = (
    "title_forms lists the values title= accepts together with source=<search_code>; "
    "statute sources have no search_code: they are searched when source= is omitted and "
    "narrowed with jurisdiction=."
)


def section_answer(data: Any) -> Answer:
    """One whole section by `id` or `citation`; 400 when ambiguous, 404 when not loaded."""
    form = SectionLookupForm(data, catalog=load_catalog())
    return outcome_answer(
        section_outcome(form), section_lookup_payload, with_terms=False, match_payload=ref_payload
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
