"""What the statute search page shows beside the outcome: its controls, links and warnings.

Links keep the search's parameters (`search_params`): to section pages and back, to the next
and previous page of rows, to the CSV of the rows shown, and to the section a citation names.
"""

from collections.abc import Mapping
from typing import Any
from urllib.parse import urlencode

from django.urls import reverse

from search.answers.csv_answers import CSV
from search.answers.fields import given_values, repeated_values, split_codes
from search.answers.paging import PagingLinks, paging_links
from search.answers.pipeline import Outcome
from search.statutes.search.forms import StatuteSearchForm
from search.statutes.search.service import WORDS, StatuteSearchResult
from search.text.jurisdictions import FEDERAL, NAMES, jurisdiction_name
from search.text.switches import FALSE_WORDS, TRUE_WORDS

# The search's own parameters, carried to section pages, paging links and back.
PARAMS = (
    "q", "jurisdiction", "source", "title", "include", "chapter", "limit", "stem", "headings",
    "expand", "words",
)  # fmt: skip
# Parameters that take several values; links write them comma-separated.
LIST_PARAMS = frozenset({"jurisdiction", "include"})
# What "compare across jurisdictions" carries to the survey (it runs in every jurisdiction).
SURVEY_KEEPS = ("q", "include", "stem", "headings", "expand")
SWITCHES = ("stem", "headings", "expand")
# The region paging links swap (and the anchor their plain links land on).
RESULTS = "#results"


def switches(data: Mapping[str, Any]) -> dict[str, bool]:
    """Which of the search's switches the request turned on (`exact`: expand=false)."""
    given = {name: str(data.get(name) or "").strip().lower() for name in SWITCHES}
    found = {name: given[name] in TRUE_WORDS for name in ("stem", "headings")}
    return found | {"exact": bool(given["expand"]) and given["expand"] in FALSE_WORDS}


def search_params(data: Mapping[str, Any], *names: str, **changes: object) -> str:
    """The non-empty search parameters of `data` (`names`, else all; lists comma-joined),
    URL-encoded, with `changes` applied (`offset=20`; None drops a parameter)."""
    pairs: dict[str, str] = {}
    for name in names or PARAMS:
        values = given_values(data, name)
        if values:
            pairs[name] = ",".join(values) if name in LIST_PARAMS else values[-1]
    for name, value in changes.items():
        if value is None or value == "":
            pairs.pop(name, None)
        else:
            pairs[name] = str(value)
    return urlencode(pairs)


def page_context(form: StatuteSearchForm, outcome: Outcome[StatuteSearchResult]) -> dict[str, Any]:
    """The template context of the search page for one outcome."""
    catalog = form.catalog
    data = form.data or {}
    asked = form.asked_jurisdictions()
    states = [j for j in asked if j != FEDERAL]
    result = outcome.result
    # A citation's answer names its own code: no mixing to warn about.
    cited = result is not None and result.read_as != WORDS
    mixes = not (cited or form.known_jurisdictions() or str(data.get("chapter") or "").strip())
    if mixes:
        source = catalog.resolve_source(str(data.get("source") or ""))
        places = {j for s in catalog.scope(source=source.code if source else None)
                  for j in s.jurisdictions}  # fmt: skip
        mixes = len(places) > 1
    included = set(split_codes(repeated_values(data, "include")))
    return {
        "form": form,
        "page": outcome,
        "result": result,
        "mixes_states": mixes,
        "query_string": search_params(data),
        "state": states[0] if states else (FEDERAL if asked == (FEDERAL,) else ""),
        "with_federal": FEDERAL in asked and bool(states),
        "federal_loaded": FEDERAL in catalog.jurisdictions,
        "extra_places": [
            {"code": j, "label": _label(j), "remove": _without(data, j)} for j in states[1:]
        ],
        "regulations": [
            {"code": code, "name": facts.name, "checked": code in included}
            for code, facts in catalog.regulation_codes.items()
        ],
        "switches": switches(data),
        "chapter_value": str(data.get("chapter") or "").strip(),
        "pages": paging(data, result) if result else None,
        "csv_url": csv_url(data, result) if result else "",
        "did_you_mean": did_you_mean(data, result),
        "survey_url": f"{reverse('statute_survey')}?{search_params(data, *SURVEY_KEEPS)}",
        "unloaded_asked": [
            _label(j) for j in asked if j in NAMES and j not in catalog.jurisdictions
        ],
    }


def did_you_mean(
    data: Mapping[str, Any], result: StatuteSearchResult | None
) -> dict[str, Any] | None:
    """The same search with the suggested words, as a link (None: nothing to suggest)."""
    hint = result.did_you_mean if result else None
    if hint is None:
        return None
    url = f"{reverse('statute_search')}?{search_params(data, q=hint.query)}"
    return {"url": url, "query": hint.query, "suggestions": hint.suggestions}


def paging(data: Mapping[str, Any], result: StatuteSearchResult) -> PagingLinks:
    """Previous/next page links of the rows shown, every parameter kept but `offset`."""
    base = reverse("statute_search")

    def url(offset: int | None) -> str:
        return f"{base}?{search_params(data, offset=offset)}"

    return paging_links(
        result.paging, total=result.total, size=result.limit, url=url, target=RESULTS
    )


def csv_url(data: Mapping[str, Any], result: StatuteSearchResult) -> str:
    """The rows shown, as the API's CSV file."""
    return (
        f"{reverse('api_statute_search')}?"
        f"{search_params(data, offset=result.offset or None, format=CSV)}"
    )


def jump_url(data: Mapping[str, Any], result: StatuteSearchResult) -> str | None:
    """The section page a citation opens, carrying the search (None: no single section)."""
    if result.jump is None:
        return None
    url = reverse("statute_section", args=[result.jump.id])
    return f"{url}?{search_params(data)}&cited=true"


def _label(code: str) -> str:
    return f"{jurisdiction_name(code)} ({code.upper()})"


def _without(data: Mapping[str, Any], code: str) -> str:
    """The search's URL without one of its jurisdictions."""
    kept = [j for j in split_codes(repeated_values(data, "jurisdiction")) if j != code]
    return f"{reverse('statute_search')}?{search_params(data, jurisdiction=','.join(kept))}"
