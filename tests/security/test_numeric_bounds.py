"""Every number that reaches the engine is bounded by a form: offsets, limits, `per`,
`maxPerDocument` and run ids of every page, API and MCP tool, given numbers no page can
show (2^31 once aborted a worker: tantivy sized a 103 GB heap; 2^64 overflowed), answer a
form error on a page, a 400 with both notes in the API and a tool error with both over MCP.

The requests run in process on real tantivy indexes of the test corpus, so a number that
reached the engine unbounded would abort the test run itself; `test_served_workers_survive`
sends the same numbers to gunicorn and checks that no worker died.
"""

import json
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from django.contrib.auth.models import User
from django.test import Client

from search.backends.filters import Terms
from search.backends.registry import get_backend
from search.backends.statute_search import Listing, TextSearch
from search.text.query import parse_query
from tests.corpus import write_corpus
from tests.fuzz_report import FUZZ_CASES
from tests.served import gunicorn, manage, portal_env

pytestmark = pytest.mark.django_db

HUGE = ["2147483648", "9223372036854775808", "18446744073709551616", "1" + "0" * 30]
BAD = [*HUGE, "-1", "1e3", "nan"]
CHAPTER = "/sources/wa-stat/chapter/"
CHAPTER_PARAMS = {"title": "59", "chapter": "59-18"}
FACETS = "/papers/facets/"

# (path, the request's other parameters, its numeric parameters)
PAGES: list[tuple[str, dict[str, str], tuple[str, ...]]] = [
    (CHAPTER, CHAPTER_PARAMS, ("offset",)),
    ("/statutes/", {"q": "deposit"}, ("offset", "limit")),
    ("/statutes/", {"q": "RCW 59.18"}, ("offset", "limit")),  # a chapter citation: a listing
    ("/statutes/", {"q": "RCW 59.18.280"}, ("offset", "limit")),
    ("/statutes/survey/", {"q": "deposit"}, ("per",)),
    ("/papers/", {"query": "low-rank"}, ("offset", "limit", "maxPerDocument")),
    (FACETS, {"query": "low-rank"}, ("offset", "limit", "maxPerDocument")),
]
APIS: list[tuple[str, dict[str, str], tuple[str, ...]]] = [
    ("/api/statute_search", {"q": "deposit"}, ("offset", "limit")),
    ("/api/statute_search", {"q": "RCW 59.18"}, ("offset", "limit")),
    ("/api/statute_search", {"q": "deposit", "format": "csv"}, ("offset", "limit")),
    ("/api/statute_survey", {"q": "deposit"}, ("per",)),
    ("/api/search_keyword", {"query": "low-rank"}, ("offset", "limit", "maxPerDocument", "run_id")),
]  # fmt: skip
TOOLS: list[tuple[str, dict[str, Any], tuple[str, ...]]] = [
    ("statute_search", {"q": "deposit"}, ("offset", "limit")),
    ("statute_search", {"q": "RCW 59.18"}, ("offset", "limit")),
    ("statute_survey", {"q": "deposit"}, ("per",)),
    ("search_keyword", {"query": "low-rank"}, ("offset", "limit", "maxPerDocument", "run_id")),
]


def url(path: str, params: dict[str, str]) -> str:
    return f"{path}?{urlencode(params)}"


def assert_notes(body: dict[str, Any], where: str) -> None:
    for name in ("note", "coverage_note"):
        assert isinstance(body.get(name), str) and len(body[name].split()) >= 3, (where, body)


@pytest.fixture
def signed_in(client: Client, built_indexes: Path) -> Client:
    """A signed-in client: a run_id is then checked, not refused for want of a user."""
    client.force_login(User.objects.create_user("numbers", password=None))
    client.defaults["HTTP_SEC_FETCH_SITE"] = "same-origin"  # a run_id is then validated
    return client


def test_pages_answer_a_form_error_for_numbers_past_their_bound(signed_in: Client) -> None:
    for path, base, names in PAGES:
        for name in names:
            for value in BAD:
                where = url(path, {**base, name: value})
                response = signed_in.get(where)
                FUZZ_CASES["numbers: pages"] += 1
                assert response.status_code == 400, (where, response.status_code)
                html = response.content.decode()
                if path != FACETS:  # the facet panel, a partial, says why in a line
                    assert 'class="error panel" role="alert"' in html, where
                assert name in html, where
            # Empty is the box left blank: the default, as when the parameter is absent.
            empty = signed_in.get(url(path, {**base, name: ""}))
            FUZZ_CASES["numbers: pages"] += 1
            assert empty.status_code == signed_in.get(url(path, base)).status_code < 400


def test_the_chapter_page_names_the_bound_and_pages_inside_it(signed_in: Client) -> None:
    html = signed_in.get(url(CHAPTER, {**CHAPTER_PARAMS, "offset": HUGE[0]})).content.decode()
    assert "chapter 59.18 has" in html and "offset must be below" in html
    assert "The chapter&#x27;s first page" in html or "The chapter's first page" in html
    assert signed_in.get(url(CHAPTER, {**CHAPTER_PARAMS, "offset": "1"})).status_code == 200


def test_apis_answer_400_with_both_notes(signed_in: Client) -> None:
    for path, base, names in APIS:
        for name in names:
            for value in BAD:
                where = url(path, {**base, name: value})
                response = signed_in.get(where)
                FUZZ_CASES["numbers: apis"] += 1
                assert response.status_code == 400, (where, response.status_code)
                body = response.json()
                assert body["error"] == "bad_request" and name in body["errors"], where
                assert_notes(body, where)
            empty = signed_in.get(url(path, {**base, name: ""}))
            FUZZ_CASES["numbers: apis"] += 1
            assert empty.status_code == 200, url(path, {**base, name: ""})


def test_a_run_id_past_the_databases_integers_is_refused_on_its_page(signed_in: Client) -> None:
    for value in HUGE:
        FUZZ_CASES["numbers: pages"] += 1
        assert signed_in.get(f"/runs/{value}/").status_code == 404


def rpc_call(client: Client, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/call",
            "params": {"name": name, "arguments": arguments}}  # fmt: skip
    response = client.post(
        "/mcp", body, content_type="application/json",
        HTTP_ACCEPT="application/json, text/event-stream",
    )  # fmt: skip
    assert response.status_code == 200, response.content
    result: dict[str, Any] = response.json()["result"]
    return result


def test_mcp_tools_answer_a_tool_error_with_both_notes(client: Client, built_indexes: Path) -> None:
    # Numbers as JSON numbers where JSON has them, and as text (clients send both).
    values: list[Any] = [int(v) for v in HUGE] + [-1, *BAD]
    for tool, base, names in TOOLS:
        for name in names:
            for value in values:
                where = f"{tool} {name}={value!r}"
                result = rpc_call(client, tool, {**base, name: value})
                FUZZ_CASES["numbers: mcp tools"] += 1
                body = result["structuredContent"]
                assert result["isError"] is True and body["error"] == "bad_request", where
                assert name in body["errors"], where
                assert_notes(body, where)


def test_the_engine_never_sizes_a_window_past_the_index(built_indexes: Path) -> None:
    """Below the forms, the backend: an offset or limit past the version's documents comes
    back as an empty page with the match count, never as a heap of that size."""
    backend = get_backend()
    chapter = (Terms("chapter_ref", ("wa-stat|59|59-18",)),)
    listed = backend.list_statutes(Listing(chapter, limit=10))
    for offset in (2**31, 2**64, 10**30):
        page = backend.list_statutes(Listing(chapter, limit=10, offset=offset))
        assert page.hits == () and page.total == listed.total > 0
    huge = backend.list_statutes(Listing(chapter, limit=2**64))
    assert len(huge.hits) == listed.total
    deposit = parse_query("deposit", backend.tokenize)
    words = TextSearch(deposit, field="body", limit=2**64, tie_break="order")
    assert backend.search_statutes(words).total > 0
    far = TextSearch(deposit, field="body", limit=5, offset=2**64)
    assert backend.search_statutes(far).hits == ()


# --- a served portal: the same numbers, and every worker still the same process ----------------

CRASHERS = [
    url(CHAPTER, {**CHAPTER_PARAMS, "offset": v}) for v in HUGE
] + [
    url(path, {"q": "RCW 59.18", name: v})
    for path in ("/statutes/", "/api/statute_search") for name in ("offset", "limit") for v in HUGE
]  # fmt: skip


def workers(master: int) -> set[int]:
    """The gunicorn workers of this master (its child processes)."""
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    return {int(pid) for pid in children}


@pytest.mark.slow
def test_served_workers_survive_numbers_past_every_bound(tmp_path: Path) -> None:
    pid_file = tmp_path / "gunicorn.pid"
    env = portal_env(
        tmp_path, write_corpus(tmp_path / "data"), PORTAL_WEB_WORKERS="2",
        GUNICORN_CMD_ARGS=f"--pid {pid_file}",
    )  # fmt: skip
    steps = (("migrate",), ("collectstatic", "--noinput"), ("ingest_statutes",),
             ("ingest_papers",), ("reindex", "all"))  # fmt: skip
    for step in steps:
        manage(env, *step)
    with gunicorn(env, tmp_path / "gunicorn.log") as base:
        master = int(pid_file.read_text())
        before = workers(master)
        assert len(before) == 2
        for path in CRASHERS:
            FUZZ_CASES["numbers: served"] += 1
            try:
                with urllib.request.urlopen(base + path, timeout=30) as response:
                    status = response.status
            except urllib.error.HTTPError as exc:
                status = exc.code
            assert status == 400, (path, status)
        assert workers(master) == before, "a worker died or was replaced"
        with urllib.request.urlopen(base + "/healthz", timeout=10) as response:
            assert json.loads(response.read())["status"] == "ok"


def test_staff_pages_take_ids_and_page_numbers_past_every_bound(
    admin_client: Client, built_indexes: Path
) -> None:
    """The admin's change pages, list pages and build progress by any number: never a 5xx."""
    paths = [
        "/admin/search/indexbuild/{}/change/", "/admin/search/indexbuild/?p={}",
        "/admin/search/indexbuild/{}/progress/", "/admin/search/researchrun/{}/change/",
        "/admin/search/section/?p={}", "/admin/search/apitoken/{}/change/",
    ]  # fmt: skip
    for path in paths:
        for value in HUGE:
            FUZZ_CASES["numbers: pages"] += 1
            response = admin_client.get(path.format(value))
            assert response.status_code < 500, (path.format(value), response.status_code)
