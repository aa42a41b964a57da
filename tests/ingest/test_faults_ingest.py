"""An ingest that dies half-way loses nothing: each batch commits whole or not at all, the file
is marked read only when it is complete, and the next run finishes the job.

(The build side is covered by tests/ops/test_indexes.py and tests/ops/test_faults_index.py: a failed
build never switches, and the live version keeps serving.)
"""

from functools import partial
from pathlib import Path

import pytest

from search.ingest import statutes as statute_ingest
from search.ingest.common import batched
from search.ingest.statutes import ingest_statutes
from search.models import IngestedFile, Section
from tests.corpus import section, write_jsonl

pytestmark = pytest.mark.django_db

ROWS = [section(f"wa:statute:1.{n}", f"body number {n} about the landlord") for n in range(7)]


class Crash(Exception):
    """Stands for the process dying mid-file."""


def test_ingest_interrupted_mid_file_keeps_whole_batches_and_is_completed_by_the_next_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_jsonl(tmp_path / "statutes" / "wa.jsonl", ROWS)
    monkeypatch.setattr(statute_ingest, "batched", partial(batched, size=3))
    real_upsert = statute_ingest.upsert_by_key
    calls = {"n": 0}

    def upsert_then_die(*args: object, **kwargs: object) -> None:
        calls["n"] += 1
        real_upsert(*args, **kwargs)  # type: ignore[arg-type]
        if calls["n"] == 2:
            raise Crash("killed inside the second batch's transaction")

    monkeypatch.setattr(statute_ingest, "upsert_by_key", upsert_then_die)
    with pytest.raises(Crash):
        ingest_statutes(tmp_path)

    # The first batch committed; the second rolled back as a whole; nothing after it ran.
    assert sorted(Section.objects.values_list("id", flat=True)) == [r["id"] for r in ROWS[:3]]
    assert not IngestedFile.objects.filter(name="wa.jsonl").exists()  # will be read again

    monkeypatch.setattr(statute_ingest, "upsert_by_key", real_upsert)
    summary = ingest_statutes(tmp_path)
    assert summary.total("created") == 4
    assert summary.total("unchanged") == 3
    assert dict(Section.objects.values_list("id", "body")) == {r["id"]: r["body"] for r in ROWS}
    assert IngestedFile.objects.filter(name="wa.jsonl").exists()


def test_rows_are_deleted_only_after_the_whole_file_was_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A crash part-way through a shorter file must not delete the rows it had not reached."""
    write_jsonl(tmp_path / "statutes" / "wa.jsonl", ROWS)
    ingest_statutes(tmp_path)
    write_jsonl(tmp_path / "statutes" / "wa.jsonl", ROWS[:5], gz=False)
    monkeypatch.setattr(statute_ingest, "batched", partial(batched, size=2))
    real_upsert = statute_ingest.upsert_by_key
    calls = {"n": 0}

    def die_on_the_third(*args: object, **kwargs: object) -> None:
        calls["n"] += 1
        if calls["n"] == 3:
            raise Crash("killed")
        real_upsert(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(statute_ingest, "upsert_by_key", die_on_the_third)
    with pytest.raises(Crash):
        ingest_statutes(tmp_path, force=True)
    assert Section.objects.count() == 7  # nothing deleted by a half-read file

    monkeypatch.setattr(statute_ingest, "upsert_by_key", real_upsert)
    ingest_statutes(tmp_path, force=True)
    assert sorted(Section.objects.values_list("id", flat=True)) == [r["id"] for r in ROWS[:5]]
