"""Browse pages: tables of contents, chapter pages, breadcrumbs and linked cross-references."""

import re
from pathlib import Path

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def page(client: Client, url: str, **params: str) -> tuple[int, str]:
    response = client.get(url, params)
    return response.status_code, response.content.decode()


def test_the_sources_page_links_each_table_of_contents(client: Client, statute_index: Path) -> None:
    _, html = page(client, "/sources/")
    assert 'href="/sources/wa-stat/"' in html and 'href="/sources/usc/"' in html
    assert "<code>RCW 59.18.260</code>" in html  # a recognised citation form, from the data


def test_a_table_of_contents_lists_titles_chapters_and_counts(
    client: Client, statute_index: Path
) -> None:
    status, html = page(client, "/sources/wa-stat/")
    assert status == 200
    assert '<h2 id="title-59">Title 59' in html
    # No chapter name in the data: the range of its sections' headings names it.
    link = re.search(
        r'href="/sources/wa-stat/chapter/\?title=59&amp;chapter=59-18">([^<]*)</a>', html
    )
    assert link is not None and link.group(1).startswith("Chapter 59.18 — ")
    assert " … " in link.group(1)
    assert "— 5 sections (59.18.060 … 59.18.310)" in html  # first and last in code order
    assert "also written <code>Wash. Rev. Code</code>" in html
    assert page(client, "/sources/nope-stat/")[0] == 404


def test_a_chapter_page_lists_its_sections_in_code_order(
    client: Client, statute_index: Path
) -> None:
    status, html = page(client, "/sources/wa-stat/chapter/", title="59", chapter="59-18")
    assert status == 200
    # The fixture's file lists 260, 280, 060, 070, 310; the page counts as the code does.
    order = [html.index(f"RCW 59.18.{n}</strong>") for n in ("060", "070", "260", "280", "310")]
    assert order == sorted(order)
    assert '<input type="hidden" name="chapter" value="59.18">' in html
    assert '<input type="hidden" name="jurisdiction" value="wa">' in html
    assert page(client, "/sources/wa-stat/chapter/", title="59", chapter="61-24")[0] == 404


def test_searching_within_a_chapter_from_its_page(client: Client, statute_index: Path) -> None:
    status, html = page(client, "/statutes/", q="deposit", jurisdiction="wa", chapter="59.18")
    assert status == 200 and "Scope: chapter 59.18 (title 59) alone" in html


def test_a_section_page_has_breadcrumbs_to_its_source_title_and_chapter(
    client: Client, statute_index: Path
) -> None:
    _, html = page(client, "/statutes/wa:statute:59.18.310/")
    assert '<a href="/sources/wa-stat/">Revised Code of Washington</a>' in html
    assert '<a href="/sources/wa-stat/#title-59">Title 59</a>' in html
    assert (
        '<a href="/sources/wa-stat/chapter/?title=59&amp;chapter=59-18">Chapter 59.18</a>' in html
    )
    assert 'href="/statutes/?chapter=59.18&amp;jurisdiction=wa">Search within this chapter' in html


def test_citations_in_a_section_link_to_loaded_sections(
    client: Client, statute_index: Path
) -> None:
    _, html = page(client, "/statutes/wa:statute:59.18.310/")
    assert (
        '<a class="xref" href="/statutes/wa:statute:59.18.280/" title="RCW 59.18.280 — Moneys '
        'paid as deposit or security—Return.">RCW 59.18.280</a>'
    ) in html
    assert '<a class="xref" href="/statutes/wa:statute:59.18.260/"' in html
    assert "59.18.999" in html and 'href="/statutes/wa:statute:59.18.999/"' not in html
    _, federal = page(client, "/statutes/us:usc:42:3604/")
    assert '<a class="xref" href="/statutes/us:usc:42:1437f/"' in federal
    assert '<a class="xref" href="/statutes/us:cfr:12:1024.17/"' in federal
    assert "section 8 of the Fair Housing Act" in federal  # another law: not linked
    assert federal.count('class="xref"') == 2


def test_a_cross_reference_keeps_the_way_back_to_the_results(
    client: Client, statute_index: Path
) -> None:
    search = "q=deposit&jurisdiction=wa"
    _, html = page(client, f"/statutes/wa:statute:59.18.310/?{search}")
    assert (
        f'<a class="xref" href="/statutes/wa:statute:59.18.280/?{search.replace("&", "&amp;")}"'
        in html
    )
    _, target = page(client, f"/statutes/wa:statute:59.18.280/?{search}")
    assert (
        f'href="/statutes/?{search.replace("&", "&amp;")}">← Back to results for “deposit”'
        in target
    )
    # From a section a citation opened, on as the citation's words (else the search reopens it).
    _, cited = page(client, "/statutes/wa:statute:59.18.310/?q=RCW+59.18.310&cited=true")
    assert 'href="/statutes/wa:statute:59.18.280/?q=RCW+59.18.310&amp;words=true"' in cited
    assert 'href="/statutes/?q=RCW+59.18.310&amp;words=true">← Statute search' in cited


def test_links_and_search_marks_combine_safely(client: Client, statute_index: Path) -> None:
    _, html = page(client, "/statutes/wa:statute:59.18.310/", q="59 occupant")
    assert '<a class="xref" href="/statutes/wa:statute:59.18.280/?q=59+occupant"' in html
    assert "RCW <mark>59</mark>.18.280</a>" in html
    assert "the <mark>occupant</mark> abandons" in html


def test_the_section_api_lists_the_cross_references(client: Client, statute_index: Path) -> None:
    body = client.get("/api/statute", {"id": "us:usc:42:3604"}).json()
    assert [(x["text"], x["id"], x["citation"]) for x in body["cross_references"]] == [
        ("section 1437f", "us:usc:42:1437f", "42 U.S.C. § 1437f"),
        ("12 CFR 1024.17", "us:cfr:12:1024.17", "12 CFR 1024.17"),
    ]


def test_a_refused_chapter_offset_offers_the_first_page_and_no_next(
    client: Client, statute_index: Path
) -> None:
    status, html = page(
        client, "/sources/wa-stat/chapter/", title="59", chapter="59-18", offset="99999999999"
    )
    assert status == 400
    assert "is past the end" in html
    assert 'rel="next"' not in html


def test_a_chapter_pages_with_the_shared_paging_links(
    client: Client, statute_index: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("search.statutes.browse.contents.CHAPTER_PAGE", 2)
    here = "/sources/wa-stat/chapter/?title=59&amp;chapter=59-18"
    _, first = page(client, "/sources/wa-stat/chapter/", title="59", chapter="59-18")
    total = int(re.search(r"Rows 1–2 of (\d+)", first).group(1))  # type: ignore[union-attr]
    assert total > 4 and 'rel="prev"' not in first
    assert f'<a rel="next" href="{here}&amp;offset=2">Next 2 →</a>' in first
    _, second = page(client, "/sources/wa-stat/chapter/", title="59", chapter="59-18", offset="2")
    assert f"Rows 3–4 of {total}" in second
    assert '<ol class="toc chapter-sections" start="3">' in second
    # Back to the first page without an offset; plain links: the chapter page swaps nothing.
    assert f'<a rel="prev" href="{here}">← Previous 2</a>' in second
    assert f'<a rel="next" href="{here}&amp;offset=4">Next 2 →</a>' in second
    assert "hx-get" not in second.split('class="paging"')[1].split("</nav>")[0]
    last = (total - 1) // 2 * 2
    _, end = page(
        client, "/sources/wa-stat/chapter/", title="59", chapter="59-18", offset=str(last)
    )
    assert f"of {total}</span>" in end and 'rel="next"' not in end and 'rel="prev"' in end
