"""The one build service: write a new version, check it, switch live, clean up.

Called by `manage.py reindex` and by the admin's background task alike.
"""

import os
import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from django.conf import settings
from django.utils import timezone

from search.backends.protocol import IndexUnavailable, IndexWriterBackend
from search.backends.registry import get_backend
from search.indexes.names import STATUTES
from search.indexes.stamps import data_stamp
from search.indexes.store import LIVE_FILE, IndexStore, VersionMeta, write_extra
from search.models import IndexBuild
from search.ops.builds.documents import (
    LAYOUT_VERSIONS,
    document_count,
    documents,
    index_contents,
    index_extras,
)
from search.statutes.chapters import CHAPTERS_FILE, chapters_current

# Room needed on disk, as a multiple of the live version's size (old + new side by side).
DISK_HEADROOM = 1.5
MIN_FREE_BYTES = 50 * 1024 * 1024

ProgressFn = Callable[[int, int], None]


class BuildFailed(Exception):
    """The build could not finish or did not pass its check; the live index is untouched."""


class BuildCancelled(BuildFailed):
    """The build's record stopped being `running` (cancelled, or declared dead) mid-build."""


@dataclass(frozen=True)
class BuildResult:
    """A finished, switched build."""

    index_name: str
    version: str
    doc_count: int
    seconds: float
    removed_versions: tuple[str, ...]


FIRST_BUILD = "no live version yet (first build)"


def is_stale(index_name: str, store: IndexStore | None = None) -> bool:
    """True when there is no live version, or it was built from other data than the database's
    or with an older document layout."""
    return stale_reason(index_name, store, probe=False) is not None


def stale_reason(
    index_name: str, store: IndexStore | None = None, *, probe: bool = True
) -> str | None:
    """Why `index_name` needs a build (None: its live version is current), in words for the
    log. With `probe`, the live version is opened and read as /healthz does, so a version
    whose files are damaged is rebuilt rather than served as 503s (for commands: it drops
    this process's open readers, to read the files as they are now)."""
    store = store or IndexStore(index_name)
    if store.live_version() is None:
        return FIRST_BUILD
    meta = store.live_meta()
    if meta is None:
        return "no live version can be read"
    if meta.layout != LAYOUT_VERSIONS[index_name]:
        return f"live version {meta.version} has an older document layout"
    if meta.data_stamp != data_stamp(index_name):
        return f"the loaded data changed after live version {meta.version} was built"
    if index_name == STATUTES and not chapters_current(
        store.read_extra(meta.version, CHAPTERS_FILE)
    ):
        return (
            f"live version {meta.version} has a chapter table from before chapter names and "
            "code order"
        )
    if probe:
        backend = get_backend()
        backend.forget_open_indexes()
        try:
            backend.probe(index_name)
        except IndexUnavailable as exc:
            return f"live {exc.reason}"
    return None


def check_writable(store: IndexStore) -> None:
    """Refuse to start, saying what and how to fix, when the index folder cannot be written."""
    folder = store.versions_dir
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe = folder / f".writable-{os.getpid()}"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as exc:
        raise BuildFailed(
            f"cannot write the index folder {folder} ({exc.strerror or exc}): make it "
            "writable by the user running the portal, or set PORTAL_INDEX_DIR to a folder "
            "that is"
        ) from exc


def check_disk_space(store: IndexStore) -> None:
    """Refuse to start when the disk cannot hold a second version beside the live one."""
    store.root.mkdir(parents=True, exist_ok=True)
    live = store.live_version()
    needed = MIN_FREE_BYTES
    if live:
        needed = max(int(store.disk_bytes(live) * DISK_HEADROOM), MIN_FREE_BYTES)
    free = shutil.disk_usage(store.root).free
    if free < needed:
        raise BuildFailed(f"not enough disk space: {free} bytes free, {needed} needed")


def build_index(
    index_name: str,
    *,
    record: IndexBuild | None = None,
    progress: ProgressFn | None = None,
    writer: IndexWriterBackend | None = None,
) -> BuildResult:
    """Build `index_name` into a new version and switch to it; raise BuildFailed on any fault."""
    store = IndexStore(index_name)
    writer = writer or get_backend().writer()
    check_writable(store)
    with store.build_lock():
        store.cleanup()
        check_disk_space(store)
        version = store.new_version_name()
        staging = store.staging_dir(version)
        staging.mkdir(parents=True)
        started = time.monotonic()
        stamp = data_stamp(index_name)
        contents = index_contents(index_name)
        extras = index_extras(index_name)
        total = document_count(index_name)
        tracker = _Tracker(record, total, progress)
        try:
            writer.write(index_name, staging, documents(index_name), tracker.advance)
            written = writer.count(index_name, staging)
            if written != total:
                raise BuildFailed(f"check failed: index has {written} documents, database {total}")
            seconds = time.monotonic() - started
            meta = VersionMeta(
                version=version,
                index_name=index_name,
                doc_count=written,
                built_at=datetime.now(UTC).isoformat(timespec="seconds"),
                data_stamp=stamp,
                build_seconds=round(seconds, 2),
                layout=LAYOUT_VERSIONS[index_name],
                contents=contents,
            )
            for name, data in extras.items():
                write_extra(staging, name, data)
            meta.write(staging)
            store.finish(version)
        except BaseException as exc:
            shutil.rmtree(staging, ignore_errors=True)
            if isinstance(exc, BuildFailed | KeyboardInterrupt | SystemExit):
                raise
            raise BuildFailed(f"{type(exc).__name__}: {exc}") from exc
        try:
            store.switch(version)
        except OSError as exc:
            # A complete version nobody will serve would hold its disk until the next build.
            shutil.rmtree(store.version_dir(version), ignore_errors=True)
            raise BuildFailed(
                f"could not switch the live index to version {version} ({exc.strerror or exc}"
                f" writing {LIVE_FILE} in {store.root}); that version was removed and the "
                "live index is unchanged"
            ) from exc
        removed = store.cleanup()
    return BuildResult(index_name, version, written, seconds, tuple(removed))


class _Tracker:
    """Counts documents written; reports to the caller and to the build record."""

    RECORD_EVERY_SECONDS = 1.0

    def __init__(self, record: IndexBuild | None, total: int, progress: ProgressFn | None) -> None:
        self.record = record
        self.total = total
        self.progress = progress
        self.done = 0
        self.last_saved = 0.0
        if record is not None:
            record.docs_total = total
            record.heartbeat_at = timezone.now()
            record.save(update_fields=["docs_total", "heartbeat_at"])

    def advance(self, amount: int) -> None:
        self.done += amount
        if self.progress:
            self.progress(self.done, self.total)
        now = time.monotonic()
        if self.record is not None and now - self.last_saved >= self.RECORD_EVERY_SECONDS:
            self.last_saved = now
            still_running = IndexBuild.objects.filter(
                pk=self.record.pk, status=IndexBuild.Status.RUNNING
            ).update(docs_done=self.done, heartbeat_at=timezone.now())
            if not still_running:
                raise BuildCancelled(f"build #{self.record.pk} was stopped while running")
        delay = settings.PORTAL_BUILD_BATCH_DELAY
        if delay:
            time.sleep(delay)
