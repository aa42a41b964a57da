"""manage.py ingest_statutes: load statute and regulation sections into the database."""

from pathlib import Path

from search.ingest.statutes import ingest_statutes, statute_files
from search.ingest.summary import IngestSummary
from search.management.commands._ingest import IngestCommand


class Command(IngestCommand):
    help = (
        "Make the database mirror <data>/statutes/*.jsonl[.gz]: upsert by id, unload files "
        "that are gone, take coverage statements from MANIFEST.json; print a summary."
    )
    kind = "statutes"

    def files(self, data_dir: Path) -> list[Path]:
        return statute_files(data_dir)

    def ingest(self, data_dir: Path, **kwargs: object) -> IngestSummary:
        return ingest_statutes(data_dir, **kwargs)  # type: ignore[arg-type]
