"""The `note` of a paper search: how to read the ranking, and every warning, in plain words."""

from dataclasses import dataclass

from django.conf import settings

from search.backends.paper_search import (
    NEWEST,
    OLDEST,
    RELEVANCE,
    TITLE_REPEATS,
    FieldWeights,
    NamedPaper,
    Pool,
)
from search.papers.diversify import CONTENT_TYPE, DOCUMENT, KEY_CONCEPT
from search.papers.request import PHRASE, PaperSearchRequest
from search.text.query import ALL_WORDS, ANY_WORDS, OVER_LIMIT, ParsedQuery
from search.text.query_notes import OR_WARNING, UNCLOSED_QUOTE_WARNING, over_term_cap_warning

INDEX_UNAVAILABLE_NOTE = (
    "The papers index is not available, so nothing was searched (this is not zero matches). "
    "An administrator can rebuild it from the admin or with `manage.py reindex papers`."
)
RANKING = {
    ALL_WORDS: "every searched word appears in the chunk's text, its paper's title or its "
    "author names",
    ANY_WORDS: "at least one searched word appears in the chunk's text, title or author names",
    PHRASE: "the words appear adjacent and in this order in one of them (the chunk's text, "
    "its paper's title, or one author's name)",
}
ORDER = {
    RELEVANCE: "Chunks ranked by BM25 (textual match strength only, not importance) over the "
    "chunk text with its paper's title (one field, the title's words counted {title} times; "
    "weight {text:g}) and author names (weight {authors:g}); two consecutive query words found "
    "together add {pairs:g} times their pair's BM25; ties are ordered by chunk id, so the "
    "order is stable.",
    NEWEST: "Chunks ordered by publication date, newest first, over all matches (undated "
    "papers last; ties by chunk id, so the order is stable); the score shown is still BM25.",
    OLDEST: "Chunks ordered by publication date, oldest first, over all matches (undated "
    "papers last; ties by chunk id, so the order is stable); the score shown is still BM25.",
}
POOL_OF = {
    RELEVANCE: "top-scoring",
    NEWEST: "newest",
    OLDEST: "oldest",
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
    # The field weights the search ran with (the note states them).
    weights: FieldWeights = FieldWeights()
    named_papers: tuple[NamedPaper, ...] = ()
    not_loaded: tuple[str, ...] = ()


def truncation_warning(pool: Pool, cap: int, sort: str = RELEVANCE) -> str | None:
    """The warning for a pool that did not hold every match (also the page's banner)."""
    if not pool.truncated:
        return None
    return (
        f"{pool.total:,} chunks match, more than the pool of {cap:,}: ranking, "
        f"diversification and paging covered the {pool.size:,} {POOL_OF[sort]} matches only "
        "(pool.keyword.truncated). Narrow the query (more or rarer words, a phrase, "
        "categories, contentType, authors, dates) to rank every match."
    )


def past_the_end(offset: int, rows: int | None, pool: Pool, per_doc: int) -> str:
    """Why an offset finds no row: fewer rows than that (the message of a 400)."""
    if rows is None:
        there = f"{pool.size:,} matching chunks are ranked"
        if pool.truncated:
            there += f" (the pool cap; {pool.total:,} match in all)"
    else:
        there = (
            f"the search has {rows:,} rows ({pool.size:,} matching chunks ranked, at most "
            f"{per_doc} per paper)"
        )
    return f"offset={offset:,} is past the end: {there}. Use a smaller offset."


def end_note(pool: Pool, held_back: int, per_doc: int) -> str:
    """What the last page says about why the rows end there."""
    if pool.truncated:
        return (
            f"End of what is ranked: the pool holds the top {pool.size:,} of {pool.total:,} "
            f"matches (pool cap {pool.cap:,}). Narrow the query to page through the others."
        )
    if held_back:
        return (
            f"End of the results: the other matching chunks come from papers already shown "
            f"{per_doc} time(s) (raise maxPerDocument to see them)."
        )
    return "End of the results."


def search_note(req: PaperSearchRequest, parsed: ParsedQuery, facts: NoteFacts) -> str:
    """Ranking explanation first, then each warning that applies."""
    spread = DIVERSIFIED[req.diversify_by].format(n=facts.max_per_document)
    weights = facts.weights
    parts = [
        ORDER[req.sort].format(
            text=weights.text,
            title=TITLE_REPEATS,
            pairs=weights.pairs,
            authors=weights.authors_for(len(parsed.terms)),
        ),  # fmt: skip
        f"A chunk matches when {RANKING[req.match]}. Results are {spread}.",
    ]
    parts.extend(_named_papers_note(facts))
    parts.extend(_query_warnings(req, parsed))
    warning = truncation_warning(facts.pool, facts.cap, req.sort)
    if warning:
        parts.append(warning)
    if req.entities:
        parts.append(_entity_note(facts))
    if req.authors:
        parts.append(
            f"Author filter ({', '.join(req.authors)}): papers with any of these authors, named "
            "in full ('First Last') or by last name, ignoring case and accents."
        )
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


def _named_papers_note(facts: NoteFacts) -> list[str]:
    found = []
    for paper in facts.named_papers:
        found.append(
            f"arXiv id {paper.arxiv_id} names a loaded paper ({paper.title}): its chunks "
            "that pass the filters come first (the words only rank them), then the other "
            "matches (paper_matches)."
        )
    for arxiv_id in facts.not_loaded:
        found.append(
            f"arXiv id {arxiv_id} is not loaded: no paper with that id is in this corpus "
            "(it may exist on arXiv); any other words of the query were searched as usual."
        )
    return found


def query_warnings(req: PaperSearchRequest, parsed: ParsedQuery) -> tuple[str, ...]:
    """What the query's own shape needs said (an unclosed quote, a typed 'or', words past the
    term cap), worded as for statutes: in the note, and on the page beside the results."""
    found = []
    if parsed.unclosed_quote:
        found.append(UNCLOSED_QUOTE_WARNING)
    if parsed.used_or and req.match != ANY_WORDS:
        found.append(f"{OR_WARNING} To find chunks with any of the words, use match=any_words.")
    over = sum(1 for d in parsed.dropped if d.reason == OVER_LIMIT)
    if over:
        found.append(over_term_cap_warning(over, settings.PORTAL_MAX_QUERY_TERMS))
    return tuple(found)


def _query_warnings(req: PaperSearchRequest, parsed: ParsedQuery) -> list[str]:
    found = list(query_warnings(req, parsed))
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
