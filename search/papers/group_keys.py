"""Numeric group keys stored as fast fields, so diversification never reads stored documents.

tantivy reads fast fields only for numbers (`fast_field_values`), so the paper search groups
pool hits by these integers rather than by the text of their key concept or content type.
"""

import hashlib

from search.enrichment import CONTENT_TYPES

NO_CONCEPT = 0


def concept_key(key_concept: str) -> int:
    """A stable 64-bit key of a casefolded key concept; NO_CONCEPT (0) when there is none."""
    folded = key_concept.strip().casefold()
    if not folded:
        return NO_CONCEPT
    digest = hashlib.blake2b(folded.encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "big") or 1  # 0 is reserved for "no concept"


def content_type_key(content_type: str) -> int:
    """Position of a content type in CONTENT_TYPES; unknown types share the last slot."""
    try:
        return CONTENT_TYPES.index(content_type)
    except ValueError:
        return len(CONTENT_TYPES)
