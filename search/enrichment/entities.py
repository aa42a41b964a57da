"""Entity tagging of paper chunks against the method/dataset/metric/task vocabulary.

Matching is a dictionary walk over tokens, not one regex per vocabulary entry: the text
is split once into alphanumeric runs and single punctuation marks, and a trie keyed by
lower-cased tokens finds the longest vocabulary form starting at each token. Because
tokens are whole alphanumeric runs, a match can never start or end inside a word
("bert" is not found in "Albertan"). Whitespace between tokens is ignored, so
"R - CNN" (SciREX detokenisation) matches "R-CNN".

Which vocabulary forms are matched, and how (see `surface_forms`):
- forms whose lower-cased text is in `EXCLUDED_FORMS` (stop words, common words,
  generic phrases), numbers, single characters and roman numerals are never matched,
  and an entry whose *name* is excluded is dropped with all its aliases;
- acronym-like forms match case-sensitively: up to 4 characters with a capital
  ("BERT", "GAN", "Adam") or one word with a capital after its first letter ("SQuAD",
  "CIFAR-10", "AWARE"); everything else ("Transformer", "Long Short-Term Memory")
  case-insensitively (see `is_case_sensitive`);
- aliases must be related to the entry's name (see `alias_is_related`), because the
  SciREX/SciERC aliases include unrelated surface forms ("speech recognition system" for
  CNN, "learning rate" for "Error rate", "detection" for "Object Detection").
When one form belongs to several entries, an entry's own name beats another's alias,
then `TYPE_PRIORITY` decides, then vocabulary order. Entities come back distinct, in
order of first occurrence.
"""

import gzip
import json
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import accumulate
from pathlib import Path

from search.enrichment.exclusions import EXCLUDED_FORMS

ENTITY_TYPES = ("method", "dataset", "metric", "task")
# When one surface form is the name of several entries ("ImageNet" dataset and method,
# "CNN" method and metric) the first type here wins: the dataset reading of a name is
# the more specific one, and metrics are the most often mis-typed in SciREX clusters.
TYPE_PRIORITY = ("dataset", "method", "task", "metric")
# Alphanumeric runs and single punctuation marks; whitespace and "_" separate tokens.
TOKEN_RE = re.compile(r"[^\W_]+|[^\w\s]")
ROMAN_NUMERAL_RE = re.compile(r"[ivx]+")
# Characters trimmed from the ends of vocabulary forms ("DQN)", "AFLW2000-3D.", "IDE *").
FORM_TRIM_CHARS = " \t\n.,;:()[]{}\"'*“”‘’"
# Acronym-like forms of at most this many characters match case-sensitively.
SHORT_FORM_MAX_CHARS = 4
# Function words an expansion may skip when spelling an acronym ("Animatable
# Reconstruction of Clothed Humans" -> ARCH).
ACRONYM_SKIPPABLE_WORDS = frozenset(
    {"a", "an", "and", "by", "for", "from", "in", "of", "on", "the", "to", "via", "with"}
)
# Papers with Code aliases are the method's own full name, so they are trusted as is.
TRUSTED_ALIAS_SOURCE = "paperswithcode-methods"


@dataclass(frozen=True)
class Entity:
    """A named entity found in a chunk; `type` is one of ENTITY_TYPES."""

    name: str
    type: str


@dataclass(frozen=True)
class VocabEntry:
    """One vocabulary entry: canonical name, type, alternative surface forms."""

    name: str
    type: str
    aliases: tuple[str, ...]
    source: str = ""


@dataclass(frozen=True)
class _Candidate:
    """A vocabulary form stored at a trie node, with what it takes to accept it."""

    tokens: tuple[str, ...]
    case_sensitive: bool
    rank: tuple[int, int, int]
    entity: Entity


def load_vocabulary(path: Path) -> list[VocabEntry]:
    """Read entities.jsonl(.gz): one JSON object per line with name, type, aliases, source."""
    opener = gzip.open if path.suffix == ".gz" else open
    entries: list[VocabEntry] = []
    with opener(path, "rt", encoding="utf-8") as handle:
        for line_number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            row = json.loads(line)
            if row.get("type") not in ENTITY_TYPES:
                raise ValueError(f"{path}:{line_number}: unknown entity type {row.get('type')!r}")
            entries.append(
                VocabEntry(
                    name=row["name"],
                    type=row["type"],
                    aliases=tuple(row.get("aliases") or ()),
                    source=row.get("source") or "",
                )
            )
    return entries


def tokenize(text: str) -> list[str]:
    """Split text into alphanumeric runs and single punctuation marks."""
    return TOKEN_RE.findall(text)


def normalize_form(form: str) -> str:
    """Trim surrounding punctuation and whitespace from a vocabulary form."""
    return " ".join(form.split()).strip(FORM_TRIM_CHARS)


def is_excluded(form: str) -> bool:
    """True for forms never worth tagging: stop/common words, bare numbers, one letter."""
    lowered = normalize_form(form).lower()
    alphanumerics = [char for char in lowered if char.isalnum()]
    # Numbers ("3", "2012"), initials ("D") and roman numerals ("II") are section or
    # variant labels cut out of longer names, never a name a reader would search for;
    # "F1" and "T5" (two characters, one a letter) stay.
    return (
        lowered in EXCLUDED_FORMS
        or len(alphanumerics) < 2
        or not any(char.isalpha() for char in alphanumerics)
        or ROMAN_NUMERAL_RE.fullmatch(lowered) is not None
    )


def is_case_sensitive(form: str) -> bool:
    """True for acronym-like forms: short with a capital, or one word capitalised inside."""
    if not any(char.isupper() for char in form):
        return False
    if len(form) <= SHORT_FORM_MAX_CHARS:
        # "BERT", "GAN", "Adam": matching them case-insensitively would hit "gan", "adam".
        return True
    # "SQuAD", "NesT", "CoaT", "AWARE", "MODERN": a capital after the first character of
    # a single word marks a coined name; folded, these collide with English words.
    return " " not in form and any(char.isupper() for char in form[1:])


def _alnum_words(form: str) -> list[str]:
    """Lower-cased alphanumeric runs of a form."""
    return [token.lower() for token in tokenize(form) if token[0].isalnum()]


def _contains_name(alias_words: Sequence[str], name_key: str) -> bool:
    """True if consecutive alias words spell the name, optionally pluralised."""
    for start in range(len(alias_words)):
        joined = ""
        for word in alias_words[start:]:
            joined += word
            if joined in (name_key, name_key + "s", name_key + "es"):
                return True
            if len(joined) >= len(name_key) + 2:
                break
    return False


@cache
def _spells(acronym: str, words: tuple[str, ...]) -> bool:
    """True if each significant word gives a non-empty prefix and together they spell it."""
    if not words:
        return acronym in ("", "s")  # a trailing "s" is a plural: "CNNs", "PAFs"
    head, rest = words[0], words[1:]
    if head in ACRONYM_SKIPPABLE_WORDS and _spells(acronym, rest):
        return True
    return any(
        acronym.startswith(head[:length]) and _spells(acronym[length:], rest)
        for length in range(1, min(len(head), len(acronym)) + 1)
    )


def is_acronym_of(short: str, long: str) -> bool:
    """True if `short` is an acronym of the multi-word `long` ("SVHN", "Street View ...")."""
    words = tuple(_alnum_words(long))
    key = "".join(_alnum_words(short))
    return len(words) >= 2 and len(key) >= 2 and _spells(key, words)


def _is_name_prefix(alias: str, name: str) -> bool:
    """True if an acronym-like alias heads a qualified name ("SQuAD" of "SQuAD1 1")."""
    alias_key = "".join(_alnum_words(alias))
    name_key = "".join(_alnum_words(name))
    # Only coined names head a variant: "Photo" of "Photo-Art-50" or "Transfer Learning"
    # of "Transfer Learning from AlexNet ..." are words, and would take over the phrase.
    if not all(is_case_sensitive(word) for word in alias.split()) or len(alias_key) < 3:
        return False
    if not name_key.startswith(alias_key) or alias_key == name_key:
        return False
    # Stop at a word or letter/digit boundary: "Set5" heads "Set5 - 4x upscaling" but
    # "Dic" would not head "Dice".
    word_ends = set(accumulate(len(word) for word in _alnum_words(name)))
    return len(alias_key) in word_ends or name_key[len(alias_key)].isdigit()


def alias_is_related(name: str, alias: str) -> bool:
    """True if the alias spells out, extends, heads or abbreviates the name."""
    name_key = "".join(_alnum_words(name))
    alias_words = _alnum_words(alias)
    if not name_key or not alias_words:
        return False
    return (
        _contains_name(alias_words, name_key)
        or _is_name_prefix(alias, name)
        or is_acronym_of(name, alias)
        or is_acronym_of(alias, name)
    )


def surface_forms(entry: VocabEntry) -> Iterator[tuple[str, bool]]:
    """Yield (form, is_alias) for every form of the entry the tagger should match."""
    if is_excluded(entry.name):
        return
    trusted = entry.source == TRUSTED_ALIAS_SOURCE
    accepted = [normalize_form(entry.name)]
    yield accepted[0], False
    for alias in dict.fromkeys(normalize_form(alias) for alias in entry.aliases):
        if not alias or alias in accepted or is_excluded(alias):
            continue
        # An expansion may spell an accepted acronym alias rather than the name itself:
        # "Stanford Question Answering Dataset" spells "SQuAD", an alias of "SQuAD1 1".
        if (
            trusted
            or alias_is_related(entry.name, alias)
            or any(is_case_sensitive(form) and is_acronym_of(form, alias) for form in accepted)
        ):
            accepted.append(alias)
            yield alias, True


class _Node:
    """One trie node: children by lower-cased token, forms ending here best first."""

    __slots__ = ("candidates", "children")

    def __init__(self) -> None:
        """Start with no children and no forms."""
        self.children: dict[str, _Node] = {}
        self.candidates: list[_Candidate] = []


class EntityTagger:
    """Find vocabulary entities in text by leftmost-longest token match."""

    def __init__(self, vocabulary: Iterable[VocabEntry]) -> None:
        """Build the token trie from every matchable form of every entry."""
        self._root = _Node()
        for order, entry in enumerate(vocabulary):
            if entry.type not in TYPE_PRIORITY:
                raise ValueError(f"entity {entry.name!r} has unknown type {entry.type!r}")
            entity = Entity(name=entry.name, type=entry.type)
            for form, is_alias in surface_forms(entry):
                tokens = tuple(tokenize(form))
                node = self._root
                for token in tokens:
                    node = node.children.setdefault(token.lower(), _Node())
                node.candidates.append(
                    _Candidate(
                        tokens=tokens,
                        case_sensitive=is_case_sensitive(form),
                        rank=(int(is_alias), TYPE_PRIORITY.index(entry.type), order),
                        entity=entity,
                    )
                )
        stack = [self._root]
        while stack:
            node = stack.pop()
            node.candidates.sort(key=lambda candidate: candidate.rank)
            stack.extend(node.children.values())

    def tag(self, text: str) -> list[Entity]:
        """Distinct entities mentioned in the text, in order of first occurrence."""
        tokens = tokenize(text)
        lowered = [token.lower() for token in tokens]
        first_tokens = self._root.children
        found: dict[Entity, None] = {}
        match_end = 0
        # Only tokens that start some vocabulary form are worth a trie walk.
        for start in [index for index, token in enumerate(lowered) if token in first_tokens]:
            if start < match_end:
                continue  # inside a longer match already taken: leftmost-longest wins
            best: Entity | None = None
            node: _Node | None = self._root
            position = start
            while node is not None and position < len(tokens):
                node = node.children.get(lowered[position])
                position += 1
                for candidate in node.candidates if node is not None else ():
                    # A case-sensitive form must also match the text's own spelling.
                    if not candidate.case_sensitive or (
                        tuple(tokens[start:position]) == candidate.tokens
                    ):
                        best, match_end = candidate.entity, position
                        break
            if best is not None:
                found.setdefault(best, None)
        return list(found)
