"""The passages' own words as did-you-mean reads them, read once per version: each prefix's
words, each word's document count and each rare word's best suggestion.

A search that finds almost nothing looks up its rare words' neighbours in the term
dictionary: up to three prefixes a word, each a walk of one slice of the dictionary (about
0.4 ms, and more for the longest slices). Title and author look-ups find few rows by nature,
so they paid it on nearly every request, and then compared each word with every candidate.
A version is immutable, so what a prefix holds, how many passages hold a word and a word's
best suggestion are read once per process and version; the caches are bounded (a slice is at
most a few thousand words, the whole text vocabulary about 150,000).
"""

from collections.abc import Sequence
from dataclasses import dataclass

from django.conf import settings

from search.backends.vocabulary import IndexVocabulary
from search.indexes.cache import VersionCache
from search.indexes.names import PAPERS
from search.text.suggest import Suggestion, best_suggestion

# Where did-you-mean looks for better-spelt words: the passages' own text, over every paper.
TEXT_WORDS = IndexVocabulary(PAPERS, "text")
# Prefixes kept per process (then the cache starts afresh): two-letter slices of a few
# thousand words at most, so a few megabytes; words (a count and a suggestion each) likewise.
MAX_PREFIXES = 512
MAX_WORDS = 20_000

Key = tuple[str, str, str]  # index root, version, prefix or word
_prefixes: VersionCache[Key, tuple[tuple[str, int], ...]] = VersionCache(max_entries=MAX_PREFIXES)
_documents: VersionCache[Key, int] = VersionCache(max_entries=MAX_WORDS)
# In a one-tuple, since the cache takes None for "not kept".
_best: VersionCache[Key, tuple[Suggestion | None]] = VersionCache(max_entries=MAX_WORDS)


@dataclass(frozen=True)
class VersionWords:
    """TEXT_WORDS of the version a search read (the `text.suggest` vocabulary)."""

    version: str

    def documents(self, word: str) -> int:
        return _documents.get_or_make(self._key(word), lambda: TEXT_WORDS.documents(word))

    def words(self, prefix: str) -> Sequence[tuple[str, int]]:
        return _prefixes.get_or_make(self._key(prefix), lambda: tuple(TEXT_WORDS.words(prefix)))

    def best(self, word: str) -> Suggestion | None:
        """`text.suggest.best_suggestion` of this version for `word`."""
        return _best.get_or_make(self._key(word), lambda: (best_suggestion(word, self),))[0]

    def _key(self, text: str) -> Key:
        return (str(settings.PORTAL_INDEX_DIR), self.version, text)


def forget_text_words() -> None:
    """Drop what is kept (tests load other data under the same version names)."""
    for cache in (_prefixes, _documents, _best):
        cache.clear()
