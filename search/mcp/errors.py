"""Refusals at `/mcp` before any tool runs, as JSON-RPC errors the MCP client can show.

A client reads a non-2xx answer's JSON-RPC error (its message, and `data` with our `error`
code, `note` and `coverage_note`), where a bare HTTP status would reach the user as "server
returned an error". Kept free of the SDK and the tools, so the rate limiter and the error
handlers can import it.
"""

from typing import Any

from django.http import JsonResponse

from search.api_responses import NOTHING_SEARCHED_COVERAGE_NOTE

MCP_PATH = "/mcp"
INVALID_REQUEST = -32600  # JSON-RPC: the request cannot be served (auth, origin, limits)
INTERNAL_ERROR = -32603


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
