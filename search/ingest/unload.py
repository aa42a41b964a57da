"""Unloading: what leaves the database when its data file leaves the folder.

Ingest mirrors the data folder. These run after the present files were read, so a row that
moved to another file belongs to that file by then and is not unloaded.
"""

from collections.abc import Iterable

from django.db import transaction

from search.ingest.common import delete_in_batches, forget_files, recorded_files
from search.ingest.coverage import drop_emptied_sources
from search.ingest.summary import FileSummary
from search.models import Chunk, Paper, Section


def removed_files(kind: str, present: set[str], loaded: Iterable[str]) -> list[str]:
    """Files recorded as ingested, or named by loaded rows, that the folder no longer holds."""
    return sorted((recorded_files(kind) | set(loaded)) - present)


def unload_statute_files(kind: str, present: set[str]) -> list[FileSummary]:
    """Delete the sections of removed files, one transaction per source, and emptied sources."""
    loaded = Section.objects.order_by().values_list("source_file", flat=True).distinct()
    removed = removed_files(kind, present, loaded)
    if not removed:
        return []
    deleted = dict.fromkeys(removed, 0)
    pairs = (
        Section.objects.filter(source_file__in=removed)
        .order_by()
        .values_list("source", "source_file")
        .distinct()
    )
    files_by_source: dict[str, list[str]] = {}
    for source, name in pairs:
        files_by_source.setdefault(source, []).append(name)
    for source, names in sorted(files_by_source.items()):
        with transaction.atomic():
            for name in names:
                ids = Section.objects.filter(source=source, source_file=name).values_list(
                    "id", flat=True
                )
                deleted[name] += delete_in_batches(Section.objects.all(), list(ids), "id")
            drop_emptied_sources([source])
    forget_files(kind, removed)
    return [FileSummary(name, deleted=count, removed=True) for name, count in deleted.items()]


def unload_paper_files(kind: str, present: set[str], chunks_stem: str) -> list[FileSummary]:
    """Delete the papers of removed papers files (their chunks go with them), a file at a time."""
    loaded = Paper.objects.order_by().values_list("source_file", flat=True).distinct()
    unloaded = []
    for name in removed_files(kind, present, loaded):
        if name.startswith(chunks_stem):
            continue
        with transaction.atomic():
            keys = Paper.objects.filter(source_file=name).values_list("paper_id", flat=True)
            count = delete_in_batches(Paper.objects.all(), list(keys), "paper_id")
            forget_files(kind, [name])
        unloaded.append(FileSummary(name, deleted=count, removed=True))
    return unloaded


def unload_chunk_files(kind: str, present: set[str], chunks_stem: str) -> list[FileSummary]:
    """Forget removed chunks files; with none left in the folder, delete every full-text chunk.

    Full-text chunks carry no file name: they all come from the one chunks file.
    """
    removed = [n for n in removed_files(kind, present, ()) if n.startswith(chunks_stem)]
    count = 0
    if not any(n.startswith(chunks_stem) for n in present):
        with transaction.atomic():
            pks = Chunk.objects.filter(has_full_text=True).values_list("pk", flat=True)
            count = delete_in_batches(Chunk.objects.all(), list(pks), "pk")
    forget_files(kind, removed)
    # Chunks left by a run that died before recording its file still count as unloaded rows.
    names = removed or ([chunks_stem] if count else [])
    return [
        FileSummary(name, deleted=count if n == 0 else 0, removed=True)
        for n, name in enumerate(names)
    ]
