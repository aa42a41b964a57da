"""JSON shapes of the paper API, with the seed's names (`chunkContext`, `selfContained`, ...)."""

from datetime import date
from typing import Any

from search.papers.hit_extras import Neighbour
from search.papers.lookup import TITLE, LookupResult, PaperDetail
from search.papers.request import FULL, MINIMAL
from search.papers.service import PaperFacets, PaperHit, PaperSearchResult
from search.papers.vocabulary import get_vocabulary


def search_payload(result: PaperSearchResult) -> dict[str, Any]:
    """`/api/search_keyword` body without note/coverage_note (added by api_response)."""
    req = result.request
    body: dict[str, Any] = {
        "query": req.query,
        "match": req.match,
        "terms_searched": list(result.terms_searched),
        "terms_dropped": [{"term": d.term, "reason": d.reason} for d in result.terms_dropped],
        "total": result.total,
        "limit": result.limit,
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
        },
        "detail": req.detail,
        "diversifyBy": req.diversify_by,
        "maxPerDocument": result.max_per_document,
        "run_id": req.run_id,
        "index_version": result.index_version,
        "results": [hit_payload(hit, req.detail) for hit in result.hits],
    }
    if result.facets is not None:
        body["facets"] = facets_payload(result.facets)
    return body


def hit_payload(hit: PaperHit, detail: str) -> dict[str, Any]:
    """One row: the SPEC's fields, then what `detail` adds."""
    row: dict[str, Any] = {
        "rank": hit.rank,
        "paper_id": hit.paper_id,
        "arxiv_id": hit.arxiv_id,
        "title": hit.title,
        "chunk_index": hit.chunk_index,
        "section": hit.section,
        "content_type": hit.content_type,
        "snippet": hit.snippet,
        "score": hit.score,
        "matched_terms": list(hit.matched_terms),
    }
    if hit.entity_tier is not None:
        row["entity_tier"] = hit.entity_tier
    if detail == MINIMAL:
        return row
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
