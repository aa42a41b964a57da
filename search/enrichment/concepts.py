"""A chunk's key concept: its most distinctive entity, for diversifying results by idea."""

import re
from collections.abc import Sequence
from functools import lru_cache

from search.enrichment.entities import Entity, is_excluded

# Lower rank is preferred: a method is what a passage is most often "about"; a data set
# next; tasks and metrics are shared by many papers, so they tie last.
KEY_CONCEPT_TYPE_RANK: dict[str, int] = {"method": 0, "dataset": 1, "task": 2, "metric": 2}
PATTERN_CACHE_SIZE = 4096


@lru_cache(maxsize=PATTERN_CACHE_SIZE)
def _mention_pattern(name: str) -> re.Pattern[str]:
    """Case-insensitive pattern for a name or its plural, not touching other alphanumerics."""
    return re.compile(r"(?<![^\W_])" + re.escape(name) + r"(?:e?s)?(?![^\W_])", re.IGNORECASE)


def first_mention(name: str, text: str) -> int | None:
    """Offset of the first whole-word mention of `name` (or its plural) in `text`, or None."""
    match = _mention_pattern(name).search(text)
    return match.start() if match else None


def mention_order(entities: Sequence[Entity], text: str) -> list[tuple[int, int]]:
    """A sort key per entity: (offset of its first mention, index in the sequence)."""
    keys: list[tuple[int, int]] = []
    offset = -1
    for index, entity in enumerate(entities):
        found = first_mention(entity.name, text)
        # A name absent from the text (the tagger matched an alias such as "Long
        # Short-Term Memory", or an annotation uses its cluster name) keeps its place
        # in the sequence: it sorts right after the entity listed before it.
        offset = found if found is not None else offset
        keys.append((offset, index))
    return keys


def key_concept(
    entities: Sequence[Entity], text: str, *, fallback_terms: Sequence[str] = ()
) -> str:
    """Lower-cased name of the best-ranked entity, earliest in the text; else a fallback."""
    # The same exclusions as the tagger: SciREX annotations kept by the caller also name
    # generic mentions ("feature", "language model") that must not become a concept.
    usable = [
        entity
        for entity in entities
        if entity.type in KEY_CONCEPT_TYPE_RANK and not is_excluded(entity.name)
    ]
    if usable:
        best_rank = min(KEY_CONCEPT_TYPE_RANK[entity.type] for entity in usable)
        ordered = sorted(zip(mention_order(usable, text), usable, strict=True))
        for _, entity in ordered:
            if KEY_CONCEPT_TYPE_RANK[entity.type] == best_rank:
                return entity.name.strip().lower()
    for term in fallback_terms:
        if term.strip():
            return term.strip().lower()
    return ""
