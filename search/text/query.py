"""Engine-free parsing of user query text into loose terms, required phrases and drops.

Shared by the statute and paper searches; knows nothing of Django or tantivy. The backend
injects its own analyzer as `tokenize` so query words are split exactly like the index.

Rules (SPEC sections 1 and 2):
- `"double quotes"` (straight or curly, “ and ” are interchangeable) delimit a phrase. A
  phrase keeps its stop words, a one-token phrase is a required single word, a phrase with
  no tokens is ignored, and identical phrases collapse (reason `duplicate`).
- Outside quotes, words are tokenised, stop words dropped (`stop_word`) and repeated
  words collapsed (`duplicate`). A loose word equal to a word inside a phrase is NOT a
  duplicate: the phrase is a required clause and the loose word a ranking clause, so
  both run.
- An odd, final quote is unclosed: the text after it is read as loose words (not a
  phrase) and `unclosed_quote` is set. Loose reading is the forgiving choice: a
  runaway phrase would require every remaining word to appear adjacent and in order,
  which usually finds nothing.
- At most `max_terms` clauses run (each loose term and each phrase counts as one), in
  order of first appearance; the rest are dropped as `over_limit`.
- `question_words` (the statute search): loose words that only shape a question ("says",
  "still", "long" right after "how") are dropped as `question_word`
  (`search.text.question_words`).

A parsed query may also carry `added` terms (the statute search's everyday-words map,
`search.text.everyday_words`): they rank beside the loose terms, are reported apart, and
never count as searched or dropped words.
"""

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from search.text.everyday_words import AddedTerm
from search.text.question_words import QUESTION_WORD, shapes_question
from search.text.stopwords import STOP_WORDS

STOP_WORD = "stop_word"
DUPLICATE = "duplicate"
OVER_LIMIT = "over_limit"
MAX_TERMS = 40
# Longest query text a form accepts (both searches; the boxes' maxlength). Far beyond the
# MAX_TERMS words that run, and short enough that a search's address always fits the server's
# limit (settings.PORTAL_MAX_URL_BYTES, 8,000): percent-encoded, a character takes at most
# 9 bytes, so 800 characters of any script take 7,200, leaving room for the filters.
MAX_QUERY_CHARS = 800

# How loose terms combine (phrases are always required).
ANY_WORDS = "any_words"
ALL_WORDS = "all_words"
WORD_MODES = (ANY_WORDS, ALL_WORDS)

# tantivy's RemoveLongFilter(40) drops tokens whose UTF-8 length is >= 40 bytes,
# measured before lower-casing (the filter runs first in the index analyzer).
MAX_TOKEN_BYTES = 40

_QUOTES = re.compile('["\u201c\u201d]')


class NothingToSearch(ValueError):
    """Every word of the query was dropped; forms report this before a search runs."""


@dataclass(frozen=True)
class DroppedTerm:
    """A query word or phrase that will not run, and why."""

    term: str
    reason: str  # STOP_WORD, DUPLICATE, OVER_LIMIT, QUESTION_WORD or a search's own reason


@dataclass(frozen=True)
class ParsedQuery:
    """User query text reduced to what a backend runs, plus what it dropped."""

    terms: tuple[str, ...]
    phrases: tuple[tuple[str, ...], ...]
    dropped: tuple[DroppedTerm, ...]
    unclosed_quote: bool
    used_or: bool
    # Code terms added for everyday words (the statute search's map); they only rank.
    added: tuple[AddedTerm, ...] = ()
    # Loose terms the added terms translate (typed words not among the map's code words):
    # weighed less.
    translated: tuple[str, ...] = ()

    @property
    def terms_searched(self) -> list[str]:
        """Loose terms, then phrases rendered in double quotes."""
        return [*self.terms, *(render_phrase(p) for p in self.phrases)]

    @property
    def is_empty(self) -> bool:
        """True when no term or phrase is left to run."""
        return not self.terms and not self.phrases

    def all_words(self) -> tuple[str, ...]:
        """Every distinct token across terms and phrases, in first-seen order."""
        words = [*self.terms, *(w for p in self.phrases for w in p)]
        return tuple(dict.fromkeys(words))

    def with_added(
        self, added: tuple[AddedTerm, ...], translated: tuple[str, ...] = ()
    ) -> "ParsedQuery":
        """The same query with these added terms, and the loose terms they translate."""
        return replace(
            self, added=added, translated=tuple(t for t in translated if t in self.terms)
        )

    def without_terms(self, words: Iterable[str], reason: str) -> "ParsedQuery":
        """The query with these loose terms dropped for `reason` (phrases keep them); the same
        query when that would leave nothing to search."""
        gone = set(words)
        kept = tuple(t for t in self.terms if t not in gone)
        if kept == self.terms or not (kept or self.phrases):
            return self
        dropped = [*self.dropped, *(DroppedTerm(t, reason) for t in self.terms if t in gone)]
        translated = tuple(t for t in self.translated if t not in gone)
        return replace(self, terms=kept, dropped=tuple(dropped), translated=translated)

    def with_added_as_words(self) -> "ParsedQuery":
        """The added terms as loose terms and phrases too (for marking and matching text)."""
        words = tuple(a.words[0] for a in self.added if len(a.words) == 1)
        phrases = tuple(a.words for a in self.added if len(a.words) > 1)
        return replace(
            self,
            terms=tuple(dict.fromkeys([*self.terms, *words])),
            phrases=tuple(dict.fromkeys([*self.phrases, *phrases])),
            added=(),
            translated=(),
        )


def render_phrase(words: tuple[str, ...]) -> str:
    """Render a phrase the way responses show it: '"w1 w2"'."""
    return '"' + " ".join(words) + '"'


def loose_runs(text: str, tokenize: Callable[[str], list[str]]) -> list[list[str]]:
    """The tokens of the text outside "quotes", one list per stretch between phrases."""
    text = text.encode("utf-8", "replace").decode("utf-8")
    parts = _QUOTES.split(text)
    unclosed = len(parts) % 2 == 0
    return [
        tokenize(part)
        for index, part in enumerate(parts)
        if index % 2 == 0 or (unclosed and index == len(parts) - 1)
    ]


def parse_query(
    text: str,
    tokenize: Callable[[str], list[str]],
    *,
    max_terms: int = MAX_TERMS,
    stop_words: frozenset[str] = STOP_WORDS,
    question_words: bool = False,
) -> ParsedQuery:
    """Parse user text into terms, phrases and dropped words; never raises on a str."""
    if max_terms < 1:
        raise ValueError(f"max_terms must be at least 1, got {max_terms}")
    # Lone surrogates cannot be encoded for a Rust tokenizer; '?' splits words the same way.
    text = text.encode("utf-8", "replace").decode("utf-8")
    parts = _QUOTES.split(text)
    unclosed = len(parts) % 2 == 0  # an odd number of quotes leaves an even part count

    # Each candidate clause and each drop gets a sequence number so drops can be listed
    # in order of appearance, interleaving stop words with clauses capped later.
    candidates: list[tuple[int, str | tuple[str, ...]]] = []
    drops: list[tuple[int, DroppedTerm]] = []
    seen_terms: set[str] = set()
    seen_phrases: set[tuple[str, ...]] = set()
    used_or = False
    seq = 0

    for index, part in enumerate(parts):
        in_phrase = index % 2 == 1 and not (unclosed and index == len(parts) - 1)
        if in_phrase:
            phrase = tuple(tokenize(part))
            seq += 1
            if not phrase:
                continue
            if phrase in seen_phrases:
                drops.append((seq, DroppedTerm(render_phrase(phrase), DUPLICATE)))
            else:
                seen_phrases.add(phrase)
                candidates.append((seq, phrase))
            continue
        previous: str | None = None
        for token in tokenize(part):
            seq += 1
            folded = token.lower()
            if folded == "or":
                used_or = True
            shaping = question_words and shapes_question(folded, previous)
            previous = folded
            if folded in stop_words:
                drops.append((seq, DroppedTerm(token, STOP_WORD)))
            elif shaping:
                drops.append((seq, DroppedTerm(token, QUESTION_WORD)))
            elif token in seen_terms:
                drops.append((seq, DroppedTerm(token, DUPLICATE)))
            else:
                seen_terms.add(token)
                candidates.append((seq, token))

    kept = candidates[:max_terms]
    for over_seq, clause in candidates[max_terms:]:
        term = clause if isinstance(clause, str) else render_phrase(clause)
        drops.append((over_seq, DroppedTerm(term, OVER_LIMIT)))

    drops.sort(key=lambda pair: pair[0])
    return ParsedQuery(
        terms=tuple(c for _, c in kept if isinstance(c, str)),
        phrases=tuple(c for _, c in kept if not isinstance(c, str)),
        dropped=tuple(dict.fromkeys(drop for _, drop in drops)),
        unclosed_quote=unclosed,
        used_or=used_or,
    )
