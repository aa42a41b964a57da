"""Index builds: versioned directories, check, atomic switch, lock, no-index error."""

from pathlib import Path

import pytest

from search.backends.protocol import IndexUnavailable
from search.backends.tantivy.reader import live_index
from search.indexes.store import BuildInProgress, IndexStore
from search.models import Chunk, Section
from search.ops.builds.build import BuildFailed, build_index, is_stale

pytestmark = pytest.mark.django_db


def test_no_live_index_is_a_typed_error(index_root: Path) -> None:
    with pytest.raises(IndexUnavailable) as caught:
        live_index("statutes")
    assert caught.value.index_name == "statutes"


def test_build_writes_a_version_and_switches_live(loaded_corpus: Path, index_root: Path) -> None:
    result = build_index("statutes")
    store = IndexStore("statutes")
    assert store.live_version() == result.version
    assert result.doc_count == Section.objects.count()
    assert live_index("statutes").searcher().num_docs == Section.objects.count()
    meta = store.live_meta()
    assert meta is not None and meta.doc_count == result.doc_count


def test_paper_index_has_one_document_per_chunk(loaded_corpus: Path, index_root: Path) -> None:
    assert build_index("papers").doc_count == Chunk.objects.count()


def test_a_build_with_the_default_writer_settings_writes_one_segment(
    loaded_corpus: Path, index_root: Path
) -> None:
    for name in ("statutes", "papers"):
        build_index(name)
        assert live_index(name).searcher().num_segments == 1, name


def test_a_small_writer_budget_over_two_threads_writes_several_segments(
    loaded_corpus: Path, index_root: Path, settings: object
) -> None:
    settings.PORTAL_INDEX_WRITER_HEAP_MB = 32  # type: ignore[attr-defined]
    settings.PORTAL_INDEX_WRITER_THREADS = 2  # type: ignore[attr-defined]
    assert build_index("papers").doc_count == Chunk.objects.count()
    assert live_index("papers").searcher().num_segments > 1


def test_readers_pick_up_a_new_version_without_restart(
    loaded_corpus: Path, index_root: Path
) -> None:
    first = build_index("statutes")
    assert live_index("statutes").version == first.version
    Section.objects.filter(id="wa:statute:59.18.070").delete()
    second = build_index("statutes")
    opened = live_index("statutes")
    assert opened.version == second.version != first.version
    assert opened.searcher().num_docs == Section.objects.count()


def test_old_versions_are_cleaned_up_keeping_the_previous(
    loaded_corpus: Path, index_root: Path
) -> None:
    versions = [build_index("statutes").version for _ in range(3)]
    remaining = sorted(p.name for p in IndexStore("statutes").versions_dir.iterdir())
    assert remaining == versions[1:]


class ExplodingWriter:
    """A writer that fails halfway, as a crashing build would."""

    def write(self, index_name: str, directory: Path, documents: object, on_batch: object) -> None:
        (directory / "partial").write_text("half a segment")
        raise OSError("disk full")

    def count(self, index_name: str, directory: Path) -> int:
        return 0


def test_failed_build_leaves_live_index_untouched(loaded_corpus: Path, index_root: Path) -> None:
    live = build_index("statutes").version
    with pytest.raises(BuildFailed, match="disk full"):
        build_index("statutes", writer=ExplodingWriter())
    store = IndexStore("statutes")
    assert store.live_version() == live
    assert [p.name for p in store.versions_dir.iterdir()] == [live]
    assert live_index("statutes").searcher().num_docs == Section.objects.count()


class ShortWriter(ExplodingWriter):
    """A writer that finishes but loses documents: the check must catch it."""

    def write(self, index_name: str, directory: Path, documents: object, on_batch: object) -> None:
        (directory / "x").write_text("")

    def count(self, index_name: str, directory: Path) -> int:
        return 1


def test_build_with_wrong_document_count_is_not_switched(
    loaded_corpus: Path, index_root: Path
) -> None:
    with pytest.raises(BuildFailed, match="check failed"):
        build_index("statutes", writer=ShortWriter())
    assert IndexStore("statutes").live_version() is None


def test_second_build_while_one_holds_the_lock_is_refused(
    loaded_corpus: Path, index_root: Path
) -> None:
    with IndexStore("statutes").build_lock(), pytest.raises(BuildInProgress):
        build_index("statutes")


def test_index_is_stale_until_built_and_after_data_changes(
    loaded_corpus: Path, index_root: Path
) -> None:
    assert is_stale("statutes")
    build_index("statutes")
    assert not is_stale("statutes")
    Section.objects.filter(id="wa:statute:59.18.070").delete()
    assert is_stale("statutes")


def test_deleted_version_directory_is_unavailable_not_empty(
    loaded_corpus: Path, index_root: Path
) -> None:
    import shutil

    version = build_index("statutes").version
    from search.backends.tantivy.reader import forget_open_indexes

    forget_open_indexes()
    shutil.rmtree(IndexStore("statutes").version_dir(version))
    with pytest.raises(IndexUnavailable):
        live_index("statutes")
