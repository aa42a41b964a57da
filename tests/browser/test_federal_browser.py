"""Issue 23 in Chromium, on the real data: a popular name's panel, a CFR part, browsing by names.

One test (the live server's database is flushed after each): US Code title 42 (read from the
real file at run time) and 24 CFR are ingested and indexed, then a person types "Fair Housing
Act", opens the offered range, lists `24 CFR part 982`, and browses from /sources/ to 24 CFR
982.401 by following names only. Skipped where the real data or Chromium is absent.
"""

import gzip
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.test import override_settings
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.realdata, pytest.mark.slow]


@pytest.fixture
def federal_index(
    transactional_db: None, real_data_dir: Path, tmp_path: Path, settings: object
) -> Iterator[Path]:
    """Title 42 of the US Code and 24 CFR ingested and indexed for this test."""
    from search.backends.registry import get_backend
    from search.ingest.statutes import ingest_statutes
    from search.ops.builds.build import build_index
    from search.statutes.catalog import forget_catalogs
    from search.statutes.chapters import forget_chapters
    from search.statutes.code_listing import forget_listings

    source = real_data_dir / "statutes"
    folder = tmp_path / "data" / "statutes"
    folder.mkdir(parents=True)
    with (
        gzip.open(source / "usc.jsonl.gz", "rt") as rows,
        gzip.open(folder / "usc.jsonl.gz", "wt") as kept,
    ):
        kept.writelines(line for line in rows if '"title": "42"' in line[:200])
    for name in ("cfr-24.jsonl.gz", "MANIFEST.json"):
        (folder / name).symlink_to(source / name)
    settings.PORTAL_INDEX_DIR = tmp_path / "indexes"  # type: ignore[attr-defined]
    with override_settings(PORTAL_INDEX_DIR=tmp_path / "indexes"):
        ingest_statutes(tmp_path / "data")
        build_index("statutes")
        forget_catalogs(), forget_chapters(), forget_listings()
        yield tmp_path / "indexes"
        get_backend().forget_open_indexes()
        forget_catalogs(), forget_chapters(), forget_listings()


def test_names_parts_and_contents_lead_to_the_sections(
    page: Page, live_server: object, federal_index: Path
) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    # Typing the act's name offers its sections above the keyword rows.
    page.goto(base + "/statutes/")
    page.locator("#id_q").press_sequentially("Fair Housing Act", delay=20)
    page.locator("#id_q").press("Enter")
    panel = page.locator(".named-acts")
    expect(panel).to_contain_text("Fair Housing Act — 42 U.S.C. §§ 3601-3619 · 24 CFR part 100")
    expect(page.locator("ol.hits li").first).to_be_visible()  # the words were searched too
    panel.get_by_role("link", name="42 U.S.C. §§ 3601-3619").click()
    expect(page.locator("#result-status")).to_contain_text(
        "rows 1–20 of 23 sections, in code order"
    )
    cites = page.locator("ol.hits .cite")
    expect(cites.first).to_have_text("42 U.S.C. § 3601")
    expect(cites.nth(1)).to_have_text("42 U.S.C. § 3602")
    # A CFR part lists the part.
    page.goto(base + "/statutes/?q=24+CFR+part+982")
    expect(page.locator("#result-status")).to_contain_text("Part 982: rows 1–20 of 128 sections")
    expect(page.locator("ol.hits .cite").first).to_have_text("24 CFR 982.1")
    # From the sources page to 24 CFR 982.401 by names alone.
    page.goto(base + "/sources/")
    page.get_by_role("link", name="Title 24 — Housing and Urban Development").click()
    expect(page.locator("h1")).to_contain_text("Code of Federal Regulations")
    page.get_by_role(
        "link", name=re.compile(r"^Part 982 — Section 8 Tenant-Based Assistance")
    ).click()
    expect(page.locator("h1")).to_contain_text("Part 982 — Section 8 Tenant-Based Assistance")
    page.get_by_role("link", name=re.compile(r"^24 CFR 982\.401$")).click()
    expect(page.locator("h1")).to_contain_text("24 CFR 982.401")
    expect(page.locator(".crumbs .trail")).to_contain_text("Title 24")
