"""A generated corpus for the load test: enough rows that searches do real work."""

import random
from pathlib import Path

from tests.corpus import paper, section, write_jsonl

SEED = 7
LEGAL_WORDS = [
    "landlord",
    "tenant",
    "deposit",
    "security",
    "rent",
    "lease",
    "eviction",
    "notice",
    "premises",
    "repair",
    "habitable",
    "dwelling",
    "court",
    "damages",
    "agreement",
    "written",
    "return",
    "days",
    "thirty",
    "fourteen",
    "withhold",
    "statement",
    "termination",
    "owner",
    "occupant",
    "unit",
    "utilities",
    "fee",
    "late",
    "payment",
    "shall",
    "may",
    "not",
    "within",
    "after",
    "before",
    "any",
    "person",
    "county",
    "state",
    "federal",
    "housing",
    "assistance",
    "family",
]
PAPER_WORDS = [
    "model",
    "training",
    "adaptation",
    "low",
    "rank",
    "transformer",
    "attention",
    "dataset",
    "benchmark",
    "results",
    "fine",
    "tuning",
    "language",
    "vision",
    "retrieval",
    "evaluation",
    "accuracy",
    "baseline",
    "method",
    "parameter",
    "efficient",
    "layer",
    "encoder",
    "decoder",
    "embedding",
    "loss",
    "gradient",
    "optimizer",
    "learning",
    "large",
]
JURISDICTIONS = ("wa", "ca", "id", "or", "nv")
ENTITIES = ("LoRA", "BERT", "GLUE", "SQuAD", "COCO", "Adam")
CATEGORIES = ("cs.CL", "cs.LG", "cs.CV", "cs.AI")


def _text(rng: random.Random, words: list[str], n: int) -> str:
    return " ".join(rng.choice(words) for _ in range(n)) + "."


def write_load_corpus(root: Path, *, sections: int = 4000, papers: int = 400) -> Path:
    """Statutes over five jurisdictions and papers with a few chunks each, under `root`."""
    rng = random.Random(SEED)
    for jurisdiction in JURISDICTIONS:
        rows = [
            section(
                f"{jurisdiction}:statute:{n}",
                _text(rng, LEGAL_WORDS, rng.randint(30, 120)),
                jurisdiction=jurisdiction,
                source=f"{jurisdiction}-stat",
                heading=_text(rng, LEGAL_WORDS, 4),
            )
            for n in range(sections // len(JURISDICTIONS))
        ]
        write_jsonl(root / "statutes" / f"{jurisdiction}-stat.jsonl", rows)
    paper_rows, chunks = [], []
    for n in range(papers):
        paper_id = f"2501.{n:05d}"
        paper_rows.append(
            paper(
                paper_id,
                _text(rng, PAPER_WORDS, 6),
                _text(rng, PAPER_WORDS, 60) + f" We use {rng.choice(ENTITIES)}.",
                categories=tuple(rng.sample(CATEGORIES, 2)),
                published=f"2025-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}",
            )
        )
        for index in range(1, 5):
            chunks.append(
                {
                    "paper_id": paper_id,
                    "chunk_index": index,
                    "section": rng.choice(["1 Introduction", "3 Method", "5 Results"]),
                    "text": _text(rng, PAPER_WORDS, 80) + f" {rng.choice(ENTITIES)}",
                }
            )
    write_jsonl(root / "papers" / "papers.jsonl", paper_rows)
    write_jsonl(root / "papers" / "chunks.jsonl", chunks)
    write_jsonl(
        root / "papers" / "entities.jsonl",
        [{"name": e, "type": "method", "aliases": [], "source": "load"} for e in ENTITIES],
    )
    return root
