"""Admin for index builds: rebuild buttons with a confirmation page, the build list (which
build is live, which were superseded), and a live progress page."""

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import URLPattern, path, reverse
from django.utils import timezone
from django.utils.decorators import method_decorator
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from search.indexes.names import INDEX_NAMES
from search.indexes.store import IndexStore
from search.models import IndexBuild
from search.ops.builds.build_progress import (
    LIVE,
    SUPERSEDED,
    build_progress,
    build_standing,
    duration_text,
)
from search.ops.builds.rebuild_requests import cancel_build, recover_stale_builds, request_rebuilds
from search.ops.progress import human
from search.ops.status import IndexStatus, index_status

REBUILD_PERMISSION = "search.rebuild_index"
ALL_INDEXES = "all"
DETAIL_TEMPLATE = "admin/search/indexbuild/detail.html"
CONFIRM_TEMPLATE = "admin/search/indexbuild/confirm_rebuild.html"
get_only = method_decorator(require_GET)
LIVE_BADGE = mark_safe(' <span class="build-badge build-live">LIVE</span>')
SUPERSEDED_BADGE = mark_safe(' <span class="build-badge build-superseded">superseded</span>')
# A list column made per request (it knows the live versions read for that request).
Column = Callable[[Any], str]
post_only = method_decorator(require_POST)


def can_rebuild(request: HttpRequest) -> bool:
    """Staff holding the dedicated permission (superusers hold every permission)."""
    user = request.user
    return bool(user.is_active and user.is_staff and user.has_perm(REBUILD_PERMISSION))


def live_versions() -> dict[str, str | None]:
    """The live version of every index (one small file read each)."""
    return {name: IndexStore(name).live_version() for name in INDEX_NAMES}


@dataclass(frozen=True)
class IndexPanel:
    """One index on the build list page: what is live, and the build in progress if any."""

    status: IndexStatus
    active: IndexBuild | None
    last_duration: float | None = None  # seconds the last succeeded build took

    @property
    def docs_text(self) -> str:
        """Documents in the live version, with thousands separators."""
        return f"{self.status.doc_count:,}" if self.status.doc_count is not None else "–"

    @property
    def built_text(self) -> str:
        """When the live version was built, in the site's time zone."""
        if not self.status.built_at:
            return "–"
        built = timezone.localtime(datetime.fromisoformat(self.status.built_at))
        return built.strftime("%Y-%m-%d %H:%M:%S %Z")

    @property
    def last_duration_text(self) -> str:
        """How long the last succeeded build took ('1 min 15 s'), or '' when none did."""
        return "" if self.last_duration is None else duration_text(self.last_duration)


def index_panels(names: tuple[str, ...]) -> list[IndexPanel]:
    """A panel per index: its live version and the build queued or running, if any."""
    running = IndexBuild.objects.filter(status__in=IndexBuild.ACTIVE_STATUSES)
    active = {build.index_name: build for build in running}
    panels = []
    for name in names:
        last = (
            IndexBuild.objects.filter(index_name=name, status=IndexBuild.Status.SUCCEEDED)
            .order_by("-finished_at")
            .first()
        )
        duration = last.duration_seconds() if last else None
        panels.append(IndexPanel(index_status(name), active.get(name), duration))
    return panels


def _status_column(live: dict[str, str | None]) -> Column:
    @admin.display(description="status", ordering="status")
    def status(obj: IndexBuild) -> str:
        superseded = build_standing(obj, live.get(obj.index_name)) == SUPERSEDED
        return format_html(
            '<span class="build-badge build-{}">{}</span>{}',
            obj.status,
            obj.get_status_display(),
            SUPERSEDED_BADGE if superseded else "",
        )

    return status


def _version_column(live: dict[str, str | None]) -> Column:
    @admin.display(description="version", ordering="version")
    def version(obj: IndexBuild) -> str:
        if not obj.version:
            return "–"
        is_live = build_standing(obj, live.get(obj.index_name)) == LIVE
        return format_html(
            '<code class="build-version">{}</code>{}',
            obj.version,
            LIVE_BADGE if is_live else "",
        )

    return version


@admin.register(IndexBuild)
class IndexBuildAdmin(admin.ModelAdmin):
    # The status and version columns mark the live build: they are added per request, when
    # the live versions are read (get_list_display).
    list_display = ("build", "progress", "requester", "created", "duration")
    list_display_links = ("build",)
    actions = None  # the build history is a record: nothing to do in bulk
    # No filter sidebar: it would squeeze the list; the page offers the same filters as links.
    list_select_related = ("requested_by",)
    show_full_result_count = False

    # --- permissions: builds are created by the rebuild action only, never edited ----------
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: IndexBuild | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: IndexBuild | None = None) -> bool:
        return super().has_delete_permission(request, obj) and not (obj and obj.is_active)

    def has_view_permission(self, request: HttpRequest, obj: IndexBuild | None = None) -> bool:
        return super().has_view_permission(request, obj) or can_rebuild(request)

    def has_module_permission(self, request: HttpRequest) -> bool:
        return super().has_module_permission(request) or can_rebuild(request)

    # --- list columns ---------------------------------------------------------------------
    @admin.display(description="build", ordering="-pk")
    def build(self, obj: IndexBuild) -> str:
        return f"#{obj.pk} {obj.index_name}"

    @admin.display(description="by", ordering="requested_by__username")
    def requester(self, obj: IndexBuild) -> str:
        return str(obj.requested_by) if obj.requested_by else "command line"

    @admin.display(description="requested", ordering="created_at")
    def created(self, obj: IndexBuild) -> str:
        return timezone.localtime(obj.created_at).strftime("%Y-%m-%d %H:%M")

    @admin.display(description="progress")
    def progress(self, obj: IndexBuild) -> str:
        if not obj.docs_total:
            return "–"
        return f"{obj.percent:.0f}% of {human(obj.docs_total)}"

    @admin.display(description="duration")
    def duration(self, obj: IndexBuild) -> str:
        seconds = obj.duration_seconds()
        return "–" if seconds is None else duration_text(seconds)

    def get_list_display(self, request: HttpRequest) -> tuple[str | Column, ...]:
        live = live_versions()
        build, *rest = self.list_display
        return (build, _status_column(live), *rest, _version_column(live))

    # --- pages ----------------------------------------------------------------------------
    def get_urls(self) -> list[URLPattern]:
        wrap = self.admin_site.admin_view
        name = f"{self.opts.app_label}_{self.opts.model_name}"
        # Before the default patterns, whose `<path:object_id>/` would swallow these.
        return [
            path("rebuild/<str:index>/", wrap(self.rebuild_view), name=f"{name}_rebuild"),
            path("<int:build_id>/progress/", wrap(self.progress_view), name=f"{name}_progress"),
            path("<int:build_id>/cancel/", wrap(self.cancel_view), name=f"{name}_cancel"),
            *super().get_urls(),
        ]

    def changelist_view(
        self, request: HttpRequest, extra_context: dict[str, object] | None = None
    ) -> HttpResponse:
        """The build list, under a panel per index with its live version and rebuild button."""
        recover_stale_builds()
        context = {
            "title": "Index builds",
            "index_panels": index_panels(INDEX_NAMES),
            "filter_links": _filter_links(request),
            "can_rebuild": can_rebuild(request),
            **(extra_context or {}),
        }
        return super().changelist_view(request, context)

    @get_only
    def change_view(
        self,
        request: HttpRequest,
        object_id: str,
        form_url: str = "",
        extra_context: dict[str, object] | None = None,
    ) -> HttpResponse:
        """A read-only build page whose progress region polls itself while the build runs."""
        build = self._viewable_build(request, unquote(object_id))
        context = {**self.admin_site.each_context(request), **self._build_context(request, build)}
        return TemplateResponse(request, DETAIL_TEMPLATE, context)

    @get_only
    def progress_view(self, request: HttpRequest, build_id: int) -> HttpResponse:
        """The progress region alone (htmx polls it every second until the build ends)."""
        build = self._viewable_build(request, str(build_id))
        return TemplateResponse(
            request, f"{DETAIL_TEMPLATE}#progress", self._build_context(request, build)
        )

    @method_decorator(require_http_methods(["GET", "HEAD", "POST"]))
    def rebuild_view(self, request: HttpRequest, index: str) -> HttpResponse:
        """GET: what a rebuild of one index (or all) does, and a button to confirm; POST:
        queue it, refusals coming back as error messages."""
        if not can_rebuild(request):
            raise PermissionDenied
        if index != ALL_INDEXES and index not in INDEX_NAMES:
            raise Http404(f"no index called {index!r}")
        names = INDEX_NAMES if index == ALL_INDEXES else (index,)
        if request.method != "POST":
            return self._confirm_rebuild(request, index, names)
        outcomes = request_rebuilds(names, request.user)
        for outcome in outcomes:
            if outcome.build is None:
                messages.error(request, f"Not queued: {outcome.refusal}")
            else:
                messages.success(request, _queued_message(outcome.build))
        queued = [o.build for o in outcomes if o.build is not None]
        if len(queued) == 1 and len(outcomes) == 1:
            return HttpResponseRedirect(_build_url(queued[0]))
        return HttpResponseRedirect(reverse("admin:search_indexbuild_changelist"))

    @post_only
    def cancel_view(self, request: HttpRequest, build_id: int) -> HttpResponse:
        """Cancel a queued or running build (a running one stops within about a second)."""
        if not can_rebuild(request):
            raise PermissionDenied
        build = self._viewable_build(request, str(build_id))
        if cancel_build(build.pk):
            messages.success(request, f"Build #{build.pk} cancelled; the live index is unchanged.")
        else:
            messages.warning(request, f"Build #{build.pk} had already ended.")
        return HttpResponseRedirect(_build_url(build))

    # --- helpers --------------------------------------------------------------------------
    def _confirm_rebuild(
        self, request: HttpRequest, index: str, names: tuple[str, ...]
    ) -> HttpResponse:
        what = "all indexes" if index == ALL_INDEXES else f"the {index} index"
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "title": f"Rebuild {what}?",
            "index": index,
            "what": what,
            "panels": index_panels(names),
            "has_view_permission": True,
        }
        return TemplateResponse(request, CONFIRM_TEMPLATE, context)

    def _viewable_build(self, request: HttpRequest, object_id: str) -> IndexBuild:
        build = self.get_object(request, object_id)
        if build is None:
            raise Http404(f"no index build {object_id}")
        if not self.has_view_permission(request, build):
            raise PermissionDenied
        if build.is_active and recover_stale_builds():
            build.refresh_from_db()
        return build

    def _build_context(self, request: HttpRequest, build: IndexBuild) -> dict[str, object]:
        live = IndexPanel(index_status(build.index_name), None)
        return {
            "opts": self.opts,
            "title": f"{build.index_name.capitalize()} index build #{build.pk}",
            "build": build,
            "progress": build_progress(build, timezone.now(), live.status.version),
            "live": live,
            "can_rebuild": can_rebuild(request),
            "has_view_permission": True,
        }

    def get_queryset(self, request: HttpRequest) -> QuerySet[IndexBuild]:
        return super().get_queryset(request).select_related("requested_by")


def _filter_links(request: HttpRequest) -> list[tuple[str, str, bool]]:
    """(label, query string, selected) for each index and each status."""
    chosen = (request.GET.get("index_name"), request.GET.get("status"))
    links = [("all builds", "?", chosen == (None, None))]
    links += [(name, f"?index_name={name}", chosen[0] == name) for name in INDEX_NAMES]
    links += [
        (label.lower(), f"?status={value}", chosen[1] == value)
        for value, label in IndexBuild.Status.choices
    ]
    return links


def _build_url(build: IndexBuild) -> str:
    return reverse("admin:search_indexbuild_change", args=[build.pk])


def _queued_message(build: IndexBuild) -> str:
    return format_html(
        'Rebuild of the {} index queued as <a href="{}">build #{}</a>. It runs in the background; '
        "searches keep using the live version until the new one is checked and switched.",
        build.index_name,
        _build_url(build),
        build.pk,
    )
