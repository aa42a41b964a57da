"""What the statute search page shows beside the outcome: the mixing warning, the search's URL."""

from collections.abc import Mapping
from typing import Any
from urllib.parse import urlencode

from search.outcomes import Outcome
from search.statutes.forms import StatuteSearchForm
from search.statutes.service import StatuteSearchResult

# The search's own parameters, carried to section pages and back.
PARAMS = ("q", "jurisdiction", "source", "title", "limit")


def search_params(data: Mapping[str, Any]) -> str:
    """The non-empty search parameters of `data`, URL-encoded."""
    pairs = [(p, str(data.get(p) or "").strip()) for p in PARAMS]
    return urlencode([(name, value) for name, value in pairs if value])


def page_context(form: StatuteSearchForm, outcome: Outcome[StatuteSearchResult]) -> dict[str, Any]:
    """The template context of the search page for one outcome."""
    catalog = form.catalog
    source = catalog.resolve_source(str((form.data or {}).get("source") or ""))
    scope = catalog.scope(source=source.code if source else None)
    mixes = not form.known_jurisdiction() and len({j for s in scope for j in s.jurisdictions}) > 1
    return {
        "form": form,
        "page": outcome,
        "result": outcome.result,
        "mixes_states": mixes,
        "query_string": search_params(form.data or {}),
    }
