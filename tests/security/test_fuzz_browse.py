"""Browse fuzz (hypothesis): tables of contents and chapter pages with any source, title,
chapter and offset. Never a 5xx; a 400 shows the page's error panel naming the parameter."""

from pathlib import Path
from urllib.parse import quote, urlencode

import pytest
from django.test import Client
from hypothesis import example, given
from hypothesis import strategies as st

from tests.fuzz_report import FUZZ, FUZZ_CASES

pytestmark = pytest.mark.django_db

numbers = st.one_of(
    st.integers().map(str),
    st.sampled_from(["", " 3 ", "1e3", "nan", "inf", "0x10", "-0", "+5", "٣", "1.0", "2.5"]),
    st.integers(min_value=0, max_value=3).map(lambda n: str(2 ** (31 + 32 * n))),
)
words = st.one_of(
    st.sampled_from(["59", "59-18", "59.18", "", "61-24", "../..", "%00", "<b>"]),
    st.text(max_size=20),
)


@FUZZ
@example(source="wa-stat", title="59", chapter="59-18", offset="2147483648")
@example(source="wa-stat", title="59", chapter="59-18", offset="18446744073709551616")
@given(
    source=st.one_of(
        st.sampled_from(["wa-stat", "us-usc", "ks-kar", "zz"]), st.text(min_size=1, max_size=12)
    ),
    title=words,
    chapter=words,
    offset=numbers,
)
def test_browse_pages_fuzz(
    client: Client, built_indexes: Path, source: str, title: str, chapter: str, offset: str
) -> None:
    FUZZ_CASES["browse: contents and chapter pages"] += 1
    base = f"/sources/{quote(source, safe='')}/"
    assert client.get(base).status_code < 500, base
    query = urlencode({"title": title, "chapter": chapter, "offset": offset})
    response = client.get(f"{base}chapter/?{query}")
    assert response.status_code < 500, (base, query)
    if response.status_code == 400:
        html = response.content.decode()
        assert 'class="error panel" role="alert"' in html and "offset" in html, query
