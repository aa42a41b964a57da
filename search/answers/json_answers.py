"""JSON responses shared by every API endpoint: `note` and `coverage_note` on each one.

The seeds' contract: every response, 200, 400, 404, 429 and 503 alike, carries `note` (how
to read it, or what went wrong) and `coverage_note` (what the searched sources cover). An
`Answer` is that body with its status, before the JSON API or an MCP tool sends it.
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import InterfaceError, OperationalError
from django.http import HttpResponse, JsonResponse
from django.utils.http import content_disposition_header

from search.answers.pipeline import (
    AMBIGUOUS,
    DONE,
    Outcome,
    SearchResult,
    bad_request_note,
    form_errors,
)
from search.text.query import ParsedQuery

EMPTY_QUERY = ParsedQuery((), (), (), unclosed_quote=False, used_or=False)

BAD_REQUEST = "bad_request"
NOT_FOUND = "not_found"
INDEX_UNAVAILABLE = "index_unavailable"
# The only look-up whose name can fit several loaded things is the section look-up's citation.
AMBIGUOUS_CITATION = "ambiguous_citation"
ERROR_CODES = {400: BAD_REQUEST, 404: NOT_FOUND, 503: INDEX_UNAVAILABLE}
# For answers that searched nothing and cannot look at the sources (server errors, limits).
NOTHING_SEARCHED_COVERAGE_NOTE = (
    "Nothing was searched for this request, so no coverage applies to it. What the statute "
    "sources cover is listed at /api/sources; every paper search response states the paper "
    "coverage."
)

# Errors that mean "the database is unreachable, locked or busy", not a bug in a query.
UNAVAILABLE_ERRORS = (OperationalError, InterfaceError)
RETRY_AFTER_SECONDS = 30
SERVER_ERROR_NOTE = (
    "The portal hit an internal error and nothing was searched. The error has been logged; "
    "try again, and report it if it persists."
)
DATABASE_UNAVAILABLE_NOTE = (
    "The portal's database is unavailable or busy, so nothing was searched. This is "
    f"temporary on our side, not a problem with your request: retry in {RETRY_AFTER_SECONDS} "
    "seconds."
)


@dataclass(frozen=True)
class Answer:
    """One API answer before it is sent: its HTTP status and its body, both notes included.

    The JSON API sends it as JSON (`json_response`); the MCP tools return the same body as a
    tool result, an error result when the status is 400 or more.
    """

    status: int
    body: dict[str, Any]

    @property
    def is_error(self) -> bool:
        """True for 4xx and 5xx answers."""
        return self.status >= 400


def answer(payload: dict[str, Any], *, note: str, coverage_note: str, status: int = 200) -> Answer:
    """A body with `note` and `coverage_note` always present."""
    return Answer(status, {**payload, "note": note, "coverage_note": coverage_note})


def error_answer(
    status: int,
    error: str,
    *,
    note: str,
    coverage_note: str,
    errors: dict[str, list[str]] | None = None,
    **extra: Any,
) -> Answer:
    """An error body: `error` (a code), per-parameter `errors`, `note`, `coverage_note`."""
    payload: dict[str, Any] = {"error": error, **extra}
    if errors is not None:
        payload["errors"] = errors
    return answer(payload, note=note, coverage_note=coverage_note, status=status)


def invalid_form(form: object, coverage_note: str, **extra: Any) -> Answer:
    """The 400 for a look-up form that did not validate: its errors, a note naming each."""
    errors = form_errors(form)
    return error_answer(
        400, BAD_REQUEST, errors=errors, note=bad_request_note(errors),
        coverage_note=coverage_note, **extra,
    )  # fmt: skip


def terms_payload(parsed: ParsedQuery) -> dict[str, list[Any]]:
    """`terms_searched` and `terms_dropped` (each with its reason) of a parsed query."""
    return {
        "terms_searched": list(parsed.terms_searched),
        "terms_dropped": [{"term": d.term, "reason": d.reason} for d in parsed.dropped],
    }


def outcome_answer[R: SearchResult](
    outcome: Outcome[R],
    payload: Callable[[R], dict[str, Any]],
    *,
    with_terms: bool = True,
    match_payload: Callable[[Any], object] | None = None,
) -> Answer:
    """The payload when done, else the 400, 404 or 503 with both notes.

    Search answers (`with_terms`) name the terms searched and dropped even when nothing ran;
    an ambiguous look-up lists its `matches`, each by `match_payload`.
    """
    if outcome.state == DONE and outcome.result is not None:
        return answer(
            payload(outcome.result), note=outcome.note, coverage_note=outcome.coverage_note
        )
    extra = terms_payload(outcome.parsed or EMPTY_QUERY) if with_terms else {}
    if outcome.matches and match_payload is not None:
        extra["matches"] = [match_payload(m) for m in outcome.matches]
    error = AMBIGUOUS_CITATION if outcome.state == AMBIGUOUS else None
    return error_answer(
        outcome.status,
        error or ERROR_CODES.get(outcome.status, BAD_REQUEST),
        note=outcome.note,
        coverage_note=outcome.coverage_note,
        errors=outcome.errors or None,
        **extra,
    )


def json_response(reply: Answer) -> JsonResponse:
    """An answer as the JSON API sends it."""
    # Non-ASCII (§, —, é) stays readable; JSON escaping keeps `<script>` inert anyway.
    return JsonResponse(reply.body, status=reply.status, json_dumps_params={"ensure_ascii": False})


def api_response(
    payload: dict[str, Any], *, note: str, coverage_note: str, status: int = 200
) -> JsonResponse:
    """`answer` as a JSON response."""
    return json_response(answer(payload, note=note, coverage_note=coverage_note, status=status))


def api_error(
    status: int,
    error: str,
    *,
    note: str,
    coverage_note: str,
    errors: dict[str, list[str]] | None = None,
    **extra: Any,
) -> JsonResponse:
    """`error_answer` as a JSON response."""
    return json_response(
        error_answer(status, error, note=note, coverage_note=coverage_note, errors=errors, **extra)
    )


def outcome_response[R: SearchResult](
    outcome: Outcome[R],
    payload: Callable[[R], dict[str, Any]],
    *,
    with_terms: bool = True,
    match_payload: Callable[[Any], object] | None = None,
) -> JsonResponse:
    """`outcome_answer` as a JSON response."""
    return json_response(
        outcome_answer(outcome, payload, with_terms=with_terms, match_payload=match_payload)
    )


def file_response(body: str, *, content_type: str, filename: str) -> HttpResponse:
    """A download: the body with its content type and an attachment file name."""
    response = HttpResponse(body, content_type=content_type)
    response["Content-Disposition"] = content_disposition_header(True, filename)
    return response
