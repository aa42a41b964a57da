"""A confined search drops its place's postal code typed as a word, like the place's name."""

from search.statutes.scope import Scope
from search.statutes.shaping import typed_codes


def test_the_chosen_place_s_code_is_dropped_in_any_case() -> None:
    scope = Scope(jurisdictions=("ct",))
    assert typed_codes("landlord changed locks ct", scope) == {"ct"}
    assert typed_codes("break lease landlord won't fix anything CT", scope) == {"ct"}


def test_a_code_of_a_place_not_chosen_is_searched() -> None:
    assert typed_codes("landlord changed locks ct", Scope(jurisdictions=("wa",))) == set()
    assert typed_codes("landlord changed locks ct", Scope()) == set()


def test_a_code_that_is_a_word_is_dropped_only_in_capitals() -> None:
    idaho = Scope(jurisdictions=("id",))
    assert typed_codes("photo id for a lease", idaho) == set()
    assert typed_codes("eviction notice ID", idaho) == {"id"}
    assert typed_codes("rent due in march", Scope(jurisdictions=("in",))) == set()


def test_federal_law_s_code_is_never_a_place_word() -> None:
    assert typed_codes("can they evict us", Scope(jurisdictions=("us",))) == set()
    assert typed_codes("US citizens only rental", Scope(jurisdictions=("us",))) == set()
