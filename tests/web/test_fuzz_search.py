"""Search fuzz (hypothesis): every parameter of both searches, API and page, with hostile input.

Invariants: never a 5xx; every API answer is JSON with a human-readable `note` and
`coverage_note` (400s included); a page answering 400 shows the form's errors. The number of
generated requests is printed at the end (`fuzz cases run`).
"""

import json
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote, urlencode

import pytest
from django.test import Client
from hypothesis import example, given
from hypothesis import strategies as st

from tests.fuzz_report import FUZZ, FUZZ_CASES

pytestmark = pytest.mark.django_db


STATUTE_PARAMS = (
    "q", "jurisdiction", "source", "title", "limit", "include", "chapter", "offset", "stem",
    "headings", "words", "format",
)  # fmt: skip
SURVEY_PARAMS = (
    "q", "per", "sort", "source", "title", "include", "stem", "headings", "format",
)  # fmt: skip
PAPER_PARAMS = (
    "query", "match", "limit", "dateFrom", "dateTo", "categories", "contentType", "entities",
    "detail", "facets", "diversifyBy", "maxPerDocument", "run_id", "offset", "sort", "authors",
    "format",
)  # fmt: skip
# What a successful export answers with instead of JSON.
FILE_TYPES = ("text/csv", "application/x-bibtex")

# Inputs people (and attackers) really send: engine syntax, SQL, markup, odd numbers and dates.
NASTY = [
    "", " ", "\t\n", "\x00", "\x00landlord", "\x1b[31m", "\u202e", "\ufeff", "\ud7ff", "🏠",
    '"', '"unclosed phrase', '""', '" "', "'", "`", "\\", "\\\"", "((", "))", "[", "]", "{", "}",
    "title:landlord", "body:deposit", "landlord AND tenant", "a OR b", "NOT x", "+a -b", "a*",
    "?", "~2", "landlord~", "deposit^10", "[1 TO 5]", "{a TO b}", "/regex.*/", "*:*", ":",
    "' OR 1=1 --", "'; DROP TABLE search_section; --", "%", "_", "%%", "1; SELECT pg_sleep(5)",
    "<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "javascript:alert(1)",
    "-1", "0", "1", "50", "51", "100", "101", "-0", "+5", "1e3", "1.5", "0x10", "NaN", "inf",
    "99999999999999999999999999", "-99999999999999999999", " 7 ", "٣", "²",
    "2025-01-01", "2025-02-30", "2025-13-01", "2025-00-10", "0000-01-01", "9999-12-31",
    "10000-01-01", "2025", "2025-6", "2025-06-01T25:00:00", "2025-06-01T10:00:00+99:00",
    "yesterday", "01/02/2025", "true", "false", "yes", "on", "maybe",
    "ks", "us", "wa", "cfr", "ks-kar", "KS", "cs.CL", "cs.LG", "methodology", "results",
    "LoRA", "lora", "SQuAD", "document", "keyConcept", "contentType", "minimal", "full",
    "all_words", "any_words", "phrase", "relevance", "newest", "oldest", "csv", "bibtex", "json",
    "2106.09685", "arXiv:2106.09685v2", "hep-th/9901001", "2501.99999", "Lin Mu", "García",
    "...", "-", "https://arxiv.org/abs/2503.00003",
    "wa,us", "wa,ks", "59.18", "59-18", "RCW 59.18.280", "RCW 59.18", "§ 83.49",
    "42 USC 1437f", "12 C.F.R. § 1024.17", "K.S.A. 58-2550", "Kansas", "20", "999",
]  # fmt: skip

values = st.one_of(
    st.sampled_from(NASTY),
    st.text(max_size=60),
    st.text(alphabet=st.characters(codec="utf-8"), min_size=1, max_size=30).map(
        lambda s: " ".join([s] * 3)
    ),
    st.integers().map(str),
    st.sampled_from(["a " * 2000, "landlord " * 500, "x" * 20000, "§" * 5000]),
)


def query_pairs(known: tuple[str, ...]) -> st.SearchStrategy[list[tuple[str, str]]]:
    """Known parameters (sometimes repeated) and unknown ones, with hostile values."""
    names = st.one_of(
        st.sampled_from(known),
        st.sampled_from(known),
        st.text(min_size=1, max_size=12),
        st.sampled_from(["Q", "LIMIT", "q[]", "query[0]", "__proto__", "csrfmiddlewaretoken"]),
    )
    return st.lists(st.tuples(names, values), max_size=8)


def assert_api_contract(response: object, where: str) -> None:
    status = response.status_code  # type: ignore[attr-defined]
    assert status < 500, f"{where}: {status} {response.content[:500]!r}"  # type: ignore[attr-defined]
    if status == 200 and response["Content-Type"].startswith(FILE_TYPES):  # type: ignore[index]
        assert "attachment; filename=" in response["Content-Disposition"]  # type: ignore[index]
        return
    body = json.loads(response.content)  # type: ignore[attr-defined]
    for name in ("note", "coverage_note"):
        assert isinstance(body.get(name), str), f"{where}: no {name}: {body}"
        # Human-readable: a sentence with words, not a code or a dump.
        assert len(body[name].split()) >= 3, f"{where}: {name}={body[name]!r}"
    if status == 400:
        assert body.get("error"), f"{where}: 400 without an error code: {body}"


def assert_page_contract(response: object, where: str) -> None:
    status = response.status_code  # type: ignore[attr-defined]
    assert status < 500, f"{where}: {status} {response.content[:500]!r}"  # type: ignore[attr-defined]
    if status == 400:
        html = response.content.decode()  # type: ignore[attr-defined]
        assert 'class="error panel" role="alert"' in html, f"{where}: 400 without form errors"
        assert "nothing was searched" in html


@pytest.fixture
def fuzz_client(built_indexes: Path) -> Iterator[Client]:
    """A client that reports server errors as responses (as production would show them)."""
    yield Client(raise_request_exception=True)


def get(client: Client, path: str, pairs: list[tuple[str, str]], **headers: str) -> object:
    return client.get(f"{path}?{urlencode(pairs)}", headers=headers)


# --- statute search ----------------------------------------------------------------------------


@FUZZ
@example(pairs=[("q", "landlord"), ("limit", "0")])
@example(pairs=[("q", '"security deposit')])
@example(pairs=[("q", "deposit"), ("title", "59")])
@example(pairs=[("q", "deposit"), ("source", "cfr"), ("title", "12"), ("limit", "99999999999")])
@example(pairs=[("q", "x"), ("q", "y"), ("jurisdiction", "wa"), ("jurisdiction", "id")])
@given(pairs=query_pairs(STATUTE_PARAMS))
def test_statute_api_fuzz(fuzz_client: Client, pairs: list[tuple[str, str]]) -> None:
    FUZZ_CASES["search: statute api"] += 1
    assert_api_contract(get(fuzz_client, "/api/statute_search", pairs), f"statute api {pairs}")


@FUZZ
@given(pairs=query_pairs(STATUTE_PARAMS), htmx=st.booleans())
def test_statute_page_fuzz(fuzz_client: Client, pairs: list[tuple[str, str]], htmx: bool) -> None:
    FUZZ_CASES["search: statute page"] += 1
    headers = {"HX-Request": "true"} if htmx else {}
    assert_page_contract(get(fuzz_client, "/statutes/", pairs, **headers), f"statute page {pairs}")


@FUZZ
@example(pairs=[("q", "landlord"), ("per", "0")], htmx=False)
@example(pairs=[("q", "deposit"), ("per", "99999999999999999999"), ("sort", "score")], htmx=True)
@example(
    pairs=[("q", "deposit"), ("source", "cfr"), ("include", "cfr"), ("format", "csv")], htmx=False
)
@given(pairs=query_pairs(SURVEY_PARAMS), htmx=st.booleans())
def test_statute_survey_fuzz(fuzz_client: Client, pairs: list[tuple[str, str]], htmx: bool) -> None:
    FUZZ_CASES["search: statute survey api and page"] += 1
    assert_api_contract(get(fuzz_client, "/api/statute_survey", pairs), f"survey api {pairs}")
    headers = {"HX-Request": "true"} if htmx else {}
    page = get(fuzz_client, "/statutes/survey/", pairs, **headers)
    assert_page_contract(page, f"survey page {pairs}")


@FUZZ
@given(
    pairs=st.lists(
        st.tuples(st.sampled_from(["id", "citation", "source", "tool", "zzz"]), values),
        max_size=4,
    ),
    path=st.sampled_from(["/api/statute", "/api/sources"]),
)
def test_statute_lookup_and_sources_fuzz(
    fuzz_client: Client, pairs: list[tuple[str, str]], path: str
) -> None:
    FUZZ_CASES["search: statute lookup/sources api"] += 1
    assert_api_contract(get(fuzz_client, path, pairs), f"{path} {pairs}")


# --- paper search ------------------------------------------------------------------------------


@FUZZ
@example(pairs=[("query", "lora"), ("limit", "-5"), ("maxPerDocument", "0")])
@example(pairs=[("query", "lora"), ("dateFrom", "2025-12-31"), ("dateTo", "2025-01-01")])
@example(pairs=[("query", "lora or adam"), ("match", "phrase"), ("facets", "maybe")])
@example(pairs=[("query", "lora"), ("run_id", "99999999999999999999999")])
@example(pairs=[("query", "x"), ("dateFrom", "99999-01-01"), ("diversifyBy", "keyConcept")])
@example(pairs=[("query", "adaptation"), ("offset", "99999999999999999999"), ("sort", "newest")])
@example(pairs=[("query", "2106.09685"), ("format", "bibtex"), ("authors", "...")])
@example(pairs=[("query", "arXiv:2501.99999"), ("format", "csv"), ("offset", "1")])
@given(pairs=query_pairs(PAPER_PARAMS))
def test_paper_api_fuzz(fuzz_client: Client, pairs: list[tuple[str, str]]) -> None:
    FUZZ_CASES["search: paper api"] += 1
    assert_api_contract(get(fuzz_client, "/api/search_keyword", pairs), f"paper api {pairs}")


@FUZZ
@given(pairs=query_pairs(PAPER_PARAMS), htmx=st.booleans())
def test_paper_page_fuzz(fuzz_client: Client, pairs: list[tuple[str, str]], htmx: bool) -> None:
    FUZZ_CASES["search: paper page"] += 1
    headers = {"HX-Request": "true"} if htmx else {}
    assert_page_contract(get(fuzz_client, "/papers/", pairs, **headers), f"paper page {pairs}")


@FUZZ
@given(
    pairs=st.lists(
        st.tuples(st.sampled_from(["arxiv_id", "paper_id", "title", "exact", "zzz"]), values),
        max_size=4,
    )
)
def test_paper_lookup_fuzz(fuzz_client: Client, pairs: list[tuple[str, str]]) -> None:
    FUZZ_CASES["search: paper lookup api"] += 1
    assert_api_contract(get(fuzz_client, "/api/paper", pairs), f"paper lookup {pairs}")


@FUZZ
@given(
    segment=values,
    pairs=st.lists(st.tuples(st.sampled_from(["query", "q", "match", "entities"]), values)),
    prefix=st.sampled_from(["/statutes/", "/papers/", "/papers/entities/", "/runs/"]),
)
def test_detail_pages_fuzz(
    fuzz_client: Client, segment: str, pairs: list[tuple[str, str]], prefix: str
) -> None:
    """Section and paper pages by any id, entity suggestions and runs with any parameters."""
    FUZZ_CASES["search: detail pages"] += 1
    path = prefix + (quote(segment, safe="") + "/" if segment.strip() else "")
    response = get(fuzz_client, path, pairs)
    assert response.status_code < 500, f"{path} {pairs}: {response.status_code}"  # type: ignore[attr-defined]


# --- raw bytes in the URL ----------------------------------------------------------------------

RAW_QUERIES = [
    b"q=%FF%FE%FD", b"q=%", b"q=%zz", b"q=%E2%82", b"q=\xff\xfe", b"q=land%00lord",
    b"q=%C0%AF", b"q=%ED%A0%80", b"query=%F4%90%80%80", b"&&&==&", b"q", b"=x", b"q=a&q=b",
    b"limit=%2D1&q=x", b"q=%25%32%35", b"query=lora&dateFrom=%FF", b"q=" + b"%41" * 3000,
]  # fmt: skip


@FUZZ
@example(raw=b"q=%FF%FE", path="/api/statute_search")
@given(
    raw=st.one_of(
        st.sampled_from(RAW_QUERIES),
        st.binary(max_size=200),
        st.lists(st.sampled_from([b"q=", b"query=", b"%", b"%FF", b"&", b"=", b"\x80", b"x"])).map(
            b"".join
        ),
    ),
    path=st.sampled_from(["/api/statute_search", "/api/search_keyword", "/statutes/", "/papers/"]),
)
def test_invalid_utf8_and_percent_encoding_in_the_url(
    fuzz_client: Client, raw: bytes, path: str
) -> None:
    FUZZ_CASES["search: raw url"] += 1
    # WSGI carries the query string as latin-1 text standing for the raw bytes.
    response = fuzz_client.generic("GET", path, QUERY_STRING=raw.decode("latin-1"))
    if path.startswith("/api/"):
        assert_api_contract(response, f"{path}?{raw!r}")
    else:
        assert_page_contract(response, f"{path}?{raw!r}")


@FUZZ
@given(raw=st.binary(min_size=1, max_size=60))
def test_invalid_bytes_in_the_path(fuzz_client: Client, raw: bytes) -> None:
    FUZZ_CASES["search: raw path"] += 1
    for prefix in ("/statutes/", "/papers/"):
        response = fuzz_client.get(prefix + quote(raw, safe="/") + "/")
        assert response.status_code < 500, (prefix, raw)
