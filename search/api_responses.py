"""JSON responses shared by every API endpoint: `note` and `coverage_note` on each one.

The seeds' contract: every response, 200, 400, 404, 429 and 503 alike, carries `note` (how
to read it, or what went wrong) and `coverage_note` (what the searched sources cover).
"""

from collections.abc import Callable
from typing import Any

from django.http import JsonResponse

from search.outcomes import DONE, Outcome, SearchResult, bad_request_note, form_errors
from search.query import ParsedQuery

EMPTY_QUERY = ParsedQuery((), (), (), unclosed_quote=False, used_or=False)

BAD_REQUEST = "bad_request"
NOT_FOUND = "not_found"
INDEX_UNAVAILABLE = "index_unavailable"
ERROR_CODES = {400: BAD_REQUEST, 404: NOT_FOUND, 503: INDEX_UNAVAILABLE}
# For answers that searched nothing and cannot look at the sources (server errors, limits).
NOTHING_SEARCHED_COVERAGE_NOTE = (
    "Nothing was searched for this request, so no coverage applies to it. What the statute "
    "sources cover is listed at /api/sources; every paper search response states the paper "
    "coverage."
)


def api_response(
    payload: dict[str, Any], *, note: str, coverage_note: str, status: int = 200
) -> JsonResponse:
    """A JSON body with `note` and `coverage_note` always present."""
    body = {**payload, "note": note, "coverage_note": coverage_note}
    # Non-ASCII (§, —, é) stays readable; JSON escaping keeps `<script>` inert anyway.
    return JsonResponse(body, status=status, json_dumps_params={"ensure_ascii": False})


def api_error(
    status: int,
    error: str,
    *,
    note: str,
    coverage_note: str,
    errors: dict[str, list[str]] | None = None,
    **extra: Any,
) -> JsonResponse:
    """An error body: `error` (a code), per-parameter `errors`, `note`, `coverage_note`."""
    payload: dict[str, Any] = {"error": error, **extra}
    if errors is not None:
        payload["errors"] = errors
    return api_response(payload, note=note, coverage_note=coverage_note, status=status)


def invalid_form(form: object, coverage_note: str, **extra: Any) -> JsonResponse:
    """The 400 for a look-up form that did not validate: its errors, a note naming each."""
    errors = form_errors(form)
    return api_error(
        400, BAD_REQUEST, errors=errors, note=bad_request_note(errors),
        coverage_note=coverage_note, **extra,
    )  # fmt: skip


def terms_payload(parsed: ParsedQuery) -> dict[str, list[Any]]:
    """`terms_searched` and `terms_dropped` (each with its reason) of a parsed query."""
    return {
        "terms_searched": list(parsed.terms_searched),
        "terms_dropped": [{"term": d.term, "reason": d.reason} for d in parsed.dropped],
    }


def outcome_response[R: SearchResult](
    outcome: Outcome[R], payload: Callable[[R], dict[str, Any]], *, with_terms: bool = True
) -> JsonResponse:
    """A JSON answer: the payload when done, else the 400, 404 or 503 with both notes.

    Search answers (`with_terms`) name the terms searched and dropped even when nothing ran.
    """
    if outcome.state == DONE and outcome.result is not None:
        return api_response(
            payload(outcome.result), note=outcome.note, coverage_note=outcome.coverage_note
        )
    extra = terms_payload(outcome.parsed or EMPTY_QUERY) if with_terms else {}
    return api_error(
        outcome.status,
        ERROR_CODES.get(outcome.status, BAD_REQUEST),
        note=outcome.note,
        coverage_note=outcome.coverage_note,
        errors=outcome.errors or None,
        **extra,
    )
