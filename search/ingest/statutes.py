"""Ingest of statute and regulation sections from `<data>/statutes/*.jsonl[.gz]`."""

from collections.abc import Callable
from pathlib import Path
from typing import Any

from django.db import transaction

from search.ingest.common import (
    batched,
    checked_files,
    delete_in_batches,
    file_is_unchanged,
    record_file,
    row_hash,
    upsert_by_key,
)
from search.ingest.coverage import COVERAGE_NOT_STATED, refresh_sources, update_coverage
from search.ingest.manifest import ManifestUnreadable, read_coverage
from search.ingest.reader import RawLine, data_files, read_lines
from search.ingest.summary import FileSummary, IngestSummary
from search.ingest.unload import unload_statute_files
from search.ingest.validate import Problem, check_section
from search.models import Section
from search.text.citation_keys import citation_key

KIND = "statutes"


def statute_files(data_dir: Path) -> list[Path]:
    """The statute/regulation data files under the data folder."""
    return data_files(data_dir / KIND)


def ingest_statutes(
    data_dir: Path,
    *,
    force: bool = False,
    allow_empty: bool = False,
    on_bytes: Callable[[int], None] | None = None,
    on_file: Callable[[Path, bool], None] | None = None,
) -> IngestSummary:
    """Make the loaded sections mirror the statutes folder (upsert by id, unload removed files).

    Raises DataFolderError, before any change, for an unreadable folder or, unless
    `allow_empty`, for one without data files.
    """
    files = checked_files(data_dir / KIND, lambda: statute_files(data_dir), allow_empty=allow_empty)
    summary = IngestSummary(kind=KIND)
    statements = _coverage_statements(data_dir / KIND, summary)
    seen_ids: dict[str, tuple[str, int]] = {}
    for path in files:
        skip = not force and file_is_unchanged(KIND, path)
        if on_file:
            on_file(path, skip)
        if skip:
            summary.files.append(FileSummary(path.name, not_read=True))
            continue
        summary.files.append(_ingest_file(path, summary, seen_ids, on_bytes))
    # After the present files: a section that moved to another file now belongs to it.
    summary.files.extend(unload_statute_files(KIND, {p.name for p in files}))
    if summary.changed or not all(f.not_read for f in summary.files):
        refresh_sources(statements)
    else:
        update_coverage(statements)
    return summary


def _coverage_statements(folder: Path, summary: IngestSummary) -> dict[str, str]:
    """The manifest's statement per file; none (reported) when the manifest is unreadable."""
    try:
        return read_coverage(folder)
    except ManifestUnreadable as exc:
        summary.warnings.append(f"{exc}; every source says '{COVERAGE_NOT_STATED}'")
        return {}


def _ingest_file(
    path: Path,
    summary: IngestSummary,
    seen_ids: dict[str, tuple[str, int]],
    on_bytes: Callable[[int], None] | None,
) -> FileSummary:
    file_summary = FileSummary(path.name)
    ids_in_file: set[str] = set()
    for lines in batched(read_lines(path, on_bytes)):
        sections = []
        for line in lines:
            file_summary.rows_read += 1
            section = _to_section(path.name, line, summary, seen_ids)
            if section is None:
                file_summary.skipped += 1
                continue
            ids_in_file.add(section.id)
            sections.append(section)
        with transaction.atomic():
            upsert_by_key(Section, sections, "id", file_summary)
    gone = set(Section.objects.filter(source_file=path.name).values_list("id", flat=True))
    with transaction.atomic():
        file_summary.deleted = delete_in_batches(
            Section.objects.all(), sorted(gone - ids_in_file), "id"
        )
        record_file(KIND, path, file_summary)
    return file_summary


def _to_section(
    file_name: str,
    line: RawLine,
    summary: IngestSummary,
    seen_ids: dict[str, tuple[str, int]],
) -> Section | None:
    """A Section from a valid row; a problem recorded in the summary otherwise."""
    row = line.row
    if row is None:
        summary.add_problem(Problem(file_name, line.line_no, "", line.error))
        return None
    found = check_section(row)
    if found:
        summary.add_problem(Problem(file_name, line.line_no, *found))
        return None
    first = seen_ids.get(row["id"])
    if first is not None:
        where = f"{first[0]}:{first[1]}"
        summary.add_problem(Problem(file_name, line.line_no, "id", f"duplicate of {where}"))
        return None
    seen_ids[row["id"]] = (file_name, line.line_no)
    return _section_from_row(row, file_name, line.line_no)


def _section_from_row(row: dict[str, Any], file_name: str, line_no: int) -> Section:
    body = row["body"]
    return Section(
        id=row["id"],
        jurisdiction=row["jurisdiction"].lower(),
        corpus=row["corpus"],
        source=row["source"],
        code_name=row.get("code_name") or "",
        title=row.get("title") or "",
        chapter=row.get("chapter") or "",
        section=row["section"],
        citation=row["citation"],
        citation_key=citation_key(row["citation"]),
        heading=row.get("heading"),
        body=body,
        as_of=row["as_of"],
        url=row.get("url"),
        ends_at_colon=body.rstrip().endswith(":"),
        source_file=file_name,
        ordinal=line_no,
        content_hash=row_hash([row, file_name, line_no]),
    )
