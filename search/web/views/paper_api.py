"""JSON API of the paper search: `/api/search_keyword` and `/api/paper`."""

from django.contrib.auth.models import AnonymousUser, User
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.http import require_GET

from search.answers.csv_answers import ExportFile, answer_or_download
from search.answers.json_answers import (
    NOTHING_SEARCHED_COVERAGE_NOTE,
    Answer,
    error_answer,
    json_response,
    outcome_response,
)
from search.answers.same_origin import has_same_origin_proof
from search.ops.api_tokens import TokenRejected, bearer_secret, user_for_secret
from search.papers.catalog import load_catalog
from search.papers.forms import PaperLookupForm, PaperSearchForm
from search.papers.outcome import lookup_outcome, paper_outcome
from search.papers.payloads import export_file, lookup_payload, search_payload
from search.papers.service import PaperSearchResult

TOKEN_REJECTED = "invalid_token"
RUN_WRITE_REFUSED = "run_write_refused"
RUN_WRITE_NOTE = (
    "run_id records this search in one of your research runs, a write, and a GET sent from "
    "anywhere must not write: give run_id with your API token (Authorization: Bearer), or "
    "from this site's own pages (the browser then says so), or submit the search form; or "
    "leave run_id out to search without recording. Nothing was searched or recorded."
)


@require_GET
def search_keyword(request: HttpRequest) -> HttpResponse:
    """The seed's search_keyword: chunk-level BM25 search with filters and facets; with
    `format=csv|bibtex` the same rows as a file. A `run_id` records the call in that run
    when an API token names the caller or the browser proves our own page sent it (else a
    403: a GET from anywhere must not write)."""
    user, refused = run_writer(request)
    if refused is not None:
        return json_response(refused)
    form = PaperSearchForm(
        request.GET, catalog=load_catalog(), user=user, record=True, exports=True
    )
    outcome = paper_outcome(form, idle_ok=False)

    def export(result: PaperSearchResult, format: str) -> ExportFile:
        return export_file(result, format, request.build_absolute_uri)

    return answer_or_download(form, outcome, search_payload, export)


def run_writer(request: HttpRequest) -> tuple[User | AnonymousUser, Answer | None]:
    """Who the search is made for (an API token's owner, else the session's user), and the
    refusal when it would write to a run without a token or proof that we sent it."""
    secret = bearer_secret(request)
    if secret is not None:
        try:
            return user_for_secret(secret), None
        except TokenRejected as exc:
            note = f"{exc} Nothing was searched or recorded."
            refused = error_answer(
                401, TOKEN_REJECTED, note=note, coverage_note=NOTHING_SEARCHED_COVERAGE_NOTE
            )
            return AnonymousUser(), refused
    if str(request.GET.get("run_id") or "").strip() and not has_same_origin_proof(request):
        refused = error_answer(
            403, RUN_WRITE_REFUSED, note=RUN_WRITE_NOTE,
            coverage_note=NOTHING_SEARCHED_COVERAGE_NOTE,
        )  # fmt: skip
        return request.user, refused
    return request.user, None


@require_GET
def paper(request: HttpRequest) -> JsonResponse:
    """Canonical look-up by `arxiv_id` (any version suffix) or `paper_id`; or `title` search."""
    form = PaperLookupForm(request.GET, catalog=load_catalog())
    return outcome_response(lookup_outcome(form), lookup_payload, with_terms=False)
