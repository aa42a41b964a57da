"""Shared by the statute and paper ingests: the folder check, file records, hashing, batches."""

import hashlib
import json
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from django.db import models

from search.ingest.summary import FileSummary
from search.models import IngestedFile

BATCH_SIZE = 2000
T = TypeVar("T")
M = TypeVar("M", bound=models.Model)


class DataFolderError(Exception):
    """The data folder cannot say what should be loaded; nothing was loaded or unloaded."""


class UnreadableDataFolder(DataFolderError):
    """Listing the folder failed (permissions, a broken mount)."""


class EmptyDataFolder(DataFolderError):
    """No data file at all: mirroring it would unload everything, so it must be asked for."""


def checked_files(
    folder: Path, find: Callable[[], list[Path]], *, allow_empty: bool = False
) -> list[Path]:
    """The data files `find` lists in `folder`; an unreadable folder, or an empty one, is refused.

    A mount that failed looks like an empty or missing folder, and ingest unloads every file
    that is not in the folder: without this check it would wipe the whole corpus.
    """
    try:
        files = find()
    except OSError as exc:
        raise UnreadableDataFolder(f"cannot read {folder}: {exc}") from exc
    if not files and not allow_empty:
        raise EmptyDataFolder(f"no data files (*.jsonl[.gz]) in {folder}")
    return files


def recorded_files(kind: str) -> set[str]:
    """Names of the files of this kind ingested in full before."""
    return set(IngestedFile.objects.filter(kind=kind).values_list("name", flat=True))


def forget_files(kind: str, names: Iterable[str]) -> None:
    """Drop the records of files that are no longer in the folder."""
    IngestedFile.objects.filter(kind=kind, name__in=list(names)).delete()


def row_hash(row: Any) -> str:
    """A stable fingerprint of a row's content (key order does not matter)."""
    encoded = json.dumps(row, sort_keys=True, ensure_ascii=False, default=str).encode()
    return hashlib.sha1(encoded, usedforsecurity=False).hexdigest()


def file_is_unchanged(kind: str, path: Path) -> bool:
    """True when this file was fully ingested before and its size and mtime are the same."""
    stat = path.stat()
    return IngestedFile.objects.filter(
        kind=kind, name=path.name, size=stat.st_size, mtime_ns=stat.st_mtime_ns
    ).exists()


def record_file(kind: str, path: Path, summary: FileSummary) -> None:
    """Remember a fully ingested file; written last, so a crash means it is read again."""
    stat = path.stat()
    IngestedFile.objects.update_or_create(
        kind=kind,
        name=path.name,
        defaults={
            "size": stat.st_size,
            "mtime_ns": stat.st_mtime_ns,
            "rows_read": summary.rows_read,
            "created": summary.created,
            "updated": summary.updated,
            "unchanged": summary.unchanged,
            "skipped": summary.skipped,
            "deleted": summary.deleted,
        },
    )


def batched[T](items: Iterable[T], size: int = BATCH_SIZE) -> Iterator[list[T]]:
    """Consecutive lists of at most `size` items."""
    batch: list[T] = []
    for item in items:
        batch.append(item)
        if len(batch) >= size:
            yield batch
            batch = []
    if batch:
        yield batch


def upsert[M: models.Model](
    model: type[M],
    objects: list[M],
    existing_hashes: dict[Any, str],
    key: Callable[[M], Any],
    unique_fields: list[str],
    summary: FileSummary,
) -> None:
    """Insert new objects, overwrite changed ones, count the unchanged; one statement each."""
    new = [o for o in objects if key(o) not in existing_hashes]
    changed = [
        o
        for o in objects
        if key(o) in existing_hashes and existing_hashes[key(o)] != o.content_hash  # type: ignore[attr-defined]
    ]
    if new:
        model.objects.bulk_create(new)  # type: ignore[attr-defined]
    if changed:
        update_fields = [
            f.name
            for f in model._meta.concrete_fields
            if not f.primary_key and f.name not in unique_fields
        ]
        model.objects.bulk_create(  # type: ignore[attr-defined]
            changed, update_conflicts=True, unique_fields=unique_fields, update_fields=update_fields
        )
    summary.created += len(new)
    summary.updated += len(changed)
    summary.unchanged += len(objects) - len(new) - len(changed)


def upsert_by_key[M: models.Model](
    model: type[M], objects: list[M], key_field: str, summary: FileSummary
) -> None:
    """`upsert` for models with a single unique key field, looking up stored hashes itself."""
    keys = [getattr(o, key_field) for o in objects]
    existing = dict(
        model.objects.filter(**{f"{key_field}__in": keys}).values_list(  # type: ignore[attr-defined]
            key_field, "content_hash"
        )
    )
    upsert(model, objects, existing, lambda o: getattr(o, key_field), [key_field], summary)


def delete_in_batches(queryset: "models.QuerySet[Any]", keys: list[Any], field: str) -> int:
    """Delete rows whose `field` is in `keys`, in chunks small enough for any database."""
    deleted = 0
    for chunk in batched(keys, 500):
        deleted += (
            queryset.filter(**{f"{field}__in": chunk})
            .delete()[1]
            .get(queryset.model._meta.label, 0)
        )
    return deleted
