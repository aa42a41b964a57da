"""Licence of each paper source, as stated in the papers data README (`detail=full`).

Keyed by the paper's `source` label. A daily-arXiv label carries its fork after the colon;
the metadata of every arXiv listing is CC0 per arXiv, whatever the crawler's own licence.
"""

from dataclasses import dataclass

ARXIV_METADATA = "CC0 1.0 (arXiv metadata, per arXiv)"


@dataclass(frozen=True)
class Licence:
    """What the source states for the metadata and for the text we index."""

    metadata: str
    text: str
    source_repository: str

    def as_dict(self) -> dict[str, str]:
        """JSON-ready form."""
        return {
            "metadata": self.metadata,
            "text": self.text,
            "source_repository": self.source_repository,
        }


LICENCES: dict[str, Licence] = {
    "daily-arxiv:dw-dengwei": Licence(
        ARXIV_METADATA, "abstract only: arXiv metadata, CC0 1.0",
        "dw-dengwei/daily-arXiv-ai-enhanced (Modified Apache License)",
    ),
    "daily-arxiv:junle-chen": Licence(
        ARXIV_METADATA, "abstract only: arXiv metadata, CC0 1.0",
        "junle-chen/daily-arXiv-gemini-enhanced (Apache-2.0)",
    ),
    "daily-arxiv:springkill": Licence(
        ARXIV_METADATA, "abstract only: arXiv metadata, CC0 1.0",
        "springkill/daily-arXiv-ai-enhanced (Modified Apache License)",
    ),
    "arxiv-oai-snapshot-sample": Licence(
        ARXIV_METADATA, "abstract only: arXiv metadata, CC0 1.0",
        "Sharath-1736/Embedding-VecSearch (no licence file)",
    ),
    "unarxive-sample": Licence(
        ARXIV_METADATA, "CC BY-SA 4.0 (unarXive open subset sample)", "IllDepence/unarXive"
    ),
    "unarxive-2024-preview": Licence(ARXIV_METADATA, "MIT", "faerber-lab/UnarXive-2024"),
    "scirex": Licence("Apache-2.0", "Apache-2.0 (SciREX train split)", "allenai/SciREX"),
    "scitldr": Licence("Apache-2.0", "Apache-2.0 (SciTLDR-A)", "allenai/scitldr"),
}  # fmt: skip

UNKNOWN = "unknown: this source is not in the licence table of the papers data README"


def licence_for(source: str) -> Licence:
    """The licence of a paper source; an unlisted source says so rather than guessing."""
    return LICENCES.get(source) or Licence(UNKNOWN, UNKNOWN, source or "unknown")
