"""Row validation for the data files: each problem names the line and the field."""

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

# Field name -> (allowed Python types, required non-empty). `None` in types means null is allowed.
FieldSpec = tuple[tuple[type | None, ...], bool]

SECTION_FIELDS: dict[str, FieldSpec] = {
    "id": ((str,), True),
    "jurisdiction": ((str,), True),
    "corpus": ((str,), True),
    "source": ((str,), True),
    "code_name": ((str, None), False),
    "title": ((str, None), False),
    "chapter": ((str, None), False),
    "section": ((str,), True),
    "citation": ((str,), True),
    "heading": ((str, None), False),
    "body": ((str,), True),
    "as_of": ((str,), True),
    "url": ((str, None), False),
}
CORPORA = frozenset({"statute", "regulation"})

PAPER_FIELDS: dict[str, FieldSpec] = {
    "paper_id": ((str,), True),
    "arxiv_id": ((str, None), False),
    # Present but possibly empty: two real papers have no title and keep their chunks.
    "title": ((str,), False),
    "authors": ((list,), False),
    "abstract": ((str, None), False),
    "categories": ((list,), False),
    "published": ((str, None), False),
    "updated": ((str, None), False),
    "doi": ((str, None), False),
    "source": ((str,), True),
}
CHUNK_FIELDS: dict[str, FieldSpec] = {
    "paper_id": ((str,), True),
    "chunk_index": ((int,), False),
    "section": ((str, None), False),
    "text": ((str,), True),
    "entities": ((list, None), False),
}


@dataclass(frozen=True)
class Problem:
    """Why one row was skipped: file, line, field and reason."""

    file: str
    line: int
    field: str
    reason: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}"
        return f"{where}: {self.field}: {self.reason}" if self.field else f"{where}: {self.reason}"


def _type_names(types: tuple[type | None, ...]) -> str:
    return " or ".join("null" if t is None else t.__name__ for t in types)


def check_fields(row: Mapping[str, Any], spec: Mapping[str, FieldSpec]) -> tuple[str, str] | None:
    """The first (field, reason) that breaks the spec, or None when the row conforms."""
    for name, (types, required) in spec.items():
        if name not in row:
            if required or None not in types:
                return name, "missing"
            continue
        value = row[name]
        if value is None:
            if None not in types:
                return name, f"is null, expected {_type_names(types)}"
            continue
        # bool is an int subclass; a boolean chunk_index is still wrong.
        if isinstance(value, bool) or not isinstance(value, tuple(t for t in types if t)):
            return name, f"is {type(value).__name__}, expected {_type_names(types)}"
        if required and isinstance(value, str) and not value.strip():
            return name, "is empty"
    return None


def check_section(row: Mapping[str, Any]) -> tuple[str, str] | None:
    """Field problems of a statute/regulation row, or None."""
    found = check_fields(row, SECTION_FIELDS)
    if found:
        return found
    if row["corpus"] not in CORPORA:
        return "corpus", f"is {row['corpus']!r}, expected statute or regulation"
    return None


def check_paper(row: Mapping[str, Any]) -> tuple[str, str] | None:
    """Field problems of a paper row, or None."""
    found = check_fields(row, PAPER_FIELDS)
    if found:
        return found
    for name in ("authors", "categories"):
        if not all(isinstance(item, str) for item in row.get(name) or []):
            return name, "must be a list of strings"
    for name in ("published", "updated"):
        if row.get(name) and parse_date(row[name]) is None:
            return name, f"{row[name]!r} is not a YYYY-MM-DD date"
    return None


def check_chunk(row: Mapping[str, Any]) -> tuple[str, str] | None:
    """Field problems of a chunk row, or None."""
    found = check_fields(row, CHUNK_FIELDS)
    if found:
        return found
    if row.get("chunk_index", 0) < 0:
        return "chunk_index", "is negative"
    for item in row.get("entities") or []:
        if not (isinstance(item, dict) and isinstance(item.get("name"), str)):
            return "entities", "each entity must be an object with a string name"
    return None


def parse_date(text: str | None) -> dt.date | None:
    """A YYYY-MM-DD date, or None when absent or malformed."""
    if not text:
        return None
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        return None
