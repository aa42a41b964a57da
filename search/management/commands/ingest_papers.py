"""manage.py ingest_papers: load papers, abstracts and full-text chunks into the database."""

from pathlib import Path

from search.ingest.papers import ingest_papers, paper_files
from search.ingest.summary import IngestSummary
from search.management.commands._ingest import IngestCommand


class Command(IngestCommand):
    help = (
        "Make the database mirror <data>/papers/ (papers, chunks, entity vocabulary): upsert, "
        "unload a papers or chunks file that is gone; print a summary."
    )
    kind = "papers"

    def files(self, data_dir: Path) -> list[Path]:
        return paper_files(data_dir)

    def ingest(self, data_dir: Path, **kwargs: object) -> IngestSummary:
        return ingest_papers(data_dir, **kwargs)  # type: ignore[arg-type]
