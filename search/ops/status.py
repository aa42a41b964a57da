"""What is loaded and what is live: facts for the home page and /healthz."""

from dataclasses import dataclass

from django.db.models import Count, Max, Min

from search.backends.protocol import IndexUnavailable
from search.backends.registry import get_backend
from search.indexes.freshness import live_freshness
from search.indexes.names import INDEX_NAMES
from search.indexes.store import IndexStore
from search.models import Chunk, IndexBuild, Paper, Source
from search.ops.builds.rebuild_requests import dead_reason


@dataclass(frozen=True)
class IndexStatus:
    """The live version of one index, or why there is none."""

    name: str
    live: bool
    version: str | None
    doc_count: int | None
    built_at: str | None
    problem: str = ""
    # The loaded data changed after the live version was built.
    rebuild_pending: bool = False
    # The build queued or running now, if its process is alive (a dead one is never shown).
    build: dict[str, object] | None = None

    def as_dict(self) -> dict[str, object]:
        """JSON-ready form."""
        facts: dict[str, object] = {
            "live": self.live,
            "version": self.version,
            "doc_count": self.doc_count,
            "built_at": self.built_at,
            "rebuild_pending": self.rebuild_pending,
            "build": self.build,
        }
        if self.problem:
            facts["problem"] = self.problem
        return facts


def index_status(name: str, *, probe: bool = False) -> IndexStatus:
    """The live pointer and version facts; with `probe`, the index is opened and read too."""
    meta = IndexStore(name).live_meta()
    building = active_build(name)
    if meta is None:
        return IndexStatus(name, False, None, None, None, "no live version", build=building)
    if probe:
        try:
            get_backend().probe(name)
        except IndexUnavailable as exc:
            return IndexStatus(
                name, False, meta.version, None, meta.built_at, exc.reason, build=building
            )
    fresh = live_freshness(name, meta.version)
    pending = fresh is not None and fresh.pending
    return IndexStatus(
        name, True, meta.version, meta.doc_count, meta.built_at, "", pending, building
    )


def active_build(name: str) -> dict[str, object] | None:
    """The latest build of `name` queued or running, unless its process is dead (a killed
    command-line build stays `running` in its record until the next worker start or
    `reindex` settles it)."""
    build = (
        IndexBuild.objects.filter(index_name=name, status__in=IndexBuild.ACTIVE_STATUSES)
        .order_by("-created_at")
        .first()
    )
    if build is None or dead_reason(build) is not None:
        return None
    return {
        "id": build.pk,
        "status": build.status,
        "docs_done": build.docs_done,
        "docs_total": build.docs_total,
    }


def all_index_status(*, probe: bool = False) -> list[IndexStatus]:
    """Status of every index."""
    return [index_status(name, probe=probe) for name in INDEX_NAMES]


@dataclass(frozen=True)
class PaperCoverage:
    """Counts and date range of the loaded papers."""

    papers: int
    chunks: int
    full_text_papers: int
    first_published: str | None
    last_published: str | None
    sources: list[tuple[str, int]]


def paper_coverage() -> PaperCoverage:
    """Papers and chunks loaded, per source, with the publication date range."""
    dates = Paper.objects.aggregate(first=Min("published"), last=Max("published"))
    per_source = list(
        Paper.objects.values_list("source").annotate(n=Count("id")).order_by("-n", "source")
    )
    return PaperCoverage(
        papers=Paper.objects.count(),
        chunks=Chunk.objects.count(),
        full_text_papers=Chunk.objects.filter(has_full_text=True)
        .values("paper_id")
        .distinct()
        .count(),
        first_published=dates["first"].isoformat() if dates["first"] else None,
        last_published=dates["last"].isoformat() if dates["last"] else None,
        sources=per_source,
    )


def statute_sources() -> list[Source]:
    """Every loaded statute/regulation source, statutes first."""
    return list(Source.objects.order_by("corpus", "code"))
