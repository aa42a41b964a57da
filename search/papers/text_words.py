"""The passages' own words as did-you-mean reads them, each prefix's words read once per version.

A search that finds almost nothing looks up its rare words' neighbours in the term
dictionary: up to three prefixes a word, each a walk of one slice of the dictionary (about
0.4 ms, and more for the longest slices). Title and author look-ups find few rows by nature,
so they paid it on nearly every request. A version is immutable, so what a prefix holds is
read once per process and version; the cache is bounded (a slice is at most a few thousand
words, the whole text vocabulary about 150,000).
"""

from collections.abc import Sequence
from dataclasses import dataclass

from django.conf import settings

from search.backends.vocabulary import IndexVocabulary
from search.indexes.cache import VersionCache
from search.indexes.names import PAPERS

# Where did-you-mean looks for better-spelt words: the passages' own text, over every paper.
TEXT_WORDS = IndexVocabulary(PAPERS, "text")
# Prefixes kept per process (then the cache starts afresh): two-letter slices of a few
# thousand words at most, so a few megabytes.
MAX_PREFIXES = 512

_prefixes: VersionCache[tuple[str, str, str], tuple[tuple[str, int], ...]] = VersionCache(
    max_entries=MAX_PREFIXES
)


@dataclass(frozen=True)
class VersionWords:
    """TEXT_WORDS of the version a search read (the `text.suggest` vocabulary)."""

    version: str

    def documents(self, word: str) -> int:
        return TEXT_WORDS.documents(word)

    def words(self, prefix: str) -> Sequence[tuple[str, int]]:
        key = (str(settings.PORTAL_INDEX_DIR), self.version, prefix)
        return _prefixes.get_or_make(key, lambda: tuple(TEXT_WORDS.words(prefix)))


def forget_text_words() -> None:
    """Drop the kept prefixes (tests load other data under the same version names)."""
    _prefixes.clear()
