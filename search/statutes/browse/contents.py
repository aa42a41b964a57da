"""The browse pages: a source's table of contents, one chapter's sections, breadcrumbs.

Tables of contents come from the live version's chapter table (no query); a chapter's
sections are listed in code order (`search.statutes.code_listing`).
"""

from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from django.urls import reverse

from search.answers.paging import Paging, PagingLinks, paging_links, previous_offset
from search.statutes.browse.forms import ChapterPageForm
from search.statutes.browse.names import CFR, USC, chapter_name, title_name
from search.statutes.catalog import REGULATION, Catalog, SourceFacts
from search.statutes.chapters import Chapter, ChapterTable, chapter_ref
from search.statutes.code_listing import ordered_ids, page_of
from search.statutes.rows import StatuteRow, row_from_hit
from search.text.code_order import cited_title

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
        title=found.cited_title if found else cited_title(title),
        title_url=f"{contents}#{title_anchor(title)}",
        chapter=found,
        chapter_url=chapter_url(found) if found else "",
        search_url=search_within_url(catalog, table, found) if found else "",
    )


def contents_context(catalog: Catalog, table: ChapterTable, source: str) -> dict[str, Any] | None:
    """A source's table of contents (None for a source that is not loaded): titles and
    chapters in code order, each shown as cited and named where a name is known."""
    facts = catalog.by_code.get(source)
    if facts is None:
        return None
    noun = "Part" if facts.corpus == REGULATION else "Chapter"
    titles = [
        {
            "title": title,
            "label": chapters[0].cited_title if chapters else title,
            "name": title_name(source, title) or _title_range(chapters),
            "anchor": title_anchor(title),
            "sections": sum(c.sections for c in chapters),
            "chapters": [
                {"chapter": c, "url": chapter_url(c), "name": chapter_name(c), "noun": noun}
                for c in chapters
            ],
        }
        for title, chapters in table.titles(source)
    ]
    return {
        "source": facts,
        "titles": titles,
        "noun": noun,
        "chapter_count": len(table.by_source.get(source, ())),
        "examples": catalog.grammar.examples(source),
        "aliases": catalog.grammar.aliases_of(source),
    }


def _title_range(chapters: tuple[Chapter, ...]) -> str:
    """A title with no name: its first and last chapters' names."""
    if not chapters:
        return ""
    first, last = chapter_name(chapters[0]), chapter_name(chapters[-1])
    if len(chapters) == 1 or first == last:
        return first
    head = first.split(" … ")[0]
    tail = last.split(" … ")[-1]
    return f"{head} … {tail}" if head and tail else ""


def federal_titles(catalog: Catalog, table: ChapterTable) -> list[dict[str, Any]]:
    """The US Code's and CFR's loaded titles with their names, for the sources page."""
    found = []
    for source in (USC, CFR):
        facts = catalog.by_code.get(source)
        if facts is None:
            continue
        titles = [
            {
                "label": chapters[0].cited_title if chapters else title,
                "name": title_name(source, title),
                "url": f"{toc_url(source)}#{title_anchor(title)}",
                "parts": len(chapters),
            }
            for title, chapters in table.titles(source)
        ]
        found.append({"source": facts, "titles": titles})
    return found


def chapter_sections(chapter: Chapter, offset: int) -> tuple[tuple[StatuteRow, ...], int]:
    """One page of a chapter's sections in code order, and how many it has."""
    page = page_of(ordered_ids((chapter,)), CHAPTER_PAGE, offset)
    rows = tuple(
        row_from_hit(rank, hit, scored=False) for rank, hit in enumerate(page.hits, offset + 1)
    )
    return rows, page.total


def _chapter_paging(here: str, offset: int, shown: int, total: int) -> PagingLinks:
    """A chapter page's previous and next pages (plain links: the whole page is the list)."""
    last = offset + shown
    paging = Paging(
        offset=offset, shown=shown, next_offset=last if last < total else None,
        previous_offset=previous_offset(offset, CHAPTER_PAGE),
    )  # fmt: skip

    def url(at: int | None) -> str:
        return f"{here}&offset={at}" if at else here

    return paging_links(paging, total=total, size=CHAPTER_PAGE, url=url)


def chapter_page_context(catalog: Catalog, form: ChapterPageForm) -> dict[str, Any] | None:
    """One chapter's page (None when no such chapter is loaded); with an invalid form, its
    errors and no rows."""
    found = form.found
    if found is None:
        return None
    source = found.source
    offset = form.first_row()
    rows, total = chapter_sections(found, offset) if form.is_valid() else ((), found.sections)
    here = chapter_url(found)
    facts = catalog.by_code.get(source)
    return {
        "form": form,
        "chapter": found,
        "name": chapter_name(found),
        "noun": "Part" if facts is not None and facts.corpus == REGULATION else "Chapter",
        "title_name": title_name(source, found.title),
        "source": facts,
        "contents_url": toc_url(source),
        "title_url": f"{toc_url(source)}#{title_anchor(found.title)}",
        "chapter_url": here,
        "rows": rows,
        "total": total,
        "offset": offset,
        # No rows (a refused offset): no paging; the error panel links the first page.
        "pages": _chapter_paging(here, offset, len(rows), total) if rows else None,
        "search_params": search_within_params(catalog, form.table, found),
    }
