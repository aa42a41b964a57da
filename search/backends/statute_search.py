"""The engine-neutral search seam: what a service asks of a backend and what comes back.

Services build a `TextSearch` from a `ParsedQuery` plus filters; a backend (`SearchBackend`
in `search.backends.protocol`) runs it and returns a `HitPage`. Nothing here knows an
engine, so a server engine can implement the same contract.
"""

from dataclasses import dataclass, field
from typing import Any

from search.backends.filters import Filter
from search.text.query import ANY_WORDS, WORD_MODES, ParsedQuery


@dataclass(frozen=True)
class WeightedField:
    """A further field searched with the same words, its score scaled by `weight`."""

    name: str
    weight: float


@dataclass(frozen=True)
class ConceptBonus:
    """A constant `bonus` for a match whose `field` holds at least `at_least` of `concepts`
    (each concept: word sequences, one term or a phrase each, any of which counts)."""

    field: str
    concepts: tuple[tuple[tuple[str, ...], ...], ...]
    at_least: int
    bonus: float


@dataclass(frozen=True)
class Lowered:
    """Documents whose boolean `field` is true lose `amount` from their score (a match stays a
    match; its rank falls)."""

    field: str
    amount: float


@dataclass(frozen=True)
class ChapterBonus:
    """Constant points for a match in one of `chapters`: each a value of `field` naming one
    chapter or regulation part (`chapter_ref`), or one section (`id`), and the points its
    sections gain. It raises a match, never makes one."""

    field: str
    chapters: tuple[tuple[str, float], ...]


@dataclass(frozen=True)
class ChapterRaise:
    """Among the first `window` hits, each gains `weight` x the first hit's score x ln(1 + the
    other hits of its chapter in the window): a chapter the question's words keep finding
    lifts its sections. Hits past the window keep their scores (they stay below every raised
    one, so pages still neither overlap nor skip)."""

    window: int
    weight: float


@dataclass(frozen=True)
class TextSearch:
    """One keyword search: loose terms by `mode`, phrases required, filters not scored.

    Hits `offset` to `offset + limit` of the ranked list come back (deterministic with a
    `tie_break`, so pages never overlap or skip). `stem` matches word forms (the fields'
    stemmed twins, query words stemmed alike); `also` searches further fields beside `field`;
    `rank_also` fields only rank (a word there raises a match, never makes one). The query's
    added terms match like loose terms, their score scaled by `added_weight`, and the loose
    terms they translate (`ParsedQuery.translated`) by `translated_weight`. `concept_bonus`
    raises, never makes, a match holding several of the query's concepts in one field;
    `lowered` takes a constant off the score of the documents it names; each of `chapter_bonus`
    adds a constant to the matches in the chapters (or sections) it names; `chapter_raise`
    re-ranks the first hits by how many others of their chapter are among them.
    """

    query: ParsedQuery
    field: str
    limit: int
    mode: str = ANY_WORDS
    filters: tuple[Filter, ...] = ()
    # A fast unsigned field, ascending, that orders equal scores (None: engine order).
    tie_break: str | None = None
    # Stored fields returned with each hit (the searched field only if listed: it may be big).
    fields: tuple[str, ...] = ()
    snippet_chars: int = 240
    offset: int = 0
    stem: bool = False
    also: tuple[WeightedField, ...] = ()
    rank_also: tuple[WeightedField, ...] = ()
    added_weight: float = 1.0
    translated_weight: float = 1.0
    concept_bonus: ConceptBonus | None = None
    lowered: Lowered | None = None
    chapter_bonus: tuple[ChapterBonus, ...] = ()
    chapter_raise: ChapterRaise | None = None

    def __post_init__(self) -> None:
        if self.limit < 1:
            raise ValueError(f"limit must be at least 1, got {self.limit}")
        if self.offset < 0:
            raise ValueError(f"offset must not be negative, got {self.offset}")
        if self.mode not in WORD_MODES:
            raise ValueError(f"mode must be one of {WORD_MODES}, got {self.mode!r}")


@dataclass(frozen=True)
class Listing:
    """Documents that pass every filter, in ascending order of a fast unsigned field.

    No words and no score: citation look-ups, a chapter's sections, one document by id.
    `lead_field`, when given, gives each hit the start of that stored text as its snippet.
    """

    filters: tuple[Filter, ...]
    limit: int
    offset: int = 0
    order_by: str = "order"
    fields: tuple[str, ...] = ()
    lead_field: str | None = None
    snippet_chars: int = 240

    def __post_init__(self) -> None:
        if self.limit < 1:
            raise ValueError(f"limit must be at least 1, got {self.limit}")
        if self.offset < 0:
            raise ValueError(f"offset must not be negative, got {self.offset}")


@dataclass(frozen=True)
class Hit:
    """One matching document: its score, stored fields, snippet and matched terms."""

    score: float
    # Stored values per requested field; a list, since tantivy fields may hold several.
    values: dict[str, list[Any]]
    snippet: str
    # The entries of `query.terms_searched` this document matched, in that order.
    matched: tuple[str, ...]
    tie_key: int | None = None
    # The `also` fields' stored text with `[hl]` marks, for those the hit matched in.
    marked: dict[str, str] = field(default_factory=dict)

    def first(self, name: str, default: Any = None) -> Any:
        """The first stored value of a field, or `default` when it has none."""
        values = self.values.get(name) or []
        return values[0] if values else default


@dataclass(frozen=True)
class HitPage:
    """The top hits in final order, and how many documents matched in all."""

    hits: tuple[Hit, ...]
    total: int


@dataclass(frozen=True)
class GroupedSearch:
    """One keyword search answered per value of a raw fast field (a survey by jurisdiction).

    For every value of `group_field` among the matches: how many match, and the first
    `search.limit` hits of that value in the search's own order, exactly as `search` with
    one more filter `Terms(group_field, (value,))` would give them. `search.offset` must be 0.
    `count_every_word`: also count, per value, the matches of every loose term of the typed
    query (its phrases still required, added terms left out): the sections that match well.
    """

    search: TextSearch
    group_field: str
    count_every_word: bool = False

    def __post_init__(self) -> None:
        if self.search.offset:
            raise ValueError("a grouped search starts at offset 0")


@dataclass(frozen=True)
class GroupedHits:
    """Per value with a match: its top hits and match count (`HitPage`); all matches.

    `searches` counts the engine searches it took beyond the counting pass, for the bench.
    """

    groups: dict[str, HitPage]
    total: int
    searches: int = 0
    # With `count_every_word`: per value, the matches of every typed word (values without
    # one are left out).
    every_word: dict[str, int] = field(default_factory=dict)
