"""Admin for index builds: rebuild buttons, the build list, and a live progress page."""

from dataclasses import dataclass
from datetime import datetime

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
from django.views.decorators.http import require_GET, require_POST

from search.indexes.build_progress import build_progress, duration_text
from search.indexes.names import INDEX_NAMES
from search.indexes.requests import cancel_build, recover_stale_builds, request_rebuilds
from search.models import IndexBuild
from search.progress import human
from search.status import IndexStatus, index_status

REBUILD_PERMISSION = "search.rebuild_index"
ALL_INDEXES = "all"
DETAIL_TEMPLATE = "admin/search/indexbuild/detail.html"
get_only = method_decorator(require_GET)
post_only = method_decorator(require_POST)


def can_rebuild(request: HttpRequest) -> bool:
    """Staff holding the dedicated permission (superusers hold every permission)."""
    user = request.user
    return bool(user.is_active and user.is_staff and user.has_perm(REBUILD_PERMISSION))


@dataclass(frozen=True)
class IndexPanel:
    """One index on the build list page: what is live, and the build in progress if any."""

    status: IndexStatus
    active: IndexBuild | None

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


@admin.register(IndexBuild)
class IndexBuildAdmin(admin.ModelAdmin):
    list_display = (
        "build", "status_badge", "progress", "requester", "created", "duration", "version_code",
    )  # fmt: skip
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

    @admin.display(description="version", ordering="version")
    def version_code(self, obj: IndexBuild) -> str:
        return (
            format_html('<code class="build-version">{}</code>', obj.version)
            if obj.version
            else "–"
        )

    @admin.display(description="status", ordering="status")
    def status_badge(self, obj: IndexBuild) -> str:
        return format_html(
            '<span class="build-badge build-{}">{}</span>', obj.status, obj.get_status_display()
        )

    @admin.display(description="progress")
    def progress(self, obj: IndexBuild) -> str:
        if not obj.docs_total:
            return "–"
        return f"{obj.percent:.0f}% of {human(obj.docs_total)}"

    @admin.display(description="duration")
    def duration(self, obj: IndexBuild) -> str:
        seconds = obj.duration_seconds()
        return "–" if seconds is None else duration_text(seconds)

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
        running = IndexBuild.objects.filter(status__in=IndexBuild.ACTIVE_STATUSES)
        active = {build.index_name: build for build in running}
        panels = [IndexPanel(index_status(name), active.get(name)) for name in INDEX_NAMES]
        context = {
            "title": "Index builds",
            "index_panels": panels,
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

    @post_only
    def rebuild_view(self, request: HttpRequest, index: str) -> HttpResponse:
        """Queue a rebuild of one index (or all); refusals come back as error messages."""
        if not can_rebuild(request):
            raise PermissionDenied
        if index != ALL_INDEXES and index not in INDEX_NAMES:
            raise Http404(f"no index called {index!r}")
        names = INDEX_NAMES if index == ALL_INDEXES else (index,)
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
        return {
            "opts": self.opts,
            "title": f"{build.index_name.capitalize()} index build #{build.pk}",
            "build": build,
            "progress": build_progress(build, timezone.now()),
            "live": IndexPanel(index_status(build.index_name), None),
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
