"""Refusals at `/mcp` before any tool runs, as JSON-RPC errors the MCP client can show.

A client reads a non-2xx answer's JSON-RPC error (its message, and `data` with our `error`
code, `note` and `coverage_note`), where a bare HTTP status would reach the user as "server
returned an error". Kept free of the SDK and the tools, so the rate limiter and the error
handlers can import it.
"""

import json
from typing import Any

from django.http import JsonResponse

from search.answers.json_answers import NOTHING_SEARCHED_COVERAGE_NOTE

MCP_PATH = "/mcp"
PARSE_ERROR = -32700
INVALID_REQUEST = -32600  # JSON-RPC: the request cannot be served (auth, origin, limits)
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603
METHODS = "initialize, ping, tools/list and tools/call"
# The SDK's protocol errors in our words: (error code, note). Its own messages carry
# validation internals (pydantic's, with a link to its versioned docs) and no notes.
PROTOCOL_ERRORS: dict[int, tuple[str, str]] = {
    PARSE_ERROR: (
        "parse_error",
        "The message is not valid JSON, so nothing was run. Send one JSON-RPC 2.0 request "
        "object per POST, as UTF-8 JSON.",
    ),
    INVALID_REQUEST: (
        "invalid_request",
        "The message is not a JSON-RPC 2.0 request this server can read (one object with "
        '"jsonrpc": "2.0", an "id" and a "method"; batches are not taken), so nothing was run.',
    ),
    METHOD_NOT_FOUND: (
        "method_not_found",
        f"This server has no such method, so nothing was run. Its methods are {METHODS}.",
    ),
    INVALID_PARAMS: (
        "invalid_params",
        "The method's parameters are not what it takes, so nothing was run: tools/call takes "
        '"name" (a tool tools/list gives) and "arguments" (an object).',
    ),
    INTERNAL_ERROR: (
        "server_error",
        "The server failed to answer this message, and nothing was run. Try again; the "
        "server log has the details.",
    ),
}


def is_mcp_path(path: str) -> bool:
    """True for the MCP endpoint (with or without a trailing slash)."""
    return path.rstrip("/") == MCP_PATH


def jsonrpc_error(
    status: int,
    error: str,
    *,
    note: str,
    coverage_note: str = NOTHING_SEARCHED_COVERAGE_NOTE,
    **extra: Any,
) -> JsonResponse:
    """A JSON-RPC error body (id null: no request was read) with the API's two notes."""
    code = INTERNAL_ERROR if status >= 500 else INVALID_REQUEST
    data = {"error": error, "note": note, "coverage_note": coverage_note, **extra}
    body = {"jsonrpc": "2.0", "id": None, "error": {"code": code, "message": note, "data": data}}
    return JsonResponse(body, status=status, json_dumps_params={"ensure_ascii": False})


NOT_ACCEPTABLE = (
    "not_acceptable",
    "The client must accept JSON answers (Accept: application/json, text/event-stream), so "
    "nothing was run.",
)


def in_portal_words(body: bytes, status: int = 200) -> bytes | None:
    """A JSON-RPC error answer of the SDK rewritten with our code, `note` and `coverage_note`
    (None when `body` is no such answer, or already ours). An envelope the SDK could not
    read (no id) is an invalid request, whatever code the SDK gave it."""
    if b'"error"' not in body[:64]:  # a result, not an error: not parsed
        return None
    try:
        message = json.loads(body)
    except ValueError:
        return None
    error = message.get("error") if isinstance(message, dict) else None
    if not isinstance(error, dict) or isinstance(error.get("data"), dict):
        return None
    code = error.get("code")
    if code not in PROTOCOL_ERRORS or (code == INVALID_PARAMS and message.get("id") is None):
        code = INVALID_REQUEST
    name, note = NOT_ACCEPTABLE if status == 406 else PROTOCOL_ERRORS[code]
    if code == METHOD_NOT_FOUND and isinstance(error.get("data"), str):
        method = error["data"][:80]
        note = (
            f"This server has no method {method!r}, so nothing was run. Its methods are {METHODS}."
        )
    data = {"error": name, "note": note, "coverage_note": NOTHING_SEARCHED_COVERAGE_NOTE}
    rewritten = {**message, "error": {"code": code, "message": note, "data": data}}
    return json.dumps(rewritten, ensure_ascii=False).encode()
