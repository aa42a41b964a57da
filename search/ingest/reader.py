"""Streaming reader for JSON Lines files, plain or gzip-compressed."""

import gzip
import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

DATA_SUFFIXES = (".jsonl.gz", ".jsonl")
# JSON escapes of NUL or of a UTF-16 surrogate: only rows containing one need the full check.
SUSPECT_ESCAPE = re.compile(rb"\\u(?:0000|[dD][89a-fA-F])")

ProgressFn = Callable[[int], None]


@dataclass(frozen=True)
class RawLine:
    """One line of a data file: its parsed object, or why it could not be parsed."""

    line_no: int
    row: dict[str, Any] | None
    error: str = ""


def data_files(folder: Path) -> list[Path]:
    """Every data file in the folder, sorted by name; none when the folder does not exist.

    Any other failure to list it (permissions, a broken mount) raises OSError: the caller
    must not take an unreadable folder for an empty one.
    """
    try:
        entries = list(folder.iterdir())
    except FileNotFoundError:
        return []
    found = [p for p in entries if p.name.endswith(DATA_SUFFIXES) and p.is_file()]
    return sorted(found, key=lambda p: p.name)


def _open_binary(path: Path) -> tuple[BinaryIO, BinaryIO]:
    """The raw file (for progress in compressed bytes) and the stream to read lines from."""
    raw = path.open("rb")
    if path.name.endswith(".gz"):
        return raw, gzip.GzipFile(fileobj=raw, mode="rb")  # type: ignore[return-value]
    return raw, raw


def read_lines(path: Path, on_bytes: ProgressFn | None = None) -> Iterator[RawLine]:
    """Yield each non-blank line of the file, parsed; never loads the whole file."""
    raw, stream = _open_binary(path)
    last_reported = 0
    try:
        for line_no, line in enumerate(stream, start=1):
            if on_bytes is not None:
                position = raw.tell()
                if position - last_reported >= 256 * 1024:
                    on_bytes(position - last_reported)
                    last_reported = position
            if not line.strip():
                continue
            yield parse_line(line_no, line)
        if on_bytes is not None:
            on_bytes(raw.tell() - last_reported)
    finally:
        stream.close()
        raw.close()


def parse_line(line_no: int, line: bytes) -> RawLine:
    """Parse one line as a JSON object; anything else is an error, not an exception."""
    try:
        value = json.loads(line)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        return RawLine(line_no, None, f"not valid JSON ({exc})")
    if not isinstance(value, dict):
        return RawLine(line_no, None, f"expected a JSON object, got {type(value).__name__}")
    if SUSPECT_ESCAPE.search(line) and not _storable(value):
        # A lone surrogate cannot be encoded as UTF-8 and PostgreSQL refuses NUL in text:
        # either would fail the whole batch, so the row is reported instead.
        return RawLine(line_no, None, "contains a NUL character or an unpaired surrogate")
    return RawLine(line_no, value)


def _storable(value: object) -> bool:
    """True when every string inside is valid Unicode text without NUL characters."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return False
        return "\x00" not in value
    if isinstance(value, dict):
        return all(_storable(k) and _storable(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_storable(v) for v in value)
    return True
