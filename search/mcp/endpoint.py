"""`/mcp`: the MCP Streamable HTTP endpoint, served by the portal's own WSGI workers.

Each POST is handed to the official SDK's Streamable HTTP transport in stateless mode with
JSON responses (the spec allows both): no session outlives the request, so any gunicorn
worker can answer any message and no thread is held open by an event stream. GET (the
optional server-to-client stream) and DELETE (ending a session) answer 405, as the spec
allows a server without them.

Who calls is the bearer token's owner, or nobody: the session cookie is never read here, so
a browser's sign-in cannot be borrowed by another site, and CSRF protection (which guards
cookies) does not apply. A browser page on another origin is refused by its Origin header.
"""

from collections.abc import MutableMapping
from typing import Any

from asgiref.sync import async_to_sync
from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest, HttpResponse
from mcp.server.context import ServerRequestContext
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager

from search.answers.same_origin import client_address, is_own_origin
from search.mcp.errors import in_portal_words, jsonrpc_error
from search.mcp.server import build_server
from search.mcp.tools import Principal
from search.ops.api_tokens import TokenRejected, bearer_secret, user_for_secret

USER_SCOPE_KEY = "portal.user"
ALLOWED_METHODS = "POST"
# Headers the transport sets that Django computes itself.
SKIPPED_RESPONSE_HEADERS = frozenset({"content-length", "transfer-encoding", "connection"})
TOKEN_REJECTED = "invalid_token"
ORIGIN_REFUSED = "origin_refused"
METHOD_NOT_ALLOWED = "method_not_allowed"


def _principal(ctx: ServerRequestContext[Any, Any]) -> Principal:
    scope = getattr(ctx.request, "scope", None) or {}
    user: Principal = scope.get(USER_SCOPE_KEY) or AnonymousUser()
    return user


SERVER = build_server(_principal)


def mcp_endpoint(request: HttpRequest) -> HttpResponse:
    """One MCP message (or batch) over Streamable HTTP, as the token's user or anonymously."""
    if request.method != "POST":
        response = jsonrpc_error(
            405, METHOD_NOT_ALLOWED,
            note="This endpoint takes MCP messages by POST only (stateless, JSON responses).",
        )  # fmt: skip
        response["Allow"] = ALLOWED_METHODS
        return response
    if not _origin_allowed(request):
        return jsonrpc_error(
            403, ORIGIN_REFUSED,
            note="Requests from a web page on another origin are refused (Origin header).",
        )  # fmt: skip
    user: Principal = AnonymousUser()
    secret = bearer_secret(request)
    if secret is not None:
        try:
            user = user_for_secret(secret)
        except TokenRejected as exc:
            response = jsonrpc_error(401, TOKEN_REJECTED, note=f"{exc} Nothing was run.")
            response["WWW-Authenticate"] = f'Bearer error="{TOKEN_REJECTED}"'
            return response
    return async_to_sync(_serve)(request, user)


def _origin_allowed(request: HttpRequest) -> bool:
    """No Origin (not a browser), our own origin, or one of CSRF_TRUSTED_ORIGINS."""
    origin = request.headers.get("Origin")
    if not origin:
        return True
    return is_own_origin(request, origin)


async def _serve(request: HttpRequest, user: Principal) -> HttpResponse:
    body = request.body
    headers = [
        (name.lower().encode("latin-1"), value.encode("latin-1", "replace"))
        for name, value in request.headers.items()
        if name.lower() != "content-length"
    ]
    headers.append((b"content-length", str(len(body)).encode("ascii")))
    scope: dict[str, Any] = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": request.scheme,
        "path": request.path,
        "raw_path": request.path.encode("utf-8"),
        "root_path": "",
        "query_string": request.META.get("QUERY_STRING", "").encode("latin-1", "replace"),
        "headers": headers,
        "client": (client_address(request) or "", 0),
        "server": (request.get_host(), int(request.get_port() or 0)),
        USER_SCOPE_KEY: user,
    }
    sent = False

    async def receive() -> dict[str, Any]:
        nonlocal sent
        if sent:
            return {"type": "http.disconnect"}
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    start: dict[str, Any] = {}
    chunks: list[bytes] = []

    async def send(message: MutableMapping[str, Any]) -> None:
        if message["type"] == "http.response.start":
            start.update(message)
        elif message["type"] == "http.response.body":
            chunks.append(message.get("body", b""))

    # A manager runs once: a fresh one per request, stateless, so nothing is kept between them.
    manager = StreamableHTTPSessionManager(app=SERVER, json_response=True, stateless=True)
    async with manager.run():
        await manager.handle_request(scope, receive, send)
    body, status = b"".join(chunks), int(start.get("status", 500))
    response = HttpResponse(in_portal_words(body, status) or body, status=status)
    for raw_name, raw_value in start.get("headers", []):
        name = raw_name.decode("latin-1")
        if name.lower() not in SKIPPED_RESPONSE_HEADERS:
            response[name] = raw_value.decode("latin-1")
    return response
