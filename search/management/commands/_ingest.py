"""Shared body of the two ingest commands: folder check, progress bar over bytes, summary."""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from search.ingest.common import (
    DataFolderError,
    EmptyDataFolder,
    UnreadableDataFolder,
    checked_files,
)
from search.ingest.summary import IngestSummary
from search.ops.progress import ProgressBar


class IngestCommand(BaseCommand):
    """Base for `ingest_statutes` and `ingest_papers`."""

    kind = ""

    def ingest(self, data_dir: Path, **kwargs: object) -> IngestSummary:  # pragma: no cover
        raise NotImplementedError

    def files(self, data_dir: Path) -> list[Path]:  # pragma: no cover
        raise NotImplementedError

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--data-dir",
            type=Path,
            default=None,
            help="Folder holding statutes/ and papers/ (default: PORTAL_DATA_DIR setting).",
        )
        parser.add_argument(
            "--force",
            action="store_true",
            help="Read every file again even if unchanged since the last ingest.",
        )
        parser.add_argument(
            "--allow-empty",
            action="store_true",
            help="Accept a folder without data files and unload everything loaded from it "
            "(without this flag an empty folder, e.g. a failed mount, is refused).",
        )

    def handle(self, *args: object, **options: object) -> None:
        data_dir = options["data_dir"] or settings.PORTAL_DATA_DIR
        assert isinstance(data_dir, Path)
        allow_empty = bool(options["allow_empty"])
        try:
            files = checked_files(
                data_dir / self.kind, lambda: self.files(data_dir), allow_empty=allow_empty
            )
        except DataFolderError as exc:
            raise CommandError(self.refusal(exc)) from exc
        verbosity = int(str(options["verbosity"]))
        bar = ProgressBar(self.stdout, sum(p.stat().st_size for p in files), self.kind, unit="B")

        def on_file(path: Path, skipped: bool) -> None:
            if skipped:
                bar.advance(path.stat().st_size)

        try:
            summary = self.ingest(
                data_dir,
                force=bool(options["force"]),
                allow_empty=allow_empty,
                on_bytes=bar.advance if verbosity else None,
                on_file=on_file if verbosity else None,
            )
        except DataFolderError as exc:  # the folder changed since it was listed above
            raise CommandError(self.refusal(exc)) from exc
        if verbosity:
            bar.finish()
            for line in summary.lines():
                self.stdout.write(line)

    def refusal(self, exc: DataFolderError) -> str:
        """Why nothing was done, and what to do about it."""
        text = f"{exc}. Nothing was loaded or unloaded."
        if isinstance(exc, UnreadableDataFolder):
            return f"{text} Check that the data folder is mounted and readable."
        if isinstance(exc, EmptyDataFolder):
            text += (
                f" Ingest mirrors the folder, so this would unload every {self.kind} file "
                "loaded now; if the folder was meant to be empty, run again with --allow-empty."
            )
        return text
