"""Backup and restore of the database and the live index versions (used by the two commands).

A backup folder holds `backup.json` (what is inside, with row and document counts to check a
restore against), the database (`portal.sqlite3`, an online copy made with SQLite's backup
API, or `portal.pgdump` from pg_dump for PostgreSQL) and `indexes/<name>/versions/<v>/` with
`indexes/<name>/LIVE`. It is written under `<folder>.partial` and renamed when complete, so a
folder named like the target is always a whole backup.
"""

import json
import os
import shutil
import sqlite3
import subprocess
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from django.db import connection

from search.indexes.names import INDEX_NAMES
from search.indexes.store import LIVE_FILE, IndexStore, VersionMeta
from search.models import Chunk, Paper, Section

MANIFEST = "backup.json"
SQLITE_FILE = "portal.sqlite3"
PG_FILE = "portal.pgdump"
FORMAT_VERSION = 1
# A build finishing during the copy may remove the version being copied; try again.
COPY_ATTEMPTS = 3


class BackupError(Exception):
    """The backup or restore could not be done; the message says why."""


@dataclass
class Manifest:
    """What a backup holds."""

    created_at: str
    database: str  # "sqlite" or "postgresql"
    database_file: str
    counts: dict[str, int]
    indexes: dict[str, dict[str, Any]] = field(default_factory=dict)
    format: int = FORMAT_VERSION

    @classmethod
    def read(cls, folder: Path) -> "Manifest":
        try:
            data = json.loads((folder / MANIFEST).read_text())
            return cls(**data)
        except (OSError, ValueError, TypeError) as exc:
            raise BackupError(
                f"{folder} is not a backup made by `manage.py backup` ({exc})"
            ) from exc

    def write(self, folder: Path) -> None:
        (folder / MANIFEST).write_text(json.dumps(asdict(self), indent=2) + "\n")


def row_counts() -> dict[str, int]:
    """Rows of the corpus tables, to check a restore against."""
    return {
        "sections": Section.objects.count(),
        "papers": Paper.objects.count(),
        "chunks": Chunk.objects.count(),
    }


# --- backup ------------------------------------------------------------------------------------


def create_backup(target: Path) -> Manifest:
    """Copy the database and the live index versions into the new folder `target`."""
    if connection.in_atomic_block:
        # SQLite's backup API waits forever on a database its own connection holds locked.
        raise BackupError("a backup cannot run inside a database transaction")
    if target.exists() and any(target.iterdir()):
        raise BackupError(f"{target} exists and is not empty; name a new folder")
    partial = target.with_name(target.name + ".partial")
    shutil.rmtree(partial, ignore_errors=True)
    partial.mkdir(parents=True)
    try:
        vendor = connection.vendor
        if vendor == "sqlite":
            database_file = SQLITE_FILE
            _backup_sqlite(partial / SQLITE_FILE)
        elif vendor == "postgresql":
            database_file = PG_FILE
            _pg_dump(partial / PG_FILE)
        else:
            raise BackupError(f"backups of a {vendor} database are not supported")
        manifest = Manifest(
            created_at=datetime.now(UTC).isoformat(timespec="seconds"),
            database=vendor,
            database_file=database_file,
            counts=row_counts(),
        )
        for name in INDEX_NAMES:
            meta = _copy_live_version(name, partial / "indexes")
            if meta is not None:
                manifest.indexes[name] = {"version": meta.version, "doc_count": meta.doc_count}
        manifest.write(partial)
        if target.exists():
            target.rmdir()
        os.replace(partial, target)
    except BaseException:
        shutil.rmtree(partial, ignore_errors=True)
        raise
    return manifest


def _backup_sqlite(destination: Path) -> None:
    """An online copy: consistent even while other processes write (SQLite's backup API)."""
    connection.ensure_connection()
    target = sqlite3.connect(destination)
    try:
        connection.connection.backup(target)
    finally:
        target.close()


def _copy_live_version(name: str, indexes: Path) -> VersionMeta | None:
    """Copy the live version of one index (immutable once finished) and its LIVE pointer."""
    store = IndexStore(name)
    for _ in range(COPY_ATTEMPTS):
        meta = store.live_meta()
        if meta is None:
            return None
        destination = indexes / name / "versions" / meta.version
        try:
            shutil.copytree(store.version_dir(meta.version), destination)
        except (FileNotFoundError, shutil.Error):
            shutil.rmtree(destination, ignore_errors=True)
            continue
        (indexes / name / LIVE_FILE).write_text(meta.version + "\n")
        return meta
    raise BackupError(f"the {name} index kept changing during the copy; try again")


# --- restore -----------------------------------------------------------------------------------


def restore_backup(source: Path) -> Manifest:
    """Put the backup's database and index versions back and switch the indexes live."""
    manifest = Manifest.read(source)
    if connection.in_atomic_block:
        raise BackupError("a restore cannot run inside a database transaction")
    if manifest.format != FORMAT_VERSION:
        raise BackupError(f"backup format {manifest.format} is not {FORMAT_VERSION}")
    if manifest.database != connection.vendor:
        raise BackupError(
            f"the backup holds a {manifest.database} database but this portal uses "
            f"{connection.vendor}"
        )
    database_file = source / manifest.database_file
    if not database_file.is_file():
        raise BackupError(f"{database_file} is missing")
    for name, facts in manifest.indexes.items():
        if not (source / "indexes" / name / "versions" / facts["version"]).is_dir():
            raise BackupError(f"index version {name}/{facts['version']} is missing")
    if manifest.database == "sqlite":
        _restore_sqlite(database_file)
    else:
        _pg_restore(database_file)
    found = row_counts()
    if found != manifest.counts:
        raise BackupError(f"restored database has {found} rows, the backup {manifest.counts}")
    for name, facts in manifest.indexes.items():
        _restore_version(name, source / "indexes" / name / "versions" / facts["version"])
    return manifest


def _restore_sqlite(backup_file: Path) -> None:
    """Copy the backup into the live database in one step; readers see old or new, never half."""
    connection.ensure_connection()
    source = sqlite3.connect(backup_file)
    try:
        source.backup(connection.connection)
    finally:
        source.close()


def _restore_version(name: str, version_dir: Path) -> None:
    """Copy one version in (if absent) and switch it live under the build lock."""
    store = IndexStore(name)
    version = version_dir.name
    with store.build_lock():
        final = store.version_dir(version)
        if not final.is_dir():
            staging = store.staging_dir(version)
            shutil.rmtree(staging, ignore_errors=True)
            store.versions_dir.mkdir(parents=True, exist_ok=True)
            shutil.copytree(version_dir, staging)
            VersionMeta.read(staging)  # refuse a version without its facts
            os.replace(staging, final)
        store.switch(version)


# --- PostgreSQL tools --------------------------------------------------------------------------


def _pg_dump(destination: Path) -> None:
    """pg_dump of the configured database in its compressed custom format."""
    name = str(connection.settings_dict["NAME"])
    _run_pg(["pg_dump", *_pg_connection(), "--format=custom", "--file", str(destination), name])


def _pg_restore(dump: Path) -> None:
    """pg_restore over the configured database: tables replaced in one transaction."""
    name = str(connection.settings_dict["NAME"])
    _run_pg(
        ["pg_restore", *_pg_connection(), "--clean", "--if-exists", "--no-owner",
         "--single-transaction", "--dbname", name, str(dump)]
    )  # fmt: skip


def _pg_connection() -> list[str]:
    db = connection.settings_dict
    args = ["--host", str(db.get("HOST") or "localhost")]
    if db.get("PORT"):
        args += ["--port", str(db["PORT"])]
    if db.get("USER"):
        args += ["--username", str(db["USER"])]
    return args


def _run_pg(args: list[str]) -> None:
    """Run a PostgreSQL client tool; the password goes through the environment, not argv."""
    env = {**os.environ}
    password = connection.settings_dict.get("PASSWORD")
    if password:
        env["PGPASSWORD"] = str(password)
    try:
        result = subprocess.run(args, env=env, capture_output=True, text=True, check=False)
    except FileNotFoundError as exc:
        raise BackupError(
            f"{args[0]} is not installed (apt-get install postgresql-client)"
        ) from exc
    if result.returncode != 0:
        raise BackupError(f"{args[0]} failed: {result.stderr.strip()[-2000:]}")
