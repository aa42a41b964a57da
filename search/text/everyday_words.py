"""A curated map from the words people use to the words codes use, applied openly.

"kick out" is how a tenant says what a code calls eviction, unlawful detainer or possession;
"fix" is "repair"; "section 8" is a "housing choice voucher". A statute search reads the
query's loose words (not its "quoted phrases") against `ENTRIES` and adds the code's words
as extra, lower-weighted terms: each added term is reported with the words it came from
(`terms_added`), the note says so, and `expand=false` turns it off. Nothing is added
silently and nothing is taken away: the typed words are searched as typed.

The map (`everyday_words.txt` beside this module, one entry per line) is general legal-aid
vocabulary (housing, debt and consumer, family safety, public benefits, employment, family,
courts), one entry per everyday idea, never one per question. An everyday phrase is matched
on the query's tokens as typed ("kick out": 'out' is a stop word) and with stop and question
words left out ("return the deposit" reads "return deposit"). A code term of several words
runs as a phrase. At most `MAX_ADDED` terms are added, in the order their everyday words appear.
"""

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain
from pathlib import Path

from search.text.question_words import QUESTION_WORDS
from search.text.stopwords import STOP_WORDS

MAP_FILE = Path(__file__).with_name("everyday_words.txt")
Entry = tuple[tuple[str, ...], tuple[str, ...]]


def read_entries(text: str) -> tuple[Entry, ...]:
    """The map's lines (`everyday | words => code | words`; `#` comments) as entries, in order."""
    entries = []
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        sides = line.split("=>")
        words, codes = (tuple(w.strip() for w in side.split("|")) for side in (sides + [""])[:2])
        if len(sides) != 2 or not all(words) or not all(codes):
            raise ValueError(f"{MAP_FILE.name} line {number}: not 'words | ... => code | ...'")
        entries.append((words, codes))
    return tuple(entries)


ENTRIES = read_entries(MAP_FILE.read_text(encoding="utf-8"))

# A long question can name many everyday ideas; past twelve added terms the dev and our own
# questions rank the same (measured) and each more term costs search time.
MAX_ADDED = 12


@dataclass(frozen=True)
class AddedTerm:
    """A code term added to the search (`words`: one word, or a phrase) and what it came from."""

    term: str
    words: tuple[str, ...]
    source: str


def _tokens(text: str) -> tuple[str, ...]:
    """The map's words as the index analyzer splits them (the map is lower-case ASCII)."""
    return tuple(re.findall(r"[a-z0-9]+", text))


# Every everyday phrase as tokens, with its code terms as tokens, in map order.
TRIGGERS: tuple[tuple[tuple[str, ...], tuple[tuple[str, ...], ...]], ...] = tuple(
    (_tokens(word), tuple(_tokens(code) for code in codes))
    for words, codes in ENTRIES
    for word in words
)


def _by_first() -> dict[str, tuple[int, ...]]:
    """Each trigger's place in TRIGGERS, by its first token."""
    places: dict[str, tuple[int, ...]] = {}
    for order, (trigger, _) in enumerate(TRIGGERS):
        places[trigger[0]] = (*places.get(trigger[0], ()), order)
    return places


# Every word of every code term the map gives: a typed word among them is the codes' own.
CODE_WORDS = frozenset(word for _, codes in TRIGGERS for code in codes for word in code)
# A query looks only at the triggers starting with one of its own words.
_BY_FIRST = _by_first()
# The terms each trigger adds, made once (they are immutable).
_ADDS: tuple[tuple[AddedTerm, ...], ...] = tuple(
    tuple(AddedTerm(" ".join(code), code, " ".join(trigger)) for code in codes)
    for trigger, codes in TRIGGERS
)


def added_terms(runs: Iterable[list[str]], searched: Iterable[str]) -> tuple[AddedTerm, ...]:
    """Code terms for the everyday words in `runs` (the query's tokens outside quotes, one list
    per stretch between phrases), in the order those words appear; none already `searched`
    (a loose term, or a phrase's words joined by spaces), nor phrases of searched words only.

    A longer everyday phrase takes its words: a shorter one found only inside it adds nothing
    ("catch up on rent" is redemption; the "catch up" inside it is not a loan's reinstatement).
    """
    found: list[tuple[int, int, AddedTerm]] = []
    offset = 0
    for run in runs:
        tokens = tuple(run)
        kept = tuple(
            at for at, t in enumerate(run) if t not in STOP_WORDS and t not in QUESTION_WORDS
        )
        content = tuple(tokens[at] for at in kept)
        words = _Words(tokens, _starts(tokens), kept, content, _starts(content))
        # Only a trigger starting with one of the run's words can occur in it; the longest
        # are tried first, so a phrase's words are taken before a shorter phrase is tried.
        orders = {order for token in words.starts for order in _BY_FIRST.get(token, ())}
        taken: list[frozenset[int]] = []
        for order in sorted(orders, key=_longest_first):
            trigger = TRIGGERS[order][0]
            place = _free_place(words, trigger, taken)
            if place is None:
                continue
            at, covered = place
            if len(trigger) > 1:
                taken.append(covered)
            found.extend((offset + at, order, term) for term in _ADDS[order])
        offset += len(run)
    have = set(searched)
    added: list[AddedTerm] = []
    for _, _, term in sorted(found, key=lambda item: (item[0], item[1])):
        # A phrase of words all searched already adds nothing a reader could not see.
        if term.term in have or have.issuperset(term.words) or len(added) >= MAX_ADDED:
            continue
        have.add(term.term)
        added.append(term)
    return tuple(added)


def translated_words(
    terms: Iterable[str], added: Iterable[AddedTerm], stem: Callable[[str], str] | None = None
) -> tuple[str, ...]:
    """The loose `terms` (typed words) the `added` terms translate, in the terms' order: each
    named in an added term's everyday words and not a word of any code term the map gives,
    nor (with `stem`, the index's stemmer) a form of one ("intro", "offer", "give", "back";
    not "eviction", "notice" or "evicted", the codes' own words)."""
    sources = {word for term in added for word in term.source.split()}
    found = [t for t in dict.fromkeys(terms) if t in sources and t not in CODE_WORDS]
    if stem is not None:
        stems = _code_stems(stem)
        found = [t for t in found if stem(t) not in stems]
    return tuple(found)


@lru_cache(maxsize=4)
def _code_stems(stem: Callable[[str], str]) -> frozenset[str]:
    """The stem of every word of the map's code terms, made once per stemmer."""
    return frozenset(stem(word) for word in CODE_WORDS)


def _starts(tokens: tuple[str, ...]) -> dict[str, list[int]]:
    """Each token's places in `tokens`, in order."""
    places: dict[str, list[int]] = {}
    for at, token in enumerate(tokens):
        places.setdefault(token, []).append(at)
    return places


@dataclass(frozen=True)
class _Words:
    """One run's tokens and each token's places; the places in it of its content words (the
    tokens that are neither stop nor question words), those words and each one's places."""

    tokens: tuple[str, ...]
    starts: dict[str, list[int]]
    kept: tuple[int, ...]
    content: tuple[str, ...]
    content_starts: dict[str, list[int]]


def _longest_first(order: int) -> tuple[int, int]:
    return -len(TRIGGERS[order][0]), order


def _free_place(
    words: _Words, trigger: tuple[str, ...], taken: list[frozenset[int]]
) -> tuple[int, frozenset[int]] | None:
    """Where `trigger` first occurs in the run as typed, else in its content words, at a place
    whose tokens a longer phrase has not taken: (where its terms sort, the tokens it covers).
    A single word is never taken (it adds its own sense beside a phrase's)."""
    size = len(trigger)
    typed = ((at, range(at, at + size)) for at in _places(words.tokens, words.starts, trigger))
    content = (
        (at, words.kept[at : at + size])
        for at in _places(words.content, words.content_starts, trigger)
    )
    for at, places in chain(typed, content):
        if size == 1:
            return at, frozenset()
        covered = frozenset(places)
        if not any(covered <= t and len(t) > size for t in taken):
            return at, covered
    return None


def _places(
    tokens: tuple[str, ...], starts: dict[str, list[int]], trigger: tuple[str, ...]
) -> Iterator[int]:
    """Where `trigger` occurs as a run in `tokens` (`starts`: their places), in order."""
    size = len(trigger)
    for start in starts.get(trigger[0], ()):
        if size == 1 or tokens[start : start + size] == trigger:
            yield start
