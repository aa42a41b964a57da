"""Research runs: create, list, find one of a user's runs, record a search in its history."""

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Count, Prefetch, QuerySet

from search.models import ResearchRun, RunQuery

# Queries listed under each run on the runs page (the run's own page lists all of them).
RECENT_QUERIES = 10
# The largest id a run can have: the database's signed 64-bit integers.
MAX_RUN_ID = 2**63 - 1
RUN_NOT_YOURS = (
    "run_id {run_id} is not one of your research runs (it does not exist, or another user "
    "owns it). Create a run on the research runs page and pass its id."
)
RUN_NEEDS_LOGIN = (
    "run_id attributes a search to one of your research runs, so it needs to know who you "
    "are: sign in (pages and API), or send your API token (MCP: Authorization: Bearer, or "
    "PORTAL_MCP_TOKEN for mcp_stdio). Or leave run_id out to search without recording."
)


class RunRejected(ValueError):
    """The run_id is not the requesting user's run (or nobody is signed in)."""


def runs_of(user: User | AnonymousUser) -> QuerySet[ResearchRun]:
    """The user's runs, newest first, with their query counts."""
    if not user.is_authenticated:
        return ResearchRun.objects.none()
    return ResearchRun.objects.filter(owner=user).annotate(query_count=Count("queries"))


def runs_with_history(
    user: User | AnonymousUser, latest: int = RECENT_QUERIES
) -> QuerySet[ResearchRun]:
    """The user's runs with their query counts and latest queries (`recent`, newest first)."""
    recent = RunQuery.objects.order_by("-created", "-id")[:latest]
    return runs_of(user).prefetch_related(Prefetch("queries", queryset=recent, to_attr="recent"))


def create_run(user: User, name: str) -> ResearchRun:
    """A new run owned by `user`."""
    return ResearchRun.objects.create(owner=user, name=name.strip())


def own_run(user: User | AnonymousUser, run_id: int | str) -> ResearchRun:
    """The user's run with this id; RunRejected when unknown, someone else's, or anonymous.

    Unknown and foreign ids get the same message, so ids of other users' runs cannot be
    discovered by trying them.
    """
    if not user.is_authenticated:
        raise RunRejected(RUN_NEEDS_LOGIN)
    try:
        number = int(str(run_id).strip())
    except ValueError:
        raise RunRejected(RUN_NOT_YOURS.format(run_id=run_id)) from None
    if not 0 < number <= MAX_RUN_ID:
        raise RunRejected(RUN_NOT_YOURS.format(run_id=number))
    run = ResearchRun.objects.filter(pk=number, owner=user).first()
    if run is None:
        raise RunRejected(RUN_NOT_YOURS.format(run_id=number))
    return run


def record_query(
    run_id: int,
    *,
    query: str,
    query_string: str,
    total: int,
    returned: int,
    truncated: bool,
    index_version: str,
) -> RunQuery:
    """Append one search to a run's history."""
    return RunQuery.objects.create(
        run_id=run_id,
        query=query,
        query_string=query_string,
        total=total,
        returned=returned,
        truncated=truncated,
        index_version=index_version,
    )
