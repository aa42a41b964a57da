"""Section page fuzz (hypothesis): any highlight words and back-link parameters. Never a 5xx;
the section is always shown, and a 400 names the parameter it did not use."""

from pathlib import Path
from urllib.parse import urlencode

import pytest
from django.test import Client
from hypothesis import example, given
from hypothesis import strategies as st

from search.statutes.sections.forms import CARRIED, CITED
from tests.fuzz_report import FUZZ, FUZZ_CASES

pytestmark = pytest.mark.django_db

PAGE = "/statutes/wa:statute:59.18.280/"
values = st.one_of(
    st.sampled_from(["", "true", "1" + "0" * 30, "%00", "\x00", "<b>", '"deposit', "wa,us"]),
    st.text(max_size=30),
    st.text(alphabet="ab ", min_size=190, max_size=900),
)
params = st.lists(st.tuples(st.sampled_from([*CARRIED, CITED]), values), max_size=6)


@FUZZ
@example(pairs=[("q", "x" * 801)])
@example(pairs=[("q", "deposit\x00")])
@example(pairs=[("include", "cfr")] * 61)
@given(pairs=params)
def test_section_page_fuzz(
    client: Client, built_indexes: Path, pairs: list[tuple[str, str]]
) -> None:
    FUZZ_CASES["section page: highlight and back-link parameters"] += 1
    query = urlencode(pairs)
    response = client.get(f"{PAGE}?{query}")
    assert response.status_code in (200, 400), query
    html = response.content.decode()
    assert 'data-copy="RCW 59.18.280"' in html, query
    if response.status_code == 400:
        assert 'class="error panel" role="alert"' in html and "Not used from the address" in html
    else:
        assert "Not used from the address" not in html
