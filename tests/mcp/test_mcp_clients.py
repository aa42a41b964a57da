"""The tools through their own clients: the official `mcp` Python client against the portal
as gunicorn serves it (Streamable HTTP at /mcp) and against `manage.py mcp_stdio`.

One portal per module, on the test corpus: initialise, list the tools and check every input
schema against its form, call each tool with good input (the result is the JSON API's body
for the same parameters) and bad input (a tool error carrying both notes), attribute a search
to the token user's run and refuse another user's.
"""

import json
import sys
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

import anyio
import httpx2
import pytest
from django.contrib.auth.models import AnonymousUser
from mcp import Client, ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError
from mcp.types import CallToolResult

from search.mcp.tools import TOOLS, input_schema
from tests.corpus import write_corpus
from tests.served import BASE_DIR, gunicorn, manage, portal_env

pytestmark = pytest.mark.slow

SETUP = """
import json
from django.contrib.auth.models import User
from search.papers.runs import create_run
from tests.token_support import issue_token
alice = User.objects.create_user("alice", password=None)
bob = User.objects.create_user("bob", password=None)
print(json.dumps({
    "token": issue_token(alice, "assistant").secret,
    "bob_token": issue_token(bob, "bob's").secret,
    "run": create_run(alice, "LoRA survey").pk,
    "foreign_run": create_run(bob, "bob's run").pk,
}))
"""
QUERIES_OF_RUN = (
    "from search.models import RunQuery; print(RunQuery.objects.filter(run_id={}).count())"
)

# Each tool with good arguments, and the API path that answers the same parameters.
GOOD_CALLS: list[tuple[str, dict[str, Any], str]] = [
    ("statute_search", {"q": "landlord deposit", "jurisdiction": "wa", "limit": 3},
     "/api/statute_search"),
    ("statute_survey", {"q": "landlord deposit", "per": 2, "sort": "score"},
     "/api/statute_survey"),
    ("statute", {"id": "wa:statute:59.18.280"}, "/api/statute"),
    ("sources", {"source": "cfr"}, "/api/sources"),
    ("search_keyword", {"query": "low-rank", "categories": ["cs.CL", "cs.LG"], "facets": True,
                        "detail": "full", "limit": 5}, "/api/search_keyword"),
    ("find_by_id", {"arxiv_id": "2106.09685"}, "/api/paper"),
]  # fmt: skip
BAD_CALLS: list[tuple[str, dict[str, Any], str, str]] = [
    ("statute_search", {"q": "the"}, "/api/statute_search", "bad_request"),
    ("statute_search", {"q": "rent", "source": "zz"}, "/api/statute_search", "bad_request"),
    ("statute_survey", {"q": "deposit", "per": 0}, "/api/statute_survey", "bad_request"),
    ("statute", {"id": "wa:statute:no.such"}, "/api/statute", "not_found"),
    ("sources", {"tool": "search_keyword"}, "/api/sources", "bad_request"),
    ("search_keyword", {"query": "LoRA", "dateFrom": "soon"}, "/api/search_keyword",
     "bad_request"),
    ("find_by_id", {"arxiv_id": "9999.99999"}, "/api/paper", "not_found"),
    ("find_by_id", {}, "/api/paper", "bad_request"),
]  # fmt: skip


@dataclass(frozen=True)
class Portal:
    """The served portal, its environment, and who may call it."""

    base_url: str
    env: dict[str, str]
    token: str
    bob_token: str
    run: int
    foreign_run: int

    @property
    def mcp_url(self) -> str:
        return self.base_url + "/mcp"


@pytest.fixture(scope="module")
def portal(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Portal]:
    root = tmp_path_factory.mktemp("mcp")
    env = portal_env(
        root, write_corpus(root / "data"), PORTAL_WEB_WORKERS="1", PORTAL_WEB_THREADS="4"
    )
    for step in (("migrate",), ("ingest_statutes",), ("ingest_papers",), ("reindex", "all")):
        manage(env, *step)
    who = json.loads(manage(env, "shell", "-c", SETUP).strip().splitlines()[-1])
    with gunicorn(env, root / "gunicorn.log") as base:
        yield Portal(base, env, **who)


def run[T](scenario: Callable[[], Awaitable[T]]) -> T:
    """The scenario in an event loop of its own thread: the browser tests' session-wide
    Playwright keeps an event loop on the main thread, where anyio.run would refuse to start."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(anyio.run, scenario).result()


@asynccontextmanager
async def http_session(
    url: str, token: str | None = None, *, initialize: bool = True
) -> AsyncIterator[ClientSession]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    async with (
        httpx2.AsyncClient(headers=headers, timeout=30) as http,
        streamable_http_client(url, http_client=http) as (read, write),
        ClientSession(read, write) as session,
    ):
        if initialize:
            await session.initialize()
        yield session


async def refusal(call: Awaitable[object]) -> MCPError:
    """The MCP error a call ends with (raised inside the client's task groups)."""
    try:
        await call
    except MCPError as error:
        return error
    raise AssertionError("the call was not refused")


@asynccontextmanager
async def stdio_session(
    portal: Portal, token: str | None, errlog: TextIO = sys.stderr
) -> AsyncIterator[ClientSession]:
    env = {k: v for k, v in portal.env.items() if k != "PORTAL_MCP_TOKEN"}
    if token:
        env["PORTAL_MCP_TOKEN"] = token
    params = StdioServerParameters(
        command=sys.executable, args=["manage.py", "mcp_stdio"], env=env, cwd=str(BASE_DIR)
    )
    async with (
        stdio_client(params, errlog=errlog) as (read, write),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        yield session


def api(portal: Portal, path: str, arguments: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """The JSON API's answer to the same parameters (lists repeated, booleans as words)."""
    pairs = [
        (k, "true" if v is True else str(v))
        for k, value in arguments.items()
        for v in (value if isinstance(value, list) else [value])
    ]
    url = f"{portal.base_url}{path}?{urllib.parse.urlencode(pairs)}"
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def body_of(result: CallToolResult) -> dict[str, Any]:
    """The structured result, checked against its text twin."""
    assert result.structured_content == json.loads(result.content[0].text)  # type: ignore[union-attr]
    body: dict[str, Any] = result.structured_content
    assert body["note"] and body["coverage_note"]
    return body


@pytest.mark.django_db
def test_initialise_and_list_every_tool_with_its_forms_schema(portal: Portal) -> None:
    async def scenario() -> tuple[Any, Any]:
        async with http_session(portal.mcp_url) as session:
            return session.server_info, await session.list_tools()

    server, listed = run(scenario)
    assert server is not None and server.name == "law-papers-search"
    assert [tool.name for tool in listed.tools] == list(TOOLS)
    for tool in listed.tools:
        spec = TOOLS[tool.name]
        assert tool.input_schema == input_schema(spec, AnonymousUser()), tool.name
        assert tool.description == spec.description()
        assert tool.annotations is not None and tool.annotations.destructive_hint is False


def test_each_tool_answers_good_input_with_the_apis_body(portal: Portal) -> None:
    async def scenario() -> list[CallToolResult]:
        async with http_session(portal.mcp_url) as session:
            return [await session.call_tool(name, args) for name, args, _ in GOOD_CALLS]

    for (name, args, path), result in zip(GOOD_CALLS, run(scenario), strict=True):
        assert result.is_error is False, (name, result.content)
        status, expected = api(portal, path, args)
        assert status == 200 and body_of(result) == expected, name
    hits = body_of(run(scenario)[0])["results"]
    assert hits and all(h["jurisdiction"] == "wa" and "[hl]" in h["snippet"] for h in hits)


def test_each_tool_answers_bad_input_with_a_tool_error_carrying_both_notes(
    portal: Portal,
) -> None:
    async def scenario() -> list[CallToolResult]:
        async with http_session(portal.mcp_url) as session:
            return [await session.call_tool(name, args) for name, args, _, _ in BAD_CALLS]

    for (name, args, path, error), result in zip(BAD_CALLS, run(scenario), strict=True):
        assert result.is_error is True, (name, args)
        body = body_of(result)
        assert body["error"] == error, (name, args, body)
        status, expected = api(portal, path, args)
        assert status >= 400 and body == expected, (name, args)


def test_an_unknown_tool_is_a_protocol_error(portal: Portal) -> None:
    async def scenario() -> MCPError:
        async with http_session(portal.mcp_url) as session:
            return await refusal(session.call_tool("search", {"query": "x"}))

    error = run(scenario)
    assert error.code == -32602 and "statute_search" in error.message


def test_a_run_is_attributed_for_the_tokens_user_and_a_foreign_run_refused(
    portal: Portal,
) -> None:
    async def scenario(token: str | None) -> list[CallToolResult]:
        async with http_session(portal.mcp_url, token) as session:
            return [
                await session.call_tool("search_keyword", {"query": "LoRA", "run_id": run_id})
                for run_id in (str(portal.run), str(portal.foreign_run))
            ]

    def recorded() -> int:
        return int(manage(portal.env, "shell", "-c", QUERIES_OF_RUN.format(portal.run)).strip())

    before = recorded()
    mine, foreign = run(lambda: scenario(portal.token))
    assert mine.is_error is False and body_of(mine)["run_id"] == portal.run
    assert recorded() == before + 1
    assert foreign.is_error is True
    assert "not one of your research runs" in body_of(foreign)["errors"]["run_id"][0]
    # Bob may use his own token, but not Alice's run.
    bobs = run(lambda: scenario(portal.bob_token))
    assert [r.is_error for r in bobs] == [True, False]
    anonymous = run(lambda: scenario(None))
    assert all(r.is_error for r in anonymous)
    assert "API token" in body_of(anonymous[0])["errors"]["run_id"][0]
    assert recorded() == before + 1


def test_a_bad_token_is_refused_before_anything_runs(portal: Portal) -> None:
    async def scenario() -> MCPError:
        async with http_session(portal.mcp_url, "lps_not-a-token", initialize=False) as session:
            return await refusal(session.initialize())

    error = run(scenario)
    assert "token is unknown, revoked" in error.message
    assert error.data["error"] == "invalid_token" and error.data["coverage_note"]


def test_the_current_protocol_era_answers_too(portal: Portal) -> None:
    async def scenario() -> tuple[str | None, CallToolResult]:
        async with Client(portal.mcp_url) as client:
            result = await client.call_tool("statute", {"citation": "RCW 59.18.280"})
            return client.session.protocol_version, result

    version, result = run(scenario)
    assert version == "2026-07-28"
    assert result.is_error is False and body_of(result)["id"] == "wa:statute:59.18.280"


@pytest.mark.django_db
def test_stdio_serves_the_same_tools_and_runs(portal: Portal) -> None:
    async def scenario() -> tuple[Any, list[CallToolResult]]:
        async with stdio_session(portal, portal.token) as session:
            listed = await session.list_tools()
            calls = [
                ("statute_search", {"q": "landlord deposit", "jurisdiction": "wa", "limit": 3}),
                ("statute_search", {"q": "the"}),
                ("search_keyword", {"query": "LoRA", "run_id": str(portal.run)}),
                ("search_keyword", {"query": "LoRA", "run_id": str(portal.foreign_run)}),
            ]
            return listed, [await session.call_tool(name, args) for name, args in calls]

    listed, (good, bad, mine, foreign) = run(scenario)
    assert {t.name: t.input_schema for t in listed.tools} == {
        name: input_schema(spec, AnonymousUser()) for name, spec in TOOLS.items()
    }
    assert good.is_error is False
    assert body_of(good) == api(portal, "/api/statute_search", GOOD_CALLS[0][1])[1]
    assert bad.is_error is True and body_of(bad)["error"] == "bad_request"
    assert mine.is_error is False and body_of(mine)["run_id"] == portal.run
    assert foreign.is_error is True and "run_id" in body_of(foreign)["errors"]


def test_stdio_refuses_a_bad_token_at_start(portal: Portal, tmp_path: Path) -> None:
    log_path = tmp_path / "stderr.log"

    async def scenario() -> None:
        with log_path.open("w") as errlog:
            async with stdio_session(portal, "lps_not-a-token", errlog):
                pass

    with pytest.raises(Exception):  # noqa: B017 - the server exits, so the session fails
        run(scenario)
    assert "PORTAL_MCP_TOKEN: The API token is unknown, revoked" in log_path.read_text()
