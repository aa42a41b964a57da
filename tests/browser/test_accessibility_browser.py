"""axe-core in real Chromium: no serious or critical accessibility violation on the main pages,
at desktop and phone widths, signed out and (for the admin's build pages) signed in as staff.

axe is a vendored test file (tests/browser/vendor/axe.min.js) injected into each page. The
portal's Content-Security-Policy allows no inline script, so these pages open in a browser
context that ignores the policy; every other browser test keeps it.
"""

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from pytest_django.live_server_helper import LiveServer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

AXE = Path(__file__).parent / "vendor" / "axe.min.js"
BLOCKING = ("serious", "critical")
WIDTHS = ((1280, 900), (390, 844))
PAGES = (
    "/",
    "/statutes/",
    "/statutes/?q=landlord+deposit&jurisdiction=wa",
    "/statutes/?q=the",  # the form's error panel
    "/statutes/survey/",
    "/statutes/survey/?q=landlord+%22security+deposit%22",
    "/statutes/survey/?q=deposit&per=0",  # the survey form's error panel
    "/statutes/wa:statute:59.18.260/?q=deposit",
    "/statutes/wa:statute:59.18.260/?q=deposit&stem=%00",  # the parameters' error panel
    "/statutes/wa:statute:0.0.0/",  # a section that is not loaded
    "/sources/",
    "/papers/",
    "/papers/?query=adaptation&categories=cs.CL",
    "/papers/?query=adaptation&facets=true&detail=full",
    "/papers/2106.09685/?query=lora",
    "/papers/lookup/?title=adaptation",
    "/no/such/page/",
    "/accounts/login/",
)
ADMIN_PAGES = ("/admin/search/indexbuild/", "/admin/search/indexbuild/rebuild/all/")
SCRIPT = """async () => {
  const found = await axe.run(document, {resultTypes: ["violations"]});
  return found.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" "))}));
}"""


def violations(page: Page, url: str) -> list[dict[str, Any]]:
    page.goto(url)
    page.wait_for_load_state("load")
    found: list[dict[str, Any]] = page.evaluate(SCRIPT)
    return [v for v in found if v["impact"] in BLOCKING]


def audit(browser: Browser, live_server: LiveServer, paths: tuple[str, ...], **login: str) -> None:
    problems = {}
    for width, height in WIDTHS:
        context = browser.new_context(viewport={"width": width, "height": height}, bypass_csp=True)
        context.add_init_script(path=str(AXE))  # into every page, before its own scripts
        page = context.new_page()
        if login:
            page.goto(f"{live_server.url}/admin/login/")
            page.fill("#id_username", login["username"])
            page.fill("#id_password", login["password"])
            page.click("input[type=submit]")
            page.wait_for_url(f"{live_server.url}/admin/")
        for path in paths:
            found = violations(page, live_server.url + path)
            if found:
                problems[f"{path} at {width}px"] = found
        context.close()
    assert not problems, problems


def test_main_pages_have_no_serious_violations(
    browser: Browser, live_server: LiveServer, built_indexes: Path
) -> None:
    audit(browser, live_server, PAGES)


def test_the_admins_build_pages_have_no_serious_violations(
    browser: Browser, live_server: LiveServer, built_indexes: Path, django_user_model: Any
) -> None:
    django_user_model.objects.create_superuser("staff", password="axe-test-pass")
    audit(browser, live_server, ADMIN_PAGES, username="staff", password="axe-test-pass")
