"""The benchmark's queries: statute keyword queries and long questions, paper queries.

Short statute queries and paper queries are a hand-written list topped up from the dev set
(distinct heading and title words), long statute questions are hand-written (20-40 terms
after stop words). Every list is fixed and every pick is seeded, so runs are comparable.
"""

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

DEVSET = Path(__file__).resolve().parent / "devset"
SEED = 6
# How many of the largest loaded jurisdictions the "one jurisdiction" scenarios rotate over.
JURISDICTIONS = 12

STATUTE_SHORT = (
    "security deposit", "eviction notice", "landlord entry", "habitability", "rent increase",
    "lease termination", "late fee", "mobile home park", "unlawful detainer", "retaliation",
    "foreclosure sale", "homestead exemption", "mechanics lien", "quiet enjoyment",
    "abandoned property", "tenant repair", "domestic violence lease", "smoke detector",
    "condominium association", "notice to quit", "child support", "wage garnishment",
    "small claims", "public housing", "fair housing discrimination", "utility shutoff",
    "adverse possession", "partition", "power of attorney", "durable power", "minimum wage",
    "workers compensation", "statute of limitations", "medicaid eligibility",
    "unemployment benefits", "consumer credit", "debt collection", "identity theft",
    "mortgage servicing", "escrow account",
)  # fmt: skip

STATUTE_LONG = (
    "My landlord kept my whole security deposit after I moved out of the apartment last month "
    "and did not send any written itemized statement of damages, how many days does the "
    "landlord have to return the deposit and can I sue for double the amount in small claims "
    "court?",
    "The owner of the mobile home park where I rent a lot says I must move my manufactured "
    "home within thirty days because the park is being sold to a developer, what notice is "
    "required before closing a park and is there any relocation assistance or compensation "
    "for tenants?",
    "Our apartment has had no heat and no hot water for three weeks in winter, the landlord "
    "ignores written repair requests, may a tenant withhold rent or repair and deduct the "
    "cost, and what protection exists against retaliation or eviction after complaining to "
    "the housing inspector?",
    "I received a notice to quit saying I have three days to pay rent or leave, I paid part "
    "of the rent late, can the landlord still file an unlawful detainer eviction case and "
    "change the locks or remove my belongings without a court order from a judge?",
    "After a domestic violence incident with my partner I need to end my lease early and "
    "move out for safety, can a victim terminate a rental agreement without penalty, what "
    "documentation like a protective order is needed, and who pays the remaining rent?",
    "The bank started foreclosure proceedings on my house after I fell behind on mortgage "
    "payments because of medical bills, what notice must the lender give before a "
    "foreclosure sale, is mediation available, and do I have a right of redemption "
    "afterwards?",
    "My employer has not paid my final wages after I quit my job two weeks ago and also "
    "refuses to pay overtime for hours worked beyond forty per week, how soon must final "
    "paychecks be paid and what penalties or damages can an employee recover?",
    "A debt collector calls me at work every day about an old credit card debt that I "
    "believe is past the statute of limitations, what practices are prohibited for "
    "collection agencies, and can they garnish my wages or freeze my bank account without a "
    "judgment?",
    "The landlord entered my rental unit several times without any advance notice while I "
    "was away and took photographs of my belongings, how much notice is required before "
    "entry, for what purposes may a landlord enter, and what remedies does a tenant have?",
    "My elderly mother lives in a nursing facility paid by medicaid and the facility wants "
    "to discharge her to a shelter, what notice and appeal rights does a resident have, and "
    "can the home transfer her involuntarily because of unpaid charges or a change in "
    "her care needs, and who reviews the decision?",
    "We rent a house with mold growing in the bathroom and basement and the children have "
    "asthma attacks, does the landlord have a duty to keep premises fit and habitable, and "
    "can a tenant terminate the lease or recover medical damages for unsafe conditions?",
    "The housing authority terminated my section eight voucher because a guest stayed at my "
    "unit overnight, what grievance hearing procedures apply to public housing tenants, and "
    "can assistance be terminated without proof of a lease violation?",
    "My condominium association imposed a large special assessment and fines for a fence, "
    "threatening to place a lien on the unit and foreclose, what limits apply to "
    "association fines, what notice and hearing is required, and can the lien be "
    "foreclosed by the board of directors under the declaration and bylaws?",
    "Someone opened credit accounts in my name using my social security number and now "
    "collection agencies report the debts to credit bureaus, how can an identity theft "
    "victim block the information, get a police report, and place a security freeze?",
    "My wife and I are divorcing and disagree about child custody and support for our two "
    "children, how does the court calculate child support from parental income, what "
    "factors decide the best interests of the child and grandparent visitation, and can "
    "support be modified later when income changes?",
    "I was injured at work when a machine malfunctioned and my employer says I cannot file "
    "for workers compensation because I am a part time seasonal worker, who is covered, "
    "what benefits are paid for lost wages and medical treatment, and when must a claim be "
    "filed?",
    "The city shut off water service at my rental because the landlord did not pay the "
    "utility bill even though utilities are included in my rent, can a utility terminate "
    "service to tenants for the owner's debt, and may tenants pay directly and deduct it?",
    "A contractor who remodeled my kitchen was paid in full but his supplier filed a "
    "mechanics lien against my house for unpaid materials, how long does a supplier have to "
    "record a lien, what notice must be given to the owner, and how can I discharge it?",
    "My neighbor has been using a strip of my land as a driveway for more than twenty years "
    "and now claims he owns it, what must be proven for adverse possession or a "
    "prescriptive easement, and does paying property taxes on the land matter?",
    "I lost my job and applied for unemployment insurance benefits but the claim was denied "
    "for misconduct because I was late several times, how do I appeal the determination, "
    "what deadline applies, and what counts as disqualifying misconduct connected with work?",
)  # fmt: skip

PAPER_QUERIES = (
    "large language models", "graph neural network", "reinforcement learning reward",
    "diffusion model image generation", "retrieval augmented generation", "vision transformer",
    "knowledge distillation", "contrastive learning", "federated learning privacy",
    "low rank adaptation", "chain of thought reasoning", "question answering benchmark",
    "semantic segmentation", "object detection", "speech recognition", "machine translation",
    "point cloud", "neural radiance fields", "autonomous driving", "medical image",
    "adversarial attack", "text to image", "multimodal large language model",
    "instruction tuning", "sparse attention", "mixture of experts", "named entity recognition",
    "sentiment analysis", "time series forecasting", "anomaly detection", "robot manipulation",
    "video understanding", "hallucination detection", "code generation", "in context learning",
    "policy optimization", "graph contrastive", "domain adaptation", "zero shot",
    "data augmentation",
)  # fmt: skip


@dataclass(frozen=True)
class StatuteCase:
    """One statute query: text and the jurisdiction it is confined to (None: all)."""

    q: str
    jurisdiction: str | None = None


@dataclass(frozen=True)
class PaperCase:
    """One paper query and how it runs."""

    query: str
    match: str = "all_words"
    facets: bool = False
    diversify: bool = False


def devset(name: str, folder: Path = DEVSET) -> list[dict[str, object]]:
    """Rows of `<folder>/<name>.jsonl` (the committed dev set by default)."""
    path = folder / f"{name}.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def _top_up(fixed: tuple[str, ...], extra: Iterator[str], count: int) -> list[str]:
    picked = list(dict.fromkeys(fixed))[:count]
    for text in extra:
        if len(picked) >= count:
            break
        if text not in picked:
            picked.append(text)
    return picked


def statute_short(count: int) -> list[str]:
    """`count` short keyword queries: the fixed list, then 2-3 heading words from the dev set."""
    rng = random.Random(SEED)
    rows = devset("statutes")
    rng.shuffle(rows)
    extra = (" ".join(str(r["q"]).split()[: 2 + i % 2]) for i, r in enumerate(rows))
    return _top_up(STATUTE_SHORT, extra, count)


def statute_long(count: int) -> list[str]:
    """`count` long natural-language questions (the list repeats when asked for more)."""
    return [STATUTE_LONG[i % len(STATUTE_LONG)] for i in range(count)]


def paper_queries(count: int) -> list[str]:
    """`count` paper queries: the fixed list, then 2-3 title words from the dev set."""
    rng = random.Random(SEED)
    rows = devset("papers")
    rng.shuffle(rows)
    extra = (" ".join(str(r["query"]).split()[: 2 + i % 2]) for i, r in enumerate(rows))
    return _top_up(PAPER_QUERIES, extra, count)


def largest_jurisdictions(count: int = JURISDICTIONS) -> tuple[str, ...]:
    """The `count` loaded jurisdictions with the most statute sections (ties by code)."""
    from django.db.models import Count

    from search.models import Section

    rows = (
        Section.objects.filter(corpus="statute")
        .values("jurisdiction")
        .annotate(n=Count("id"))
        .order_by("-n", "jurisdiction")[:count]
    )
    return tuple(row["jurisdiction"] for row in rows)


def with_jurisdictions(queries: list[str], jurisdictions: tuple[str, ...]) -> list[StatuteCase]:
    """Each query confined to a jurisdiction, round robin over `jurisdictions`."""
    return [StatuteCase(q, jurisdictions[i % len(jurisdictions)]) for i, q in enumerate(queries)]


def statute_scenarios(
    short: int, long: int, jurisdictions: tuple[str, ...] | None = None
) -> dict[str, list[StatuteCase]]:
    """The four statute scenarios: short/long queries, with and without jurisdiction."""
    places = jurisdictions or largest_jurisdictions()
    shorts, longs = statute_short(short), statute_long(long)
    return {
        "short, all jurisdictions": [StatuteCase(q) for q in shorts],
        "short, one jurisdiction": with_jurisdictions(shorts, places),
        "long, all jurisdictions": [StatuteCase(q) for q in longs],
        "long, one jurisdiction": with_jurisdictions(longs, places),
    }


PAPER_MODES = ("all_words", "any_words", "phrase")


def paper_scenarios(count: int) -> dict[str, list[PaperCase]]:
    """Each match mode, plain (no facets, no diversification) and rich (facets, keyConcept)."""
    queries = paper_queries(count)
    scenarios = {}
    for mode in PAPER_MODES:
        scenarios[f"{mode}, plain"] = [PaperCase(q, mode) for q in queries]
        scenarios[f"{mode}, facets+diversify"] = [PaperCase(q, mode, True, True) for q in queries]
    return scenarios
