"""Numeric keys stored as fast fields, so grouping and date order never read stored documents.

tantivy reads fast fields only for numbers (`fast_field_values`), so the paper search groups
pool hits by these integers rather than by the text of their key concept or content type.
The date keys put the chunk id in their low bits: one sorted read is then a total,
deterministic order (date, then chunk id ascending), with undated papers last.
"""

import hashlib
from datetime import date

from search.enrichment import CONTENT_TYPES

NO_CONCEPT = 0
CHUNK_ID_BITS = 32
_LOW = (1 << CHUNK_ID_BITS) - 1
_UNDATED_LAST = date.max.toordinal() + 1


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


def newest_key(published: date | None, chunk_id: int) -> int:
    """Sorted descending: newest first, undated last, each date's chunks by id ascending."""
    day = published.toordinal() if published else 0
    return (day << CHUNK_ID_BITS) | (_LOW - _chunk_bits(chunk_id))


def oldest_key(published: date | None, chunk_id: int) -> int:
    """Sorted ascending: oldest first, undated last, each date's chunks by id ascending."""
    day = published.toordinal() if published else _UNDATED_LAST
    return (day << CHUNK_ID_BITS) | _chunk_bits(chunk_id)


def _chunk_bits(chunk_id: int) -> int:
    if not 0 <= chunk_id <= _LOW:
        raise ValueError(f"chunk id {chunk_id} does not fit in {CHUNK_ID_BITS} bits")
    return chunk_id
