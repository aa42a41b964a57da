"""`/mcp` in process: JSON-RPC over POST through the SDK's transport inside our view; tool
errors carry both notes; refusals are JSON-RPC errors; runs follow the token's user."""

import json
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from search.models import ResearchRun, RunQuery
from search.papers.runs import create_run
from tests.token_support import issue_token

pytestmark = pytest.mark.django_db

ACCEPT = {"HTTP_ACCEPT": "application/json, text/event-stream"}


def rpc(client: Client, method: str, params: dict[str, Any] | None = None, **headers: str) -> Any:
    body: dict[str, Any] = {"jsonrpc": "2.0", "id": 7, "method": method}
    if params is not None:
        body["params"] = params
    return client.post("/mcp", body, content_type="application/json", **ACCEPT, **headers)


def call(client: Client, name: str, arguments: dict[str, Any], **headers: str) -> dict[str, Any]:
    response = rpc(client, "tools/call", {"name": name, "arguments": arguments}, **headers)
    assert response.status_code == 200, response.content
    result: dict[str, Any] = response.json()["result"]
    return result


def assert_tool_error(result: dict[str, Any], error: str) -> dict[str, Any]:
    body: dict[str, Any] = result["structuredContent"]
    assert result["isError"] is True and body["error"] == error
    assert body["note"] and body["coverage_note"]
    assert json.loads(result["content"][0]["text"]) == body
    return body


def test_initialize_names_the_server_and_offers_tools(client: Client) -> None:
    response = rpc(
        client, "initialize",
        {"protocolVersion": "2025-11-25", "capabilities": {},
         "clientInfo": {"name": "t", "version": "1"}},
    )  # fmt: skip
    result = response.json()["result"]
    assert result["serverInfo"]["name"] == "law-papers-search"
    assert result["protocolVersion"] == "2025-11-25" and "tools" in result["capabilities"]
    assert "note" in result["instructions"] and "coverage_note" in result["instructions"]


def test_get_and_delete_answer_405(client: Client) -> None:
    for response in (client.get("/mcp"), client.delete("/mcp")):
        assert response.status_code == 405 and response["Allow"] == "POST"
        assert response.json()["error"]["data"]["note"]


def test_a_page_on_another_origin_is_refused(client: Client) -> None:
    foreign = rpc(client, "tools/list", HTTP_ORIGIN="https://elsewhere.example")
    assert foreign.status_code == 403
    assert foreign.json()["error"]["data"]["error"] == "origin_refused"
    own = rpc(client, "tools/list", HTTP_ORIGIN="http://testserver")
    assert own.status_code == 200 and len(own.json()["result"]["tools"]) == 6


def test_a_missing_index_is_a_tool_error_not_zero_matches(client: Client) -> None:
    body = assert_tool_error(call(client, "statute_search", {"q": "landlord"}), "index_unavailable")
    assert "landlord" in body["terms_searched"]
    assert_tool_error(call(client, "search_keyword", {"query": "LoRA"}), "index_unavailable")


def test_invalid_input_is_a_tool_error_with_the_forms_messages(client: Client) -> None:
    body = assert_tool_error(call(client, "statute_search", {"q": "the"}), "bad_request")
    assert body["terms_dropped"] == [{"term": "the", "reason": "stop_word"}]
    assert "q" in body["errors"]
    body = assert_tool_error(
        call(client, "search_keyword", {"query": "x", "limit": 0}), "bad_request"
    )
    assert body["errors"]["limit"] == ["limit must be at least 1."]
    body = assert_tool_error(call(client, "statute", {}), "bad_request")
    assert "exactly one of id" in body["note"]


def test_an_unknown_tool_is_a_protocol_error(client: Client) -> None:
    response = rpc(client, "tools/call", {"name": "search", "arguments": {}})
    error = response.json()["error"]
    assert error["code"] == -32602 and "statute_search" in error["message"]


def test_run_id_needs_a_token(client: Client) -> None:
    run = create_run(User.objects.create_user("alice", password=None), "mine")
    body = assert_tool_error(
        call(client, "search_keyword", {"query": "LoRA", "run_id": run.pk}), "bad_request"
    )
    assert "API token" in body["errors"]["run_id"][0]


def test_a_run_is_attributed_to_the_tokens_user_and_a_foreign_run_refused(
    client: Client, built_indexes: Path
) -> None:
    alice = User.objects.create_user("alice", password=None)
    mine = create_run(alice, "mine")
    theirs = create_run(User.objects.create_user("bob", password=None), "theirs")
    auth = {"HTTP_AUTHORIZATION": f"Bearer {issue_token(alice, 'laptop').secret}"}
    result = call(client, "search_keyword", {"query": "LoRA", "run_id": str(mine.pk)}, **auth)
    assert result["isError"] is False and result["structuredContent"]["run_id"] == mine.pk
    recorded = RunQuery.objects.get(run=mine)
    assert recorded.tool == "search_keyword" and recorded.query == "LoRA"
    refused = call(client, "search_keyword", {"query": "LoRA", "run_id": theirs.pk}, **auth)
    assert "not one of your research runs" in assert_tool_error(refused, "bad_request")["note"]
    assert not ResearchRun.objects.get(pk=theirs.pk).queries.exists()


def test_statute_search_offers_the_acts_a_query_names(client: Client, statute_index: Path) -> None:
    result = call(client, "statute_search", {"q": "Fair Housing Act retaliation"})
    body = result["structuredContent"]
    assert result["isError"] is False and body["read_as"] == "words"
    [named] = body["popular_names"]
    assert named["name"] == "Fair Housing Act"
    assert [c["citation"] for c in named["citations"]] == [
        "42 U.S.C. §§ 3601-3619",
        "24 CFR part 100",
    ]
    assert named["citations"][0]["url"] == "/statutes/?q=42+U.S.C.+%C2%A7%C2%A7+3601-3619"
    assert "The query names Fair Housing Act" in body["note"]
