"""The MCP server of the portal, on the official SDK's low-level `Server`.

The SDK speaks the protocol (version negotiation of both protocol eras, JSON-RPC, tools/list
and tools/call framing); this module gives it the registry of `search.mcp.tools`. Tool bodies
are Django code (ORM, forms), so they run in a thread with `sync_to_async`: under the HTTP
view that is the request's own thread, which holds its database connection.
"""

import json
from collections.abc import Callable
from typing import Any

from asgiref.sync import sync_to_async
from django.db import close_old_connections
from mcp import types
from mcp.server.context import ServerRequestContext
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import MCPError

from search.answers.json_answers import NOTHING_SEARCHED_COVERAGE_NOTE, Answer
from search.mcp.tools import TOOLS, Principal, call_tool, input_schema
from search.ops.api_tokens import TokenRejected

SERVER_NAME = "law-papers-search"
SERVER_VERSION = "1.0"
INSTRUCTIONS = (
    "Keyword search over US statutes and regulations (statute_search, statute_survey for one "
    "question in every jurisdiction, statute, sources) and "
    "over arXiv paper passages (search_keyword, find_by_id). Matching is by words, not "
    "meaning; every result carries note (how to read it, warnings) and coverage_note (what "
    "was searched, as of when): read both before relying on a result."
)

TOKEN_REJECTED = "invalid_token"
UNKNOWN_TOOL = "unknown_tool"

# Who makes a request: the HTTP view's token user, or stdio's token checked again on each call.
# Called in the worker thread, so it may read the database; it raises TokenRejected.
PrincipalOf = Callable[[ServerRequestContext[Any, Any]], Principal]


def refusal(code: int, error: str, note: str) -> MCPError:
    """A JSON-RPC error in the portal's words, with both notes like every answer."""
    data = {"error": error, "note": note, "coverage_note": NOTHING_SEARCHED_COVERAGE_NOTE}
    return MCPError(code, note, data)


def tool_list(user: Principal) -> list[types.Tool]:
    """Every tool with its input schema, generated from the form that validates it."""
    return [
        types.Tool(
            name=spec.name,
            title=spec.title,
            description=spec.description(),
            input_schema=input_schema(spec, user),
            annotations=types.ToolAnnotations(
                read_only_hint=spec.read_only,
                destructive_hint=False,
                idempotent_hint=spec.read_only,
                open_world_hint=False,
            ),
        )
        for spec in TOOLS.values()
    ]


def tool_result(reply: Answer) -> types.CallToolResult:
    """The API's JSON body as the tool result: as text, and as structured content."""
    text = json.dumps(reply.body, ensure_ascii=False)
    return types.CallToolResult(
        content=[types.TextContent(type="text", text=text)],
        structured_content=reply.body,
        is_error=reply.is_error,
    )


def build_server(principal: PrincipalOf, *, own_connections: bool = False) -> Server[Any]:
    """The server; `own_connections`: close stale database connections around each call,
    as Django does around a request (stdio, which has no requests)."""

    def run[T](work: Callable[[], T]) -> T:
        if not own_connections:
            return work()
        close_old_connections()
        try:
            return work()
        finally:
            close_old_connections()

    async def as_principal[T](
        ctx: ServerRequestContext[Any, Any], work: Callable[[Principal], T]
    ) -> T:
        try:
            return await sync_to_async(run)(lambda: work(principal(ctx)))
        except TokenRejected as exc:
            raise refusal(
                types.INVALID_REQUEST, TOKEN_REJECTED, f"{exc} Nothing was run."
            ) from None

    async def list_tools(
        ctx: ServerRequestContext[Any, Any], params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        return types.ListToolsResult(tools=await as_principal(ctx, tool_list))

    async def call(
        ctx: ServerRequestContext[Any, Any], params: types.CallToolRequestParams
    ) -> types.CallToolResult:
        spec = TOOLS.get(params.name)
        if spec is None:
            raise refusal(
                types.INVALID_PARAMS, UNKNOWN_TOOL,
                f"No tool {params.name!r} here, so nothing was run. Tools: {', '.join(TOOLS)}.",
            )  # fmt: skip
        arguments = params.arguments or {}
        return tool_result(await as_principal(ctx, lambda user: call_tool(spec, arguments, user)))

    return Server(
        SERVER_NAME,
        version=SERVER_VERSION,
        instructions=INSTRUCTIONS,
        on_list_tools=list_tools,
        on_call_tool=call,
    )
