"""Research runs: list and create your runs, and one run's query history."""

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from search.papers.forms import RunForm
from search.papers.runs import RunRejected, create_run, own_run, runs_with_history


@login_required
@require_http_methods(["GET", "POST"])
def run_list(request: HttpRequest) -> HttpResponse:
    """Your runs, newest first, each with its latest queries, and a form to start one."""
    form = RunForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        run = create_run(request.user, form.cleaned_data["name"])  # type: ignore[arg-type]  # login_required
        return redirect("run_detail", run_id=run.pk)
    context = {"form": form, "runs": runs_with_history(request.user)}
    return render(request, "papers/runs.html", context, status=400 if form.errors else 200)


@login_required
@require_http_methods(["GET"])
def run_detail(request: HttpRequest, run_id: int) -> HttpResponse:
    """One of your runs with every query made in it, each a link that re-runs it."""
    try:
        run = own_run(request.user, run_id)
    except RunRejected:
        raise Http404("No run of yours has this id.") from None
    context = {"run": run, "queries": run.queries.all()}
    return render(request, "papers/run.html", context)
