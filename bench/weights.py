"""`python -m bench.weights`: choose the paper search weights on the paper dev sets.

Runs each combination of word-pair weight, author weight in long queries and adjacency bonus
(text 1, title counted TITLE_REPEATS times in the chunk's words, authors 1.5 in queries of up
to four words) through the paper service on the live papers index (PORTAL_INDEX_DIR; build it
with `manage.py reindex papers`), over the paper sets of `bench.quality` as that harness
searches them (one chunk per paper): SciTLDR descriptions, title words and author names.
Prints gold@1 and MRR@10 of each set, settings that keep every look-up set at MRR@10 >= 0.98
first, then by the descriptions' MRR@10. The chosen values are
`search.backends.paper_search.FieldWeights`' defaults.
"""

import argparse
import itertools
import os
import sys
from dataclasses import dataclass
from unittest import mock

import django

PAIRS = (0.0, 0.1, 0.2, 0.3)
LONG_AUTHORS = (0.5, 1.5)
ADJACENT = (0.0, 4.0)
DESCRIPTIONS = "papers_scitldr_dev"
LOOK_UPS = ("paper_titles", "paper_authors")
LOOK_UP_FLOOR = 0.98


@dataclass(frozen=True)
class Figures:
    """gold@1 and MRR@10 of one setting on each set, by set name."""

    by_set: dict[str, tuple[float, float]]

    def keeps_look_ups(self) -> bool:
        return all(self.by_set[name][1] >= LOOK_UP_FLOOR for name in LOOK_UPS)


def evaluate(weights: object, sets: list[object], limit: int | None) -> Figures:
    from bench.quality.scoring import first_gold, score
    from bench.quality.sets import QuestionSet
    from search.papers import service
    from search.papers.request import PaperSearchRequest

    found = {}
    with mock.patch.object(service, "FIELD_WEIGHTS", weights):
        for questions in sets:
            assert isinstance(questions, QuestionSet)
            options = questions.portal
            ranks = []
            for case in questions.cases[:limit]:
                request = PaperSearchRequest.for_query(
                    query=case.query, match=options.get("match", "all_words"), limit=10,
                    diversify_by=options["diversifyBy"],
                    max_per_document=int(options["maxPerDocument"]),
                )  # fmt: skip
                papers = [hit.paper_id for hit in service.search_papers(request).hits]
                ranks.append(first_gold(case.gold, papers))
            figures = score(ranks)
            found[questions.name] = (figures.at1, figures.mrr)
    return Figures(found)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.weights", description=__doc__)
    parser.add_argument("--top", type=int, default=16, help="rows printed")
    parser.add_argument("--limit", type=int, help="at most this many queries per set")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "portal.settings")
    django.setup()
    from bench.quality.sets import load_sets
    from search.backends.paper_search import FieldWeights

    sets, skipped = load_sets([DESCRIPTIONS, *LOOK_UPS])
    for line in skipped:
        print(line, file=sys.stderr)
    names = [questions.name for questions in sets]
    found = []
    for pairs, long_authors, adjacent in itertools.product(PAIRS, LONG_AUTHORS, ADJACENT):
        weights = FieldWeights(pairs=pairs, long_authors=long_authors, adjacent=adjacent)
        found.append((weights, evaluate(weights, list(sets), args.limit)))
    first = names[0]
    found.sort(key=lambda pair: (not pair[1].keeps_look_ups(), -pair[1].by_set[first][1]))
    head = " | ".join(f"{name} gold@1 | {name} MRR@10" for name in names)
    print(f"| pairs | long-query authors | adjacent | {head} |")
    print("|---|---|---|" + "---|" * (2 * len(names)))
    for weights, figures in found[: args.top]:
        cells = " | ".join(f"{a:.3f} | {m:.3f}" for a, m in (figures.by_set[n] for n in names))
        print(f"| {weights.pairs:g} | {weights.long_authors:g} | {weights.adjacent:g} | {cells} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
