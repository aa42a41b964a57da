"""Layer (a): the raw tantivy query plus snippets for the same terms, the floor we can't beat.
Layer (e), statutes only: the engine's part of what the service runs (its own query).

Each function does only what the engine must do to answer the request: one query built
from the already-parsed terms (papers: over text, title and authors, as the service weighs
them), the count, the top hits, their stored documents and
tantivy's own snippets (`SnippetGenerator`). Parsing happens before timing (`Prepared`),
so the layer-(b) overhead includes our parser, tie-breaking, marking and response building.
With diversification the floor reads a window of the ranked hits (as many as the service's
first window) with their group keys from fast fields and round-robins it; with facets it
also runs the one aggregation over every match.

Layer (e) runs, for a statute search, the very query the service compiles (the everyday
words' added terms, the heading and heading-concept clauses, the lowered definitions, the
scope's filters as the service runs them; for a question of five words or more the chapter
raise over its first hits), with tantivy's own snippets, all built before the clock starts.
So (b) over (e) is what our Python costs around the engine, and (e) over (a) is the engine's
price of the ranking. Paper (a) already runs the service's weighted query.
"""

from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path

import tantivy
from django.conf import settings

from bench.workload import PaperCase, StatuteCase
from search.backends.paper_search import FieldWeights
from search.backends.statute_search import ChapterRaise
from search.backends.tantivy.compile import compile_fields
from search.backends.tantivy.paper_words import words_query
from search.backends.tantivy.reader import live_index
from search.backends.tantivy.schema import build_analyzer, open_index
from search.backends.tantivy.statutes import (
    cheaper_filters,
    compile_search,
    live_raise,
    raised_page,
)
from search.indexes.names import PAPERS, STATUTES
from search.indexes.store import IndexStore
from search.text.query import ParsedQuery, parse_query

Must, Should = tantivy.Occur.Must, tantivy.Occur.Should
STATUTE_LIMIT = 20
PAPER_LIMIT = 10
SNIPPET_CHARS = 240
TOP_ENTITIES = 20
NO_CONCEPT = 0
# Hits read for a diversified page: the service's first window (FIRST_WINDOW_PER_ROW = 4).
DIVERSIFY_WINDOW = 4 * PAPER_LIMIT


@dataclass(frozen=True)
class Prepared:
    """A case with its terms parsed exactly as our search parses them."""

    parsed: ParsedQuery
    case: StatuteCase | PaperCase
    # Statutes: the service's own compiled query, for layer (e) (None: not prepared), and
    # its chapter raise (None: a question under five words, or not prepared).
    served: tantivy.Query | None = None
    served_raise: ChapterRaise | None = None


class RawEngine:
    """The two live versions under an index root, opened directly with tantivy."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = root or settings.PORTAL_INDEX_DIR
        self.opened: dict[str, tantivy.Index] = {}
        self.analyzer = build_analyzer()
        self.defaults = tuple(settings.PORTAL_DEFAULT_REGULATION_SOURCES)

    def index(self, name: str) -> tantivy.Index:
        """The live version of `name`, opened on first use (a scaled root may lack one)."""
        if name not in self.opened:
            self.opened[name] = _open_live(name, self.root)
        return self.opened[name]

    def tokenize(self, text: str) -> list[str]:
        return list(self.analyzer.analyze(text))

    def prepare(self, case: StatuteCase | PaperCase) -> Prepared:
        """Parse outside the timed region: stop words, duplicates, the 40-term cap."""
        if isinstance(case, StatuteCase):
            text = case.q
        else:
            text = f'"{case.query}"' if case.match == "phrase" else case.query
        return Prepared(parse_query(text, self.tokenize), case)

    def prepare_served(self, case: StatuteCase | PaperCase) -> Prepared:
        """`prepare`, with the statute service's own query compiled for layer (e)."""
        prepared = self.prepare(case)
        if not isinstance(case, StatuteCase):
            return prepared
        served, raise_ = served_statute_query(case, STATUTE_LIMIT)
        return replace(prepared, served=served, served_raise=raise_)

    def statutes_served(self, prepared: Prepared) -> list[str]:
        """Layer (e): the service's compiled query run raw, with tantivy's snippets of the
        body (the service's searcher: the same live index it reads)."""
        if prepared.served is None:
            raise RuntimeError("layer (e) runs statute searches prepared with prepare_served")
        index = live_index(STATUTES).index
        searcher = index.searcher()
        # With the chapter raise, its window re-ranked by the backend's own `raised_page`.
        raise_ = prepared.served_raise
        wanted = max(STATUTE_LIMIT, raise_.window) if raise_ else STATUTE_LIMIT
        hits = searcher.search(prepared.served, wanted, count=True).hits
        scored = [(float(score), address, None) for score, address in hits]
        page = raised_page(searcher, scored, raise_, 0, STATUTE_LIMIT)
        chosen = [address for _, address, _ in page]
        return _snippets(searcher, index.schema, prepared.served, chosen, "body", "id")

    def statutes(self, prepared: Prepared) -> list[str]:
        """Top statute ids with snippets; scope as the service's (statutes + default regs)."""
        index = self.index(STATUTES)
        schema = index.schema
        case = prepared.case
        assert isinstance(case, StatuteCase)
        scope = [(Should, tantivy.Query.term_query(schema, "corpus", "statute"))]
        if self.defaults:
            scope.append(
                (Should, tantivy.Query.term_set_query(schema, "source", list(self.defaults)))
            )
        filters = [tantivy.Query.boolean_query(scope, minimum_number_should_match=1)]
        if case.jurisdiction:
            filters.append(tantivy.Query.term_query(schema, "jurisdiction", case.jurisdiction))
        query = words(schema, "body", prepared.parsed, "any_words", filters)
        return _top_with_snippets(index, query, "body", "id", STATUTE_LIMIT)

    def papers(self, prepared: Prepared) -> list[str]:
        """Top chunk keys (`paper_id#chunk_index`) with snippets."""
        index = self.index(PAPERS)
        case = prepared.case
        assert isinstance(case, PaperCase)
        mode = "all_words" if case.match == "phrase" else case.match
        query = paper_words(index.schema, prepared.parsed, mode)
        # Snippets mark the text's own matches (the scored field also holds the title).
        marked = compile_fields(index.schema, prepared.parsed, fields=[("text", 1.0)], mode=mode)
        if not (case.facets or case.diversify):
            return _top_with_snippets(index, query, "text", "paper_id", PAPER_LIMIT, marked)
        searcher = index.searcher()
        window = DIVERSIFY_WINDOW if case.diversify else PAPER_LIMIT
        pool = searcher.search(query, window, count=True).hits
        addresses = [address for _, address in pool]
        chosen = addresses[:PAPER_LIMIT]
        if case.diversify and addresses:
            concepts = searcher.fast_field_values("concept_key", addresses)
            papers = searcher.fast_field_values("paper_key", addresses)
            groups = [
                ("p", p) if c == NO_CONCEPT else ("c", c)
                for c, p in zip(concepts, papers, strict=True)
            ]
            chosen = round_robin(addresses, groups)[:PAPER_LIMIT]
        if case.facets:
            searcher.aggregate(query, facet_request())
        return _snippets(searcher, index.schema, marked, chosen, "text", "paper_id")


def served_statute_query(
    case: StatuteCase, limit: int
) -> tuple[tantivy.Query, ChapterRaise | None]:
    """The query the statute service compiles for a keyword search of `case` (the steps of
    `search_statutes` before it asks the engine; a citation is not such a search), and the
    chapter raise it re-ranks the first hits by (if the live version holds chapter keys)."""
    # Imported here: the statute service loads models, and `bench.quality` imports this
    # module before Django is set up.
    from search.statutes.catalog import load_catalog as load_statute_catalog
    from search.statutes.scope import Scope
    from search.statutes.search.request import StatuteSearchRequest
    from search.statutes.search.service import keyword_spec
    from search.statutes.shaping import shaped_query

    scope = Scope(jurisdictions=(case.jurisdiction,) if case.jurisdiction else ())
    request = StatuteSearchRequest.for_query(q=case.q, scope=scope, limit=limit)
    parsed = shaped_query(request.parsed, request.q, request.scope, expand=request.expand)
    spec = keyword_spec(request, load_statute_catalog(), parsed, limit)
    live = live_index(STATUTES)
    query = compile_search(live.index.schema, spec, cheaper_filters(live, live.searcher(), spec))
    return query, live_raise(live, spec)


def _open_live(name: str, root: Path) -> tantivy.Index:
    store = IndexStore(name, root)
    version = store.live_version()
    if version is None:
        raise RuntimeError(f"no live {name} index under {root}")
    index = open_index(name, str(store.version_dir(version)))
    index.reload()
    return index


def words(
    schema: tantivy.Schema,
    field: str,
    parsed: ParsedQuery,
    mode: str,
    filters: list[tantivy.Query],
) -> tantivy.Query:
    """Loose terms by mode, phrases required, filters required with zero score."""
    clauses = []
    for phrase in parsed.phrases:
        if len(phrase) == 1:
            clauses.append((Must, tantivy.Query.term_query(schema, field, phrase[0])))
        else:
            clauses.append((Must, tantivy.Query.phrase_query(schema, field, list(phrase))))
    terms = [tantivy.Query.term_query(schema, field, t) for t in parsed.terms]
    if terms and mode == "all_words":
        clauses.extend((Must, t) for t in terms)
    elif terms:
        group = tantivy.Query.boolean_query(
            [(Should, t) for t in terms], minimum_number_should_match=1
        )
        clauses.append((Should if parsed.phrases else Must, group))
    clauses.extend((Must, tantivy.Query.const_score_query(f, 0.0)) for f in filters)
    return tantivy.Query.boolean_query(clauses)


def paper_words(schema: tantivy.Schema, parsed: ParsedQuery, mode: str) -> tantivy.Query:
    """The paper words over the chunk's words and author names, scored as the service scores
    them (its default weights, with the word-pair and adjacency bonuses)."""
    return words_query(schema, parsed, FieldWeights(), mode)


def facet_request() -> dict[str, object]:
    return {
        "content_type": {"terms": {"field": "content_type", "size": 50}},
        "entities": {"terms": {"field": "entities", "size": TOP_ENTITIES, "segment_size": 200_000}},
    }


def round_robin(items: list[object], groups: list[object]) -> list[object]:
    """Every group's best before any group's second best, rank order inside a round."""
    seen: Counter[object] = Counter()
    turns = []
    for position, (item, group) in enumerate(zip(items, groups, strict=True)):
        turns.append((seen[group], position, item))
        seen[group] += 1
    return [item for _, _, item in sorted(turns, key=lambda t: (t[0], t[1]))]


def _top_with_snippets(
    index: tantivy.Index,
    query: tantivy.Query,
    field: str,
    key: str,
    limit: int,
    marked: tantivy.Query | None = None,
) -> list[str]:
    """The top hits' keys, with a snippet of `field` marking `marked`'s terms (the query's)."""
    searcher = index.searcher()
    hits = searcher.search(query, limit, count=True).hits
    return _snippets(searcher, index.schema, marked or query, [a for _, a in hits], field, key)


def _snippets(
    searcher: tantivy.Searcher,
    schema: tantivy.Schema,
    query: tantivy.Query,
    addresses: list[object],
    field: str,
    key: str,
) -> list[str]:
    if not addresses:
        return []
    generator = tantivy.SnippetGenerator.create(searcher, query, schema, field)
    generator.set_max_num_chars(SNIPPET_CHARS)
    found = []
    for address in addresses:
        doc = searcher.doc(address)
        generator.snippet_from_doc(doc).to_html()
        ident = doc.get_first(key)
        if key == "paper_id":
            ident = f"{ident}#{doc.get_first('chunk_index')}"
        found.append(str(ident))
    return found
