"""`/mcp` protocol errors in the portal's words: a message that is no JSON, no JSON-RPC
request, a method or tool that does not exist, or parameters a method does not take, is a
JSON-RPC error with the portal's code, `note` and `coverage_note`, and nothing of the SDK's
internals (pydantic's messages, its versioned links). Fuzzed with hypothesis (counted in the
run's fuzz summary)."""

import json
from typing import Any

import pytest
from django.test import Client
from hypothesis import given
from hypothesis import strategies as st

from tests.fuzz_report import FUZZ, FUZZ_CASES

pytestmark = pytest.mark.django_db

ACCEPT = "application/json, text/event-stream"
SDK_WORDS = ("pydantic", "validation error", "input_value", "Field required", "union[")


def post(client: Client, body: bytes, accept: str = ACCEPT) -> Any:
    return client.post("/mcp", body, content_type="application/json", HTTP_ACCEPT=accept)


def assert_ours(response: Any, code: int, error: str) -> dict[str, Any]:
    text = response.content.decode()
    for word in SDK_WORDS:
        assert word.lower() not in text.lower(), text
    body = response.json()["error"]
    assert body["code"] == code and body["data"]["error"] == error, body
    assert body["message"] == body["data"]["note"]
    assert len(body["data"]["note"].split()) >= 5 and body["data"]["coverage_note"]
    data: dict[str, Any] = body["data"]
    return data


def rpc(**fields: Any) -> bytes:
    return json.dumps({"jsonrpc": "2.0", **fields}).encode()


def test_a_message_that_is_no_json_is_a_parse_error(client: Client) -> None:
    response = post(client, b"{not json")
    assert response.status_code == 400
    assert_ours(response, -32700, "parse_error")


@pytest.mark.parametrize(
    "body",
    [rpc(id=1), json.dumps([json.loads(rpc(id=1, method="tools/list"))]).encode(), b"[]", b"7"],
    ids=["no method", "a batch", "an empty batch", "a number"],
)
def test_a_message_that_is_no_request_is_an_invalid_request(client: Client, body: bytes) -> None:
    response = post(client, body)
    assert response.status_code == 400
    assert_ours(response, -32600, "invalid_request")


def test_a_method_not_offered_is_named_in_the_answer(client: Client) -> None:
    response = post(client, rpc(id=3, method="resources/list"))
    data = assert_ours(response, -32601, "method_not_found")
    assert "'resources/list'" in data["note"] and "tools/call" in data["note"]
    assert response.json()["id"] == 3


def test_parameters_a_method_does_not_take_are_invalid_params(client: Client) -> None:
    response = post(client, rpc(id=4, method="tools/call", params={"arguments": 5}))
    assert_ours(response, -32602, "invalid_params")


def test_an_unknown_tool_lists_the_tools(client: Client) -> None:
    response = post(client, rpc(id=5, method="tools/call", params={"name": "zz", "arguments": {}}))
    data = assert_ours(response, -32602, "unknown_tool")
    assert "'zz'" in data["note"] and "statute_search" in data["note"]


def test_a_client_that_takes_no_json_is_told_what_to_accept(client: Client) -> None:
    response = post(client, rpc(id=6, method="tools/list"), accept="text/html")
    assert response.status_code == 406
    assert "Accept" in assert_ours(response, -32600, "not_acceptable")["note"]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
messages = st.one_of(
    st.binary(max_size=120),
    json_values.map(lambda v: json.dumps(v).encode()),
    st.fixed_dictionaries(
        {
            "jsonrpc": st.sampled_from(["2.0", "1.0", 2]),
            "id": st.one_of(st.none(), st.integers(), st.text(max_size=5)),
        },
        optional={
            "method": st.one_of(
                st.sampled_from(["initialize", "ping", "tools/list", "tools/call", "x", ""]),
                st.text(max_size=12),
            ),
            "params": json_values,
        },
    ).map(lambda v: json.dumps(v).encode()),
)


@FUZZ
@given(body=messages)
def test_any_message_is_answered_in_our_words_or_served(client: Client, body: bytes) -> None:
    """Never a 5xx; every JSON-RPC error the server answers carries both notes."""
    FUZZ_CASES["mcp: protocol messages"] += 1
    response = post(client, body)
    assert response.status_code < 500, response.content[:300]
    if not response.content:
        return  # a notification: 202, no body
    answer = response.json()
    error = answer.get("error") if isinstance(answer, dict) else None
    if error is not None:
        assert error["data"]["note"] and error["data"]["coverage_note"], answer
        text = response.content.decode().lower()
        assert not any(word.lower() in text for word in SDK_WORDS), answer
