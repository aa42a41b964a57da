"""Shared body of the two ingest commands: progress bar over compressed bytes, summary."""

from collections.abc import Callable
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from search.ingest.summary import IngestSummary
from search.progress import ProgressBar

IngestFn = Callable[..., IngestSummary]


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

    def handle(self, *args: object, **options: object) -> None:
        data_dir = options["data_dir"] or settings.PORTAL_DATA_DIR
        assert isinstance(data_dir, Path)
        files = self.files(data_dir)
        if not files:
            raise CommandError(
                f"no {self.kind} data files (*.jsonl[.gz]) in {data_dir / self.kind}"
            )
        verbosity = int(str(options["verbosity"]))
        bar = ProgressBar(self.stdout, sum(p.stat().st_size for p in files), self.kind, unit="B")

        def on_file(path: Path, skipped: bool) -> None:
            if skipped:
                bar.advance(path.stat().st_size)

        summary = self.ingest(
            data_dir,
            force=bool(options["force"]),
            on_bytes=bar.advance if verbosity else None,
            on_file=on_file if verbosity else None,
        )
        if verbosity:
            bar.finish()
            for line in summary.lines():
                self.stdout.write(line)
