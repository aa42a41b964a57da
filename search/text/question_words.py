"""Words that shape a question but never name the law, dropped from statute searches.

A paralegal's question ("how long does a landlord have to return a security deposit") carries
words the stop list keeps for good reason elsewhere but that no statute uses to say what it is
about: "long" in "how long", "get", "says", "still", "allowed". Searched as terms they match
thousands of unrelated sections and push the answer down. The statute search drops them
(`terms_dropped` reason `question_word`); the paper search does not use this list.

Chosen by reading questions people type, not by searching the code: verbs of asking and
saying, fillers, words of judging ("legal", "allowed": the question, not the law, asks that),
and the remnants the tokenizer leaves of contractions ("won't" -> won t, "I'm" -> i m).
Kept on purpose: every word a statute uses to name its subject, and "law" ("law
enforcement"), "way" ("right of way"), "rules" ("rules and regulations", a park's rules: kept
since December 7 2026, when searching it raised the statute sets a little and lowered none),
"end", "back", "notice" (the everyday-words map reads them). Words inside "double quotes"
are always kept. `AFTER_HOW` words are dropped only right after "how" ("how long", "how
much"), where they ask for a number the law states.
"""

QUESTION_WORD = "question_word"

QUESTION_WORDS: frozenset[str] = frozenset(
    {
        # Asking, saying and wanting.
        "ask", "asked", "asking", "say", "says", "said", "saying", "tell", "tells", "told",
        "telling", "want", "wants", "wanted", "need", "needs", "needed", "know", "knows",
        "think", "wonder", "wondering", "question", "questions", "help", "please",
        # Getting and happening.
        "get", "gets", "got", "getting", "gotten", "happen", "happens", "happened",
        "happening", "go", "goes", "going", "make", "makes",
        # Judging: the question asks it, the law answers it.
        "legal", "allowed", "ok", "okay", "supposed",
        # Fillers.
        "still", "now", "even", "really", "actually", "like", "anything", "something",
        "someone", "somebody", "anyone", "anybody", "everything", "thing", "things",
        "maybe", "sure", "anymore", "ever",
        # Trying and letting: "trying to evict me", "won't let me".
        "try", "tries", "trying", "tried", "let", "lets", "letting",
        # When it happened, not what the law is about.
        "ago", "yesterday", "today", "tomorrow", "tonight",
        # Contraction remnants ("won't", "don't", "he'd", "I'm", "they're", "we've", "I'll").
        "won", "don", "doesn", "didn", "isn", "aren", "wasn", "weren", "hasn", "haven",
        "hadn", "couldn", "shouldn", "wouldn", "d", "m", "re", "ve", "ll",
    }
)  # fmt: skip

# Dropped only right after "how": they ask for an amount or a time the law gives.
AFTER_HOW: frozenset[str] = frozenset({"long", "much", "many", "soon", "often", "far", "big"})
HOW = "how"


def shapes_question(word: str, previous: str | None) -> bool:
    """True when `word` (after `previous`, lower-case tokens) only shapes the question."""
    return word in QUESTION_WORDS or (previous == HOW and word in AFTER_HOW)
