"""`python -m bench.weights`: choose the paper field weights on the dev sets.

Runs every combination of title weight, author weight, adjacency bonus and slop (text
weighs 1) through the paper service on the live papers index (PORTAL_INDEX_DIR; build it with
`manage.py reindex papers`), over both paper dev sets: title words -> the abstract chunk
(`papers.jsonl`, match=any_words) and author names -> their papers (`paper_authors.jsonl`,
match=all_words). Prints recall@10 and MRR@10 of each, best first by the mean of the two
MRRs. The chosen values are `search.backends.paper_search.FieldWeights`' defaults.
"""

import argparse
import itertools
import os
import sys
from dataclasses import dataclass
from unittest import mock

import django

TITLE = (1.0, 1.5, 2.0, 3.0)
AUTHORS = (1.0, 1.5, 2.0, 3.0)
ADJACENT = (0.0, 1.0, 2.0, 3.0, 4.0)
SLOP = (0, 1)


@dataclass(frozen=True)
class Scores:
    """Recall@10 and MRR@10 of one setting on the two dev sets."""

    title_recall: float
    title_mrr: float
    author_recall: float
    author_mrr: float

    @property
    def mean_mrr(self) -> float:
        return (self.title_mrr + self.author_mrr) / 2


def evaluate(weights: object) -> Scores:
    from bench import adapters
    from bench.quality.known_items import K, Quality, _judge
    from bench.workload import PaperCase, devset
    from search.papers import service

    titles, authors = Quality("titles"), Quality("authors")
    with mock.patch.object(service, "FIELD_WEIGHTS", weights):
        for row in devset("papers"):
            case = PaperCase(str(row["query"]), "any_words")
            target = f"{row['paper_id']}#{row['chunk_index']}"
            _judge(titles, target, lambda case=case: adapters.paper_default(case, K))
        for row in devset("paper_authors"):
            case = PaperCase(str(row["query"]), "all_words")
            papers = {str(p) for p in row["paper_ids"]}  # type: ignore[attr-defined]
            _judge(authors, papers, lambda case=case: adapters.paper_default(case, K))
    return Scores(titles.recall, titles.mrr, authors.recall, authors.mrr)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.weights", description=__doc__)
    parser.add_argument("--top", type=int, default=15, help="rows printed")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "portal.settings")
    django.setup()
    from search.backends.paper_search import FieldWeights

    found = []
    for title, authors, adjacent, slop in itertools.product(TITLE, AUTHORS, ADJACENT, SLOP):
        if not adjacent and slop != SLOP[0]:
            continue  # slop only matters with an adjacency bonus
        weights = FieldWeights(title=title, authors=authors, adjacent=adjacent, slop=slop)
        found.append((weights, evaluate(weights)))
    found.sort(key=lambda pair: -pair[1].mean_mrr)
    print("| title | authors | adjacent | slop | titles R@10 | titles MRR | authors R@10 "
          "| authors MRR |\n|---|---|---|---|---|---|---|---|")  # fmt: skip
    for weights, s in found[: args.top]:
        print(
            f"| {weights.title:g} | {weights.authors:g} | {weights.adjacent:g} | {weights.slop} "
            f"| {s.title_recall:.3f} | {s.title_mrr:.3f} | {s.author_recall:.3f} "
            f"| {s.author_mrr:.3f} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
