"""One door for the live version: after LIVE switches, every reader answers from the new
version (and back again), with no cache dropped by hand."""

from pathlib import Path

from search.admin.builds import live_versions
from search.backends.tantivy.reader import live_index
from search.indexes.freshness import live_freshness
from search.indexes.names import PAPERS, STATUTES
from search.indexes.store import IndexStore
from search.ingest.statutes import ingest_statutes
from search.ops.builds.build import build_index
from search.ops.status import index_status
from search.papers.catalog import load_catalog as load_paper_catalog
from search.statutes.catalog import load_catalog
from search.statutes.chapters import chapter_ref, load_chapters
from search.statutes.code_listing import ordered_ids
from tests.corpus import section, write_jsonl

KANSAS = "ks:kar:16-1-1"


def seen(name: str) -> set[str | None]:
    """The version each reader of `name` answers from."""
    found = {
        live_freshness(name).version,  # type: ignore[union-attr]
        live_index(name).version,
        live_versions()[name],
        index_status(name).version,
    }
    found.add(load_catalog().version if name == STATUTES else load_paper_catalog().version)
    return found


def test_every_reader_follows_the_live_pointer(built_indexes: Path, corpus_dir: Path) -> None:
    old = {name: IndexStore(name).live_version() for name in (STATUTES, PAPERS)}
    assert seen(STATUTES) == {old[STATUTES]} and seen(PAPERS) == {old[PAPERS]}
    assert "ks-kar" not in {s.code for s in load_catalog().sources}

    kansas = section(
        KANSAS, "A landlord shall return the deposit.", jurisdiction="ks",
        corpus="regulation", source="ks-kar", title="16", chapter="16-1",
        citation="K.A.R. 16-1-1", code_name="Kansas Administrative Regulations",
    )  # fmt: skip
    write_jsonl(corpus_dir / "statutes" / "ks-kar.jsonl", [kansas])
    ingest_statutes(corpus_dir)
    new = {STATUTES: build_index(STATUTES).version, PAPERS: build_index(PAPERS).version}
    assert new[STATUTES] != old[STATUTES] and new[PAPERS] != old[PAPERS]
    assert seen(STATUTES) == {new[STATUTES]} and seen(PAPERS) == {new[PAPERS]}
    chapter = load_chapters().by_ref[chapter_ref("ks-kar", "16", "16-1")]
    assert "ks-kar" in {s.code for s in load_catalog().sources}
    assert ordered_ids([chapter]) == (KANSAS,)

    # Back to the old versions (kept on disk): the readers follow without being told.
    for name, version in old.items():
        IndexStore(name).switch(str(version))
    assert seen(STATUTES) == {old[STATUTES]} and seen(PAPERS) == {old[PAPERS]}
    assert chapter.ref not in load_chapters().by_ref
    assert "ks-kar" not in {s.code for s in load_catalog().sources}
    assert ordered_ids([chapter]) == ()
