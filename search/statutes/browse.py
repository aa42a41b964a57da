"""The browse pages: a source's table of contents, one chapter's sections, breadcrumbs.

Tables of contents come from the live version's chapter table (no query); a chapter's
sections are one filter-only query on the index, in file order.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from django.urls import reverse

from search.backends.base import Terms
from search.statutes.catalog import Catalog, SourceFacts
from search.statutes.chapters import Chapter, ChapterTable, chapter_ref
from search.statutes.citation_search import listing
from search.statutes.rows import StatuteRow, row_from_hit

# Sections listed per chapter page (a chapter page pages with `offset`).
CHAPTER_PAGE = 200


@dataclass(frozen=True)
class Crumbs:
    """Where a section sits: its source, title and chapter, each with a page to go to."""

    source: SourceFacts | None
    source_url: str
    title: str
    title_url: str
    chapter: Chapter | None
    chapter_url: str
    search_url: str


def toc_url(source: str) -> str:
    return reverse("source_contents", args=[source])


def title_anchor(title: str) -> str:
    """The id of a title's heading on the table of contents."""
    return "title-" + (title or "none")


def chapter_url(chapter: Chapter) -> str:
    query = urlencode({"title": chapter.title, "chapter": chapter.chapter})
    return f"{reverse('source_chapter', args=[chapter.source])}?{query}"


def search_within_params(catalog: Catalog, table: ChapterTable, chapter: Chapter) -> dict[str, str]:
    """The statute search parameters that search one chapter: its source's scope, `chapter=`."""
    facts = catalog.by_code.get(chapter.source)
    params = {"chapter": table.param_for(chapter)}
    if facts is not None and facts.search_code:
        params["source"] = facts.search_code
    elif facts is not None:
        params["jurisdiction"] = ",".join(facts.jurisdictions)
    return params


def search_within_url(catalog: Catalog, table: ChapterTable, chapter: Chapter) -> str:
    query = urlencode(search_within_params(catalog, table, chapter))
    return f"{reverse('statute_search')}?{query}"


def crumbs(catalog: Catalog, table: ChapterTable, source: str, title: str, chapter: str) -> Crumbs:
    """The breadcrumbs of a section in this source, title and chapter."""
    found = table.by_ref.get(chapter_ref(source, title, chapter))
    contents = toc_url(source)
    return Crumbs(
        source=catalog.by_code.get(source),
        source_url=contents,
        title=title,
        title_url=f"{contents}#{title_anchor(title)}",
        chapter=found,
        chapter_url=chapter_url(found) if found else "",
        search_url=search_within_url(catalog, table, found) if found else "",
    )


def contents_context(catalog: Catalog, table: ChapterTable, source: str) -> dict[str, Any] | None:
    """A source's table of contents (None for a source that is not loaded)."""
    facts = catalog.by_code.get(source)
    if facts is None:
        return None
    titles = [
        {
            "title": title,
            "anchor": title_anchor(title),
            "sections": sum(c.sections for c in chapters),
            "chapters": [{"chapter": c, "url": chapter_url(c)} for c in chapters],
        }
        for title, chapters in table.titles(source)
    ]
    return {
        "source": facts,
        "titles": titles,
        "chapter_count": len(table.by_source.get(source, ())),
        "examples": catalog.grammar.examples(source),
        "aliases": catalog.grammar.aliases_of(source),
    }


def chapter_sections(chapter: Chapter, offset: int) -> tuple[tuple[StatuteRow, ...], int]:
    """One page of a chapter's sections in file order, and how many it has."""
    page = listing((Terms("chapter_ref", (chapter.ref,)),), CHAPTER_PAGE, offset)
    rows = tuple(
        row_from_hit(rank, hit, scored=False) for rank, hit in enumerate(page.hits, offset + 1)
    )
    return rows, page.total


def chapter_page_context(
    catalog: Catalog, table: ChapterTable, source: str, params: Mapping[str, Any]
) -> dict[str, Any] | None:
    """One chapter's page (None when no such chapter is loaded)."""
    title = str(params.get("title") or "")
    found = table.by_ref.get(chapter_ref(source, title, str(params.get("chapter") or "")))
    if found is None:
        return None
    try:
        offset = max(int(str(params.get("offset") or 0)), 0)
    except ValueError:
        offset = 0
    rows, total = chapter_sections(found, offset)
    here = chapter_url(found)
    return {
        "chapter": found,
        "source": catalog.by_code.get(source),
        "contents_url": toc_url(source),
        "title_url": f"{toc_url(source)}#{title_anchor(found.title)}",
        "rows": rows,
        "total": total,
        "offset": offset,
        "previous_url": f"{here}&offset={max(offset - CHAPTER_PAGE, 0)}" if offset else "",
        "next_url": f"{here}&offset={offset + CHAPTER_PAGE}" if offset + len(rows) < total else "",
        "search_params": search_within_params(catalog, table, found),
    }
