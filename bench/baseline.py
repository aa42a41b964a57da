"""The dev set's answers recorded once, so a run can tell whether retrieval changed.

`python -m bench.baseline` asks our searches every dev-set query as the quality section
does with the default switches (statutes through the service in the target's jurisdiction;
paper titles with `any_words`, author names with `all_words`, the default diversification;
top 10) on the live indexes of PORTAL_INDEX_DIR and writes `bench/devset/baseline.json`: per
query a digest of the top-10 keys in rank order. Regenerate it only when a change is meant
to alter rankings, and say so in the commit (docs/performance.md says when it was recorded).
"""

import argparse
import hashlib
import json
import os
from pathlib import Path

import django

DEVSET = Path(__file__).resolve().parent / "devset"
BASELINE = DEVSET / "baseline.json"
K = 10


def digest(keys: list[str]) -> str:
    """A short fingerprint of result keys in rank order."""
    return hashlib.sha256("\n".join(keys).encode()).hexdigest()[:12]


def record(devset_dir: Path = DEVSET) -> dict[str, list[str]]:
    """Digest of our top-K per dev-set query, by dev set, in file order."""
    from bench import adapters
    from bench.workload import PaperCase, StatuteCase, devset

    statutes = [
        digest(adapters.statute_service(StatuteCase(str(r["q"]), str(r["jurisdiction"])), K))
        for r in devset("statutes", devset_dir)
    ]
    papers = [
        digest(adapters.paper_default(PaperCase(str(r["query"]), "any_words"), K))
        for r in devset("papers", devset_dir)
    ]
    authors = [
        digest(adapters.paper_default(PaperCase(str(r["query"]), "all_words"), K))
        for r in devset("paper_authors", devset_dir)
    ]
    return {"statutes": statutes, "papers": papers, "paper authors": authors}


def load(path: Path = BASELINE) -> dict[str, list[str]]:
    """The recorded digests (empty when no baseline was recorded)."""
    return json.loads(path.read_text()) if path.exists() else {}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=BASELINE, help="where to write the digests")
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "portal.settings")
    django.setup()
    found = record()
    args.out.write_text(json.dumps(found, indent=0) + "\n")
    counts = ", ".join(f"{len(rows)} {name}" for name, rows in found.items())
    print(f"{args.out}: top 10 of {counts} queries")


if __name__ == "__main__":
    main()
