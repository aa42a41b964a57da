"""Synthetic larger corpora for the scaling bench: the real documents, copied N times.

Copy 0 of every document keeps its keys; copy c gets new ones (statute `id` and `order`;
paper `paper_id`, `arxiv_id`, `paper_key` and `chunk_id`), and all copies are written in one
seeded shuffle. Term statistics therefore stay those of the real data (a word's document
frequency grows with the corpus, its share does not; lengths and neighbours are real) while
the corpus grows N-fold. Each corpus is written by the backend's own writer into a version
directory with a manifest like a real build's (layout and statute sources included), so the
services open it as the live version and need no database on the search path.

`python -m bench.synthetic papers ROOT --copies 1,3,10` builds in a child process (peak
memory is then the build's own) and prints one JSON line per corpus.
"""

import argparse
import json
import os
import random
import resource
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path

import django

SEED = 10
COPY_MARK = "~"
BASE_DIR = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class ScaledBuild:
    """One synthetic corpus written: its size, write time, index size and peak memory."""

    index_name: str
    copies: int
    docs: int
    seconds: float
    disk_mb: float
    peak_rss_mb: float
    # Reading the real rows once (shared by every size of this index; not in `seconds`).
    read_seconds: float

    @property
    def docs_per_second(self) -> float:
        return self.docs / self.seconds if self.seconds else float("nan")


def scale_root(workdir: Path, copies: int) -> Path:
    """The index root of the corpus with `copies` copies of each document."""
    return workdir / "scale" / f"x{copies}" / "indexes"


def copied(doc: dict[str, object], copy: int, strides: dict[str, int]) -> dict[str, object]:
    """Document `doc` as copy number `copy`: new keys, everything else shared."""
    if copy == 0:
        return doc
    found = dict(doc)
    for name in ("id", "paper_id", "arxiv_id"):
        if name in found:
            found[name] = f"{found[name]}{COPY_MARK}{copy}"
    for name, stride in strides.items():
        found[name] = int(found[name]) + copy * stride  # type: ignore[call-overload]
    if "newest_key" in found:
        # The date order keys carry the chunk id in their low bits.
        from search.papers.group_keys import newest_key, oldest_key

        published = found.get("published")
        day = published.date() if isinstance(published, datetime) else None
        chunk_id = int(found["chunk_id"])  # type: ignore[call-overload]
        found["newest_key"] = newest_key(day, chunk_id)
        found["oldest_key"] = oldest_key(day, chunk_id)
    return found


def strides_of(base: list[dict[str, object]], index_name: str) -> dict[str, int]:
    """For each numeric key, a step past its largest value: copies never collide."""
    from search.indexes.names import STATUTES

    names = ("order",) if index_name == STATUTES else ("chunk_id", "paper_key")
    return {n: max(int(d[n]) for d in base) + 1 for n in names}  # type: ignore[call-overload]


def shuffled_copies(
    base: list[dict[str, object]], index_name: str, copies: int, seed: int = SEED
) -> Iterator[dict[str, object]]:
    """Every document `copies` times, in one seeded shuffle of all the copies."""
    strides = strides_of(base, index_name) if base else {}
    positions = list(range(len(base) * copies))
    random.Random(f"{seed}:{index_name}:{copies}").shuffle(positions)
    for position in positions:
        copy, number = divmod(position, len(base))
        yield copied(base[number], copy, strides)


def write_scaled(
    index_name: str, base: list[dict[str, object]], copies: int, root: Path, read_seconds: float
) -> ScaledBuild:
    """Write `copies` copies of `base` as the live version of `index_name` under `root`."""
    from search.backends.registry import get_backend
    from search.indexes.store import IndexStore, VersionMeta
    from search.ops.builds.documents import LAYOUT_VERSIONS, index_contents

    store = IndexStore(index_name, root)
    writer = get_backend().writer()
    contents = index_contents(index_name)
    with store.build_lock():
        version = store.new_version_name()
        staging = store.staging_dir(version)
        staging.mkdir(parents=True)
        started = time.perf_counter()
        documents = shuffled_copies(base, index_name, copies)
        writer.write(index_name, staging, documents, lambda done: None)
        written = writer.count(index_name, staging)
        seconds = time.perf_counter() - started
        if written != len(base) * copies:
            shutil.rmtree(staging, ignore_errors=True)
            raise RuntimeError(f"{index_name} x{copies}: wrote {written} of {len(base) * copies}")
        VersionMeta(
            version=version,
            index_name=index_name,
            doc_count=written,
            built_at=datetime.now(UTC).isoformat(timespec="seconds"),
            data_stamp=f"synthetic x{copies}",
            build_seconds=round(seconds, 2),
            layout=LAYOUT_VERSIONS[index_name],
            contents=contents,
        ).write(staging)
        store.finish(version)
        store.switch(version)
    disk = store.disk_bytes(version) / 1e6
    return ScaledBuild(index_name, copies, written, seconds, disk, _rss_mb(), read_seconds)


def build_scaled(index_name: str, scales: tuple[int, ...], workdir: Path) -> list[ScaledBuild]:
    """Read the real documents once, then write each size in turn (in this process)."""
    from search.ops.builds.documents import documents

    started = time.perf_counter()
    base = list(documents(index_name))
    read_seconds = time.perf_counter() - started
    return [
        write_scaled(index_name, base, copies, scale_root(workdir, copies), read_seconds)
        for copies in scales
    ]


def run_scaled(
    index_name: str, scales: tuple[int, ...], workdir: Path, *, isolate: bool = True
) -> list[ScaledBuild]:
    """`build_scaled` in a child process when `isolate` (the default)."""
    if not scales:
        return []
    if not isolate:
        return build_scaled(index_name, scales, workdir)
    command = [sys.executable, "-m", "bench.synthetic", index_name, str(workdir),
               "--copies", ",".join(map(str, scales))]  # fmt: skip
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "portal.settings"}
    done = subprocess.run(command, cwd=BASE_DIR, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed:\n{done.stderr[-3000:]}")
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    return [ScaledBuild(**json.loads(line)) for line in lines]


def _rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("index_name", help="statutes or papers")
    parser.add_argument("workdir", type=Path, help="scratch folder; corpora go to scale/x<N>/")
    parser.add_argument("--copies", default="1", help="comma-separated sizes, e.g. 1,3,10")
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "portal.settings")
    django.setup()
    from bench.config import parse_scales

    for built in build_scaled(args.index_name, parse_scales(args.copies), args.workdir):
        print(json.dumps(asdict(built)), flush=True)


if __name__ == "__main__":
    main()
