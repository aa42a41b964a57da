"""Pure tests of the everyday-words map: what it adds, from which words, and what it never adds."""

import pytest

from search.backends.tantivy.analysis import stem
from search.text.everyday_words import (
    CODE_WORDS,
    ENTRIES,
    MAX_ADDED,
    TRIGGERS,
    AddedTerm,
    added_terms,
    read_entries,
    translated_words,
)
from tests.reference_tokenizer import simple_tokenize


def added(text: str, searched: tuple[str, ...] = ()) -> list[tuple[str, str]]:
    """(term, from) of what one stretch of loose text adds."""
    return [(a.term, a.source) for a in added_terms([simple_tokenize(text)], searched)]


def test_everyday_phrase_adds_the_codes_words_with_their_source() -> None:
    found = added("landlord wants to kick me out")
    assert ("eviction", "kick out") not in found  # 'kick me out' is not 'kick out'
    found = added("can my landlord kick out my roommate")
    assert ("eviction", "kick out") in found
    assert ("unlawful detainer", "kick out") in found


def test_a_code_phrase_keeps_its_words() -> None:
    terms = added_terms([simple_tokenize("they kicked out my family")], ())
    detainer = next(t for t in terms if t.term == "unlawful detainer")
    assert detainer == AddedTerm("unlawful detainer", ("unlawful", "detainer"), "kicked out")


@pytest.mark.parametrize(
    ("question", "term", "source"),
    [
        # A colour names race only beside a person: "black mold" is a repair.
        ("black mold in the bathroom", "race", None),
        ("the white paint is peeling", "race", None),
        ("showed it to a white couple", "race", "white couple"),
        ("fixes repairs for the black tenants last", "race", "black tenants"),
        # A home's setup is its installation; a payment plan's is not.
        ("the dealer's setup of my new manufactured home", "installation", "setup"),
        ("can we set up a payment plan", "installation", None),
        # Any "quit" once added unemployment law's words ("voluntarily", "leaving work").
        ("I got a notice to quit", "leaving work", None),
        ("he quit paying lot rent", "leaving work", None),
        ("can I get benefits if I quit my job", "leaving work", "quit my job"),
        # Holding over is a tenant still in the home, not mold still there.
        ("the mold is still there after a month", "holdover", None),
        ("lease ended and he is still living there", "holdover", "still living there"),
        # A promise on the phone is oral; a collector's call is not.
        ("landlord said on the phone I could stay", "oral", "said on the phone"),
        ("the collector calls me on the phone at work", "oral", None),
        # Finding a new renter is mitigation; being one is not.
        ("does the landlord have to find a new renter", "mitigate", "find a new renter"),
        ("I am a new renter, what are my rights", "mitigate", None),
        # A charge never made is a billing error; repairs never made are not.
        (
            "there is a charge on my statement I never made",
            "billing error",
            "statement i never made",
        ),
        ("they never made the repairs", "billing error", None),
        # Junk in a yard is debris; junk fees are not.
        ("neighbor's yard is full of junk", "debris", "full of junk"),
        ("landlord charged junk fees", "debris", None),
        # A handyman's lien is a contractor's; a plumber the landlord never sent is not.
        ("can a handyman put a lien on my house", "contractor", "handyman"),
        ("the plumber never came to fix the leak", "contractor", None),
    ],
)
def test_a_trigger_adds_only_in_its_own_sense(question: str, term: str, source: str | None) -> None:
    found = added(question)
    if source is None:
        assert not any(t == term for t, _ in found)
    else:
        assert (term, source) in found


def test_a_phrase_inside_a_longer_one_adds_nothing() -> None:
    # "catch up on rent" is paying what is owed to stop an eviction; the "catch up" inside
    # it is a loan's reinstatement, and was added beside it before the longer phrase took
    # its words.
    found = added("can I catch up on rent before the hearing")
    assert ("redemption", "catch up on rent") in found
    assert not any(source == "catch up" for _, source in found)
    # Alone, or elsewhere in the same question, the shorter phrase still adds its terms.
    assert ("reinstatement", "catch up") in added("can I catch up on my loan")
    found = added("catch up on rent and catch up on the loan")
    assert ("redemption", "catch up on rent") in found
    assert ("reinstatement", "catch up") in found


def test_a_single_word_inside_a_phrase_still_adds() -> None:
    # One word's own sense stands beside a phrase's: "lease" is a rental agreement inside
    # "end lease" too, "deposit" a security deposit inside "deposit back".
    found = added("family violence end lease early")
    assert ("termination", "end lease") in found
    assert ("rental agreement", "lease") in found
    found = added("how long to get deposit back")
    assert ("refund", "deposit back") in found
    assert ("security deposit", "deposit") in found


def test_the_typed_words_an_everyday_phrase_stands_for_are_translated() -> None:
    terms = ("landlord", "give", "back", "security", "deposit")
    adds = added_terms([simple_tokenize("landlord give back the security deposit")], terms)
    assert ("refund", "give back") in [(a.term, a.source) for a in adds]
    # 'landlord', 'security' and 'deposit' are codes' own words; 'give back' is not.
    assert translated_words(terms, adds) == ("give", "back")


def test_a_codes_own_word_typed_inside_an_everyday_phrase_is_not_translated() -> None:
    terms = ("eviction", "notice")
    adds = added_terms([simple_tokenize("eviction notice")], terms)
    assert {a.source for a in adds} >= {"eviction notice"}
    assert {"eviction", "notice"} <= CODE_WORDS
    assert translated_words(terms, adds) == ()


def test_a_form_of_a_codes_word_is_not_translated_with_the_stemmer() -> None:
    adds = added_terms([simple_tokenize("evicted")], ("evicted",))
    assert ("eviction", "evicted") in [(a.term, a.source) for a in adds]
    # 'evicted' is no code term of the map, but a form of 'evict' and 'eviction', which are.
    assert translated_words(("evicted",), adds) == ("evicted",)
    assert translated_words(("evicted",), adds, stem) == ()


def test_nothing_is_translated_without_an_added_term() -> None:
    assert translated_words(("give", "back"), ()) == ()
    # Only the added terms' own everyday words count, never another typed word.
    adds = added_terms([simple_tokenize("kick out")], ("kick",))
    assert translated_words(("kick", "carpet"), adds) == ("kick",)


def test_matching_skips_stop_and_question_words() -> None:
    # 'return the deposit' reads as 'return deposit'; 'deposit back' through 'my'.
    assert ("refund", "return") in added("return the deposit")
    assert ("refund", "deposit back") in added("how do I get my deposit back")


def test_stop_words_in_an_everyday_phrase_must_be_typed() -> None:
    # 'kick out': 'out' is a stop word, so it is matched on the tokens as typed.
    assert ("eviction", "kick out") in added("kick out")
    assert not any(source == "kick out" for _, source in added("kick"))


def test_words_already_searched_are_not_added_again() -> None:
    found = added("return deposit", searched=("return", "deposit", "refund"))
    assert ("refund", "return") not in found


def test_a_phrase_of_searched_words_is_not_added() -> None:
    found = added("security deposit", searched=("security", "deposit"))
    assert not any(term == "security deposit" for term, _ in found)
    assert ("security deposit", "deposit") in added("deposit", searched=("deposit",))


def test_added_terms_follow_the_order_of_their_words() -> None:
    terms = [t for t, _ in added("fix the heater before the sheriff comes")]
    assert terms.index("repair") < terms.index("heat") < terms.index("writ")


def test_each_added_term_appears_once() -> None:
    terms = [t for t, _ in added("evicted after an eviction notice")]
    assert len(terms) == len(set(terms))


def test_at_most_max_added_terms() -> None:
    text = " ".join(words[0] for words, _ in ENTRIES)
    assert len(added(text)) == MAX_ADDED


def test_runs_are_read_apart() -> None:
    # Two stretches of loose text around a phrase: an everyday phrase never spans them.
    assert added_terms([["kick"], ["out"]], ()) == ()


def test_a_plain_question_adds_nothing() -> None:
    assert added("breach of contract damages") == []


@pytest.mark.parametrize(("words", "codes"), ENTRIES)
def test_map_entries_are_lower_case_words_the_index_splits_alike(
    words: tuple[str, ...], codes: tuple[str, ...]
) -> None:
    for text in (*words, *codes):
        assert text == text.lower().strip()
        assert " ".join(simple_tokenize(text)) == text
    assert codes


@pytest.mark.parametrize(("words", "codes"), ENTRIES)
def test_no_everyday_phrase_holds_a_shorter_one_of_its_entry(
    words: tuple[str, ...], codes: tuple[str, ...]
) -> None:
    # "banned my" beside "banned" could never add anything "banned" does not: a dead trigger.
    runs = [tuple(w.split()) for w in words]
    for long in runs:
        for short in runs:
            size = len(short)
            inside = any(long[i : i + size] == short for i in range(len(long) - size + 1))
            assert short == long or size >= len(long) or not inside, (long, short)


def test_every_everyday_phrase_is_read() -> None:
    assert len(TRIGGERS) == sum(len(words) for words, _ in ENTRIES)


def test_a_landlord_who_will_not_fix_adds_the_duty_to_maintain() -> None:
    found = added("landlord won't fix the leaking toilet")
    assert ("maintain", "won t fix") in found
    assert ("habitability", "won t fix") in found
    assert ("plumbing", "leaking") in found


def test_breaking_a_lease_is_not_a_work_break() -> None:
    found = added("can I break my lease")
    assert ("terminate", "break my lease") in found
    assert not any(term in {"meal period", "rest period"} for term, _ in found)
    assert ("meal period", "lunch break") in added("no lunch break at work")


def test_refusing_a_voucher_reads_as_source_of_income() -> None:
    assert ("source of income", "won t take") in added("landlord won't take my section 8 voucher")


def test_paying_less_rent_reads_as_abatement() -> None:
    found = added("can I pay less rent while the heat is out")
    assert ("abatement", "pay less") in found


def test_a_code_word_typed_as_is_adds_no_phrase_of_itself() -> None:
    # 'unemployment' is the codes' own word: only a person's words for it add the phrases.
    assert added("unemployment insurance account") == []
    assert ("unemployment compensation", "unemployed") in added("I was unemployed for a month")


@pytest.mark.parametrize(
    ("question", "term"),
    [
        ("who gets custody of the kids", "parenting time"),
        ("how do I get alimony", "spousal support"),
        ("debt collector keeps calling me at work", "communication"),
        ("wrong info on my credit report", "inaccurate"),
        ("I got served papers for court", "summons"),
        ("landlord refused to rent to me because I'm gay", "sexual orientation"),
        ("stayed after my lease ended", "holdover"),
        ("can my boss make me work overtime for free", "one and one half times"),
        ("trailer park raising lot rent", "manufactured home community"),
        ("trailer park raising lot rent", "mobile home lot"),
        ("someone opened accounts in my name", "identity theft"),
        ("can I pay rent through an app", "electronic funds transfer"),
        ("bed bugs in my apartment", "bed bug"),
        ("the park is being sold, can we buy it", "opportunity to compete to purchase"),
        ("equifax will not correct my report", "consumer reporting agency"),
        ("the previous tenant is still there so I can't move in", "failure to deliver possession"),
        ("waitlist for public housing", "local preference"),
        ("landlord shut off my electricity to force me out", "ouster"),
        ("how far behind on rent before eviction", "arrearage"),
        ("the park owner wants to sell, do we get a chance to buy it", "right of first refusal"),
        ("our park is being torn down for a developer", "change in the use"),
        ("a debt collector called my mother about my debt", "location information"),
        ("can the landlord ask what my disability is", "nature or severity"),
        ("my landlord wants extra money on top of my voucher", "excess of this maximum"),
        ("how is rent calculated in rural development apartments", "tenant contribution"),
        ("is an illegal clause in my lease enforceable", "void and unenforceable"),
        ("how much can they charge to hold an apartment", "holding deposit"),
        ("statute of limitations for a credit report lawsuit", "limitation of actions"),
        ("can I catch up on my FHA mortgage after foreclosure started", "reinstatement"),
        ("where do smoke detectors go in a mobile home", "smoke alarm"),
        ("the closing statement had fees I never saw", "settlement statement"),
        ("our family got smaller and now the apartment is too big", "underoccupied"),
        ("I need an emergency move away from my abuser", "emergency transfer"),
        ("what goes under a trailer, underpinning rules", "skirting"),
        ("apartment building going condo, do I have to move", "conversion"),
        ("paid off the mortgage and the lender won't release the lien", "satisfaction"),
        ("can I get my house back after a tax sale", "redemption"),
        ("who gets the leftover money from a foreclosure sale", "surplus"),
        ("HOA dues went up again", "assessments"),
        ("there's a charge on my statement I never made", "billing error"),
        ("bank shut down my home equity line", "home equity plan"),
        (
            "employer hired someone to ask my neighbors about my lifestyle",
            "investigative consumer report",
        ),
        ("fixed three times and still broken", "reasonable number of attempts"),
        ("I enlisted, can the dealer take the car back", "repossession"),
        ("the eviction papers were taped to my door", "posting"),
        ("landlord accepted late rent then tried to evict", "acceptance of rent"),
        ("can I countersue in my eviction case", "counterclaim"),
        ("motel long term stay tenant rights", "transient"),
        ("remove a dismissed eviction case from my record", "expungement"),
        ("I didn't file an answer in my eviction case", "failure to plead"),
        ("can I reopen the eviction judgment", "motion to open"),
        ("my tenant moved out of state, how do I serve him", "nonresident"),
    ],
)
def test_everyday_vocabulary_of_each_field_adds_the_codes_term(question: str, term: str) -> None:
    assert term in [t for t, _ in added(question)]


def test_the_map_file_reads_line_by_line_and_a_bad_line_names_itself() -> None:
    text = "# a comment\n\nkick out | throw out => eviction | unlawful detainer\nfix => repair\n"
    assert read_entries(text) == (
        (("kick out", "throw out"), ("eviction", "unlawful detainer")),
        (("fix",), ("repair",)),
    )
    for bad in ("fix repair", "fix => ", " => repair", "fix | => repair", "a => b => c"):
        with pytest.raises(ValueError, match="line 2"):
            read_entries("# map\n" + bad + "\n")
