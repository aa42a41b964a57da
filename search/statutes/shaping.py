"""A statute query as a person means it, shared by the search and the survey.

Parsing already drops the words that only shape a question (`question_words`). Here, the
names of the places the search is confined to are dropped too ("deposit refund iowa" within
Iowa: the scope says where, the word would only match sections that name the state), and so
are their postal codes typed as words ("ct" within Connecticut, `typed_codes`), and,
unless `expand` is off, the everyday-words map adds the code's words (`terms_added`), and
the typed words it translated ("give back", "intro offer"), other than the words it gives as
the codes' own and their forms, are searched at a lower weight (`terms_translated`): the
code's words carry that idea.

The weights below were chosen on the dev questions and checked on our own question set
(docs/performance.md has the figures): added terms weigh half a typed word, so a section
with the typed words still outranks one with only the code's words; a typed word they
translate weighs half too, so a section that uses the everyday word in another sense
("offer", "paper") no longer outranks the law the code's words find; a heading word raises a
body match by a fifth of what the same word adds in the body, and by two fifths when the
query is typed as keywords, with no stop word or question word to drop
(`written_as_keywords`: "security deposit refund deadline" names a section's subject the way
a heading does, a sentence tells a situation a heading rarely words), and never makes a
match; a heading holding three or more of the query's concepts (a typed word with the code
terms its everyday words added) adds a constant point more (`heading_concepts`). A
definitions section (`search.statutes.definitions`) loses a constant DEFINITIONS_LOWERED from
its score, unless a searched word asks about a definition or a meaning
(`definitions_lowered`). A question of
CHAPTER_RAISE_WORDS words or more re-ranks its first CHAPTER_WINDOW hits by how many of them
share each one's chapter (`chapter_raise`): a situation told in a sentence is answered where
the code keeps meeting its words, not by a lone section elsewhere that happens to hold
two of them. The survey raises each jurisdiction's rows as that jurisdiction's own search
does. A section of a federal regulation part whose name holds some of the query's words
(typed, or added by the map) gains PART_NAME_POINTS a word (`part_names_bonus`): "public housing
lease" is answered in 24 CFR part 966, "Public Housing Lease and Grievance Procedure", before
the voucher program's lease rules in part 982. Likewise the US Code sections (and regulation
parts) of a federal act of the popular names table whose name holds some of the query's words
gain ACT_NAME_POINTS a word (`act_names_bonus`): the Code says "this subchapter" where a
person says "credit bureau" or "debt collection".
"""

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from search.backends.registry import get_backend
from search.backends.statute_search import ChapterBonus, ChapterRaise, ConceptBonus, Lowered
from search.statutes.browse.names import CFR, CFR_PARTS, USC
from search.statutes.catalog import Catalog
from search.statutes.chapters import chapter_ref
from search.statutes.citations.act_sections import LoadedAct, loaded_acts
from search.statutes.definitions import asks_about_definitions
from search.statutes.scope import Scope, named_places
from search.text.everyday_words import added_terms, translated_words
from search.text.jurisdictions import FEDERAL, jurisdiction_name
from search.text.query import STOP_WORD, ParsedQuery, loose_runs
from search.text.question_words import QUESTION_WORD
from search.text.stopwords import STOP_WORDS

PLACE_NAME = "place_name"
ADDED_WEIGHT = 0.5
TRANSLATED_WEIGHT = 0.5
HEADING_RANK_WEIGHT = 0.2
KEYWORD_HEADING_RANK_WEIGHT = 0.4
HEADING_FIELD = "heading"
HEADING_CONCEPTS = 3
HEADING_CONCEPT_BONUS = 1.0
DEFINITIONS_FIELD = "definitions"
DEFINITIONS_LOWERED = 5.0
# Chosen on the dev and tune question sets (docs/performance.md); short queries (2-4 words:
# a heading's or a topic's words) gained nothing and are ranked without it.
CHAPTER_RAISE_WORDS = 5
CHAPTER_WINDOW = 50
CHAPTER_RAISE = 0.05
# Chosen on the tune question sets (docs/performance.md): points a regulation part's sections
# gain for each of the query's words its name holds.
PART_NAME_POINTS = 2.0
# Chosen on the tune question sets the same way: points a federal act's sections (and its
# regulation parts' sections) gain for each of the query's words the act's name holds, and
# the words of its name that never count (they name the form of a law, not its subject).
ACT_NAME_POINTS = 4.0
ACT_FORM_WORDS = frozenset({"act", "section", "title"})
CHAPTER_REF_FIELD = "chapter_ref"
SECTION_ID_FIELD = "id"

Concept = frozenset[tuple[str, ...]]
# Postal codes that are also words a question uses (or abbreviations of them: "md", "ms").
CODES_THAT_ARE_WORDS = frozenset(
    {"al", "co", "de", "hi", "id", "in", "la", "ma", "md", "me", "ms", "oh", "ok", "or", "pa"}
)
_LETTERS = re.compile(r"[A-Za-z]+")
_NAME_WORDS = re.compile(r"[a-z0-9]+")


def shaped_query(parsed: ParsedQuery, q: str, scope: Scope, *, expand: bool) -> ParsedQuery:
    """`parsed` without the names of the places `scope` chose, with the map's added terms and
    the typed words they translate."""
    backend = get_backend()
    tokenize = backend.tokenize
    chosen = [code for code in named_places(q) if code in scope.jurisdictions]
    names = {word for code in chosen for word in tokenize(jurisdiction_name(code))}
    names.update(typed_codes(q, scope))
    parsed = parsed.without_terms(names, PLACE_NAME)
    if not expand:
        return parsed
    searched = [*parsed.terms, *(" ".join(p) for p in parsed.phrases)]
    added = added_terms(loose_runs(q, tokenize), searched)
    return parsed.with_added(added, translated_words(parsed.terms, added, backend.stem))


def typed_codes(q: str, scope: Scope) -> set[str]:
    """The postal codes of the places `scope` chose, typed as words ("landlord changed locks
    ct" within Connecticut); a code that is also an English word ("in", "or", "me", "hi",
    "id", "ok") only when typed in capitals ("ID")."""
    found = set()
    for word in _LETTERS.findall(q):
        code = word.lower()
        chosen = code in scope.jurisdictions and code != FEDERAL
        if chosen and (code not in CODES_THAT_ARE_WORDS or word.isupper()):
            found.add(code)
    return found


def concepts(parsed: ParsedQuery) -> tuple[tuple[tuple[str, ...], ...], ...]:
    """The query's distinct concepts, each a set of word sequences any of which stands for it:
    a typed word or phrase, joined by the code terms its everyday words added (the words of
    one everyday phrase and all they added are one concept)."""
    typed = set(parsed.terms)
    groups: list[Concept] = [
        frozenset({*((w,) for w in a.source.split() if w in typed), a.words}) for a in parsed.added
    ]
    groups += [frozenset({(t,)}) for t in parsed.terms]
    groups += [frozenset({p}) for p in parsed.phrases]
    merged: list[Concept] = []
    for group in groups:
        touching = [m for m in merged if m & group]
        for m in touching:
            merged.remove(m)
            group |= m
        merged.append(group)
    return tuple(tuple(sorted(m)) for m in merged)


def heading_concepts(parsed: ParsedQuery, *, headings: bool) -> ConceptBonus | None:
    """The constant raise for a heading holding several of the query's concepts (none when
    `headings=true` searches the heading itself)."""
    if headings:
        return None
    found = concepts(parsed)
    if len(found) < HEADING_CONCEPTS:
        return None
    return ConceptBonus(HEADING_FIELD, found, HEADING_CONCEPTS, HEADING_CONCEPT_BONUS)


def written_as_keywords(parsed: ParsedQuery) -> bool:
    """No word of the query was dropped as a stop word or a question word: a list of subject
    words ("security deposit refund deadline"), not a sentence. A place name or a repeated
    word dropped does not make a sentence of it."""
    return not any(d.reason in (STOP_WORD, QUESTION_WORD) for d in parsed.dropped)


def heading_rank_weight(parsed: ParsedQuery) -> float:
    """How much a heading word raises a body match: more for a query typed as keywords."""
    return KEYWORD_HEADING_RANK_WEIGHT if written_as_keywords(parsed) else HEADING_RANK_WEIGHT


def definitions_lowered(parsed: ParsedQuery) -> Lowered | None:
    """Definitions sections lowered, unless the query asks about a definition or meaning."""
    words = [*parsed.terms, *(w for p in parsed.phrases for w in p)]
    if asks_about_definitions(words):
        return None
    return Lowered(DEFINITIONS_FIELD, DEFINITIONS_LOWERED)


def chapter_raise(q: str) -> ChapterRaise | None:
    """The chapter raise for a question of CHAPTER_RAISE_WORDS words or more (as typed)."""
    if len(q.split()) < CHAPTER_RAISE_WORDS:
        return None
    return ChapterRaise(CHAPTER_WINDOW, CHAPTER_RAISE)


@dataclass(frozen=True)
class NamedLaw:
    """The points for sections of a regulation part or a federal act named with the query's
    words: the engine's bonuses, whether parts gained (`parts`), the acts that did (`acts`)."""

    bonuses: tuple[ChapterBonus, ...] = ()
    parts: bool = False
    acts: tuple[str, ...] = ()


NO_NAMED_LAW = NamedLaw()


def law_names_bonus(parsed: ParsedQuery, scope: Scope, catalog: Catalog) -> NamedLaw:
    """`part_names_bonus` and `act_names_bonus` together, for one search (the query's stems and
    the scope's sources read once)."""
    if scope.chapter is not None:
        return NO_NAMED_LAW
    code, rules = _holds(scope, catalog, USC), _holds(scope, catalog, CFR)
    if not (code or rules):
        return NO_NAMED_LAW
    stem = get_backend().stem
    stems = _query_stems(parsed, stem)
    parts = _part_points(stems, stem) if rules else None
    acts, bonuses = _act_points(stems, stem, code=code, rules=rules)
    return NamedLaw((*([parts] if parts else []), *bonuses), parts is not None, acts)


def part_names_bonus(parsed: ParsedQuery, scope: Scope, catalog: Catalog) -> ChapterBonus | None:
    """PART_NAME_POINTS a word for the sections of each named regulation part whose name holds
    words of the query (its typed words and phrases' words, and the words the map added),
    compared by stem ("housing" and "house" alike); None when no part's name holds any, or
    the scope is one chapter or holds no regulation parts."""
    if scope.chapter is not None or not _holds(scope, catalog, CFR):
        return None
    stem = get_backend().stem
    return _part_points(_query_stems(parsed, stem), stem)


def _part_points(stems: set[str], stem: Callable[[str], str]) -> ChapterBonus | None:
    chapters = tuple(
        (ref, PART_NAME_POINTS * shared)
        for ref, name_stems in _part_name_stems(stem)
        if (shared := len(stems & name_stems))
    )
    return ChapterBonus(CHAPTER_REF_FIELD, chapters) if chapters else None


def act_names_bonus(
    parsed: ParsedQuery, scope: Scope, catalog: Catalog
) -> tuple[tuple[str, ...], tuple[ChapterBonus, ...]]:
    """ACT_NAME_POINTS a word for the US Code sections of each act of the popular names table
    whose name holds words of the query (compared as `part_names_bonus` does; the words that
    only name a law's form, ACT_FORM_WORDS, do not count), and as many for the sections of
    the act's regulation parts: "credit bureau" (the map adds "consumer reporting agency")
    raises the Fair Credit Reporting Act and Regulation V. A section of two such acts gains
    the larger amount. The acts' names (those sharing more words first) and the bonuses; none
    where the scope is one chapter or holds neither the US Code nor regulation parts."""
    code, rules = _holds(scope, catalog, USC), _holds(scope, catalog, CFR)
    if scope.chapter is not None or not (code or rules):
        return (), ()
    stem = get_backend().stem
    return _act_points(_query_stems(parsed, stem), stem, code=code, rules=rules)


def _act_points(
    stems: set[str], stem: Callable[[str], str], *, code: bool, rules: bool
) -> tuple[tuple[str, ...], tuple[ChapterBonus, ...]]:
    names: list[tuple[int, str]] = []
    sections: dict[str, float] = {}
    parts: dict[str, float] = {}
    for law, name_stems in _act_name_stems(stem):
        shared = len(stems & name_stems)
        ids, refs = law.sections if code else (), law.parts if rules else ()
        if not shared or not (ids or refs):
            continue
        names.append((-shared, law.act.name))
        points = ACT_NAME_POINTS * shared
        for ident in ids:
            sections[ident] = max(sections.get(ident, 0.0), points)
        for ref in refs:
            parts[ref] = max(parts.get(ref, 0.0), points)
    bonuses: tuple[ChapterBonus, ...] = ()
    if sections:
        bonuses += (ChapterBonus(SECTION_ID_FIELD, tuple(sections.items())),)
    bonuses += (ChapterBonus(CHAPTER_REF_FIELD, tuple(parts.items())),) if parts else ()
    return tuple(name for _, name in sorted(names, key=lambda n: n[0])), bonuses


def _holds(scope: Scope, catalog: Catalog, code: str) -> bool:
    return any(s.code == code for s in scope.sources(catalog))


def _query_stems(parsed: ParsedQuery, stem: Callable[[str], str]) -> set[str]:
    """The stems of the query's typed words, its phrases' words and the words the map added."""
    words = {*parsed.terms, *(w for p in parsed.phrases for w in p)}
    words.update(w for a in parsed.added for w in a.words)
    return {stem(w) for w in words}


@lru_cache(maxsize=512)
def _name_stems(name: str, stem: Callable[[str], str], *, law: bool = False) -> frozenset[str]:
    """The stems of a name's words other than stop words (`law`: nor numbers and the words
    that only name a law's form, ACT_FORM_WORDS)."""
    words = _NAME_WORDS.findall(name.lower())
    if law:
        words = [w for w in words if w not in ACT_FORM_WORDS and not w.isdigit()]
    return frozenset(stem(w) for w in words if w not in STOP_WORDS)


def _act_name_stems(stem: Callable[[str], str]) -> tuple[tuple[LoadedAct, frozenset[str]], ...]:
    """Each act with loaded sections or regulation parts, and the stems of its name's words
    (not its numbers, stop words or ACT_FORM_WORDS)."""
    return tuple((law, _name_stems(law.act.name, stem, law=True)) for law in loaded_acts())


@lru_cache(maxsize=4)
def _part_name_stems(stem: Callable[[str], str]) -> tuple[tuple[str, frozenset[str]], ...]:
    """Each named regulation part's `chapter_ref` and the stems of its name's words other than
    stop words, made once per stemmer."""
    return tuple(
        (chapter_ref(CFR, title, part), _name_stems(name, stem))
        for (title, part), name in CFR_PARTS.items()
    )
