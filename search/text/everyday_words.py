"""A curated map from the words people use to the words codes use, applied openly.

"kick out" is how a tenant says what a code calls eviction, unlawful detainer or possession;
"fix" is "repair"; "section 8" is a "housing choice voucher". A statute search reads the
query's loose words (not its "quoted phrases") against `ENTRIES` and adds the code's words
as extra, lower-weighted terms: each added term is reported with the words it came from
(`terms_added`), the note says so, and `expand=false` turns it off. Nothing is added
silently and nothing is taken away: the typed words are searched as typed.

The map is general legal-aid vocabulary (housing, debt and consumer, family safety, public
benefits, employment), written from what such questions say and what codes say, one entry
per everyday idea, never one per question. An everyday phrase is matched on the query's
tokens as typed ("kick out": 'out' is a stop word) and with stop and question words left
out ("return the deposit" reads "return deposit"). A code term of several words runs as a
phrase. At most `MAX_ADDED` terms are added, in the order their everyday words appear.
"""

import re
from collections.abc import Iterable
from dataclasses import dataclass

from search.text.question_words import QUESTION_WORDS
from search.text.stopwords import STOP_WORDS

# A long question can name many everyday ideas; past twelve added terms the dev and our own
# questions rank the same (measured) and each more term costs search time.
MAX_ADDED = 12

# (everyday words, code words): each side a tuple of alternatives, phrases with spaces.
ENTRIES: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    # Housing: ending a tenancy, eviction.
    (("kick out", "kicked out", "kicking out", "throw out", "thrown out", "threw out",
      "evict", "evicted", "evicting", "evicts"), ("eviction", "unlawful detainer", "possession")),
    (("eviction",), ("evict", "unlawful detainer", "possession")),
    (("notice to vacate", "eviction notice", "30 day notice", "three day notice",
      "3 day notice"), ("notice to quit", "notice to vacate", "notice of termination")),
    (("break lease", "break my lease", "break the lease", "breaking lease", "broke my lease",
      "end lease", "end my lease", "out of my lease", "out of lease", "out of the lease"),
     ("terminate", "termination")),
    (("end", "ends", "ended", "ending", "cancel", "cancels", "canceled", "cancelled"),
     ("terminate", "termination")),
    (("move out", "moving out", "moved out"), ("vacate", "surrender", "termination")),
    (("month to month", "monthly tenancy"), ("periodic tenancy", "periodic")),
    (("renew", "renewal", "nonrenewal"),
     ("renew", "renewal", "refuse to renew", "nonrenewal", "termination")),
    (("run out", "runs out", "expire", "expires", "expired", "expiring"),
     ("expiration", "expire", "term")),
    (("squatter", "squatters"),
     ("unauthorized persons", "unlawfully occupying", "unlawful occupant", "trespass")),
    (("cosigned", "cosigner", "co signer", "co signed", "cosign", "guarantor"),
     ("cosigner", "guarantor", "guaranty")),
    (("died", "passed away", "death", "dead", "passed"), ("death", "deceased", "decedent")),
    (("split up", "broke up", "break up", "breaking up", "separated", "separating"),
     ("break up", "family break up", "separation")),
    (("caregiver", "caretaker", "home health aide", "aide", "live in help"),
     ("live in aide", "aide", "care attendant")),
    (("deposit", "deposits"), ("security deposit",)),
    (("sheriff", "marshal"), ("writ", "writ of possession", "writ of restitution", "officer")),
    (("stop the eviction", "stop eviction", "stop an eviction", "stop my eviction"),
     ("redemption", "stay")),
    (("behind on rent", "late rent", "unpaid rent", "owe rent", "not paying rent",
      "pay the rent or"), ("nonpayment", "unpaid", "rent is due")),
    (("owe", "owed", "owes"), ("due", "amount due")),
    # Housing: deposits, fees, rent.
    (("deposit back", "money back", "give back", "gave back", "giving back"),
     ("refund", "return")),
    (("return", "returned", "returning"), ("refund",)),
    (("refund",), ("return",)),
    (("keep deposit", "kept deposit", "took out", "taken out", "take out", "out of deposit",
      "deducted", "deduct"), ("deduct", "deduction", "withhold", "itemized")),
    (("cleaning", "carpet cleaning", "cleaning fee"),
     ("wear and tear", "ordinary wear and tear", "cleaning")),
    (("damage list", "list of damages", "damages list"), ("itemized",)),
    (("late fee", "late fees", "late charge"), ("late", "fee", "charge")),
    (("fee", "fees"), ("charge",)),
    (("charge", "charges", "charged"), ("fee",)),
    (("application fee", "application fees", "background check", "credit check"),
     ("tenant screening", "screening", "application")),
    (("raise", "raised", "raises", "raising", "hike", "went up", "goes up"), ("increase",)),
    (("max", "maximum", "most", "limit", "cap"), ("exceed", "maximum")),
    (("deadline", "how long", "how soon", "time limit"), ("within", "days")),
    (("rent control", "rent stabilization"), ("rent control", "rent stabilization")),
    (("receipt", "rent receipt"), ("receipt",)),
    # Housing: the home, repairs, entry, locks, utilities.
    (("apartment", "apartments"), ("dwelling unit", "premises")),
    (("renter", "renters"), ("tenant", "lessee")),
    (("lease", "leases"), ("rental agreement",)),
    (("rental agreement",), ("lease",)),
    (("fix", "fixed", "fixing", "fixes"), ("repair", "repairs")),
    (("broken", "broke down", "not working"), ("repair", "defective")),
    (("uninhabitable", "unsafe", "unlivable", "dangerous"),
     ("untenantable", "habitability", "fit and habitable", "health and safety")),
    (("mold", "mould", "mildew"), ("mold", "moisture")),
    (("bugs", "roaches", "cockroaches", "bedbugs", "mice", "rats"),
     ("pest", "infestation", "insects", "rodents")),
    (("heater", "furnace", "no heat"), ("heat", "heating")),
    (("lights", "electric", "electricity"), ("electric", "electricity", "utility")),
    (("shut off", "shutoff", "cut off", "turned off", "turn off"),
     ("interrupt", "utility", "utilities")),
    (("smoke detector", "smoke alarm"), ("smoke detection device", "smoke detector")),
    (("lead paint",), ("lead based paint",)),
    (("come into", "come in", "came in", "comes in", "coming in", "enter my", "entering",
      "walk in", "walked in", "privacy"), ("enter", "entry", "access")),
    (("entry",), ("enter", "access")),
    (("enter",), ("entry", "access")),
    (("changed locks", "changed my locks", "change locks", "change the locks",
      "changed the locks", "locked out", "locked me out", "lock out", "lockout"),
     ("exclude", "exclusion", "remove")),
    (("rekey", "rekeyed", "re key"), ("lock", "key")),
    (("left my stuff", "my stuff", "my things", "belongings", "abandoned", "left behind",
      "threw away", "thrown away", "throw away", "tossed", "dumped"),
     ("abandoned property", "personal property", "left on the premises", "dispose")),
    (("noise", "noisy", "neighbor", "neighbors"), ("quiet enjoyment", "nuisance", "disturb")),
    (("guest", "guests", "visitor", "visitors"), ("guest", "occupant")),
    (("roommate", "roommates"), ("cotenant", "co tenant", "occupant")),
    (("sublet", "sublease", "subletting"), ("sublet", "assign", "assignment")),
    (("take over", "taking over", "transfer my lease"),
     ("assign", "assignment", "sublease", "transfer")),
    (("selling", "sell", "sold", "buyer", "buying"), ("sale", "transfer", "purchaser")),
    (("mobile home", "mobile homes", "trailer", "trailers"), ("manufactured home",)),
    (("trailer park", "mobile home park"),
     ("mobile home park", "manufactured housing community")),
    (("lot rent", "lot lease", "lot"), ("space", "lot")),
    (("burned", "burned down", "burnt", "fire", "flood", "flooded", "destroyed"),
     ("fire", "casualty", "destroyed", "untenantable")),
    (("pets", "pet", "dog", "dogs", "cat", "cats"), ("animal", "pet")),
    # Housing: retaliation, discrimination, harassment.
    (("tenants union", "tenant union", "tenants association", "tenant association",
      "organized"), ("tenant organization", "tenants union", "retaliation", "retaliatory")),
    (("reported", "complained", "complaint", "complain", "called code enforcement",
      "called the city"), ("retaliation", "retaliatory", "retaliate")),
    (("retaliate", "retaliation", "retaliating", "payback", "punish", "punishing"),
     ("retaliatory", "reprisal")),
    (("inspector", "inspectors", "code enforcement", "housing inspector",
      "building inspector"),
     ("governmental agency", "housing code", "building code", "enforcement")),
    (("discriminate", "discrimination", "discriminated"),
     ("discriminatory", "discriminate", "fair housing")),
    (("kids", "children", "child", "grandkids", "grandchildren", "grandchild", "pregnant",
      "baby"), ("familial status", "children", "minor")),
    (("55 and over", "55 and older", "62 and over", "senior", "seniors", "elderly", "older"),
     ("older persons", "housing for older persons", "elderly")),
    (("service dog", "support animal", "emotional support animal", "therapy dog"),
     ("assistance animal", "service animal", "reasonable accommodation")),
    (("disability", "disabled", "handicap", "handicapped", "deaf", "blind"),
     ("disability", "handicap", "reasonable accommodation")),
    (("wheelchair", "ramp", "grab bars"),
     ("reasonable modification", "accessible", "disability")),
    (("race", "racial", "racist"), ("race", "color", "national origin")),
    (("immigrant", "immigration", "undocumented", "citizenship"),
     ("immigration status", "citizenship", "national origin")),
    (("criminal record", "arrest record", "conviction", "record"),
     ("criminal history", "conviction", "criminal record")),
    (("source of income",), ("source of income", "lawful source of income")),
    (("slept with", "sleep with", "sex for rent", "sexual favors", "sex", "sexually",
      "harass", "harassed", "harassing", "harassment"),
     ("sexual harassment", "quid pro quo", "hostile environment", "harassment")),
    (("manager", "property manager", "super", "superintendent"),
     ("owner", "agent", "management agent")),
    # Subsidised housing.
    (("section 8", "section eight", "voucher", "vouchers"),
     ("housing choice voucher", "voucher")),
    (("housing authority", "pha", "housing agency"), ("public housing agency", "pha")),
    (("projects",), ("public housing",)),
    (("terminating my voucher", "lose my voucher", "lost my voucher",
      "kicked off section 8", "cut off section 8"),
     ("termination of assistance", "terminate assistance")),
    (("appeal", "appealed", "appealing"),
     ("informal hearing", "informal review", "review", "hearing", "grievance")),
    (("hearing",), ("informal hearing", "review")),
    (("denied", "deny", "denies", "turned down", "rejected"), ("denial", "deny")),
    (("usda", "rural development"), ("rural housing",)),
    (("my income", "of my income", "my share", "my portion", "what i pay"),
     ("family share", "total tenant payment", "tenant rent")),
    (("look at it again", "look again", "reconsider", "reconsideration", "second look"),
     ("informal review", "review", "reconsideration")),
    (("applied", "apply", "applying"), ("applicant", "application")),
    # Family safety.
    (("abuse", "abuser", "abusive", "abused", "beat me", "hit me"),
     ("domestic violence", "family violence", "sexual assault", "stalking", "victim")),
    (("domestic violence", "domestic abuse"),
     ("family violence", "sexual assault", "stalking", "victim")),
    (("family violence",), ("domestic violence", "victim")),
    (("stalking", "stalker", "stalked", "stalks"), ("stalking", "victim", "domestic violence")),
    (("ex", "boyfriend", "girlfriend", "ex husband", "ex wife", "husband", "wife", "partner"),
     ("household member", "cotenant", "family or household member")),
    (("restraining order", "protective order", "protection order", "no contact order",
      "court order", "stay away order"),
     ("protection order", "order for protection", "no contact order", "restraining order",
      "excluded")),
    (("911", "police", "called police", "called the police", "cops"),
     ("emergency assistance", "law enforcement", "police")),
    (("daughter", "son", "family member", "relative", "mother", "father", "parents"),
     ("immediate family", "family member")),
    (("divorce",), ("dissolution of marriage", "divorce")),
    # Military.
    (("military", "deployed", "deployment", "army", "navy", "soldier", "marine",
      "air force"),
     ("servicemember", "service member", "armed forces", "active duty", "military")),
    # Debt, credit and consumer.
    (("mortgage company", "servicer", "loan company", "mortgage servicer", "lender"),
     ("servicer", "mortgage servicer", "borrower")),
    (("misapplied", "mistake", "mistakes", "error", "errors"),
     ("error", "notice of error", "failure to apply")),
    (("dispute", "disputing"), ("error", "notice of error")),
    (("credit report", "credit reports", "credit reporting", "credit score"),
     ("consumer report", "consumer reporting agency", "credit")),
    (("debt collector", "collector", "collectors", "collection agency", "bill collector",
      "collections"), ("debt collector", "collection")),
    (("arrested", "arrest", "jail", "locked up"), ("arrest", "imprisonment")),
    (("threaten", "threatened", "threatening", "threat", "threats", "intimidate", "bully",
      "bullying"), ("threaten", "threat", "coerce", "intimidate", "interfere")),
    (("lie", "lied", "lying", "lies", "tricked", "scam", "scammed", "fraud"),
     ("false", "misleading", "misrepresentation", "deceptive")),
    (("identity theft", "stolen identity"), ("identity theft", "identity fraud")),
    (("payday loan", "payday loans"), ("payday", "deferred deposit", "small loan")),
    (("sue", "suing", "sued", "lawsuit"),
     ("civil action", "civil liability", "action", "damages")),
    (("garnish", "garnished", "garnishment", "take my wages", "paycheck"),
     ("garnishment", "wages", "earnings")),
    (("foreclosure", "foreclose", "foreclosing", "losing my house"),
     ("foreclosure", "sale", "mortgage")),
    (("meth", "meth lab", "crystal meth"), ("methamphetamine", "methamphetamines")),
    (("drugs", "drug"), ("controlled substance", "drug")),
    (("car", "cars", "truck"), ("motor vehicle", "vehicle")),
    (("repo", "repossessed", "repossession", "repossess"), ("repossession", "secured party")),
    (("towed", "tow"), ("towing", "tow", "vehicle")),
    # Work and benefits.
    (("fired", "let go", "laid off"), ("discharge", "terminated", "dismissal")),
    (("boss",), ("employer",)),
    (("final paycheck", "last paycheck", "unpaid wages", "didn t pay me"),
     ("wages", "final pay", "earnings")),
    (("workers comp", "hurt at work", "injured at work"),
     ("workers compensation", "injury", "employment")),
    (("food stamps", "snap", "ebt"), ("supplemental nutrition assistance", "food stamp")),
    (("welfare",), ("public assistance", "temporary assistance")),
    (("ssi",), ("supplemental security income",)),
    # Courts and papers.
    (("waive", "give up", "sign away", "signed away"), ("waive", "waiver")),
    (("paper", "letter", "note"), ("written notice", "notice")),
    (("answer", "respond", "reply"), ("respond", "response")),
    (("lawyer", "attorney", "free lawyer", "legal aid"),
     ("attorney", "counsel", "legal representation", "right to counsel")),
    (("judge",), ("court",)),
    (("illegal", "against the law"), ("unlawful", "prohibited")),
)  # fmt: skip


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


# A query looks only at the triggers starting with one of its own words.
_BY_FIRST = _by_first()


def added_terms(runs: Iterable[list[str]], searched: Iterable[str]) -> tuple[AddedTerm, ...]:
    """Code terms for the everyday words in `runs` (the query's tokens outside quotes, one list
    per stretch between phrases), in the order those words appear; none already `searched`
    (a loose term, or a phrase's words joined by spaces), nor phrases of searched words only."""
    found: list[tuple[int, int, AddedTerm]] = []
    offset = 0
    for run in runs:
        content = [t for t in run if t not in STOP_WORDS and t not in QUESTION_WORDS]
        # Only a trigger starting with one of the run's words can occur in it (map order kept).
        orders = sorted({order for token in set(run) for order in _BY_FIRST.get(token, ())})
        for order in orders:
            trigger, codes = TRIGGERS[order]
            at = _position(run, trigger)
            if at is None:
                at = _position(content, trigger)
            if at is None:
                continue
            source = " ".join(trigger)
            found.extend((offset + at, order, AddedTerm(" ".join(c), c, source)) for c in codes)
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


def _position(tokens: list[str], trigger: tuple[str, ...]) -> int | None:
    """Where `trigger` first occurs as a run in `tokens`, or None."""
    size = len(trigger)
    for start in range(len(tokens) - size + 1):
        if tuple(tokens[start : start + size]) == trigger:
            return start
    return None
