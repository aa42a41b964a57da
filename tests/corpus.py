"""A small corpus we write ourselves for tests: statute rows, papers, chunks, entities."""

import gzip
import json
from pathlib import Path
from typing import Any


def section(
    id: str,
    body: str,
    *,
    jurisdiction: str = "wa",
    corpus: str = "statute",
    source: str = "wa-stat",
    title: str = "59",
    chapter: str = "59-18",
    heading: str | None = "Heading",
    citation: str | None = None,
    code_name: str = "Revised Code of Washington",
    as_of: str = "2024",
    url: str | None = None,
) -> dict[str, Any]:
    """One statute/regulation row in the data files' schema."""
    number = id.rsplit(":", 1)[-1]
    return {
        "id": id,
        "jurisdiction": jurisdiction,
        "corpus": corpus,
        "source": source,
        "code_name": code_name,
        "title": title,
        "chapter": chapter,
        "section": number,
        "citation": citation or f"RCW {number}",
        "heading": heading,
        "body": body,
        "as_of": as_of,
        "url": url,
    }


STATUTES: dict[str, list[dict[str, Any]]] = {
    "wa-stat-housing.jsonl": [
        section(
            "wa:statute:59.18.260",
            "If the landlord collects a security deposit, the rental agreement shall be in "
            "writing and shall state the terms under which the deposit may be withheld.",
            heading="Security deposit—Written rental agreement.",
        ),
        section(
            "wa:statute:59.18.280",
            "Within thirty days after the termination of the rental agreement the landlord "
            "shall return the security deposit or give a full statement of the basis for "
            "retaining any of the deposit.",
            heading="Moneys paid as deposit or security—Return.",
        ),
        section(
            "wa:statute:59.18.060",
            "The landlord shall at all times keep the premises fit for human habitation, "
            "and shall in particular:",
            heading="Landlord—Duties.",
        ),
        section(
            "wa:statute:59.18.070",
            "If at any time during the tenancy the landlord fails to carry out the duties "
            "required, the tenant may give written notice. <script>alert(1)</script> stays text.",
            heading="Landlord—Failure to perform duties.",
        ),
    ],
    "id-stat.jsonl": [
        section(
            "id:statute:6-321",
            "A landlord shall return a tenant's security deposit within twenty-one days.",
            jurisdiction="id",
            source="id-stat",
            title="6",
            chapter="6-3",
            citation="Idaho Code § 6-321",
            code_name="Idaho Code",
            heading="Return of security deposit.",
        ),
        section(
            "id:statute:6-320",
            "A tenant may recover damages from a landlord who fails to keep the dwelling "
            "fit; the tenant shall not withhold rent.",
            jurisdiction="id",
            source="id-stat",
            title="6",
            chapter="6-3",
            citation="Idaho Code § 6-320",
            code_name="Idaho Code",
        ),
    ],
    "usc.jsonl": [
        section(
            "us:usc:42:1437f",
            "For the purpose of aiding low-income families in obtaining a decent place to "
            "live, assistance payments may be made with respect to existing housing.",
            jurisdiction="us",
            source="usc",
            title="42",
            chapter="8",
            citation="42 U.S.C. § 1437f",
            code_name="United States Code",
            heading="Low-income housing assistance",
            as_of="snapshot 2024-01-01",
        ),
    ],
    "cfr-12.jsonl": [
        section(
            "us:cfr:12:1024.17",
            "Escrow accounts. A servicer shall not require a borrower to deposit more than "
            "the amount permitted into an escrow account.",
            jurisdiction="us",
            corpus="regulation",
            source="cfr",
            title="12",
            chapter="1024",
            citation="12 CFR 1024.17",
            code_name="Code of Federal Regulations",
            heading="Escrow accounts.",
            as_of="2014-01-10",
        ),
        section(
            "us:cfr:12:1002.1",
            "This part applies to all persons who are creditors; the landlord exception "
            "does not apply.",
            jurisdiction="us",
            corpus="regulation",
            source="cfr",
            title="12",
            chapter="1002",
            citation="12 CFR 1002.1",
            code_name="Code of Federal Regulations",
            as_of="2018-01-01",
        ),
    ],
}


def paper(
    paper_id: str,
    title: str,
    abstract: str,
    *,
    categories: tuple[str, ...] = ("cs.CL",),
    published: str | None = "2025-05-01",
    authors: tuple[str, ...] = ("Ada Lovelace",),
    source: str = "test",
    arxiv_id: str | None = "",
    doi: str | None = None,
) -> dict[str, Any]:
    """One paper row in the data files' schema (a paper id that starts with a digit is its
    arXiv id unless `arxiv_id` says otherwise)."""
    return {
        "arxiv_id": (paper_id if paper_id[0].isdigit() else None) if arxiv_id == "" else arxiv_id,
        "paper_id": paper_id,
        "title": title,
        "authors": list(authors),
        "abstract": abstract,
        "categories": list(categories),
        "published": published,
        "updated": None,
        "doi": doi,
        "source": source,
    }


PAPERS = [
    paper(
        "2106.09685",
        "LoRA: Low-Rank Adaptation of Large Language Models",
        "We propose low-rank adaptation, which freezes the pretrained weights and injects "
        "trainable rank decomposition matrices. LoRA matches fine-tuning of BERT on GLUE.",
        categories=("cs.CL", "cs.LG"),
        published="2025-06-17",
    ),
    paper(
        "2501.00001",
        "A Survey of Parameter-Efficient Fine-Tuning",
        "This survey reviews adapters, prefix tuning and low-rank adaptation methods.",
        categories=("cs.CL",),
        published="2025-01-02",
    ),
    paper(
        "2502.00002",
        "Image Segmentation with Transformers",
        "We segment images with a transformer and report results on COCO.",
        categories=("cs.CV",),
        published="2025-02-03",
    ),
    paper(
        "scirex:abc",
        "Question Answering on SQuAD",
        "We evaluate a reader model on SQuAD and report F1.",
        categories=(),
        published=None,
    ),
]

CHUNKS = [
    {"paper_id": "2106.09685", "chunk_index": 0, "section": "1 Introduction",
     "text": "Fine-tuning large models is costly. Low-rank adaptation reduces the cost."},
    {"paper_id": "2106.09685", "chunk_index": 1, "section": "4 Method",
     "text": "We freeze the model and learn low-rank matrices with Adam."},
    {"paper_id": "2106.09685", "chunk_index": 2, "section": "5 Experiments",
     "text": "These results show LoRA is on par with full fine-tuning on GLUE."},
    {"paper_id": "scirex:abc", "chunk_index": 0, "section": "Experiments",
     "text": "Our reader reaches 88 F1 on SQuAD.",
     "entities": [{"name": "SQuAD", "type": "dataset"}, {"name": "F1", "type": "metric"}]},
]  # fmt: skip

ENTITIES = [
    {"name": "LoRA", "type": "method", "aliases": ["low-rank adaptation"], "source": "test"},
    {"name": "BERT", "type": "method", "aliases": [], "source": "test"},
    {"name": "GLUE", "type": "dataset", "aliases": [], "source": "test"},
    {"name": "SQuAD", "type": "dataset", "aliases": [], "source": "test"},
    {"name": "COCO", "type": "dataset", "aliases": ["MS COCO"], "source": "test"},
    {"name": "Adam", "type": "method", "aliases": [], "source": "test"},
]


def write_jsonl(path: Path, rows: list[dict[str, Any]], *, gz: bool = False) -> Path:
    """Write rows as JSON Lines (gzip when `gz`)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    data = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows).encode()
    path.write_bytes(gzip.compress(data) if gz else data)
    return path


def write_manifest(folder: Path, coverage: dict[str, str]) -> Path:
    """A MANIFEST.json in the statute data's shape: one entry per file with its coverage."""
    folder.mkdir(parents=True, exist_ok=True)
    entries = [{"file": name, "sections": 0, "coverage": text} for name, text in coverage.items()]
    path = folder / "MANIFEST.json"
    path.write_text(json.dumps({"total": {"files": len(entries)}, "files": entries}, indent=1))
    return path


def coverage_of(file_name: str) -> str:
    """The coverage statement our test manifest gives a statute file."""
    if "-housing" in file_name:
        return "housing-related chapters only"
    return "selected titles" if file_name.startswith(("usc", "cfr")) else "whole code as present"


def write_corpus(root: Path) -> Path:
    """Write the whole test corpus under `root` (statutes/ and papers/) and return root."""
    names = []
    for name, rows in STATUTES.items():
        gz = name.startswith("wa")  # one compressed file, so both readers are exercised
        names.append(name + ".gz" if gz else name)
        write_jsonl(root / "statutes" / names[-1], rows, gz=gz)
    write_manifest(root / "statutes", {name: coverage_of(name) for name in names})
    write_jsonl(root / "papers" / "papers.jsonl.gz", PAPERS, gz=True)
    write_jsonl(root / "papers" / "chunks.jsonl", CHUNKS)
    write_jsonl(root / "papers" / "entities.jsonl", ENTITIES)
    return root


# Statute search tests: a housing-chapters-only source whose five sections have the same
# body, so every query scores them equally and only the stable `order` key can order them.
STATUTES["ut-stat-housing.jsonl"] = [
    section(
        f"ut:statute:57-22-{n}",
        "An owner may not retaliate against a renter for reporting a defective condition.",
        jurisdiction="ut",
        source="ut-stat",
        title="57",
        chapter="57-22",
        citation=f"Utah Code § 57-22-{n}",
        code_name="Utah Code",
        heading=f"Tie {n}",
    )
    for n in (1, 2, 3, 4, 5)
]


# Paper search tests: a paper whose chunks record no entities (the soft filter's second
# tier, and several chunks of one paper for diversification), and a paper whose recorded
# entity (COCO) is not LoRA (excluded by entities=LoRA) dated on the 2024/2025 boundary.
PAPERS += [
    paper(
        "2503.00003",
        "Unsupervised Domain Adaptation for Speech",
        "We study domain adaptation for speech recognition without labels.",
        categories=("eess.AS", "cs.CL"),
        published="2025-03-10",
        authors=("Grace Hopper", "Alan Turing"),
        source="unarxive-sample",
    ),
    paper(
        "2412.00005",
        "Adapters for Vision",
        "Adaptation of vision transformers with adapters on COCO.",
        categories=("cs.CV",),
        published="2024-12-31",
    ),
]
CHUNKS += [
    {"paper_id": "2503.00003", "chunk_index": 0, "section": "2 Method",
     "text": "Our adaptation aligns features; adaptation runs in two stages of adaptation."},
    {"paper_id": "2503.00003", "chunk_index": 1, "section": "3 Experiments",
     "text": "The adaptation results improve word error rate on five corpora of speech."},
    {"paper_id": "2503.00003", "chunk_index": 2, "section": "3.1 Ablation",
     "text": "Removing the second adaptation stage hurts most on noisy speech recordings."},
    {"paper_id": "2503.00003", "chunk_index": 3, "section": "4 Conclusion",
     "text": "Adaptation without labels works; future work will study adaptation for music."},
]  # fmt: skip


# Titles and authors are searched: accented author names (the filter ignores case and
# accents), an old-style arXiv id, and "Lin Mu" as an author beside a Lin whose paper says
# "mu" (the adjacency bonus ranks the author first); an Edward and a Hu who are two people
# beside one Edward S. Hu. None of them says "adaptation".
PAPERS += [
    paper(
        "2507.01234",
        "Sparse Attention Kernels",
        "Kernels for sparse attention on accelerators, with a roofline analysis.",
        categories=("cs.LG",),
        published="2025-07-02",
        authors=("José García-Pérez", "Łukasz Kaiser", "Edward Kim", "Eric Hu"),
        doi="10.1000/kernels_2025",
    ),
    paper(
        "hep-th/9901001",
        "Strings on Branes",
        "Branes and strings in ten dimensions.",
        categories=("hep-th",),
        published="1999-01-04",
        authors=("Lin Mu", "Ada Lovelace"),
        arxiv_id="hep-th/9901001",
    ),
    paper(
        "2508.00007",
        "Units of Measure for Friction",
        "We write mu for the friction coefficient throughout.",
        categories=("physics.gen-ph",),
        published="2025-08-01",
        authors=("Wei Lin", "Edward S. Hu"),
    ),
]


# Citation, browse and word-form tests (issue 13): one section per citation form the issue
# lists, a cross-reference in each direction, and word forms (`deposited`) no earlier query
# uses. Their words stay clear of the earlier tests' queries, so those totals hold.
STATUTES["wa-stat-housing.jsonl"] += [
    section(
        "wa:statute:59.18.310",
        "If the occupant abandons the dwelling unit, sums deposited are applied as provided "
        "in RCW 59.18.280 and sections 59.18.260 and 59.18.999.",
        heading="Default in rent—Abandonment—Liability of occupant.",
    ),
]
STATUTES["fl-stat.jsonl"] = [
    section(
        f"fl:statute:0083:83.{n}",
        f"Part {n} of the residential occupancy rules; see s. 83.{48 if n == 49 else 49}.",
        jurisdiction="fl",
        source="fl-stat",
        title="0083",
        chapter="0083",
        citation=f"Fla. Stat. § 83.{n}",
        code_name="Florida Statutes",
        heading=f"Occupancy rule {n}.",
    )
    for n in (48, 49)
]
STATUTES["ga-stat.jsonl"] = [
    section(
        "ga:statute:44-7-34",
        "The occupant is owed an itemized list of damages within three business days.",
        jurisdiction="ga",
        source="ga-stat",
        title="44",
        chapter="7",
        citation="O.C.G.A. § 44-7-34",
        code_name="Official Code of Georgia Annotated",
        heading="Itemized list of damages.",
    ),
]
STATUTES["ca-stat.jsonl"] = [
    section(
        "ca:statute:civil-code-civ:1950.5",
        "Any payment or advance of money held for the occupant is refundable as stated here.",
        jurisdiction="ca",
        source="ca-stat",
        title="civil-code-civ",
        chapter="division-3-obligations",
        citation="Cal. Civ. Code § 1950.5",
        code_name="California Codes",
        heading="Payment or advance held for the occupant.",
    ),
]
STATUTES["usc.jsonl"] += [
    section(
        "us:usc:42:3604",
        "It shall be unlawful to refuse to sell or rent a dwelling because of race, as section "
        "1437f of this title and 12 CFR 1024.17 also apply; section 8 of the Fair Housing Act "
        "is another law.",
        jurisdiction="us",
        source="usc",
        title="42",
        chapter="45",
        citation="42 U.S.C. § 3604",
        code_name="United States Code",
        heading="Discrimination in the sale or rental of housing",
        as_of="snapshot 2024-01-01",
    ),
]
# A section number two codes share (`59-18-280` in Idaho's numbering is `59.18.280` too):
# a bare number within both jurisdictions names two candidates.
STATUTES["id-stat.jsonl"] += [
    section(
        "id:statute:59-18-280",
        "Liens of an occupant are filed with the county recorder.",
        jurisdiction="id",
        source="id-stat",
        title="59",
        chapter="59-18",
        citation="Idaho Code § 59-18-280",
        code_name="Idaho Code",
        heading="Liens.",
    ),
]
