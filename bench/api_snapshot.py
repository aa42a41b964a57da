"""Side-by-side behaviour check: record every JSON door's answers, then compare after a change.

    python -m bench.api_snapshot record OUT.jsonl
    python -m bench.api_snapshot compare OUT.jsonl

Runs a few hundred real requests through ``django.test.Client`` against the loaded database
and the live indexes (PORTAL_SQLITE_PATH, PORTAL_INDEX_DIR) and records status and body per
request; a few HTML pages are recorded too, with CSRF tokens and nonces normalised. Index
version names and build times are normalised everywhere: a snapshot compares two builds of
the same data.
"""

import json
import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
DEVSET = ROOT / "bench" / "devset"
QUESTIONS = ROOT.parent / "shared" / "benchmarks" / "statutes_questions_dev.jsonl"
# How many queries each drawn list contributes (the whole run stays a few hundred requests).
STATUTE_QUESTIONS = 60
DEVSET_QUERIES = 30
PAPER_QUERIES = 40
AUTHOR_QUERIES = 15
# Parts of an HTML body that differ per request without meaning anything.
_VOLATILE = (
    (
        re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"'),
        'name="csrfmiddlewaretoken" value=""',
    ),
    (re.compile(r'nonce="[^"]*"'), 'nonce=""'),
    (re.compile(r'"X-CSRFToken": "[^"]*"'), '"X-CSRFToken": ""'),
    (re.compile(r'csrf[-_]token[^>]*content="[^"]*"'), 'csrf-token content=""'),
)
# Which build of the same data answers: version names and build times, in every body, so a
# snapshot compares across rebuilds of the same data (one index's segments against another's).
_BUILD = (
    (re.compile(r"\bv\d{8}T\d{12}Z-\d+\b"), "VERSION"),
    (re.compile(r"<td>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00</td>"), "<td>BUILT</td>"),
)


def _lines(path: Path, limit: int) -> list[dict[str, object]]:
    if not path.exists():
        return []
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return rows[:limit]


def _url(path: str, **params: object) -> str:
    return f"{path}?{urlencode(params)}" if params else path


def _statute_requests() -> Iterator[str]:
    search = "/api/statute_search"
    for row in _lines(QUESTIONS, STATUTE_QUESTIONS):
        q, juris = str(row["query"]), str(row.get("jurisdiction") or "")
        yield _url(search, q=q)
        if juris:
            yield _url(search, q=q, jurisdiction=juris)
            yield _url(search, q=q, jurisdiction=f"{juris},us", limit=5)
    for row in _lines(DEVSET / "statutes.jsonl", DEVSET_QUERIES):
        yield _url(search, q=row["q"], jurisdiction=row["jurisdiction"], stem="true")
        yield _url(search, q=row["q"], jurisdiction=row["jurisdiction"], headings="true")
    q = "security deposit return"
    yield from (
        _url(search, q=q, jurisdiction="wa", offset=10, limit=10),
        _url(search, q=q, jurisdiction="wa", offset=990, limit=20),
        _url(search, q=q, jurisdiction="wa", format="csv"),
        _url(search, q=q, source="cfr"),
        _url(search, q=q, source="ks"),
        _url(search, q="housing", source="cfr", title="24"),
        _url(search, q=q, include="cfr"),
        _url(search, q=q, jurisdiction="wa", chapter="59.18"),
        _url(search, q=q, jurisdiction="ks", chapter="58-25"),
        _url(search, q='"security deposit" landlord', jurisdiction="wa"),
        _url(search, q='"unclosed quote deposit', jurisdiction="wa"),
        _url(search, q="deposit or rent", jurisdiction="wa"),
        _url(search, q=" ".join(f"word{i}" for i in range(60))),
        _url(search, q="RCW 59.18.280"),
        _url(search, q="RCW 59.18"),
        _url(search, q="42 U.S.C. 3604"),
        _url(search, q="42 USC 3604", words="true"),
        _url(search, q="K.S.A. 58-2550"),
        _url(search, q="the of and"),
        _url(search, q=""),
        _url(search),
        _url(search, q=q, jurisdiction="zz"),
        _url(search, q=q, source="nope"),
        _url(search, q=q, title="24"),
        _url(search, q=q, limit=0),
        _url(search, q=q, limit="x"),
        _url(search, q=q, offset=-1),
        _url(search, q=q, stem="maybe"),
        _url(search, q=q, format="xml"),
        _url(search, q=q, source="cfr", include="cfr"),
    )
    survey = "/api/statute_survey"
    for row in _lines(QUESTIONS, 12):
        yield _url(survey, q=row["query"])
    yield from (
        _url(survey, q="security deposit return", per=3),
        _url(survey, q="security deposit return", sort="name"),
        _url(survey, q="security deposit return", format="csv"),
        _url(survey, q="eviction notice", stem="true", headings="true", include="cfr"),
        _url(survey, q=""),
        _url(survey, q="the of"),
        _url(survey, q="deposit", per=0),
        _url(survey, q="deposit", sort="bogus"),
    )
    section = "/api/statute"
    for row in _lines(DEVSET / "statutes.jsonl", 10):
        yield _url(section, id=row["id"])
    yield from (
        _url(section, citation="RCW 59.18.280"),
        _url(section, citation="42 U.S.C. 3604"),
        _url(section, citation="RCW 59.18"),
        _url(section, citation="nonsense 1.2.3"),
        _url(section, id="wa:statute:0.0.0"),
        _url(section),
        _url(section, id="a", citation="b"),
    )
    sources = "/api/sources"
    yield from (
        _url(sources),
        _url(sources, tool="statute_search"),
        _url(sources, tool="statute_search", source="cfr"),
        _url(sources, tool="statute_search", source="ks"),
        _url(sources, tool="statute_search", source="zz"),
        _url(sources, tool="bogus"),
    )


def _paper_requests() -> Iterator[str]:
    search = "/api/search_keyword"
    for row in _lines(DEVSET / "papers.jsonl", PAPER_QUERIES):
        yield _url(search, query=row["query"])
    for row in _lines(DEVSET / "papers.jsonl", 10):
        yield _url(search, query=row["query"], match="all")
        yield _url(search, query=row["query"], match="phrase")
        yield _url(search, query=row["query"], detail="full", facets="true")
    for row in _lines(DEVSET / "paper_authors.jsonl", AUTHOR_QUERIES):
        yield _url(search, query="learning", authors=row["query"])
    q = "graph neural networks"
    yield from (
        _url(search, query=q, match="any"),
        _url(search, query=q, dateFrom="2025-01-01", dateTo="2025-06-30"),
        _url(search, query=q, dateFrom="2025-13-01"),
        _url(search, query=q, dateFrom="2026-01-01", dateTo="2025-01-01"),
        _url(search, query=q, categories="cs.LG"),
        _url(search, query=q, categories="cs.LG,cs.AI"),
        _url(search, query=q, categories="xx.YY"),
        _url(search, query=q, contentType="method"),
        _url(search, query=q, contentType="bogus"),
        _url(search, query=q, entities="GNN"),
        _url(search, query=q, detail="minimal"),
        _url(search, query=q, detail="full"),
        _url(search, query=q, detail="bogus"),
        _url(search, query=q, facets="true"),
        _url(search, query=q, diversifyBy="document"),
        _url(search, query=q, diversifyBy="keyConcept"),
        _url(search, query=q, diversifyBy="contentType", maxPerDocument=2),
        _url(search, query=q, sort="newest"),
        _url(search, query=q, sort="oldest"),
        _url(search, query=q, sort="bogus"),
        _url(search, query=q, offset=20, limit=10),
        _url(search, query=q, offset=-3),
        _url(search, query=q, limit=0),
        _url(search, query=q, format="csv"),
        _url(search, query=q, format="bibtex"),
        _url(search, query=q, format="xml"),
        _url(search, query='"graph neural" networks'),
        _url(search, query='"unclosed graph'),
        _url(search, query="graph or networks"),
        _url(search, query=" ".join(f"w{i}" for i in range(60))),
        _url(search, query="2503.14662"),
        _url(search, query="arXiv:2503.14662v2"),
        _url(search, query="the of and"),
        _url(search, query=""),
        _url(search),
        _url(search, query=q, run_id="12"),
    )
    paper = "/api/paper"
    for row in _lines(DEVSET / "papers.jsonl", 8):
        yield _url(paper, arxiv_id=row["paper_id"])
        yield _url(paper, paper_id=row["paper_id"])
    yield from (
        _url(paper, arxiv_id="2503.14662v1"),
        _url(paper, arxiv_id="arXiv:2503.14662"),
        _url(paper, arxiv_id="9999.99999"),
        _url(paper, arxiv_id="not-an-id"),
        _url(paper, title="graph neural networks"),
        _url(paper, title=""),
        _url(paper),
        _url(paper, arxiv_id="2503.14662", title="x"),
    )


def _html_requests() -> Iterator[str]:
    yield from (
        "/",
        _url("/statutes/", q="security deposit return", jurisdiction="wa"),
        _url("/statutes/", q="RCW 59.18.280"),
        _url("/statutes/", q=""),
        _url("/statutes/", q="deposit", limit="x"),
        _url("/statutes/survey/", q="security deposit return"),
        "/statutes/wa:statute:59.18.280/",
        "/statutes/wa:statute:0.0.0/",
        "/sources/",
        "/sources/wa-stat/",
        "/sources/cfr/",
        _url("/sources/wa-stat/chapter/", title="59", chapter="59-18"),
        _url("/sources/wa-stat/chapter/", title="59", chapter="59-18", offset=100),
        _url("/sources/wa-stat/chapter/", chapter="nope"),
        _url("/papers/", query="graph neural networks"),
        _url("/papers/", query="graph neural networks", facets="true", detail="full"),
        _url("/papers/", query="", dateFrom="bad"),
        "/papers/2503.14662/",
        "/api/",
    )


def all_requests() -> list[tuple[str, str]]:
    """Every (kind, url) the snapshot sends, in a fixed order."""
    rows = [("json", u) for u in (*_statute_requests(), *_paper_requests())]
    rows += [("html", u) for u in _html_requests()]
    rows += [("htmx", u) for u in ("/statutes/?q=deposit&jurisdiction=wa", "/papers/?query=graph")]
    return rows


def _normalise(kind: str, body: bytes) -> str:
    text = _without_build(body.decode("utf-8", "replace"))
    if kind != "json":
        for pattern, replacement in _VOLATILE:
            text = pattern.sub(replacement, text)
    return text


def _without_build(text: str) -> str:
    for pattern, replacement in _BUILD:
        text = pattern.sub(replacement, text)
    return text


def run() -> Iterator[dict[str, object]]:
    """Send every request and yield its url, status and normalised body."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "portal.settings")
    # Plain static URLs: a worktree has no collected manifest, and the pages' static names
    # are not what this check compares.
    os.environ.setdefault("PORTAL_MANIFEST_STATIC", "0")
    import django

    django.setup()
    from django.test import Client

    client = Client()
    for kind, url in all_requests():
        headers = {"HTTP_HX_REQUEST": "true"} if kind == "htmx" else {}
        response = client.get(url, **headers)
        body = b"".join(response.streaming_content) if response.streaming else response.content
        yield {
            "kind": kind,
            "url": url,
            "status": response.status_code,
            "type": response.get("Content-Type", ""),
            "body": _normalise(kind, body),
        }


def record(out: Path) -> int:
    """Write the snapshot to OUT (one JSON line per request)."""
    count = 0
    with out.open("w") as handle:
        for row in run():
            handle.write(json.dumps(row, ensure_ascii=False) + "\n")
            count += 1
    print(f"recorded {count} requests into {out}")
    return 0


def compare(before: Path) -> int:
    """Re-run the snapshot and report every answer that differs from BEFORE."""
    old = {row["url"] + "|" + row["kind"]: row for row in map(json.loads, before.open())}
    differing = 0
    seen = 0
    for row in run():
        seen += 1
        key = str(row["url"]) + "|" + str(row["kind"])
        was = old.pop(key, None)
        if was is not None:
            # Snapshots recorded before build names were normalised.
            was["body"] = _without_build(str(was["body"]))
        if was is None:
            print(f"NEW    {row['kind']} {row['url']}")
            differing += 1
        elif (was["status"], was["type"], was["body"]) != (row["status"], row["type"], row["body"]):
            differing += 1
            print(f"DIFFER {row['kind']} {row['url']}: status {was['status']} -> {row['status']}")
            a, b = str(was["body"]), str(row["body"])
            at = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), None)
            at = min(len(a), len(b)) if at is None else at
            print(f"       before: ...{a[max(0, at - 80) : at + 120]!r}")
            print(f"       after:  ...{b[max(0, at - 80) : at + 120]!r}")
    for key in old:
        print(f"GONE   {key}")
        differing += 1
    print(f"compared {seen} requests: {differing} differ")
    return 1 if differing else 0


def main(argv: list[str]) -> int:
    """`record OUT.jsonl` or `compare OUT.jsonl`."""
    if len(argv) != 2 or argv[0] not in ("record", "compare"):
        print(__doc__)
        return 2
    sys.path.insert(0, str(ROOT))
    return record(Path(argv[1])) if argv[0] == "record" else compare(Path(argv[1]))


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
