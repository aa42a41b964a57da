"""The entity vocabulary as the paper search uses it: display names, aliases, suggestions.

The index stores entity names casefolded; the vocabulary file (`entities.jsonl[.gz]` in
the papers data folder) gives them back their spelling and type, lets the entity filter
accept an alias ("low-rank adaptation" also finds chunks tagged "LoRA"), and feeds the
suggestions under the page's entity box. Loaded once per process and file version.
"""

from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings

from search.enrichment import VocabEntry, load_vocabulary
from search.indexes.cache import VersionCache

VOCABULARY_STEM = "entities.jsonl"
SUGGESTIONS = 20


@dataclass(frozen=True)
class Vocabulary:
    """Entries plus lookups by casefolded name and by casefolded name-or-alias."""

    entries: tuple[VocabEntry, ...] = ()
    by_name: dict[str, VocabEntry] = field(default_factory=dict)
    by_form: dict[str, tuple[str, ...]] = field(default_factory=dict)

    @classmethod
    def of(cls, entries: list[VocabEntry]) -> "Vocabulary":
        """Build the lookups; the first entry of a name wins, as in the tagger."""
        by_name: dict[str, VocabEntry] = {}
        by_form: dict[str, list[str]] = {}
        for entry in entries:
            name = entry.name.casefold()
            by_name.setdefault(name, entry)
            for form in (entry.name, *entry.aliases):
                names = by_form.setdefault(form.casefold().strip(), [])
                if name not in names:
                    names.append(name)
        forms = {form: tuple(names) for form, names in by_form.items()}
        return cls(tuple(entries), by_name, forms)

    def display(self, folded: str) -> str:
        """The vocabulary spelling of a casefolded entity name (itself when unknown)."""
        entry = self.by_name.get(folded)
        return entry.name if entry else folded

    def entity_type(self, folded: str) -> str | None:
        """The vocabulary type of a casefolded name, if it is in the vocabulary."""
        entry = self.by_name.get(folded)
        return entry.type if entry else None

    def expand(self, wanted: str) -> tuple[str, ...]:
        """Casefolded names a filter value stands for: itself and names it is an alias of."""
        folded = wanted.casefold().strip()
        return tuple(dict.fromkeys((folded, *self.by_form.get(folded, ()))))

    def suggest(self, typed: str, limit: int = SUGGESTIONS) -> list[VocabEntry]:
        """Entries whose name or an alias starts with, then contains, the typed text."""
        folded = typed.casefold().strip()
        if not folded:
            return []
        starts, contains = [], []
        for entry in self.entries:
            forms = [entry.name.casefold(), *(a.casefold() for a in entry.aliases)]
            if any(f.startswith(folded) for f in forms):
                starts.append(entry)
            elif any(folded in f for f in forms):
                contains.append(entry)
        ranked = sorted(starts, key=_shortest) + sorted(contains, key=_shortest)
        return list({e.name.casefold(): e for e in ranked}.values())[:limit]


def _shortest(entry: VocabEntry) -> tuple[int, str]:
    return (len(entry.name), entry.name.casefold())


# The file and, beside its vocabulary, the modification stamp it was read at.
_cache: VersionCache[Path, tuple[int, Vocabulary]] = VersionCache()


def vocabulary_path(data_dir: Path | None = None) -> Path | None:
    """The vocabulary file in the papers data folder, compressed or not, if present."""
    folder = (data_dir or settings.PORTAL_DATA_DIR) / "papers"
    for name in (VOCABULARY_STEM + ".gz", VOCABULARY_STEM):
        if (folder / name).is_file():
            return folder / name
    return None


def get_vocabulary(data_dir: Path | None = None) -> Vocabulary:
    """The vocabulary, reloaded when its file changes; empty when there is no file."""
    path = vocabulary_path(data_dir)
    if path is None:
        return Vocabulary()
    stamp = path.stat().st_mtime_ns
    cached = _cache.get(path)
    if cached and cached[0] == stamp:
        return cached[1]
    with _cache.lock:
        return _cache.put(path, (stamp, Vocabulary.of(load_vocabulary(path))))[1]
