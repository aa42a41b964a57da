"""Acts by the names people use: "the Fair Housing Act" is 42 U.S.C. §§ 3601-3619 and 24 CFR
part 100.

A small table, like the US Code's own popular names table, of the federal acts a legal aid
office meets (housing, consumer credit and debt, benefits, employment, immigration, family,
civil rights): each with its codified sections (a range, or one section) and, where one
exists, its implementing CFR parts. Every range was checked against the loaded US Code file
(both ends exist, in one title). `names_in` finds the acts a query names. Pure Python.
"""

import re
from collections.abc import Callable
from dataclasses import dataclass

HOUSING = "housing"
CONSUMER = "consumer credit and debt"
BENEFITS = "benefits"
EMPLOYMENT = "employment"
IMMIGRATION = "immigration"
FAMILY = "family"
CIVIL_RIGHTS = "civil rights"


@dataclass(frozen=True)
class CodeSpan:
    """Sections of one US Code title: one (`last` empty) or a range, both ends included."""

    title: str
    first: str
    last: str = ""

    @property
    def citation(self) -> str:
        """`42 U.S.C. §§ 3601-3619` or `42 U.S.C. § 1437f`."""
        if not self.last:
            return f"{self.title} U.S.C. § {self.first}"
        return f"{self.title} U.S.C. §§ {self.first}-{self.last}"


@dataclass(frozen=True)
class RegulationPart:
    """One CFR part (`24 CFR part 982`)."""

    title: str
    part: str

    @property
    def citation(self) -> str:
        return f"{self.title} CFR part {self.part}"


@dataclass(frozen=True)
class PopularName:
    """An act: its name, other names, abbreviations (matched as written), code and rules."""

    name: str
    area: str
    code: tuple[CodeSpan, ...]
    regulations: tuple[RegulationPart, ...] = ()
    aliases: tuple[str, ...] = ()
    abbreviations: tuple[str, ...] = ()

    @property
    def citations(self) -> tuple[str, ...]:
        """Its code citations, then its regulations'."""
        return (*(c.citation for c in self.code), *(r.citation for r in self.regulations))

    @property
    def line(self) -> str:
        """`Fair Housing Act — 42 U.S.C. §§ 3601-3619 · 24 CFR part 100`."""
        return f"{self.name} — {' · '.join(self.citations)}"


def _usc(title: str, first: str, last: str = "") -> CodeSpan:
    return CodeSpan(title, first, last)


def _cfr(title: str, *parts: str) -> tuple[RegulationPart, ...]:
    return tuple(RegulationPart(title, p) for p in parts)


POPULAR_NAMES: tuple[PopularName, ...] = (
    # Housing
    PopularName("Fair Housing Act", HOUSING, (_usc("42", "3601", "3619"),), _cfr("24", "100"),
                ("Fair Housing Amendments Act", "Title VIII of the Civil Rights Act of 1968")),
    PopularName("Section 8 Housing Choice Voucher Program", HOUSING, (_usc("42", "1437f"),),
                _cfr("24", "982", "983"),
                ("Section 8", "housing choice voucher", "housing choice vouchers",
                 "project-based voucher", "project based voucher"), ("HCV",)),
    PopularName("United States Housing Act of 1937 (public housing)", HOUSING,
                (_usc("42", "1437", "1437z-10"),), _cfr("24", "960", "966"),
                ("public housing", "Housing Act of 1937", "United States Housing Act")),
    # HUD's VAWA rule is 24 CFR part 5 subpart L; the data lacks parts 0-99 (offered, not loaded).
    PopularName("Violence Against Women Act housing protections", HOUSING,
                (_usc("34", "12491"),), _cfr("24", "5"),
                ("Violence Against Women Act", "VAWA housing"), ("VAWA",)),
    # Not "CRA": credit reporting questions use it for a consumer reporting agency.
    PopularName("Community Reinvestment Act", HOUSING, (_usc("12", "2901", "2908"),)),
    PopularName("Uniform Relocation Assistance and Real Property Acquisition Policies Act",
                HOUSING, (_usc("42", "4601", "4655"),), (), ("Uniform Relocation Act",), ("URA",)),
    PopularName("Housing and Community Development Act of 1974 (community development)",
                HOUSING, (_usc("42", "5301", "5321"),), (),
                ("Community Development Block Grant", "Housing and Community Development Act"),
                ("CDBG",)),
    PopularName("Real Estate Settlement Procedures Act", HOUSING, (_usc("12", "2601", "2617"),),
                _cfr("12", "1024"), ("Regulation X",), ("RESPA",)),
    PopularName("National Manufactured Housing Construction and Safety Standards Act", HOUSING,
                (_usc("42", "5401", "5426"),), _cfr("24", "3280", "3282", "3285", "3286", "3288"),
                ("Manufactured Housing Act", "manufactured home construction and safety")),
    PopularName("McKinney-Vento Homeless Assistance Act", HOUSING, (_usc("42", "11301", "11435"),),
                _cfr("24", "576", "578"), ("McKinney-Vento", "McKinney Vento")),
    PopularName("Residential Lead-Based Paint Hazard Reduction Act", HOUSING,
                (_usc("42", "4851", "4856"),), (), ("lead-based paint", "lead based paint")),
    PopularName("Housing Act of 1949 (rural housing)", HOUSING, (_usc("42", "1471", "1490t"),),
                _cfr("7", "3550", "3555", "3560", "3565"),
                ("Section 515", "Section 502 direct loan", "rural housing service",
                 "Housing Act of 1949"), ("USDA rural housing",)),
    PopularName("Servicemembers Civil Relief Act", HOUSING, (_usc("50", "3901", "4043"),), (),
                ("Soldiers' and Sailors' Civil Relief Act",), ("SCRA",)),
    # Consumer credit and debt
    PopularName("Fair Debt Collection Practices Act", CONSUMER, (_usc("15", "1692", "1692p"),),
                _cfr("12", "1006"), ("Regulation F",), ("FDCPA",)),
    PopularName("Fair Credit Reporting Act", CONSUMER, (_usc("15", "1681", "1681x"),),
                _cfr("12", "1022"), ("Regulation V",), ("FCRA",)),
    PopularName("Truth in Lending Act", CONSUMER, (_usc("15", "1601", "1667f"),),
                _cfr("12", "1026"), ("Regulation Z", "Truth-in-Lending Act"), ("TILA",)),
    PopularName("Equal Credit Opportunity Act", CONSUMER, (_usc("15", "1691", "1691f"),),
                _cfr("12", "1002"), ("Regulation B",), ("ECOA",)),
    PopularName("Electronic Fund Transfer Act", CONSUMER, (_usc("15", "1693", "1693r"),),
                _cfr("12", "1005"), ("Regulation E",), ("EFTA",)),
    PopularName("Consumer Leasing Act", CONSUMER, (_usc("15", "1667", "1667f"),),
                _cfr("12", "1013"), ("Regulation M",)),
    PopularName("Fair Credit Billing Act", CONSUMER, (_usc("15", "1666", "1666j"),)),
    PopularName("Credit Repair Organizations Act", CONSUMER, (_usc("15", "1679", "1679j"),),
                (), (), ("CROA",)),
    PopularName("Consumer Credit Protection Act wage garnishment limits", CONSUMER,
                (_usc("15", "1671", "1677"),), (), ("wage garnishment",)),
    PopularName("Home Mortgage Disclosure Act", CONSUMER, (_usc("12", "2801", "2810"),),
                _cfr("12", "1003"), ("Regulation C",), ("HMDA",)),
    PopularName("SAFE Mortgage Licensing Act", CONSUMER, (_usc("12", "5101", "5117"),),
                _cfr("12", "1007", "1008"), ("S.A.F.E. Act",), ("SAFE Act",)),
    PopularName("Interstate Land Sales Full Disclosure Act", CONSUMER,
                (_usc("15", "1701", "1720"),), _cfr("12", "1010", "1011"),
                ("Interstate Land Sales Act",), ("ILSA",)),
    PopularName("Gramm-Leach-Bliley Act privacy provisions", CONSUMER,
                (_usc("15", "6801", "6809"),), _cfr("12", "1016"),
                ("Gramm-Leach-Bliley", "Regulation P"), ("GLBA",)),
    PopularName("Truth in Savings Act", CONSUMER, (_usc("12", "4301", "4313"),),
                _cfr("12", "1030"), ("Regulation DD",)),
    PopularName("Military Lending Act", CONSUMER, (_usc("10", "987"),), (), (), ("MLA",)),
    PopularName("Telephone Consumer Protection Act", CONSUMER, (_usc("47", "227"),), (), (),
                ("TCPA",)),
    PopularName("Mortgage Reform and Anti-Predatory Lending Act", CONSUMER,
                (_usc("15", "1639b", "1639h"),), (), ("Title XIV of the Dodd-Frank Act",)),
    PopularName("Home Ownership and Equity Protection Act", CONSUMER, (_usc("15", "1639"),),
                (), (), ("HOEPA",)),
    PopularName("Homeowners Protection Act", CONSUMER, (_usc("12", "4901", "4910"),), (),
                ("PMI Cancellation Act",)),
    PopularName("Expedited Funds Availability Act", CONSUMER, (_usc("12", "4001", "4010"),),
                (), (), ("EFAA",)),
    PopularName("Consumer Financial Protection Act", CONSUMER, (_usc("12", "5481", "5603"),),
                (), ("Title X of the Dodd-Frank Act",), ("CFPA",)),
    PopularName("Magnuson-Moss Warranty Act", CONSUMER, (_usc("15", "2301", "2312"),), (),
                ("Magnuson Moss",)),
        # Benefits
    PopularName("Food and Nutrition Act of 2008 (SNAP)", BENEFITS, (_usc("7", "2011", "2036d"),),
                (), ("Supplemental Nutrition Assistance Program", "food stamps",
                     "Food Stamp Act", "Food and Nutrition Act"), ("SNAP",)),
    PopularName("Supplemental Security Income", BENEFITS, (_usc("42", "1381", "1383f"),), (),
                ("Title XVI of the Social Security Act",), ("SSI",)),
    PopularName("Social Security old-age, survivors and disability insurance", BENEFITS,
                (_usc("42", "401", "434"),), (),
                ("Social Security disability", "Title II of the Social Security Act"),
                ("SSDI", "OASDI")),
    PopularName("Medicaid", BENEFITS, (_usc("42", "1396", "1396w-6"),), (),
                ("Title XIX of the Social Security Act",)),
    PopularName("Medicare", BENEFITS, (_usc("42", "1395", "1395lll"),), (),
                ("Title XVIII of the Social Security Act",)),
    PopularName("Temporary Assistance for Needy Families", BENEFITS, (_usc("42", "601", "619"),),
                (), ("Title IV-A of the Social Security Act",), ("TANF",)),
    PopularName("Earned income tax credit", BENEFITS, (_usc("26", "32"),), (),
                ("earned income credit",), ("EITC",)),
    PopularName("WIC (Special Supplemental Nutrition Program for Women, Infants, and Children)",
                BENEFITS, (_usc("42", "1786"),), (),
                ("Special Supplemental Nutrition Program for Women, Infants, and Children",),
                ("WIC",)),
    PopularName("Low-Income Home Energy Assistance Act", BENEFITS, (_usc("42", "8621", "8630"),),
                (), ("home energy assistance",), ("LIHEAP",)),
    # Employment
    PopularName("Employee Retirement Income Security Act", EMPLOYMENT,
                (_usc("29", "1001", "1461"),), (), (), ("ERISA",)),
    PopularName("Fair Labor Standards Act", EMPLOYMENT, (_usc("29", "201", "219"),), (),
                ("minimum wage and overtime",), ("FLSA",)),
    PopularName("Family and Medical Leave Act", EMPLOYMENT, (_usc("29", "2601", "2654"),), (),
                ("family leave",), ("FMLA",)),
    PopularName("Title VII of the Civil Rights Act of 1964", EMPLOYMENT,
                (_usc("42", "2000e", "2000e-17"),), (), ("Title VII",)),
    PopularName("Age Discrimination in Employment Act", EMPLOYMENT, (_usc("29", "621", "634"),),
                (), (), ("ADEA",)),
    PopularName("National Labor Relations Act", EMPLOYMENT, (_usc("29", "151", "169"),), (),
                ("Wagner Act",), ("NLRA",)),
    PopularName("Occupational Safety and Health Act", EMPLOYMENT, (_usc("29", "651", "678"),),
                (), (), ("OSHA", "OSH Act")),
    PopularName("Worker Adjustment and Retraining Notification Act", EMPLOYMENT,
                (_usc("29", "2101", "2109"),), (), ("WARN Act",)),
    PopularName("Uniformed Services Employment and Reemployment Rights Act", EMPLOYMENT,
                (_usc("38", "4301", "4335"),), (), (), ("USERRA",)),
    # Immigration
    PopularName("Immigration and Nationality Act", IMMIGRATION, (_usc("8", "1101", "1537"),), (),
                ("immigration act",), ("INA",)),
    PopularName("Restrictions on welfare and public benefits for aliens", IMMIGRATION,
                (_usc("8", "1601", "1646"),), (),
                ("Personal Responsibility and Work Opportunity Reconciliation Act",
                 "immigrant eligibility for public benefits", "qualified alien"),
                ("PRWORA",)),
    # Family
    PopularName("Indian Child Welfare Act", FAMILY, (_usc("25", "1901", "1963"),), (), (),
                ("ICWA",)),
    PopularName("Child support enforcement (Title IV-D)", FAMILY, (_usc("42", "651", "669b"),),
                (), ("child support enforcement", "Title IV-D")),
    PopularName("International Child Abduction Remedies Act", FAMILY,
                (_usc("22", "9001", "9011"),), (),
                ("Hague Convention on child abduction", "Hague abduction convention"),
                ("ICARA",)),
    PopularName("Parental Kidnapping Prevention Act", FAMILY, (_usc("28", "1738A"),), (), (),
                ("PKPA",)),
    PopularName("Full faith and credit for protection orders", FAMILY, (_usc("18", "2265"),),
                (), ("full faith and credit protection order",)),
    # Civil rights
    PopularName("Americans with Disabilities Act", CIVIL_RIGHTS, (_usc("42", "12101", "12213"),),
                (), ("Americans with Disabilities Act of 1990",), ("ADA",)),
    PopularName("Section 504 of the Rehabilitation Act", CIVIL_RIGHTS, (_usc("29", "794"),), (),
                ("Section 504", "Rehabilitation Act")),
    PopularName("Title VI of the Civil Rights Act of 1964", CIVIL_RIGHTS,
                (_usc("42", "2000d", "2000d-7"),), (), ("Title VI",)),
    PopularName("Civil action for deprivation of rights (Section 1983)", CIVIL_RIGHTS,
                (_usc("42", "1983"),), (), ("Section 1983", "Civil Rights Act of 1871")),
    PopularName("Civil Rights Act of 1866", CIVIL_RIGHTS, (_usc("42", "1981", "1982"),), (),
                ("Section 1981", "Section 1982")),
    PopularName("Age Discrimination Act of 1975", CIVIL_RIGHTS, (_usc("42", "6101", "6107"),),
                _cfr("24", "146"), ("Age Discrimination Act",)),
    PopularName("Title IX of the Education Amendments of 1972", CIVIL_RIGHTS,
                (_usc("20", "1681", "1688"),), (), ("Title IX",)),
    PopularName("Individuals with Disabilities Education Act", CIVIL_RIGHTS,
                (_usc("20", "1400", "1482"),), (), (), ("IDEA",)),
    PopularName("Voting Rights Act", CIVIL_RIGHTS, (_usc("52", "10301", "10314"),), (), (),
                ("VRA",)),
    PopularName("Religious Freedom Restoration Act", CIVIL_RIGHTS,
                (_usc("42", "2000bb", "2000bb-4"),), (), (), ("RFRA",)),
    PopularName("Freedom of Information Act", CIVIL_RIGHTS, (_usc("5", "552"),), (), (),
                ("FOIA",)),
    PopularName("Privacy Act of 1974", CIVIL_RIGHTS, (_usc("5", "552a"),), (), ("Privacy Act",)),
    PopularName("Equal Access to Justice Act", CIVIL_RIGHTS, (_usc("28", "2412"),), (), (),
                ("EAJA",)),
)  # fmt: skip

_WORDS = re.compile(r"[^\w§]+")


def _normal(text: str) -> str:
    """Lower case, punctuation as single spaces, padded: `' fair housing act '`."""
    return " " + _WORDS.sub(" ", text.lower().replace("'", "")).strip() + " "


def _written(text: str) -> str:
    """As written (case kept), punctuation as single spaces, padded."""
    return " " + _WORDS.sub(" ", text.replace("'", "")).strip() + " "


_PHRASES: tuple[tuple[str, PopularName], ...] = tuple(
    (_normal(phrase), act) for act in POPULAR_NAMES for phrase in (act.name, *act.aliases)
)
_ABBREVIATIONS: tuple[tuple[str, PopularName], ...] = tuple(
    (_written(abbreviation), act) for act in POPULAR_NAMES for abbreviation in act.abbreviations
)


def names_in(query: str) -> tuple[PopularName, ...]:
    """The acts a query names, by name or alias (any letter case) or abbreviation (as written
    in capitals, or alone in any case: `fdcpa`), longest name first, each once."""
    normal, written = _normal(query), _written(query)
    found: dict[str, tuple[int, PopularName]] = {}
    for phrase, act in _PHRASES:
        if phrase in normal:
            found.setdefault(act.name, (len(phrase), act))
    for abbreviation, act in _ABBREVIATIONS:
        if abbreviation in written or abbreviation.lower() == normal:
            found.setdefault(act.name, (len(abbreviation), act))
    ranked = sorted(found.values(), key=lambda item: -item[0])
    return tuple(act for _, act in ranked)


def by_name(name: str) -> PopularName | None:
    """The act with exactly this name."""
    return next((act for act in POPULAR_NAMES if act.name == name), None)


@dataclass(frozen=True)
class OfferedCitation:
    """One citation of a named act, and whether this portal holds its sections."""

    citation: str
    loaded: bool


@dataclass(frozen=True)
class OfferedName:
    """An act a query names, with its citations as offered (loaded or not)."""

    act: PopularName
    citations: tuple[OfferedCitation, ...]


def offer(
    acts: tuple[PopularName, ...], code_loaded: bool, part_loaded: Callable[[str, str], bool]
) -> tuple[OfferedName, ...]:
    """The acts with each citation marked loaded: the US Code when `code_loaded`, a CFR part
    when `part_loaded(title, part)`."""
    return tuple(
        OfferedName(
            act,
            (
                *(OfferedCitation(c.citation, code_loaded) for c in act.code),
                *(
                    OfferedCitation(r.citation, part_loaded(r.title, r.part))
                    for r in act.regulations
                ),
            ),
        )
        for act in acts
    )
