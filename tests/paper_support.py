"""Paper search test support: the test corpus ingested and indexed once per module.

Building per test costs about a second; the paper tests only read the corpus (each test's
own writes, such as research runs, roll back with its transaction), so one module-scoped
build serves them all. The rows are deleted again when the module ends.
"""

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from django.test import override_settings

from tests.corpus import write_corpus


def forget_paper_caches() -> None:
    """Drop every per-process cache keyed by index version or file."""
    from search.backends.registry import get_backend

    forget_open_indexes = get_backend().forget_open_indexes
    from search.indexes.freshness import forget_freshness
    from search.papers.catalog import forget_catalogs
    from search.papers.text_words import forget_text_words

    forget_open_indexes()
    forget_catalogs()
    forget_text_words()
    forget_freshness()


@contextmanager
def papers_indexed(data: Path, indexes: Path, django_db_blocker: Any) -> Iterator[Path]:
    """The papers in `data` ingested and indexed into `indexes`, live for the block; rows and
    caches are gone again after it."""
    from search.ingest.papers import ingest_papers
    from search.models import Chunk, IndexBuild, IngestedFile, Paper
    from search.ops.builds.build import build_index

    with (
        django_db_blocker.unblock(),
        override_settings(PORTAL_INDEX_DIR=indexes, PORTAL_DATA_DIR=data),
    ):
        forget_paper_caches()
        ingest_papers(data)
        build_index("papers")
        yield data
        Chunk.objects.all().delete()
        Paper.objects.all().delete()
        IngestedFile.objects.all().delete()
        IndexBuild.objects.all().delete()
        forget_paper_caches()


@pytest.fixture(scope="module")
def paper_index(
    django_db_setup: Any, django_db_blocker: Any, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Path]:
    """The test papers ingested and the papers index built and live; yields the data dir."""
    root = tmp_path_factory.mktemp("paper-search")
    with papers_indexed(write_corpus(root / "data"), root / "indexes", django_db_blocker) as data:
        yield data


def chunk_key(paper_id: str, chunk_index: int) -> tuple[str, int]:
    """How tests name a chunk."""
    return (paper_id, chunk_index)
