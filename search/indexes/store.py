"""Where index versions live on disk and which one is live.

Layout under PORTAL_INDEX_DIR: `<name>/versions/<version>/` (immutable once finished, with
`version.json`), `<name>/LIVE` (the live version's name, replaced atomically), `<name>/.lock`.
"""

import fcntl
import json
import os
import shutil
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field, fields
from datetime import UTC, datetime
from functools import cached_property
from pathlib import Path
from typing import Any

from django.conf import settings

LIVE_FILE = "LIVE"
LOCK_FILE = ".lock"
# Not `meta.json`: tantivy keeps its own segment list under that name in the same directory.
META_FILE = "version.json"
BUILDING_SUFFIX = ".building"
# Versions kept after a switch: the live one and its predecessor (for readers still on it).
KEEP_VERSIONS = 2
# A LIVE file changed this recently is read again on every call: its stamp (inode, size, times)
# proves it unchanged only once a rewrite would necessarily carry other times.
RACY_NANOSECONDS = 2_000_000_000
LIVE_READ_MAX = 256  # index roots remembered (tests make many; a server has one)
# A build waits this long for the lock, so a momentary probe by another process is no refusal.
LOCK_WAIT_SECONDS = 2.0
LOCK_POLL_SECONDS = 0.05


class BuildInProgress(Exception):
    """Another build of the same index holds the lock."""


def write_extra(directory: Path, name: str, data: Any) -> None:
    """Store one extra file of a version being built (`<name>.json`; see `read_extra`)."""
    (directory / f"{name}.json").write_text(json.dumps(data, separators=(",", ":")))


@dataclass(frozen=True)
class VersionMeta:
    """Facts about a finished version, written into its directory (its manifest)."""

    version: str
    index_name: str
    doc_count: int
    built_at: str
    data_stamp: str
    build_seconds: float
    # The document layout the version was written with (`documents.LAYOUT_VERSIONS`).
    layout: int = 0
    # What the version holds, for notes and forms (statutes: every source's coverage facts).
    contents: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def read(cls, directory: Path) -> "VersionMeta":
        """Load version.json; raises OSError/ValueError/KeyError when missing or malformed."""
        data: dict[str, Any] = json.loads((directory / META_FILE).read_text())
        # Versions written before a field existed lack it: it takes its default.
        return cls(**{f.name: data[f.name] for f in fields(cls) if f.name in data})

    def write(self, directory: Path) -> None:
        """Store version.json in the version directory."""
        (directory / META_FILE).write_text(json.dumps(asdict(self), indent=2))


# LIVE files as last read, by path: the file's stamp and the version it named.
_live_read: dict[str, tuple[tuple[int, ...], str | None]] = {}


def _stamp(found: os.stat_result) -> tuple[int, ...]:
    return (
        found.st_dev, found.st_ino, found.st_size, found.st_mtime_ns, found.st_ctime_ns
    )  # fmt: skip


class IndexStore:
    """The versions of one named index on local disk."""

    def __init__(self, name: str, root: Path | None = None) -> None:
        self.name = name
        self.root = (root or settings.PORTAL_INDEX_DIR) / name

    @cached_property
    def versions_dir(self) -> Path:
        """Where the finished versions (and the ones being built) are."""
        return self.root / "versions"

    def live_version(self) -> str | None:
        """The live version's name, or None when nothing has been switched live.

        A switch replaces the file (a new inode) and a rewrite changes its times, so a file
        whose stamp is the one last read, and that was old enough then, still names the same
        version: it is not opened again (each search asks two or three times).
        """
        path = os.path.join(self.root, LIVE_FILE)
        try:
            stamp = _stamp(os.stat(path))
        except FileNotFoundError:
            return None
        known = _live_read.get(path)
        if known is not None and known[0] == stamp:
            return known[1]
        try:
            with open(path, "rb") as handle:
                # The stamp of the file read, not of the path stat'ed (it may be replaced between).
                stamp = _stamp(os.fstat(handle.fileno()))
                version = handle.read().decode().strip() or None
        except FileNotFoundError:
            return None
        if time.time_ns() - max(stamp[3], stamp[4]) >= RACY_NANOSECONDS:
            if len(_live_read) >= LIVE_READ_MAX:
                _live_read.clear()
            _live_read[path] = (stamp, version)
        return version

    def version_dir(self, version: str) -> Path:
        """Directory of a finished version."""
        return self.versions_dir / version

    def live_meta(self) -> VersionMeta | None:
        """Meta of the live version, or None when there is none or it is unreadable."""
        version = self.live_version()
        return None if version is None else self.version_meta(version)

    def version_meta(self, version: str) -> VersionMeta | None:
        """Meta of a finished version, or None when it is missing or unreadable."""
        try:
            return VersionMeta.read(self.version_dir(version))
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def read_extra(self, version: str, name: str) -> Any:
        """A version's extra file `<name>.json` (written by its build), or None when absent or
        unreadable."""
        try:
            return json.loads((self.version_dir(version) / f"{name}.json").read_text())
        except (OSError, ValueError):
            return None

    def new_version_name(self) -> str:
        """A fresh, sortable version name (UTC time plus process id)."""
        return datetime.now(UTC).strftime("v%Y%m%dT%H%M%S%fZ") + f"-{os.getpid()}"

    def staging_dir(self, version: str) -> Path:
        """Directory a version is built in before it is finished."""
        return self.versions_dir / f"{version}{BUILDING_SUFFIX}"

    def finish(self, version: str) -> Path:
        """Move a checked staging directory to its final name."""
        final = self.version_dir(version)
        os.replace(self.staging_dir(version), final)
        return final

    def switch(self, version: str) -> None:
        """Make `version` live atomically: readers see the old or the new name, never half."""
        self.root.mkdir(parents=True, exist_ok=True)
        tmp = self.root / f"{LIVE_FILE}.{os.getpid()}.tmp"
        tmp.write_text(version + "\n")
        with tmp.open("rb") as handle:
            os.fsync(handle.fileno())
        os.replace(tmp, self.root / LIVE_FILE)

    def cleanup(self) -> list[str]:
        """Remove stale staging dirs and versions beyond the live one and its predecessor."""
        if not self.versions_dir.is_dir():
            return []
        live = self.live_version()
        finished = sorted(
            (p.name for p in self.versions_dir.iterdir() if not p.name.endswith(BUILDING_SUFFIX)),
            reverse=True,
        )
        keep = {live} if live else set()
        for name in finished:
            if len(keep) >= KEEP_VERSIONS:
                break
            if live is None or name < live:
                keep.add(name)
        removed = []
        for path in self.versions_dir.iterdir():
            if path.name not in keep:
                shutil.rmtree(path, ignore_errors=True)
                removed.append(path.name)
        return removed

    def disk_bytes(self, version: str) -> int:
        """Size of a version directory on disk."""
        directory = self.version_dir(version)
        return sum(p.stat().st_size for p in directory.rglob("*") if p.is_file())

    @contextmanager
    def build_lock(self, wait: float = LOCK_WAIT_SECONDS) -> Iterator[None]:
        """Hold the single-writer lock for this index; raise BuildInProgress if taken.

        A flock is released by the kernel when its process dies, so a killed build never
        leaves the index locked. Waiting briefly lets a build start while another process
        merely probes the lock (`is_locked`).
        """
        self.root.mkdir(parents=True, exist_ok=True)
        deadline = time.monotonic() + wait
        with (self.root / LOCK_FILE).open("a") as handle:
            while True:
                try:
                    fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError as exc:
                    if time.monotonic() >= deadline:
                        raise BuildInProgress(
                            f"a build of the {self.name} index is already running"
                        ) from exc
                    time.sleep(LOCK_POLL_SECONDS)
            try:
                yield
            finally:
                fcntl.flock(handle.fileno(), fcntl.LOCK_UN)

    def is_locked(self) -> bool:
        """True while some process holds the build lock (probed without waiting)."""
        try:
            with self.build_lock(wait=0):
                return False
        except BuildInProgress:
            return True
