"""Ingest of papers (metadata + abstract as chunk 0) and their full-text chunks."""

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.db import transaction

from search.enrichment import (
    Entity,
    EntityTagger,
    content_type_for,
    content_types_for_paper,
    is_self_contained,
    key_concept,
    load_vocabulary,
)
from search.ingest.common import (
    batched,
    checked_files,
    delete_in_batches,
    file_is_unchanged,
    record_file,
    row_hash,
    upsert,
    upsert_by_key,
)
from search.ingest.reader import RawLine, data_files, read_lines
from search.ingest.summary import FileSummary, IngestSummary
from search.ingest.unload import unload_chunk_files, unload_paper_files
from search.ingest.validate import Problem, check_chunk, check_paper, parse_date
from search.models import Chunk, IngestedFile, Paper

KIND = "papers"
ENRICHMENT_KIND = "papers-enrichment"
PAPERS_STEM = "papers.jsonl"
CHUNKS_STEM = "chunks.jsonl"
ENTITIES_STEM = "entities.jsonl"
# Bump when enrichment rules change, so every chunk is re-enriched on the next ingest.
ENRICHMENT_VERSION = 2
ABSTRACT_SECTION = "Abstract"


def _pick(found: dict[str, Path], stem: str) -> Path | None:
    """The compressed file when both forms are there, else the plain one, else None."""
    return found.get(f"{stem}.gz") or found.get(stem)


def paper_files(data_dir: Path) -> list[Path]:
    """The paper data files read row by row (papers, then chunks); the vocabulary is not one."""
    found = {p.name: p for p in data_files(data_dir / KIND)}
    picked = (_pick(found, stem) for stem in (PAPERS_STEM, CHUNKS_STEM))
    return [p for p in picked if p]


@dataclass
class _Pending:
    """A chunk to write once we know it is new or changed (enrichment is the costly part)."""

    paper_pk: int
    chunk_index: int
    section: str
    text: str
    title: str
    annotated: list[dict[str, Any]] | None
    full_text: bool
    content_type: str
    content_hash: str


class PaperIngest:
    """One run of the paper ingest; holds the entity tagger and the run's summary."""

    def __init__(self, data_dir: Path, on_bytes: Callable[[int], None] | None = None) -> None:
        found = {p.name: p for p in data_files(data_dir / KIND)}
        self.papers_path = _pick(found, PAPERS_STEM)
        self.chunks_path = _pick(found, CHUNKS_STEM)
        self.vocab_path = _pick(found, ENTITIES_STEM)
        vocabulary = load_vocabulary(self.vocab_path) if self.vocab_path else []
        self.tagger = EntityTagger(vocabulary)
        self.enrich_stamp = row_hash(
            [ENRICHMENT_VERSION, sorted((v.name, v.type, v.aliases) for v in vocabulary)]
        )
        self.on_bytes = on_bytes
        self.summary = IngestSummary(kind=KIND)

    def run(self, *, force: bool, on_file: Callable[[Path, bool], None] | None) -> IngestSummary:
        """Ingest papers then chunks and unload removed files; unchanged files are not read."""
        # The enrichment rules and vocabulary are inputs too: when they change, every chunk
        # must be enriched again even though the data files did not change.
        rules_unchanged = IngestedFile.objects.filter(
            kind=ENRICHMENT_KIND, name=self.enrich_stamp
        ).exists()
        present = {p.name for p in (self.papers_path, self.chunks_path) if p}
        self._step(self.papers_path, self._papers_file, force or not rules_unchanged, on_file)
        # After the papers file, so a paper that moved into it is not unloaded.
        self.summary.files.extend(unload_paper_files(KIND, present, CHUNKS_STEM))
        # Chunks hang on their papers (and titles): when papers changed, read the chunks again.
        again = force or not rules_unchanged or self.summary.changed
        self._step(self.chunks_path, self._chunks_file, again, on_file)
        self.summary.files.extend(unload_chunk_files(KIND, present, CHUNKS_STEM))
        IngestedFile.objects.filter(kind=ENRICHMENT_KIND).delete()
        IngestedFile.objects.create(
            kind=ENRICHMENT_KIND, name=self.enrich_stamp, size=0, mtime_ns=0
        )
        return self.summary

    def _step(
        self,
        path: Path | None,
        read: Callable[[Path], FileSummary],
        force: bool,
        on_file: Callable[[Path, bool], None] | None,
    ) -> None:
        """Read one data file unless it is unchanged since it was last read in full."""
        if path is None:
            return
        skip = not force and file_is_unchanged(KIND, path)
        if on_file:
            on_file(path, skip)
        if skip:
            self.summary.files.append(FileSummary(path.name, not_read=True))
            return
        file_summary = read(path)
        self.summary.files.append(file_summary)
        record_file(KIND, path, file_summary)

    def _papers_file(self, path: Path) -> FileSummary:
        file_summary = FileSummary(path.name)
        seen: set[str] = set()
        for lines in batched(read_lines(path, self.on_bytes)):
            papers: list[Paper] = []
            for line in lines:
                file_summary.rows_read += 1
                paper = self._paper(path.name, line, seen)
                if paper is None:
                    file_summary.skipped += 1
                    continue
                papers.append(paper)
            with transaction.atomic():
                upsert_by_key(Paper, papers, "paper_id", file_summary)
                # A paper that moved here from a removed file must not be unloaded with it.
                Paper.objects.filter(paper_id__in=[p.paper_id for p in papers]).exclude(
                    source_file=path.name
                ).update(source_file=path.name)
                pks = dict(
                    Paper.objects.filter(paper_id__in=[p.paper_id for p in papers]).values_list(
                        "paper_id", "pk"
                    )
                )
                pending = [
                    self._pending(pks[p.paper_id], 0, ABSTRACT_SECTION, p.abstract, p.title, None)
                    for p in papers
                    if p.abstract.strip()
                ]
                self._write_chunks(pending, FileSummary(path.name))
        stale = set(Paper.objects.filter(source_file=path.name).values_list("paper_id", flat=True))
        with transaction.atomic():
            file_summary.deleted = delete_in_batches(
                Paper.objects.all(), sorted(stale - seen), "paper_id"
            )
        return file_summary

    def _paper(self, file_name: str, line: RawLine, seen: set[str]) -> Paper | None:
        row = line.row
        if row is None:
            self.summary.add_problem(Problem(file_name, line.line_no, "", line.error))
            return None
        found = check_paper(row)
        if found is None and row["paper_id"] in seen:
            found = ("paper_id", "duplicate of an earlier row")
        if found:
            self.summary.add_problem(Problem(file_name, line.line_no, *found))
            return None
        seen.add(row["paper_id"])
        return Paper(
            paper_id=row["paper_id"],
            arxiv_id=row.get("arxiv_id"),
            title=row["title"],
            authors=row.get("authors") or [],
            abstract=row.get("abstract") or "",
            categories=row.get("categories") or [],
            published=parse_date(row.get("published")),
            updated=parse_date(row.get("updated")),
            doi=row.get("doi"),
            source=row["source"],
            source_file=file_name,
            content_hash=row_hash(row),
        )

    def _body_content_types(self, path: Path) -> dict[tuple[str, int], str]:
        """Content type of every body chunk, typed per paper in order (position matters)."""
        sections: dict[str, list[tuple[int, str | None]]] = {}
        for line in read_lines(path):
            row = line.row
            if row is not None and check_chunk(row) is None:
                sections.setdefault(row["paper_id"], []).append(
                    (int(row.get("chunk_index", 0)), row.get("section"))
                )
        titles = dict(
            Paper.objects.filter(paper_id__in=list(sections)).values_list("paper_id", "title")
        )
        types: dict[tuple[str, int], str] = {}
        for paper_id, items in sections.items():
            items.sort(key=lambda item: item[0])
            found = content_types_for_paper(
                [section for _, section in items], paper_title=titles.get(paper_id, "")
            )
            types.update(
                ((paper_id, index), kind) for (index, _), kind in zip(items, found, strict=True)
            )
        return types

    def _chunks_file(self, path: Path) -> FileSummary:
        file_summary = FileSummary(path.name)
        seen: set[tuple[int, int]] = set()
        self.body_types = self._body_content_types(path)
        for lines in batched(read_lines(path, self.on_bytes)):
            # Only string ids: a row without one is reported by _chunk, it must not stop the file.
            wanted = {
                line.row["paper_id"]
                for line in lines
                if isinstance(line.row, dict) and isinstance(line.row.get("paper_id"), str)
            }
            wanted.discard(None)
            papers = {
                paper_id: (pk, title)
                for paper_id, pk, title in Paper.objects.filter(
                    paper_id__in=[w for w in wanted if isinstance(w, str)]
                ).values_list("paper_id", "pk", "title")
            }
            pending = []
            for line in lines:
                file_summary.rows_read += 1
                item = self._chunk(path.name, line, papers, seen)
                if item is None:
                    file_summary.skipped += 1
                    continue
                pending.append(item)
            with transaction.atomic():
                self._write_chunks(pending, file_summary)
        stale = set(Chunk.objects.filter(has_full_text=True).values_list("paper_id", "chunk_index"))
        with transaction.atomic():
            for paper_pk, chunk_index in sorted(stale - seen):
                file_summary.deleted += Chunk.objects.filter(
                    paper_id=paper_pk, chunk_index=chunk_index
                ).delete()[0]
        return file_summary

    def _chunk(
        self,
        file_name: str,
        line: RawLine,
        papers: dict[str, tuple[int, str]],
        seen: set[tuple[int, int]],
    ) -> _Pending | None:
        row = line.row
        if row is None:
            self.summary.add_problem(Problem(file_name, line.line_no, "", line.error))
            return None
        found = check_chunk(row)
        if found is None and row["paper_id"] not in papers:
            found = ("paper_id", f"not a loaded paper ({row['paper_id']!r})")
        if found:
            self.summary.add_problem(Problem(file_name, line.line_no, *found))
            return None
        paper_pk, title = papers[row["paper_id"]]
        # Chunk 0 is the abstract, so the source's body chunks move up by one.
        position = (paper_pk, int(row.get("chunk_index", 0)) + 1)
        if position in seen:
            self.summary.add_problem(
                Problem(file_name, line.line_no, "chunk_index", "duplicate for this paper")
            )
            return None
        seen.add(position)
        content_type = self.body_types.get((row["paper_id"], int(row.get("chunk_index", 0))))
        return self._pending(
            paper_pk,
            position[1],
            row.get("section") or "",
            row["text"],
            title,
            row.get("entities"),
            content_type,
        )

    def _pending(
        self,
        paper_pk: int,
        chunk_index: int,
        section: str,
        text: str,
        title: str,
        annotated: list[dict[str, Any]] | None,
        content_type: str | None = None,
    ) -> _Pending:
        is_abstract = chunk_index == 0
        kind = content_type or content_type_for(section, is_abstract=is_abstract, paper_title=title)
        stamp = row_hash([section, text, title, annotated, kind, self.enrich_stamp])
        return _Pending(
            paper_pk, chunk_index, section, text, title, annotated, not is_abstract, kind, stamp
        )

    def _write_chunks(self, pending: list[_Pending], file_summary: FileSummary) -> None:
        """Enrich only the new or changed chunks, then upsert them."""
        existing = {
            (paper_pk, index): stamp
            for paper_pk, index, stamp in Chunk.objects.filter(
                paper_id__in={p.paper_pk for p in pending}
            ).values_list("paper_id", "chunk_index", "content_hash")
        }
        to_write = [
            self._enriched(p)
            for p in pending
            if existing.get((p.paper_pk, p.chunk_index)) != p.content_hash
        ]
        unchanged = len(pending) - len(to_write)
        upsert(
            Chunk,
            to_write,
            existing,
            lambda c: (c.paper_id, c.chunk_index),
            ["paper", "chunk_index"],
            file_summary,
        )
        file_summary.unchanged += unchanged

    def _enriched(self, item: _Pending) -> Chunk:
        if item.annotated:
            entities = [Entity(e["name"], str(e.get("type") or "")) for e in item.annotated]
            entities_source = "annotated"
        else:
            entities = self.tagger.tag(item.text)
            entities_source = "tagged" if entities else ""
        entities = _distinct(entities)
        return Chunk(
            paper_id=item.paper_pk,
            chunk_index=item.chunk_index,
            section=item.section[:500],
            text=item.text,
            content_type=item.content_type,
            entities=[{"name": e.name, "type": e.type} for e in entities],
            entities_source=entities_source,
            key_concept=key_concept(entities, item.text),
            self_contained=is_self_contained(item.text),
            has_full_text=item.full_text,
            content_hash=item.content_hash,
        )


def _distinct(entities: list[Entity]) -> list[Entity]:
    """Entities with case-insensitive duplicates removed, first occurrence kept."""
    seen: set[str] = set()
    out = []
    for entity in entities:
        folded = entity.name.casefold()
        if folded not in seen:
            seen.add(folded)
            out.append(entity)
    return out


def ingest_papers(
    data_dir: Path,
    *,
    force: bool = False,
    allow_empty: bool = False,
    on_bytes: Callable[[int], None] | None = None,
    on_file: Callable[[Path, bool], None] | None = None,
) -> IngestSummary:
    """Make the loaded papers and chunks mirror the papers folder (upsert, unload removed files).

    Raises DataFolderError, before any change, for an unreadable folder or, unless
    `allow_empty`, for one without a papers or chunks file.
    """
    checked_files(data_dir / KIND, lambda: paper_files(data_dir), allow_empty=allow_empty)
    return PaperIngest(data_dir, on_bytes).run(force=force, on_file=on_file)
