"""The survey's cost (issue 15): one survey against one statute search per loaded jurisdiction.

For every query, back to back and through the services (layer b): the survey
(`survey_statutes`, 3 sections per jurisdiction), the same answer built the plain way (one
`search_statutes` per jurisdiction the survey searched, 3 rows each), and one ordinary search
over all jurisdictions (20 rows) for scale. The survey must cost at most a few ordinary
searches and well under the per-jurisdiction loop; both answers are compared row by row.
"""

from dataclasses import dataclass, field

from bench.report import Table
from bench.timing import Samples, ms, ratio, timed, times
from bench.workload import statute_long, statute_short

PER = 3
ONE_SEARCH_ROWS = 20
KINDS = ("short keyword", "long question")


@dataclass
class SurveyCost:
    """Timings of one kind of query: the survey, the per-jurisdiction loop, one search."""

    kind: str
    queries: int = 0
    jurisdictions: int = 0
    survey: Samples = field(default_factory=Samples)
    per_state: Samples = field(default_factory=Samples)
    one: Samples = field(default_factory=Samples)
    # Engine searches per survey beyond its counting aggregation (pool + filtered ones).
    searches: list[int] = field(default_factory=list)
    # Queries whose survey rows differ from the per-jurisdiction searches' rows (must be 0).
    differing: int = 0


def survey_queries(count: int) -> dict[str, list[str]]:
    """Short keyword queries and long questions (a quarter as many, at least one)."""
    return {KINDS[0]: statute_short(count), KINDS[1]: statute_long(max(1, count // 4))}


def run_survey_cost(count: int, repeats: int) -> list[SurveyCost]:
    """Time every query `repeats` times at each of the three ways, after one untimed run."""
    from search.statutes.catalog import load_catalog
    from search.statutes.scope import Scope
    from search.statutes.search.request import StatuteSearchRequest
    from search.statutes.search.service import search_statutes
    from search.statutes.survey.request import StatuteSurveyRequest
    from search.statutes.survey.service import survey_statutes

    catalog = load_catalog()
    found = []
    for kind, queries in survey_queries(count).items():
        cost = SurveyCost(kind, len(queries))
        for q in queries:
            result = survey_statutes(StatuteSurveyRequest.for_query(q=q, per=PER), catalog)
            places = [row.jurisdiction for row in result.searched]
            cost.jurisdictions = max(cost.jurisdictions, len(places))

            def loop(q: str = q, places: list[str] = places) -> dict[str, list[str]]:
                return {
                    place: [
                        row.id
                        for row in search_statutes(
                            StatuteSearchRequest.for_query(
                                q=q, limit=PER, scope=Scope(jurisdictions=(place,))
                            ),
                            catalog,
                        ).results
                    ]
                    for place in places
                }

            def survey(q: str = q) -> object:
                return survey_statutes(StatuteSurveyRequest.for_query(q=q, per=PER), catalog)

            def one(q: str = q) -> object:
                return search_statutes(
                    StatuteSearchRequest.for_query(q=q, limit=ONE_SEARCH_ROWS), catalog
                )

            plain = loop()
            if plain != {row.jurisdiction: [r.id for r in row.results] for row in result.searched}:
                cost.differing += 1
            for _ in range(repeats):
                seconds, answer = timed(survey)
                cost.survey.add(seconds)
                cost.searches.append(answer.searches)  # type: ignore[attr-defined]
                cost.per_state.add(timed(loop)[0])
                cost.one.add(timed(one)[0])
        found.append(cost)
    return found


def survey_table(costs: list[SurveyCost]) -> Table:
    """7. The survey against per-jurisdiction searches, with the ratio."""
    table = Table(
        "7. Survey across jurisdictions (ms, service layer): one survey vs one statute search "
        "per jurisdiction",
        [
            "queries", "runs", "jurisdictions", "survey p50", "survey p95", "per-state p50",
            "per-state p95", "survey / per-state", "one search p50", "survey / one search",
            "engine searches per survey", "rows differ",
        ],
    )  # fmt: skip
    for cost in costs:
        searches = sum(cost.searches) / len(cost.searches) if cost.searches else float("nan")
        table.rows.append(
            [
                f"{cost.kind} ({cost.queries})",
                str(cost.survey.n),
                str(cost.jurisdictions),
                ms(cost.survey.p50),
                ms(cost.survey.p95),
                ms(cost.per_state.p50),
                ms(cost.per_state.p95),
                times(ratio(cost.survey.p50, cost.per_state.p50)),
                ms(cost.one.p50),
                times(ratio(cost.survey.p50, cost.one.p50)),
                f"{searches:.1f}",
                str(cost.differing),
            ]
        )
    table.notes = [
        f"Survey: {PER} sections per jurisdiction, counts from one aggregation, best sections "
        "from one pool search plus filtered searches for jurisdictions the pool cannot settle. "
        f"Per-state: one statute search (limit {PER}) per jurisdiction the survey searched, "
        f"the same rows. One search: all jurisdictions, {ONE_SEARCH_ROWS} rows.",
        "Most of a survey's time is its rows (up to 3 per jurisdiction, each a stored document "
        "read and a snippet), so it costs more than one search of 20 rows.",
    ]
    return table
