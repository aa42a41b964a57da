"""The admin: who may rebuild, the rebuild buttons, the build pages, the corpus lists."""

from pathlib import Path

import pytest
from django.contrib.auth.models import Permission
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from search.indexes.freshness import forget_freshness
from search.indexes.store import IndexStore
from search.models import IndexBuild, Section
from search.ops.builds.build import build_index
from search.ops.builds.rebuild_requests import request_rebuild

pytestmark = pytest.mark.django_db

CHANGELIST = "/admin/search/indexbuild/"


def rebuild_url(index: str) -> str:
    return reverse("admin:search_indexbuild_rebuild", args=[index])


def detail_url(build: IndexBuild) -> str:
    return reverse("admin:search_indexbuild_change", args=[build.pk])


def progress_url(build: IndexBuild) -> str:
    return reverse("admin:search_indexbuild_progress", args=[build.pk])


def user_client(django_user_model: object, *, staff: bool, perms: tuple[str, ...] = ()) -> Client:
    user = django_user_model.objects.create_user(  # type: ignore[attr-defined]
        username=f"u{django_user_model.objects.count()}",  # type: ignore[attr-defined]
        password=None,  # no hashing: force_login needs none, and hashing is slow
        is_staff=staff,
    )
    user.user_permissions.add(*Permission.objects.filter(codename__in=perms))
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def boss(django_user_model: object) -> Client:
    """A superuser (pytest-django's admin_client hashes a password, which takes a second)."""
    client = Client()
    client.force_login(django_user_model.objects.create_superuser("boss", password=None))  # type: ignore[attr-defined]
    return client


@pytest.fixture
def rebuilder(django_user_model: object) -> Client:
    """Staff with only the rebuild permission (not a superuser)."""
    return user_client(django_user_model, staff=True, perms=("rebuild_index",))


# --- who may rebuild ------------------------------------------------------------------------


def test_anonymous_is_sent_to_login_and_nothing_is_queued(client: Client, index_root: Path) -> None:
    response = client.post(rebuild_url("statutes"))
    assert response.status_code == 302
    assert response["Location"].startswith("/admin/login/")
    assert not IndexBuild.objects.exists()


def test_non_staff_is_sent_to_login(django_user_model: object, index_root: Path) -> None:
    client = user_client(django_user_model, staff=False, perms=("rebuild_index",))
    response = client.post(rebuild_url("statutes"))
    assert response.status_code == 302
    assert response["Location"].startswith("/admin/login/")
    assert not IndexBuild.objects.exists()


def test_staff_without_the_permission_is_forbidden(
    django_user_model: object, index_root: Path
) -> None:
    client = user_client(django_user_model, staff=True, perms=("view_indexbuild",))
    assert client.post(rebuild_url("statutes")).status_code == 403
    assert client.post(rebuild_url("all")).status_code == 403
    assert not IndexBuild.objects.exists()
    page = client.get(CHANGELIST)
    assert page.status_code == 200
    assert b"Rebuild statutes index" not in page.content
    assert b"Can rebuild search indexes" in page.content


def test_staff_with_no_permissions_cannot_see_builds(
    django_user_model: object, index_root: Path
) -> None:
    client = user_client(django_user_model, staff=True)
    assert client.get(CHANGELIST).status_code == 403


def test_staff_with_the_permission_queues_a_build_and_lands_on_its_page(
    rebuilder: Client, index_root: Path
) -> None:
    response = rebuilder.post(rebuild_url("statutes"), follow=True)
    build = IndexBuild.objects.get()
    assert response.redirect_chain == [(detail_url(build), 302)]
    assert build.status == IndexBuild.Status.QUEUED
    assert build.requested_by is not None and build.requested_by.username.startswith("u")
    text = response.content.decode()
    link = f'<a href="{detail_url(build)}">build #{build.pk}</a>'
    assert f"Rebuild of the statutes index queued as {link}" in text
    assert f'hx-get="{progress_url(build)}"' in text


def test_rebuild_asks_for_confirmation_before_queueing(
    rebuilder: Client, built_indexes: Path
) -> None:
    response = rebuilder.get(rebuild_url("statutes"))
    text = response.content.decode()
    assert response.status_code == 200 and not IndexBuild.objects.exists()
    assert "Rebuild the statutes index?" in text and "Yes, rebuild the statutes index" in text
    assert f'<form method="post" action="{rebuild_url("statutes")}"' in text
    live = IndexStore("statutes").live_version()
    assert f"<code>{live}</code>" in text and "unchanged since the live version was built" in text
    both = rebuilder.get(rebuild_url("all")).content.decode()
    assert "Yes, rebuild all indexes" in both and "papers" in both


def test_the_confirmation_says_when_the_data_changed_and_a_build_runs(
    rebuilder: Client, built_indexes: Path
) -> None:
    Section.objects.first().save()  # type: ignore[union-attr]
    forget_freshness()
    build = request_rebuild("statutes", None)
    text = rebuilder.get(rebuild_url("statutes")).content.decode()
    assert "rebuild pending" in text
    assert f"build #{build.pk}, Queued</a>: a second request will be refused" in text


def test_the_confirmation_needs_the_permission(django_user_model: object, index_root: Path) -> None:
    client = user_client(django_user_model, staff=True, perms=("view_indexbuild",))
    assert client.get(rebuild_url("statutes")).status_code == 403


def test_rebuild_needs_the_csrf_token(django_user_model: object, index_root: Path) -> None:
    user = django_user_model.objects.create_superuser("boss", password=None)  # type: ignore[attr-defined]
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    assert client.post(rebuild_url("statutes")).status_code == 403
    assert not IndexBuild.objects.exists()
    page = client.get(CHANGELIST)
    token = page.cookies["csrftoken"].value
    response = client.post(rebuild_url("statutes"), {"csrfmiddlewaretoken": token})
    assert response.status_code == 302
    assert IndexBuild.objects.count() == 1


def test_unknown_index_is_404(rebuilder: Client, index_root: Path) -> None:
    assert rebuilder.post(rebuild_url("laws")).status_code == 404


def test_second_request_is_refused_with_a_message(rebuilder: Client, index_root: Path) -> None:
    first = request_rebuild("statutes", None)
    response = rebuilder.post(rebuild_url("statutes"), follow=True)
    assert response.redirect_chain == [(CHANGELIST, 302)]
    text = response.content.decode()
    assert (
        f"Not queued: A rebuild of the statutes index is already queued (build #{first.pk}" in text
    )
    assert IndexBuild.objects.count() == 1


def test_rebuild_all_queues_each_index_and_reports_refusals(
    rebuilder: Client, index_root: Path
) -> None:
    request_rebuild("papers", None)
    response = rebuilder.post(rebuild_url("all"), follow=True)
    assert response.redirect_chain == [(CHANGELIST, 302)]
    text = response.content.decode()
    assert "Rebuild of the statutes index queued as" in text
    assert "Not queued: A rebuild of the papers index is already queued" in text
    assert IndexBuild.objects.filter(index_name="statutes").count() == 1


# --- the build list and build page ------------------------------------------------------------


def test_list_shows_live_versions_and_rebuild_buttons(
    rebuilder: Client, built_indexes: Path
) -> None:
    build = request_rebuild("papers", None)
    text = rebuilder.get(CHANGELIST).content.decode()
    assert f'href="{rebuild_url("statutes")}">Rebuild statutes index…</a>' in text
    assert f'href="{rebuild_url("all")}">Rebuild all indexes…</a>' in text
    assert f"build #{build.pk}, Queued" in text
    assert 'aria-disabled="true" title="A build of this index is already queued"' in text
    assert "not built" not in text and "unchanged since this build" in text


def test_the_build_list_marks_the_live_build_and_the_superseded_ones(
    rebuilder: Client, loaded_corpus: Path, index_root: Path
) -> None:
    from search.ops.builds.records import run_requested_build

    first = request_rebuild("statutes", None)
    run_requested_build(first.pk)
    second = request_rebuild("statutes", None)
    run_requested_build(second.pk)
    first.refresh_from_db()
    second.refresh_from_db()
    text = rebuilder.get(CHANGELIST).content.decode()
    live = f'{second.version}</code> <span class="build-badge build-live">LIVE</span>'
    assert text.count('<span class="build-badge build-live">LIVE</span>') == 2  # panel and row
    assert live in text
    assert text.count("build-superseded") == 1
    old = rebuilder.get(detail_url(first)).content.decode()
    assert "Done: version" not in old and "build-superseded" in old
    assert f"Superseded: version {first.version} was replaced; version {second.version}" in old
    new = rebuilder.get(detail_url(second)).content.decode()
    assert f"Done: version {second.version} is live" in new


def test_running_build_page_polls_and_shows_rate_and_time_left(
    rebuilder: Client, index_root: Path
) -> None:
    now = timezone.now()
    build = IndexBuild.objects.create(
        index_name="statutes",
        status=IndexBuild.Status.RUNNING,
        docs_done=1000,
        docs_total=4000,
        started_at=now - timezone.timedelta(seconds=10),
        heartbeat_at=now,
        worker_pid=__import__("os").getpid(),
        worker_host=__import__("socket").gethostname(),
    )
    text = rebuilder.get(detail_url(build)).content.decode()
    assert 'hx-trigger="every 1s"' in text
    assert "25%" in text and "1,000 of 4,000" in text
    assert "100 docs/s" in text and "about 30 s left" in text
    assert "Cancel this build" in text


def test_progress_partial_is_only_the_progress_region(rebuilder: Client, index_root: Path) -> None:
    build = request_rebuild("statutes", None)
    response = rebuilder.get(progress_url(build), headers={"HX-Request": "true"})
    text = response.content.decode().strip()
    assert text.startswith('<div id="build-live" hx-get=')
    assert text.endswith("</div>")
    assert "<html" not in text and "About this build" in text
    assert "Waiting for the background worker" in text


def test_finished_build_page_stops_polling_and_shows_the_live_version(
    rebuilder: Client, loaded_corpus: Path, index_root: Path
) -> None:
    from search.ops.builds.records import run_requested_build

    build = request_rebuild("statutes", None)
    run_requested_build(build.pk)
    build.refresh_from_db()
    for url in (detail_url(build), progress_url(build)):
        text = rebuilder.get(url).content.decode()
        assert "hx-trigger" not in text
        assert "100%" in text and "Succeeded" in text
        assert f"Version <code>{build.version}</code> is built and checked" in text
        assert "It is the live version" in text


def test_failed_build_page_shows_the_error(rebuilder: Client, index_root: Path) -> None:
    build = IndexBuild.objects.create(
        index_name="statutes",
        status=IndexBuild.Status.FAILED,
        error="check failed: index has 3 documents, database 5",
        finished_at=timezone.now(),
    )
    text = rebuilder.get(detail_url(build)).content.decode()
    assert "check failed: index has 3 documents, database 5" in text
    assert "Failed: the live index was not changed" in text


def test_cancel_from_the_build_page(rebuilder: Client, index_root: Path) -> None:
    build = request_rebuild("statutes", None)
    url = reverse("admin:search_indexbuild_cancel", args=[build.pk])
    response = rebuilder.post(url, follow=True)
    assert "cancelled; the live index is unchanged" in response.content.decode()
    build.refresh_from_db()
    assert build.status == IndexBuild.Status.CANCELLED


def test_cancel_needs_the_permission(django_user_model: object, index_root: Path) -> None:
    build = request_rebuild("statutes", None)
    viewer = user_client(django_user_model, staff=True, perms=("view_indexbuild",))
    url = reverse("admin:search_indexbuild_cancel", args=[build.pk])
    assert viewer.post(url).status_code == 403
    build.refresh_from_db()
    assert build.status == IndexBuild.Status.QUEUED


def test_builds_cannot_be_added_or_edited(boss: Client, index_root: Path) -> None:
    assert boss.get("/admin/search/indexbuild/add/").status_code == 403
    build = request_rebuild("statutes", None)
    assert boss.post(detail_url(build), {"status": "succeeded"}).status_code == 405
    build.refresh_from_db()
    assert build.status == IndexBuild.Status.QUEUED


# --- the corpus admin ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "url",
    [
        "/admin/search/source/",
        "/admin/search/section/",
        "/admin/search/section/?q=RCW+59.18",
        "/admin/search/section/?jurisdiction=wa",
        "/admin/search/paper/",
        "/admin/search/chunk/",
    ],
)
def test_corpus_lists_load_read_only(boss: Client, loaded_corpus: Path, url: str) -> None:
    response = boss.get(url)
    assert response.status_code == 200
    assert f"{url.split('?')[0]}add/" not in response.content.decode()


def test_section_search_by_citation_prefix_and_id(boss: Client, loaded_corpus: Path) -> None:
    text = boss.get("/admin/search/section/?q=RCW+59.18.2").content.decode()
    assert "RCW 59.18.260" in text and "RCW 59.18.280" in text and "RCW 59.18.060" not in text
    text = boss.get("/admin/search/section/?q=wa:statute:59.18.060").content.decode()
    assert "RCW 59.18.060" in text and "RCW 59.18.260" not in text


# --- visibility of a new version -----------------------------------------------------------------


def test_healthz_and_home_show_a_new_version_right_after_the_switch(
    client: Client, loaded_corpus: Path, index_root: Path
) -> None:
    build_index("papers")
    first = build_index("statutes").version
    assert client.get("/healthz").json()["indexes"]["statutes"]["version"] == first
    second = build_index("statutes").version
    health = client.get("/healthz").json()["indexes"]["statutes"]
    assert health["version"] == second != first
    assert health["built_at"]
    assert second in client.get("/").content.decode()


def test_filter_links_narrow_the_build_list(rebuilder: Client, index_root: Path) -> None:
    failed = IndexBuild.objects.create(index_name="papers", status=IndexBuild.Status.FAILED)
    queued = request_rebuild("statutes", None)
    text = rebuilder.get(CHANGELIST + "?status=failed").content.decode()
    assert f"#{failed.pk} papers" in text and f"#{queued.pk} statutes" not in text
    assert "<strong>failed</strong>" in text
    text = rebuilder.get(CHANGELIST + "?index_name=statutes").content.decode()
    assert f"#{queued.pk} statutes" in text and f"#{failed.pk} papers" not in text
