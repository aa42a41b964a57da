"""Injection: markup and script in the data or the query are shown as text everywhere.

A hostile corpus (section body, heading and URL; paper title, abstract, authors; entity names)
is ingested and indexed, then each place that shows it is checked: search results and
snippets, the section and paper pages, entity suggestions, the admin, and the JSON API (which
must stay JSON carrying the text unchanged).
"""

import json
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.test import Client

from search.models import Chunk, Paper, Section
from tests.corpus import paper, section, write_jsonl

pytestmark = pytest.mark.django_db

SCRIPT = "<script>alert('xss')</script>"
IMG = "<img src=x onerror=alert(1)>"
JS_LINK = '<a href="javascript:alert(2)">click</a>'
JS_URL = "javascript:alert(3)"
PAYLOADS = (SCRIPT, IMG, JS_LINK)
SECTION_ID = "wa:statute:66.6"
PAPER_ID = "2509.00666"
ENTITY = "<img src=x onerror=alert(9)>Net"

HOSTILE_SECTIONS = [
    section(
        SECTION_ID,
        f"The landlord shall return the deposit. {SCRIPT} {IMG} {JS_LINK} tenant",
        heading=f"Deposits {IMG}",
        url=JS_URL,
        citation=f"RCW 66.6 {SCRIPT}",
    )
]
HOSTILE_PAPERS = [
    paper(
        PAPER_ID,
        f"{SCRIPT} Attention {IMG}",
        f"We study attention with {JS_LINK} and {SCRIPT} markup in the abstract.",
        authors=(f"Mallory {IMG}",),
    )
]
HOSTILE_CHUNKS = [
    {
        "paper_id": PAPER_ID,
        "chunk_index": 0,
        "section": f"2 Method {SCRIPT}",
        "text": f"Our attention method uses {ENTITY} as its backbone.",
        "entities": [{"name": ENTITY, "type": "method"}],
    }
]
HOSTILE_ENTITIES = [{"name": ENTITY, "type": "method", "aliases": [], "source": "test"}]


@pytest.fixture
def hostile(tmp_path: Path, index_root: Path) -> Path:
    """The hostile corpus ingested, with both indexes built."""
    from search.ingest.papers import ingest_papers
    from search.ingest.statutes import ingest_statutes
    from search.ops.builds.build import build_index

    data = tmp_path / "data"
    write_jsonl(data / "statutes" / "wa-stat.jsonl", HOSTILE_SECTIONS)
    write_jsonl(data / "papers" / "papers.jsonl", HOSTILE_PAPERS)
    write_jsonl(data / "papers" / "chunks.jsonl", HOSTILE_CHUNKS)
    write_jsonl(data / "papers" / "entities.jsonl", HOSTILE_ENTITIES)
    ingest_statutes(data)
    ingest_papers(data)
    build_index("statutes")
    build_index("papers")
    return data


class _Tags(HTMLParser):
    """Every element the browser would build from the page, with its attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, {name: value or "" for name, value in attrs}))


def assert_inert(html: str, where: str) -> None:
    """No payload became markup: no inline script, event handler, javascript: URL or <img>."""
    parser = _Tags()
    parser.feed(html)
    for tag, attrs in parser.tags:
        assert not (tag == "script" and "src" not in attrs), f"{where}: inline <script>"
        assert not (tag == "img" and attrs.get("src") == "x"), f"{where}: an <img> from the data"
        handlers = [name for name in attrs if name.startswith("on")]
        assert not handlers, f"{where}: event handler {handlers} on <{tag}>"
        for name in ("href", "src", "action", "formaction"):
            value = attrs.get(name, "").strip().lower()
            assert not value.startswith("javascript:"), f"{where}: <{tag} {name}={value!r}>"


def assert_shown_as_text(html: str, payload: str, where: str) -> None:
    escaped = payload.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    escaped = escaped.replace("'", "&#x27;").replace('"', "&quot;")
    assert escaped in html, f"{where}: {payload!r} not shown as text"


def page(client: Client, url: str, **headers: str) -> str:
    response = client.get(url, headers=headers)
    assert response.status_code == 200, (url, response.status_code)
    return response.content.decode()


# --- statute search ----------------------------------------------------------------------------


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx-partial"])
def test_section_body_in_statute_results_and_snippets_is_text(
    client: Client, hostile: Path, htmx: bool
) -> None:
    headers = {"HX-Request": "true"} if htmx else {}
    html = page(client, "/statutes/?q=landlord+deposit+alert+script&jurisdiction=wa", **headers)
    assert SECTION_ID.rsplit(":", 1)[-1] in html
    assert_inert(html, "statute results")
    assert "&lt;script&gt;" in html  # the snippet shows the markup as text


def test_section_page_shows_body_heading_and_citation_as_text(
    client: Client, hostile: Path
) -> None:
    highlighted = page(client, f"/statutes/{SECTION_ID}/?q=alert+landlord")
    assert_inert(highlighted, "section page with highlights")
    assert "<mark>alert</mark>" in highlighted
    html = page(client, f"/statutes/{SECTION_ID}/")
    assert_inert(html, "section page")
    assert "Source page" not in html  # its url is javascript:, so it is not linked
    for payload in PAYLOADS:
        assert_shown_as_text(html, payload, "section page")


def test_query_is_echoed_as_text_on_the_statute_page(client: Client, hostile: Path) -> None:
    html = page(client, "/statutes/?q=" + "%3Cscript%3Ealert(5)%3C%2Fscript%3E%20landlord")
    assert_inert(html, "statute page query")
    assert "&lt;script&gt;alert(5)" in html


def test_statute_api_is_json_carrying_the_text_unchanged(client: Client, hostile: Path) -> None:
    response = client.get("/api/statute_search", {"q": f"landlord {SCRIPT}", "jurisdiction": "wa"})
    assert response["Content-Type"] == "application/json"
    body = json.loads(response.content)
    row = next(r for r in body["results"] if r["id"] == SECTION_ID)
    assert row["heading"] == f"Deposits {IMG}"
    assert row["url"] == JS_URL  # data, returned as data
    whole = client.get("/api/statute", {"id": SECTION_ID}).json()
    assert whole["body"] == HOSTILE_SECTIONS[0]["body"]


# --- paper search ------------------------------------------------------------------------------


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx-partial"])
def test_paper_title_entity_and_snippet_in_paper_results_are_text(
    client: Client, hostile: Path, htmx: bool
) -> None:
    headers = {"HX-Request": "true"} if htmx else {}
    html = page(client, "/papers/?query=attention&match=any_words&facets=true", **headers)
    assert_inert(html, "paper results")
    assert_shown_as_text(html, SCRIPT, "paper results title")


def test_paper_page_shows_title_authors_abstract_and_entities_as_text(
    client: Client, hostile: Path
) -> None:
    html = page(client, f"/papers/{PAPER_ID}/?query=attention")
    assert_inert(html, "paper page")
    assert_shown_as_text(html, SCRIPT, "paper page title")
    assert_shown_as_text(html, f"Mallory {IMG}", "paper page authors")
    assert_shown_as_text(html, ENTITY, "paper page entity")


def test_entity_name_in_suggestions_is_text(client: Client, hostile: Path) -> None:
    html = client.get("/papers/entities/", {"entities": "<img"}).content.decode()
    assert_inert(html, "entity suggestions")


def test_query_is_echoed_as_text_on_the_paper_page(client: Client, hostile: Path) -> None:
    html = page(client, "/papers/?query=" + "%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(7)%3E")
    assert_inert(html, "paper page query")


def test_paper_api_is_json_carrying_the_text_unchanged(client: Client, hostile: Path) -> None:
    response = client.get(
        "/api/search_keyword", {"query": "attention", "detail": "full", "facets": "true"}
    )
    assert response["Content-Type"] == "application/json"
    body = json.loads(response.content)
    hit = body["results"][0]
    assert hit["title"] == HOSTILE_PAPERS[0]["title"]
    assert ENTITY in json.dumps(body, ensure_ascii=False)
    looked_up = client.get("/api/paper", {"paper_id": PAPER_ID}).json()
    assert looked_up["title"] == HOSTILE_PAPERS[0]["title"]


# --- the admin ---------------------------------------------------------------------------------


@pytest.fixture
def boss(django_user_model: object) -> Client:
    client = Client()
    client.force_login(django_user_model.objects.create_superuser("boss", password=None))  # type: ignore[attr-defined]
    return client


def test_admin_lists_and_detail_pages_show_the_data_as_text(boss: Client, hostile: Path) -> None:
    section_pk = Section.objects.get(id=SECTION_ID).pk
    paper_pk = Paper.objects.get(paper_id=PAPER_ID).pk
    chunk_pk = Chunk.objects.filter(paper_id=paper_pk).first().pk  # type: ignore[union-attr]
    urls = [
        "/admin/search/section/",
        f"/admin/search/section/{section_pk}/change/",
        "/admin/search/paper/",
        f"/admin/search/paper/{paper_pk}/change/",
        "/admin/search/chunk/",
        f"/admin/search/chunk/{chunk_pk}/change/",
        "/admin/search/section/?q=" + "%3Cscript%3Ealert(8)%3C%2Fscript%3E",
    ]
    for url in urls:
        response = boss.get(url)
        assert response.status_code == 200, url
        html = response.content.decode()
        assert_inert(html, url)
    listing = boss.get("/admin/search/section/").content.decode()
    assert_shown_as_text(listing, f"Deposits {IMG}", "admin section list")
