"""The citation forms the portal recognises: the loaded data's own, and common abbreviations.

Each loaded source writes its citations from a template (`RCW 59.18.060`, `# U.S.C. § 3604`,
`Cal. Civ. Code § 1950.5`): `PrefixForm`s are those templates, read from the data at ingest
(`search.text.citation_keys.prefix_template`). `ALIASES` adds, per jurisdiction, how people
also write them (`Wash. Rev. Code` for `RCW`); an alias counts only while its canonical form
is loaded.
`UNLOADED_FORMS` names the citation forms of places whose law is not loaded, so a citation of
Kansas law is answered "not in this portal" rather than searched as words.

Prefixes are compared by their letters (`prefix_shape`: `42 U.S.C. §` and `42 USC` are both
`usc`) and looked up by key (`citation_key`: `42usc3604`). Pure Python: no Django, no engine.
"""

import re
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from search.statutes.citations.mentions import Scanner, flexible
from search.text.citation_keys import citation_key, prefix_shape

# jurisdiction -> (how people write a prefix, the data's prefix it stands for). Bluebook and
# common forms; `#` is the title number a prefix carries (`# U.S.C.`).
ALIASES: dict[str, tuple[tuple[str, str], ...]] = {
    "us": (
        ("# U.S. Code", "U.S.C."), ("# United States Code", "U.S.C."), ("# U.S.C.A.", "U.S.C."),
        ("# Code of Federal Regulations", "CFR"),
    ),
    "wa": (
        ("Wash. Rev. Code", "RCW"), ("Wash. Rev. Code Ann.", "RCW"),
        ("Revised Code of Washington", "RCW"), ("RCWA", "RCW"),
    ),
    "fl": (
        ("Fla. Stat. Ann.", "Fla. Stat."), ("Florida Statutes", "Fla. Stat."),
        ("F.S.", "Fla. Stat."),
    ),
    "ga": (("Ga. Code Ann.", "O.C.G.A."), ("Ga. Code", "O.C.G.A.")),
    "ca": (
        ("Cal. Civil Code", "Cal. Civ. Code"), ("California Civil Code", "Cal. Civ. Code"),
        ("Cal. Code Civ. Proc.", "Cal. Civ. Proc. Code"), ("Cal. Gov. Code", "Cal. Gov't Code"),
        ("Cal. Health & Saf. Code", "Cal. Health & Safety Code"),
    ),
    "al": (("Code of Ala.", "Ala. Code"), ("Alabama Code", "Ala. Code")),
    "ar": (("Ark. Code", "Ark. Code Ann."),),
    "az": (("Ariz. Rev. Stat.", "A.R.S."), ("Ariz. Rev. Stat. Ann.", "A.R.S.")),
    "ct": (("Conn. Gen. Stat. Ann.", "Conn. Gen. Stat."), ("C.G.S.", "Conn. Gen. Stat.")),
    "de": (("Del. Code Ann. tit. #,", "Del. Code tit."),),
    "hi": (("Haw. Rev. Stat.", "HRS"), ("Haw. Rev. Stat. Ann.", "HRS")),
    "ia": (("Iowa Code Ann.", "Iowa Code"),),
    "id": (("Idaho Code Ann.", "Idaho Code"),),
    "la": (("La. Rev. Stat.", "La. R.S."), ("La. Rev. Stat. Ann.", "La. R.S.")),
    "me": (("Me. Rev. Stat. Ann. tit. #,", "Me. Rev. Stat. tit."),),
    "mi": (("Mich. Comp. Laws", "MCL"), ("Mich. Comp. Laws Ann.", "MCL")),
    "mo": (("Mo. Rev. Stat.", "RSMo"), ("Mo. Ann. Stat.", "RSMo")),
    "ms": (("Miss. Code", "Miss. Code Ann."),),
    "nc": (("N.C.G.S.", "N.C. Gen. Stat."), ("G.S.", "N.C. Gen. Stat.")),
    "ne": (("Neb. Rev. Stat. Ann.", "Neb. Rev. Stat."),),
    "nj": (("N.J. Stat. Ann.", "N.J.S.A."), ("N.J. Stat.", "N.J.S.A.")),
    "nm": (("N.M. Stat. Ann.", "NMSA 1978,"), ("NMSA", "NMSA 1978,")),
    "oh": (("Ohio Rev. Code", "R.C."), ("Ohio Rev. Code Ann.", "R.C."), ("O.R.C.", "R.C.")),
    "ok": (("Okla. Stat. Ann. tit. #,", "Okla. Stat. tit."),),
    "pa": (("# Pa. Cons. Stat.", "Pa.C.S."), ("# Pa. Cons. Stat. Ann.", "Pa.C.S.")),
    "pr": (("P.R. Laws Ann.", "L.P.R.A."),),
    "sc": (("S.C. Code", "S.C. Code Ann."),),
    "sd": (("S.D. Codified Laws", "SDCL"),),
    "tn": (("Tenn. Code", "Tenn. Code Ann."), ("T.C.A.", "Tenn. Code Ann.")),
    "ut": (("Utah Code Ann.", "Utah Code"),),
    "va": (("Va. Code Ann.", "Va. Code"), ("Code of Virginia", "Va. Code")),
    "wi": (("Wis. Stat. Ann.", "Wis. Stat."), ("Wis. Stats.", "Wis. Stat.")),
    "wv": (("W. Va. Code Ann.", "W. Va. Code"),),
    "wy": (("Wyo. Stat. Ann.", "W.S."), ("Wyo. Stat.", "W.S.")),
}  # fmt: skip

# Citation forms of places whose statutes may not be loaded (used only while they are not).
UNLOADED_FORMS: dict[str, tuple[str, ...]] = {
    "ks": ("K.S.A.", "Kan. Stat. Ann.", "Kan. Stat.", "K.A.R.", "Kan. Admin. Regs."),
    "tx": (
        "Tex. Prop. Code", "Tex. Prop. Code Ann.", "Tex. Civ. Prac. & Rem. Code",
        "Tex. Gov't Code", "Tex. Fam. Code", "Tex. Penal Code", "Tex. Bus. & Com. Code",
    ),
    "ny": (
        "N.Y. Real Prop. Law", "N.Y. Real Prop. Acts. Law", "RPAPL", "N.Y. Gen. Oblig. Law",
        "N.Y. Mult. Dwell. Law", "N.Y. Exec. Law",
    ),
    "nv": ("NRS", "Nev. Rev. Stat."), "or": ("ORS", "Or. Rev. Stat."),
    "co": ("C.R.S.", "Colo. Rev. Stat."), "ma": ("M.G.L.", "Mass. Gen. Laws"),
    "mn": ("Minn. Stat.",), "ky": ("KRS", "Ky. Rev. Stat."), "in": ("Ind. Code",),
    "nh": ("RSA", "N.H. Rev. Stat."), "vt": ("V.S.A.", "Vt. Stat. Ann."),
    "nd": ("N.D.C.C.", "N.D. Cent. Code"), "mt": ("Mont. Code Ann.",),
    "ak": ("Alaska Stat.",), "dc": ("D.C. Code",), "ri": ("R.I. Gen. Laws",),
}  # fmt: skip


@dataclass(frozen=True)
class PrefixForm:
    """How one source writes what comes before its section numbers, with a real example."""

    source: str
    jurisdiction: str
    template: str
    example: str
    sections: int

    @property
    def shape(self) -> str:
        """The template's letters (`# U.S.C.` -> `usc`)."""
        return prefix_shape(self.template)


@dataclass(frozen=True)
class Alias:
    """A recognised way of writing a loaded prefix."""

    written: str
    canonical: str
    jurisdiction: str

    @property
    def shape(self) -> str:
        return prefix_shape(self.written)

    @property
    def replacement(self) -> str:
        """What the alias's letters become in a citation key (`washrevcode` -> `rcw`)."""
        return citation_key(self.canonical)


class CitationGrammar:
    """The recognised prefixes of the loaded sources, their aliases and the unloaded forms."""

    def __init__(self, forms: Sequence[PrefixForm], loaded: Collection[str]) -> None:
        self.forms = tuple(forms)
        self.loaded = frozenset(loaded)
        self.sources_by_shape: dict[str, set[str]] = {}
        for form in self.forms:
            self.sources_by_shape.setdefault(form.shape, set()).add(form.source)
        # An alias counts while its canonical form is loaded and it names no other loaded
        # form (`NMSA` stands for `NMSA 1978,`, whose letters are the same).
        self.aliases = tuple(
            alias
            for alias in _all_aliases()
            if prefix_shape(alias.canonical) in self.sources_by_shape
            and (
                alias.shape not in self.sources_by_shape
                or alias.shape == prefix_shape(alias.canonical)
            )
        )
        self.alias_by_shape = {a.shape: a for a in self.aliases}
        self.unloaded_by_shape = {
            prefix_shape(written): place
            for place, forms_ in UNLOADED_FORMS.items()
            if place not in self.loaded
            for written in forms_
        }

    def knows(self, prefix: str) -> bool:
        """True when `prefix` is a loaded source's prefix or one of its aliases."""
        shape = prefix_shape(prefix)
        return shape in self.sources_by_shape or shape in self.alias_by_shape

    def sources_for(self, prefix: str) -> tuple[str, ...]:
        """The loaded sources whose citations start with `prefix` (after aliases)."""
        shape = prefix_shape(prefix)
        alias = self.alias_by_shape.get(shape)
        if alias is not None:
            shape = prefix_shape(alias.canonical)
        return tuple(sorted(self.sources_by_shape.get(shape, ())))

    def unloaded_place(self, prefix: str) -> str | None:
        """The jurisdiction a not-loaded citation form names (`K.S.A.` -> `ks`), if any."""
        return self.unloaded_by_shape.get(prefix_shape(prefix))

    def keys(self, prefix: str, number: str) -> tuple[str, ...]:
        """Citation keys `prefix number` may stand for: as written, and through its alias."""
        key = citation_key(prefix)
        found = [key + citation_key(number)]
        alias = self.alias_by_shape.get(prefix_shape(prefix))
        if alias is not None and alias.shape in key:
            found.append(key.replace(alias.shape, alias.replacement, 1) + citation_key(number))
        return tuple(dict.fromkeys(found))

    @cached_property
    def query_scanner(self) -> Scanner:
        """Finds every recognised citation form in a query, in any letter case."""
        return Scanner(self.written_prefixes, ignore_case=True)

    @cached_property
    def prefix_pattern(self) -> re.Pattern[str]:
        """Any recognised written prefix alone (`24 C.F.R.`, `RCW`), in any letter case."""
        body = "|".join(f"(?:{flexible(p)})" for p in self.written_prefixes) or r"(?!)"
        # Not inside a longer word: `R.C.` (Ohio) is not the start of `RCW`.
        return re.compile(r"(?<![\w.])(?P<prefix>" + body + r")(?![A-Za-z])", re.IGNORECASE)

    @cached_property
    def written_prefixes(self) -> tuple[str, ...]:
        """Every recognised written prefix (templates, aliases, unloaded forms), longest first."""
        found = {f.template for f in self.forms} | {a.written for a in self.aliases}
        found |= {w for place, forms_ in UNLOADED_FORMS.items() if place not in self.loaded
                  for w in forms_}  # fmt: skip
        return tuple(sorted(found, key=lambda p: (-len(p), p)))

    def examples(self, source: str) -> tuple[str, ...]:
        """Real citations of a source, one per template, most used first."""
        forms = sorted((f for f in self.forms if f.source == source), key=lambda f: -f.sections)
        return tuple(f.example for f in forms)

    def aliases_of(self, source: str) -> tuple[str, ...]:
        """The aliases people may write for a source's prefixes."""
        shapes = {f.shape for f in self.forms if f.source == source}
        return tuple(a.written for a in self.aliases if prefix_shape(a.canonical) in shapes)


def _all_aliases() -> list[Alias]:
    return [
        Alias(written, canonical, place)
        for place, pairs in ALIASES.items()
        for written, canonical in pairs
    ]


def grammar_of(sources: Iterable[dict[str, Any]]) -> CitationGrammar:
    """The grammar of recorded sources (`search.ingest.coverage.source_facts` rows)."""
    forms = [
        PrefixForm(
            row["code"],
            (row["jurisdictions"] or [""])[0],
            form["template"],
            form["example"],
            int(form["sections"]),
        )  # fmt: skip
        for row in sources
        for form in row.get("citation_forms") or ()
    ]
    loaded = {j for row in sources for j in row["jurisdictions"]}
    return CitationGrammar(forms, loaded)
