"""What an ingest run did, file by file, for the command's final report."""

from collections import Counter
from dataclasses import dataclass, field

from search.ingest.validate import Problem

MAX_PROBLEMS_KEPT = 200


@dataclass
class FileSummary:
    """Counts for one data file."""

    name: str
    rows_read: int = 0
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    skipped: int = 0
    deleted: int = 0
    not_read: bool = False  # unchanged since the last ingest, so not read again
    removed: bool = False  # gone from the folder: `deleted` counts its rows unloaded


@dataclass
class IngestSummary:
    """Counts for a whole run, with the skipped rows' reasons."""

    kind: str
    files: list[FileSummary] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    problem_reasons: Counter[str] = field(default_factory=Counter)
    # Run-wide findings that are not about one row (an unreadable MANIFEST.json).
    warnings: list[str] = field(default_factory=list)

    def add_problem(self, problem: Problem) -> None:
        """Count a skipped row; keep the first few in full for the report."""
        self.problem_reasons[f"{problem.field or 'row'}: {problem.reason.split(' (')[0]}"] += 1
        if len(self.problems) < MAX_PROBLEMS_KEPT:
            self.problems.append(problem)

    def total(self, name: str) -> int:
        """Sum of one counter over all files, removed ones included."""
        return sum(getattr(f, name) for f in self.files)

    @property
    def removed(self) -> list[FileSummary]:
        """The files unloaded because they are no longer in the folder."""
        return [f for f in self.files if f.removed]

    @property
    def changed(self) -> bool:
        """True when the database differs from before the run."""
        return any(f.created or f.updated or f.deleted for f in self.files)

    def lines(self) -> list[str]:
        """A human-readable report."""
        removed = self.removed
        unloaded = sum(f.deleted for f in removed)
        headline = (
            f"{self.kind}: {len(self.files) - len(removed)} files, "
            f"{self.total('rows_read')} rows read, {self.total('created')} created, "
            f"{self.total('updated')} updated, {self.total('unchanged')} unchanged, "
            f"{self.total('skipped')} skipped, {self.total('deleted') - unloaded} deleted"
        )
        if removed:
            headline += f"; {len(removed)} removed files unloaded ({unloaded} rows)"
        out = [headline]
        not_read = [f.name for f in self.files if f.not_read]
        if not_read:
            out.append(f"  {len(not_read)} files unchanged since last ingest, not read again")
        out.extend(
            f"  unloaded {f.name} (no longer in the data folder): {f.deleted} rows" for f in removed
        )
        out.extend(f"  warning: {w}" for w in self.warnings)
        for reason, count in self.problem_reasons.most_common():
            out.append(f"  skipped {count}: {reason}")
        out.extend(f"  {p}" for p in self.problems[:20])
        if len(self.problems) > 20:
            out.append(f"  ... {sum(self.problem_reasons.values()) - 20} more skipped rows")
        return out
