"""Machinery shared by the statute and paper ingests: file skipping, hashing, batching."""

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
