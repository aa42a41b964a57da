"""One index field's words through the configured backend: the vocabulary `text.suggest` reads."""

from collections.abc import Sequence
from dataclasses import dataclass

from search.backends.filters import Filter
from search.backends.registry import get_backend


@dataclass(frozen=True)
class IndexVocabulary:
    """The words of `field` in the live version of `index_name`; `filters` bound the scope
    whose document counts candidates carry (a rare word is judged on the whole index)."""

    index_name: str
    field: str
    filters: tuple[Filter, ...] = ()

    def documents(self, word: str) -> int:
        return get_backend().word_documents(self.index_name, self.field, word)

    def words(self, prefix: str) -> Sequence[tuple[str, int]]:
        return get_backend().vocabulary(self.index_name, self.field, prefix, self.filters)
