"""Ingest-time enrichment of paper chunks: content type, entities, key concept, self-containedness.

Pure Python (no Django, no tantivy), so the ingest pipeline and the tests call it
directly. The pieces live in one module each:
- `content_types`: section heading + title + position -> one of CONTENT_TYPES;
- `entities`: the vocabulary loader and the token-trie EntityTagger;
- `exclusions`: vocabulary forms never tagged (stop words, generic words);
- `concepts`: key_concept, a chunk's most distinctive entity;
- `self_contained`: is_self_contained, whether a chunk reads on its own.
"""

from search.enrichment.concepts import key_concept
from search.enrichment.content_types import (
    CONTENT_TYPES,
    HEADING_RULES,
    content_type_for,
    content_types_for_paper,
)
from search.enrichment.entities import Entity, EntityTagger, VocabEntry, load_vocabulary
from search.enrichment.self_contained import is_self_contained

__all__ = [
    "CONTENT_TYPES",
    "HEADING_RULES",
    "Entity",
    "EntityTagger",
    "VocabEntry",
    "content_type_for",
    "content_types_for_paper",
    "is_self_contained",
    "key_concept",
    "load_vocabulary",
]
