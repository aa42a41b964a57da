"""JSON responses shared by every search API: `note` and `coverage_note` on each one.

The seeds' contract: every response, 200, 400, 404 and 503 alike, carries `note` (how to
read it, or what went wrong) and `coverage_note` (what the searched sources cover).
"""

from typing import Any

from django import forms
from django.http import JsonResponse

BAD_REQUEST = "bad_request"
NOT_FOUND = "not_found"
INDEX_UNAVAILABLE = "index_unavailable"


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


def form_errors(form: forms.Form) -> dict[str, list[str]]:
    """Form errors keyed by parameter name (`__all__` becomes `request`)."""
    return {
        ("request" if name == "__all__" else name): [str(m) for m in messages]
        for name, messages in form.errors.items()
    }


def bad_request_note(errors: dict[str, list[str]]) -> str:
    """One sentence per invalid parameter."""
    parts = [
        " ".join(msgs) if name == "request" else f"{name}: {' '.join(msgs)}"
        for name, msgs in errors.items()
    ]
    return "Bad request, nothing was searched. " + " ".join(parts)


def invalid_form(form: forms.Form, coverage_note: str, **extra: Any) -> JsonResponse:
    """The 400 for a form that did not validate: its errors, a note naming each, coverage."""
    errors = form_errors(form)
    return api_error(
        400,
        BAD_REQUEST,
        errors=errors,
        note=bad_request_note(errors),
        coverage_note=coverage_note,
        **extra,
    )
