"""The `note` of a paper search: how to read the ranking, and every warning, in plain words."""

from dataclasses import dataclass

from search.backends.paper_search import Pool
from search.papers.diversify import CONTENT_TYPE, DOCUMENT, KEY_CONCEPT
from search.papers.request import PHRASE, PaperSearchRequest
from search.query import ALL_WORDS, ANY_WORDS, ParsedQuery

INDEX_UNAVAILABLE_NOTE = (
    "The papers index is not available, so nothing was searched (this is not zero matches). "
    "An administrator can rebuild it from the admin or with `manage.py reindex papers`."
)
RANKING = {
    ALL_WORDS: "every searched word appears in the chunk",
    ANY_WORDS: "at least one searched word appears in the chunk",
    PHRASE: "the words appear in the chunk adjacent and in this order",
}
DIVERSIFIED = {
    DOCUMENT: "at most {n} chunk(s) per paper (diversifyBy=document, maxPerDocument={n})",
    KEY_CONCEPT: "spread over key concepts: each concept's best chunk before any second one",
    CONTENT_TYPE: "mixed over content types: each type's best chunk before any second one",
}


@dataclass(frozen=True)
class NoteFacts:
    """What the note needs beyond the request and the parsed query."""

    pool: Pool
    cap: int
    limit: int
    limit_capped_from: int | None
    max_per_document: int
    held_back: int
    returned: int
    entity_names: tuple[str, ...]


def truncation_warning(pool: Pool, cap: int) -> str | None:
    """The warning for a pool that did not hold every match (also the page's banner)."""
    if not pool.truncated:
        return None
    return (
        f"{pool.total:,} chunks match, more than the pool of {cap:,}: ranking and "
        f"diversification covered the {pool.size:,} top-scoring matches only "
        "(pool.keyword.truncated). Narrow the query (more or rarer words, a phrase, "
        "categories, contentType, dates) to rank every match."
    )


def search_note(req: PaperSearchRequest, parsed: ParsedQuery, facts: NoteFacts) -> str:
    """Ranking explanation first, then each warning that applies."""
    spread = DIVERSIFIED[req.diversify_by].format(n=facts.max_per_document)
    parts = [
        "Chunks ranked by BM25 on the chunk text (textual match strength only, not "
        f"importance); a chunk matches when {RANKING[req.match]}. Ties are ordered by "
        f"chunk id, so the order is stable. Results are {spread}."
    ]
    parts.extend(_query_warnings(req, parsed))
    warning = truncation_warning(facts.pool, facts.cap)
    if warning:
        parts.append(warning)
    if req.entities:
        parts.append(_entity_note(facts))
    if req.date_from or req.date_to:
        parts.append("The date filter uses the publication date; undated papers are left out.")
    if facts.limit_capped_from is not None:
        parts.append(f"limit={facts.limit_capped_from} was capped to {facts.limit}.")
    if req.max_per_document is not None and req.diversify_by != DOCUMENT:
        parts.append("maxPerDocument applies only with diversifyBy=document; it was ignored.")
    if facts.held_back and facts.returned < facts.limit:
        parts.append(
            f"{facts.held_back:,} more matching chunks come from papers already shown "
            f"{facts.max_per_document} time(s); raise maxPerDocument to see them."
        )
    if facts.pool.total == 0 and req.match == ALL_WORDS and len(parsed.terms) > 1:
        parts.append(
            "No chunk contains all of the words; match=any_words finds chunks with any of them."
        )
    if req.ignored_params:
        parts.append(f"Unknown parameters ignored: {', '.join(req.ignored_params)}.")
    return " ".join(parts)


def _query_warnings(req: PaperSearchRequest, parsed: ParsedQuery) -> list[str]:
    found = []
    if parsed.used_or and req.match != ANY_WORDS:
        found.append(
            "'or' in the query is a stop word and was dropped; it does not switch to any-word "
            "matching. To find chunks with any of the words, use match=any_words."
        )
    if parsed.unclosed_quote:
        found.append(
            "The query has an unclosed double quote; the words after it were searched as "
            "separate words, not as a phrase."
        )
    if parsed.dropped:
        shown = ", ".join(f"{d.term} ({d.reason.replace('_', ' ')})" for d in parsed.dropped)
        found.append(f"Not searched: {shown}.")
    return found


def _entity_note(facts: NoteFacts) -> str:
    pool = facts.pool
    names = ", ".join(facts.entity_names)
    matched, unrecorded = (pool.tier_totals + (0, 0))[:2]
    return (
        f"Entity filter ({names}, case-insensitive, aliases included): {matched:,} chunks "
        f"naming one rank first; {unrecorded:,} chunks with no entities recorded follow them; "
        f"{pool.excluded_by_entities:,} chunks whose recorded entities name none of them "
        "were left out."
    )
