"""JSON shapes of the paper API, with the seed's names (`chunkContext`, `selfContained`, ...),
and the rows of a search as the files `format=csv|bibtex` exports."""

from collections.abc import Callable
from datetime import date
from typing import Any
from urllib.parse import urlencode

from django.urls import reverse

from search.answers.csv_answers import CONTENT_TYPE as CSV_CONTENT_TYPE
from search.answers.csv_answers import ExportFile
from search.backends.paper_search import NamedPaper
from search.papers import exports
from search.papers.diversify import DOCUMENT
from search.papers.hit_extras import Neighbour
from search.papers.lookup import TITLE, LookupResult, PaperDetail
from search.papers.request import CSV, FULL, MINIMAL
from search.papers.service import PaperFacets, PaperHit, PaperSearchResult
from search.papers.vocabulary import get_vocabulary
from search.text.suggest import suggestions_json


def search_payload(result: PaperSearchResult) -> dict[str, Any]:
    """`/api/search_keyword` body without note/coverage_note (added by api_response)."""
    req = result.request
    body: dict[str, Any] = {
        "query": req.query,
        "match": req.match,
        "sort": req.sort,
        "terms_searched": list(result.terms_searched),
        "terms_dropped": [{"term": d.term, "reason": d.reason} for d in result.terms_dropped],
        "paper_matches": [paper_match_payload(p) for p in result.paper_matches],
        "arxiv_ids_not_loaded": list(result.arxiv_ids_not_loaded),
        "total": result.total,
        "limit": result.limit,
        "offset": result.paging.offset,
        "next_offset": result.paging.next_offset,
        "pool": {
            "keyword": {
                "size": result.pool.size,
                "cap": result.pool.cap,
                "total": result.pool.total,
                "truncated": result.pool.truncated,
            }
        },
        "filters": {
            "dateFrom": _day(req.date_from),
            "dateTo": _day(req.date_to),
            "categories": list(req.categories),
            "contentType": list(req.content_types),
            "entities": list(req.entities),
            "entities_searched_as": list(result.entity_filter),
            "authors": list(req.authors),
            "authors_searched_as": list(result.author_filter),
        },
        "detail": req.detail,
        "diversifyBy": req.diversify_by,
        "run_id": req.run_id,
        "index_version": result.index_version,
        "results": [hit_payload(hit, req.detail) for hit in result.hits],
        **suggestions_json(result.did_you_mean),
    }
    if req.diversify_by == DOCUMENT:  # the cap has no effect on the other modes
        body["maxPerDocument"] = result.max_per_document
    if result.facets is not None:
        body["facets"] = facets_payload(result.facets)
    return body


def paper_match_payload(paper: NamedPaper) -> dict[str, Any]:
    """A paper named by arXiv id in the query, with its page and canonical look-up."""
    return {
        "arxiv_id": paper.arxiv_id,
        "paper_id": paper.paper_id,
        "title": paper.title,
        "authors": list(paper.authors),
        "published": _day(paper.published),
        "chunks": paper.chunks,
        "url": reverse("paper_page", args=[paper.paper_id]),
        "lookup": reverse("api_paper") + "?" + urlencode({"arxiv_id": paper.arxiv_id}),
    }


def hit_payload(hit: PaperHit, detail: str) -> dict[str, Any]:
    """One row: ids, title, snippet, score and rank (`minimal`), then what `detail` adds."""
    row: dict[str, Any] = {
        "rank": hit.rank,
        "paper_id": hit.paper_id,
        "arxiv_id": hit.arxiv_id,
        "chunk_index": hit.chunk_index,
        "title": hit.title,
        "snippet": hit.snippet,
        "score": hit.score,
    }
    if detail == MINIMAL:
        return row
    row.update(
        section=hit.section,
        content_type=hit.content_type,
        matched_terms=list(hit.matched_terms),
        matched_in={field: list(terms) for field, terms in hit.matched_in},
    )
    if hit.named_paper:
        row["paper_match"] = True
    if hit.entity_tier is not None:
        row["entity_tier"] = hit.entity_tier
    row.update(
        authors=list(hit.authors),
        categories=list(hit.categories),
        published=_day(hit.published),
        updated=_day(hit.extras.updated),
        chunkContext={
            "previous": _neighbour(hit.extras.before),
            "next": _neighbour(hit.extras.after),
        },
    )
    if detail == FULL:
        row.update(
            entities=[{"name": n, "type": t} for n, t in hit.extras.entities],
            entities_source=hit.extras.entities_source or None,
            key_concept=hit.key_concept or None,
            selfContained=hit.self_contained,
            scores={
                "bm25": hit.score,
                "terms": [{"term": t, "bm25": v} for t, v in hit.score_parts],
                "entity_tier": hit.entity_tier,
            },
            licenses=hit.licence.as_dict(),
        )
    return row


def facets_payload(facets: PaperFacets) -> dict[str, Any]:
    """Counts over all matches: by content type, and the top entities with their types."""
    vocabulary = get_vocabulary()
    return {
        "counted_over": "all matches",
        "matches": facets.over,
        "contentType": {f.value: f.count for f in facets.content_types},
        "entities": [
            {"name": f.label, "type": vocabulary.entity_type(f.value.casefold()), "count": f.count}
            for f in facets.entities
        ],
    }


def lookup_payload(result: LookupResult) -> dict[str, Any]:
    """`/api/paper` body: the whole paper, or the title's candidates without their text."""
    if result.lookup.by == TITLE:
        return {"title": result.lookup.value, "papers": [paper_summary(d) for d in result.papers]}
    return paper_payload(result.papers[0])


def paper_payload(detail: PaperDetail) -> dict[str, Any]:
    """A paper's metadata, licence and chunks in order."""
    return {
        **paper_summary(detail),
        "abstract": detail.abstract,
        "chunks": [
            {
                "chunk_index": c.chunk_index,
                "section": c.section,
                "content_type": c.content_type,
                "entities": [{"name": n, "type": t} for n, t in c.entities],
                "key_concept": c.key_concept or None,
                "selfContained": c.self_contained,
                "text": c.text,
            }
            for c in detail.chunks
        ],
    }


def paper_summary(detail: PaperDetail) -> dict[str, Any]:
    """A paper's metadata without its text."""
    return {
        "paper_id": detail.paper_id,
        "arxiv_id": detail.arxiv_id,
        "arxiv_url": detail.arxiv_url,
        "title": detail.title,
        "authors": list(detail.authors),
        "categories": list(detail.categories),
        "published": _day(detail.published),
        "updated": _day(detail.updated),
        "doi": detail.doi,
        "source": detail.source,
        "licenses": detail.licence.as_dict(),
        "has_full_text": detail.has_full_text,
        "chunk_count": detail.chunk_count,
        "exact_title": detail.exact_title,
    }


def _neighbour(neighbour: Neighbour | None) -> dict[str, Any] | None:
    if neighbour is None:
        return None
    return {
        "chunk_index": neighbour.chunk_index,
        "section": neighbour.section,
        "text": neighbour.text,
    }


def _day(value: date | None) -> str | None:
    return value.isoformat() if value else None


def export_file(
    result: PaperSearchResult, format: str, absolute: Callable[[str], str]
) -> ExportFile:
    """The page's rows as a CSV or BibTeX file (`format`: csv or bibtex).

    `absolute` turns a path of this site into a URL (papers without an arXiv id link their
    page here).
    """
    rows = [_export_row(hit, absolute) for hit in result.hits]
    paging = result.paging
    if format == CSV:
        name = exports.file_name(result.request.query, "csv", paging.first, paging.last)
        return ExportFile(exports.csv_text(rows), CSV_CONTENT_TYPE, name)
    name = exports.file_name(result.request.query, "bib", paging.first, paging.last)
    return ExportFile(exports.bibtex_text([row.paper for row in rows]), exports.BIBTEX_TYPE, name)


def cited_paper(detail: PaperDetail, absolute: Callable[[str], str]) -> exports.CitedPaper:
    """What a citation of a looked-up paper needs (the paper page's Cite block)."""
    page = absolute(reverse("paper_page", args=[detail.paper_id]))
    return exports.CitedPaper(
        paper_id=detail.paper_id, arxiv_id=detail.arxiv_id, title=detail.title,
        authors=detail.authors, published=detail.published, categories=detail.categories,
        doi=detail.doi, url=detail.arxiv_url or page,
    )  # fmt: skip


def _export_row(hit: PaperHit, absolute: Callable[[str], str]) -> exports.ExportRow:
    arxiv = f"https://arxiv.org/abs/{hit.arxiv_id}" if hit.arxiv_id else None
    paper = exports.CitedPaper(
        paper_id=hit.paper_id, arxiv_id=hit.arxiv_id, title=hit.title, authors=hit.authors,
        published=hit.published, categories=hit.categories, doi=hit.extras.doi,
        url=arxiv or absolute(reverse("paper_page", args=[hit.paper_id])),
    )  # fmt: skip
    return exports.ExportRow(
        rank=hit.rank, paper=paper, chunk_index=hit.chunk_index, section=hit.section,
        content_type=hit.content_type, score=hit.score, matched_terms=hit.matched_terms,
        snippet=hit.snippet,
    )  # fmt: skip
