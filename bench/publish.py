"""A run's files: report.md (the tables), results.json and the SVG charts."""

import json
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING

from bench import charts
from bench.scaling import SCENARIOS

if TYPE_CHECKING:
    from bench.runner import Results


def write_report(results: "Results", out_dir: Path) -> Path:
    """report.md, results.json and the SVG charts in `out_dir`; returns the report's path."""
    out_dir.mkdir(parents=True, exist_ok=True)
    charts_written = _write_charts(results, out_dir)
    facts_line = ", ".join(f"{k} {v}" for k, v in results.facts.items())
    body = [
        "# Benchmark report",
        "",
        f"Run took {results.seconds / 60:.1f} min. Corpus and machine: {facts_line}.",
        "",
        "Every figure is a median (p50) or 95th percentile over many queries; every ratio "
        "compares measurements of the same run. Reproduce with `make bench`.",
        "",
    ]
    body += [table.markdown() for table in results.tables()]
    body += [f"![{name}]({name})\n" for name in charts_written]
    path = out_dir / "report.md"
    path.write_text("\n".join(body))
    (out_dir / "results.json").write_text(json.dumps(_jsonable(results), indent=1, default=str))
    return path


def _write_charts(results: "Results", out_dir: Path) -> list[str]:
    written: list[str] = []
    if results.scaling:
        series: charts.Series = {}
        for kind, name in SCENARIOS:
            key = f"{kind}: {name}"
            series[_short(f"{kind} {name}")] = [
                (p.copies, p.queries[key].p50("b") * 1000)
                for p in results.scaling
                if key in p.queries
            ]
        _save(
            out_dir / "scaling-query.svg",
            charts.line_chart(
                "Service (b) p50 by corpus size", "copies", "ms", series
            ),  # fmt: skip
            written,
        )
        builds: charts.Series = {}
        for name in ("statutes", "papers"):
            builds[name] = [
                (p.copies, p.builds[name].seconds) for p in results.scaling if name in p.builds
            ]
        _save(
            out_dir / "scaling-build.svg",
            charts.line_chart(
                "Index write time by corpus size", "copies", "seconds", builds
            ),  # fmt: skip
            written,
        )
    if results.latency:
        groups = {
            _short(f"{r.kind} {r.scenario}"): {
                "a raw": r.p50("a") * 1000,
                "b service": r.p50("b") * 1000,
                "c HTTP": r.p50("c") * 1000,
                "c - floor": r.c_minus_floor * 1000,
            }
            for r in results.latency
        }
        _save(
            out_dir / "latency.svg", charts.bar_chart("Query p50 by layer", "ms", groups), written
        )
    return written


def _short(label: str) -> str:
    for long, short in (("all jurisdictions", "all"), ("one jurisdiction", "1 jur."),
                        ("facets+diversify", "facets+div."), (",", "")):  # fmt: skip
        label = label.replace(long, short)
    return label


def _save(path: Path, svg: str, written: list[str]) -> None:
    if svg:
        path.write_text(svg)
        written.append(path.name)


def _jsonable(results: "Results") -> dict[str, object]:
    return {
        "facts": results.facts,
        "seconds": results.seconds,
        "config": asdict(results.config),
        "tables": [asdict(t) for t in results.tables()],
    }
