"""Data safety: backup and restore round-trip the database and the live indexes; SQLite is WAL."""

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.test import Client

from search.indexes.store import IndexStore
from search.models import Chunk, Paper, Section
from search.ops.backup import MANIFEST
from search.ops.builds.build import build_index

BASE_DIR = Path(__file__).resolve().parents[2]
QUERY = {"q": "landlord deposit", "jurisdiction": "wa"}


def search_ids(client: Client) -> list[str]:
    response = client.get("/api/statute_search", QUERY)
    assert response.status_code == 200
    return [row["id"] for row in response.json()["results"]]


@pytest.mark.django_db(transaction=True)
def test_backup_then_restore_round_trips_database_and_indexes(
    built_indexes: Path, tmp_path: Path, client: Client
) -> None:
    before_ids = search_ids(client)
    before = (Section.objects.count(), Paper.objects.count(), Chunk.objects.count())
    bodies = dict(Section.objects.values_list("id", "body"))
    live = {name: IndexStore(name).live_version() for name in ("statutes", "papers")}

    call_command("backup", str(tmp_path / "backup"), verbosity=0)

    # Damage: rows deleted and changed, and a new statutes version switched live from them.
    Section.objects.filter(jurisdiction="wa").delete()
    Section.objects.filter(id="id:statute:6-321").update(body="tampered")
    Paper.objects.all().delete()
    build_index("statutes")
    assert IndexStore("statutes").live_version() != live["statutes"]
    assert search_ids(client) == []

    call_command("restore", str(tmp_path / "backup"), "--noinput", verbosity=0)

    assert (Section.objects.count(), Paper.objects.count(), Chunk.objects.count()) == before
    assert dict(Section.objects.values_list("id", "body")) == bodies
    assert {name: IndexStore(name).live_version() for name in live} == live
    assert search_ids(client) == before_ids  # served from the restored version, no restart


@pytest.mark.django_db(transaction=True)
def test_backup_manifest_and_database_copy_are_complete(
    built_indexes: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "backup"
    call_command("backup", str(folder), verbosity=0)
    manifest = json.loads((folder / MANIFEST).read_text())
    assert manifest["counts"] == {
        "sections": Section.objects.count(),
        "papers": Paper.objects.count(),
        "chunks": Chunk.objects.count(),
    }
    for name in ("statutes", "papers"):
        version = manifest["indexes"][name]["version"]
        assert version == IndexStore(name).live_version()
        assert (folder / "indexes" / name / "LIVE").read_text().strip() == version
        assert (folder / "indexes" / name / "versions" / version / "version.json").is_file()
    assert not (tmp_path / "backup.partial").exists()
    if connection.vendor == "sqlite":
        copy = sqlite3.connect(folder / manifest["database_file"])
        assert copy.execute("SELECT count(*) FROM search_section").fetchone()[0] == (
            Section.objects.count()
        )
        assert copy.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        copy.close()


@pytest.mark.django_db(transaction=True)
def test_backup_refuses_a_folder_that_is_not_empty(tmp_path: Path, index_root: Path) -> None:
    (tmp_path / "backup").mkdir()
    (tmp_path / "backup" / "precious.txt").write_text("keep me")
    with pytest.raises(CommandError, match="not empty"):
        call_command("backup", str(tmp_path / "backup"), verbosity=0)
    assert (tmp_path / "backup" / "precious.txt").read_text() == "keep me"


@pytest.mark.django_db
def test_restore_refuses_a_folder_that_is_not_a_backup(tmp_path: Path, index_root: Path) -> None:
    (tmp_path / "junk").mkdir()
    with pytest.raises(CommandError, match="not a backup"):
        call_command("restore", str(tmp_path / "junk"), "--noinput", verbosity=0)


@pytest.mark.django_db(transaction=True)
def test_restore_refuses_a_backup_with_a_missing_index_version(
    built_indexes: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "backup"
    call_command("backup", str(folder), verbosity=0)
    version = IndexStore("papers").live_version()
    for path in sorted((folder / "indexes" / "papers" / "versions" / str(version)).iterdir()):
        path.unlink()
    (folder / "indexes" / "papers" / "versions" / str(version)).rmdir()
    count = Section.objects.count()
    Section.objects.all().delete()
    with pytest.raises(CommandError, match="is missing"):
        call_command("restore", str(folder), "--noinput", verbosity=0)
    assert Section.objects.count() == 0  # checked before anything was touched
    assert count


@pytest.mark.django_db(transaction=True)
def test_backup_without_live_indexes_holds_the_database_only(
    loaded_corpus: Path, index_root: Path, tmp_path: Path
) -> None:
    call_command("backup", str(tmp_path / "backup"), verbosity=0)
    manifest = json.loads((tmp_path / "backup" / MANIFEST).read_text())
    assert manifest["indexes"] == {}
    assert manifest["counts"]["sections"] == Section.objects.count()


WAL_PROBE = """
import django
django.setup()
from django.db import connection
with connection.cursor() as cursor:
    cursor.execute("PRAGMA journal_mode")
    print(cursor.fetchone()[0])
"""


def test_sqlite_database_uses_wal(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env.update(
        DJANGO_SETTINGS_MODULE="portal.settings",
        PORTAL_SQLITE_PATH=str(tmp_path / "wal.sqlite3"),
        PORTAL_INDEX_DIR=str(tmp_path / "indexes"),
    )
    result = subprocess.run(
        [sys.executable, "-c", WAL_PROBE],
        cwd=BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "wal"
    # Persistent: the file itself is in WAL mode for every process that opens it.
    raw = sqlite3.connect(tmp_path / "wal.sqlite3")
    assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    raw.close()


@pytest.mark.django_db
def test_backup_inside_a_transaction_is_refused_not_hung(tmp_path: Path, index_root: Path) -> None:
    with pytest.raises(CommandError, match="inside a database transaction"):
        call_command("backup", str(tmp_path / "backup"), verbosity=0)
    assert not (tmp_path / "backup").exists()
