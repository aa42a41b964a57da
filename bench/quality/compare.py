"""This run against an earlier `--json` file: each set's figures moved, each question's rank."""

from typing import Any

from bench.quality.harness import PORTAL, SetResult

FIGURES = ("gold@1", "gold@3", "gold@10", "mrr@10")


def _rank(rank: int | None) -> str:
    return "-" if rank is None else str(rank)


def compare(results: list[SetResult], earlier: dict[str, Any], engine: str = PORTAL) -> str:
    """The engine's figures before -> now per set, and the questions whose rank changed."""
    lines = [f"# {engine}: this run against the earlier figures"]
    for result in results:
        name = result.questions.name
        before = earlier.get("sets", {}).get(name, {})
        if engine not in result.outcomes or engine not in before.get("engines", {}):
            lines.append(f"{name}: not in the earlier run")
            continue
        now = result.scores(engine).as_dict()
        then = before["engines"][engine]["all"]
        moved = ", ".join(
            f"{f} {then[f]:.3f} -> {now[f]:.3f} ({now[f] - then[f]:+.3f})" for f in FIGURES
        )
        lines.append(f"{name}: {moved}")
        ranks = {q["qid"]: q["ranks"].get(engine) for q in before.get("queries", [])}
        for case, rank in zip(result.questions.cases, result.outcomes[engine].ranks, strict=True):
            if case.qid in ranks and ranks[case.qid] != rank:
                better = (rank or 99) < (ranks[case.qid] or 99)
                lines.append(f"  {'better' if better else 'worse '} {_rank(ranks[case.qid]):>2} -> "
                             f"{_rank(rank):>2}  {case.qid} {case.query!r}")  # fmt: skip
    return "\n".join(lines) + "\n"
