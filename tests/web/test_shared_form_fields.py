"""The search forms share their configured fields: every form answers, renders and describes
itself exactly as the forms built per request did (`tests/forms_reference.py`), on written
cases and on real queries, and using a form never changes the fields it shares."""

import gzip
import itertools
import json
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from django import forms
from django.http import QueryDict
from django.test import override_settings

from search.mcp.schema import form_schema
from search.papers.catalog import PaperCatalog
from search.papers.forms import PaperSearchForm
from search.statutes.catalog import Catalog, load_catalog
from search.statutes.search.forms import StatuteSearchForm
from search.statutes.survey.forms import StatuteSurveyForm
from tests.forms_reference import (
    ReferencePaperSearchForm,
    ReferenceStatuteSearchForm,
    ReferenceStatuteSurveyForm,
)
from tests.statute_support import real_statute_index

pytestmark = pytest.mark.django_db

PAPER_CASES = [
    None, "", "query=", "query=attention+heads", "query=attention&match=any_words",
    "query=low+rank+adaptation&match=phrase", "query=x&match=bogus", "query=the+of+and",
    "query=see+2106.09685v2", "query=bert&limit=5", "query=bert&limit=0", "query=bert&limit=x",
    "query=bert&limit=1000", "query=bert&limit=100000000", "query=bert&offset=-1",
    "query=bert&offset=20", "query=bert&offset=999999", "query=bert&sort=newest",
    "query=bert&sort=bogus", "query=bert&dateFrom=2024", "query=bert&dateFrom=2024-13",
    "query=bert&dateFrom=2024-06&dateTo=2023", "query=bert&categories=cs.CL,cs.lg",
    "query=bert&categories=cs.CL&categories=hep-th", "query=bert&categories=bogus",
    "query=bert&contentType=methodology,Results", "query=bert&contentType=bogus",
    "query=bert&entities=BERT,SQuAD", "query=bert&authors=Lin+Mu&authors=Mu",
    "query=bert&authors=,,;", "query=bert&detail=full", "query=bert&detail=bogus",
    "query=bert&facets=true", "query=bert&facets=maybe", "query=bert&diversifyBy=keyConcept",
    "query=bert&maxPerDocument=0", "query=bert&maxPerDocument=3",
    "query=bert&maxPerDocument=9999", "query=bert&format=csv", "query=bert&format=bogus",
    "query=bert&foo=1&csrfmiddlewaretoken=x", "query=" + "x" * 600,
]  # fmt: skip
STATUTE_CASES = [
    None, "", "q=", "q=security+deposit", "q=what+is+the", "q=%22unclosed+quote",
    "q=deposit&jurisdiction=wa", "q=deposit&jurisdiction=WA,us", "q=deposit&jurisdiction=zz",
    "q=deposit&jurisdiction=tx", "q=deposit&jurisdiction=wa&jurisdiction=ks",
    "q=escrow&source=cfr", "q=escrow&source=CFR&title=part+1024", "q=escrow&source=cfr&title=9",
    "q=escrow&title=1024", "q=escrow&source=bogus", "q=escrow&source=wa-stat",
    "q=escrow&source=tx", "q=escrow&source=cfr&jurisdiction=wa", "q=escrow&include=cfr",
    "q=escrow&include=cfr,bogus", "q=escrow&source=cfr&include=cfr",
    "q=deposit&chapter=59.18", "q=deposit&chapter=59.18&jurisdiction=wa",
    "q=deposit&chapter=bogus", "q=deposit&limit=5", "q=deposit&limit=0", "q=deposit&limit=x",
    "q=deposit&limit=1000", "q=deposit&limit=100000", "q=deposit&offset=10",
    "q=deposit&offset=-1", "q=deposit&offset=99999999", "q=deposit&stem=true&headings=1",
    "q=deposit&expand=false&words=yes", "q=deposit&stem=maybe", "q=RCW+59.18.280",
    "q=deposit&format=csv", "q=deposit&format=bibtex", "q=deposit&per=3&sort=score",
    "q=deposit&per=0", "q=deposit&per=100000", "q=deposit&sort=bogus", "q=" + "y" * 1200,
]  # fmt: skip


def query(text: str | None) -> QueryDict | None:
    return None if text is None else QueryDict(text)


def observed(form: Any) -> dict[str, Any]:
    """Everything a page, the API or an MCP tool reads of a form."""
    seen: dict[str, Any] = {"idle": form.is_idle, "valid": form.is_valid()}
    seen["errors"] = form.errors.get_json_data()
    seen["cleaned"] = repr(getattr(form, "cleaned_data", None))
    seen["request"] = form.to_request() if seen["valid"] else None
    seen["coverage"] = form.coverage_note()
    seen["parsed"] = form.parsed
    seen["schema"] = form_schema(form)
    seen["fields"] = [
        (name, str(bf), bf.label_tag(), bf.label, bf.help_text, bf.errors.get_json_data())
        for name, bf in ((name, form[name]) for name in form.fields)
    ]
    if isinstance(form, PaperSearchForm):
        seen["ignored"] = form.ignored_params()
    else:
        seen["scope"] = form.scope()
    return seen


def _held(value: Any) -> str:
    # Objects by identity (a choices callable names its whole catalog), containers by content.
    plain = isinstance(value, dict | list | tuple | str | int | float | bool | type(None))
    return repr(value) if plain else f"{type(value).__name__}@{id(value)}"


def state(fields: dict[str, forms.Field]) -> list[tuple[str, str, str]]:
    """What a field and its widget hold (a form that changed a shared field shows here)."""
    return [
        (
            name,
            repr(sorted((k, _held(v)) for k, v in vars(field).items() if k != "widget")),
            repr(sorted((k, _held(v)) for k, v in vars(field.widget).items())),
        )
        for name, field in fields.items()
    ]


def compare(
    make: Callable[..., Any], reference: Callable[..., Any], cases: list[Any], **kwargs: Any
) -> int:
    """Each case through the form (twice: built, then shared) and its reference; the shared
    fields are as configured after every case has been validated and rendered."""
    shared: list[tuple[dict[str, forms.Field], list[tuple[str, str, str]]]] = []
    for case in cases:
        first = make(query(case), **kwargs)
        shared.append((first.fields, state(first.fields)))
        expected = observed(reference(query(case), **kwargs))
        assert observed(first) == expected, case
        assert observed(make(query(case), **kwargs)) == expected, case
    for fields, before in shared:
        assert state(fields) == before
    return len(cases)


def paper_catalog(categories: tuple[tuple[str, int], ...]) -> PaperCatalog:
    return PaperCatalog(
        version=None, papers=3, chunks=9, body_chunks=6, full_text_papers=1, undated_papers=0,
        first_published="2020-01-01", last_published="2024-06-30", categories=categories,
        content_types=(("methodology", 4),), top_entities=("BERT",), unavailable_reason="test",
    )  # fmt: skip


SMALL_PAPERS = paper_catalog((("cs.CL", 2), ("cs.LG", 1), ("hep-th", 1), ("I.2.7", 1)))


@pytest.mark.parametrize("exports", [False, True])
def test_paper_form_answers_as_built_per_request(exports: bool) -> None:
    compare(
        PaperSearchForm, ReferencePaperSearchForm, PAPER_CASES,
        catalog=SMALL_PAPERS, exports=exports,
    )  # fmt: skip


@pytest.fixture
def statute_catalog(statutes_loaded: Path) -> Catalog:
    return load_catalog()


@pytest.mark.parametrize("exports", [False, True])
def test_statute_forms_answer_as_built_per_request(statute_catalog: Catalog, exports: bool) -> None:
    for make, reference in (
        (StatuteSearchForm, ReferenceStatuteSearchForm),
        (StatuteSurveyForm, ReferenceStatuteSurveyForm),
    ):
        compare(make, reference, STATUTE_CASES, catalog=statute_catalog, exports=exports)


def test_a_changed_setting_reaches_the_next_form(statute_catalog: Catalog) -> None:
    before = PaperSearchForm(None, catalog=SMALL_PAPERS).fields["limit"].label
    with override_settings(PORTAL_PAPER_LIMIT_MAX=7, PORTAL_STATUTE_LIMIT_MAX=9):
        assert PaperSearchForm(None, catalog=SMALL_PAPERS).fields["limit"].label == (
            "Rows (at most 7)"
        )
        compare(PaperSearchForm, ReferencePaperSearchForm, PAPER_CASES[:12], catalog=SMALL_PAPERS)
        compare(
            StatuteSearchForm, ReferenceStatuteSearchForm, STATUTE_CASES[:8],
            catalog=statute_catalog,
        )  # fmt: skip
    assert PaperSearchForm(None, catalog=SMALL_PAPERS).fields["limit"].label == before


def test_each_catalog_has_its_own_choices() -> None:
    other = paper_catalog((("math.AG", 5),))
    for catalog in (SMALL_PAPERS, other, SMALL_PAPERS):
        form = PaperSearchForm(None, catalog=catalog)
        reference = ReferencePaperSearchForm(None, catalog=catalog)
        assert str(form["categories"]) == str(reference["categories"])
        assert list(form.fields["categories"].widget.choices) == list(
            reference.fields["categories"].widget.choices
        )


def test_a_form_may_still_change_its_own_fields() -> None:
    form = PaperSearchForm(None, catalog=SMALL_PAPERS)
    del form.fields["query"]
    assert "query" in PaperSearchForm(None, catalog=SMALL_PAPERS).fields


# --- real data -----------------------------------------------------------------------------

REAL_PAPERS = 3000
REAL_STATUTE_FILES = (
    "me-stat-housing.jsonl.gz", "pr-stat-housing.jsonl.gz", "oh-stat-housing.jsonl.gz",
    "nc-stat-housing.jsonl.gz", "cfr-7.jsonl.gz",
)  # fmt: skip


def _rows(path: Path, count: int) -> list[dict[str, Any]]:
    with gzip.open(path, "rt") as handle:
        return [json.loads(line) for line in itertools.islice(handle, count)]


@pytest.mark.realdata
def test_paper_form_on_real_titles_and_authors(real_data_dir: Path) -> None:
    papers = _rows(real_data_dir / "papers" / "papers.jsonl.gz", REAL_PAPERS)
    counts = Counter(c for p in papers for c in p.get("categories") or ())
    # The most common 40: the checklist renders every one, three times a case.
    catalog = paper_catalog(tuple(counts.most_common(40)))
    cases = []
    for paper in papers[:: REAL_PAPERS // 40]:
        cats = ",".join((paper.get("categories") or ["cs.CL"])[:2])
        authors = (paper.get("authors") or ["Mu"])[:2]
        cases += [
            {"query": paper["title"]},
            {"query": paper["title"], "match": "any_words", "categories": cats, "limit": "25"},
            {"query": " ".join(authors), "authors": ",".join(authors), "match": "phrase",
             "dateFrom": "2020"},
        ]  # fmt: skip
    checked = compare(
        lambda data, **kw: PaperSearchForm(data, **kw),
        lambda data, **kw: ReferencePaperSearchForm(data, **kw),
        [urlencode(c) for c in cases], catalog=catalog, exports=True,
    )  # fmt: skip
    assert checked >= 120


@pytest.fixture(scope="module")
def real_statutes(
    real_data_dir: Path,
    tmp_path_factory: pytest.TempPathFactory,
    django_db_setup: None,
    django_db_blocker: Any,
) -> Iterator[tuple[Path, Path]]:
    base = tmp_path_factory.mktemp("real-forms")
    with real_statute_index(real_data_dir, REAL_STATUTE_FILES, base, django_db_blocker) as root:
        yield real_data_dir, root


@pytest.mark.realdata
def test_statute_forms_on_real_headings(real_statutes: tuple[Path, Path]) -> None:
    data, root = real_statutes
    with override_settings(PORTAL_INDEX_DIR=root):
        catalog = load_catalog()
        cases = []
        for name in REAL_STATUTE_FILES:
            for row in _rows(data / "statutes" / name, 400)[::16]:
                heading = str(row.get("heading") or row["citation"])[:300]
                chapter = str(row.get("chapter") or "")
                cases.append({"q": heading})
                cases.append(
                    {"q": heading, "jurisdiction": row["jurisdiction"], "stem": "true",
                     "chapter": chapter}
                )  # fmt: skip
                cases.append(
                    {"q": row["citation"], "source": "cfr", "title": row.get("title") or ""}
                )
        encoded = [urlencode(c) for c in cases]
        for make, reference in (
            (StatuteSearchForm, ReferenceStatuteSearchForm),
            (StatuteSurveyForm, ReferenceStatuteSurveyForm),
        ):
            assert compare(make, reference, encoded, catalog=catalog, exports=True) >= 120
