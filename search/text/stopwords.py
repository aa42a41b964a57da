"""The fixed English stop list applied to loose query words in both searches.

Why this list and not a stock one: stock lists (NLTK, Lucene/tantivy's English filter)
drop `not`, `no`, `nor`, quantifiers such as `any`/`all` and temporal words such as
`before`/`after`, all of which change the meaning of a statute ("shall not", "within 14
days", "any tenant"). So the list below is small and hand-picked: articles,
conjunctions, plain prepositions, pronouns, auxiliaries and question words, the words a
legal aid worker's natural-language question ("can my landlord keep my security
deposit") carries but a statute's keywords do not.

Deliberately NOT stop words (keep them out; tests/text/test_query_parsing.py checks this):
- negations: not, no, nor, neither, none, cannot, without, except, unless;
- modals that carry legal force: shall, may, must, will (also a noun: a testament);
- quantifiers: any, all, each, every, either, both, some, only, more, less;
- time and scope: before, after, within, until, during, upon, under, between, against.

The list applies to loose words only; words inside "double quotes" are kept. Words are
compared after tokenisation, so entries are lower-case single tokens: `s` and `t` are
the remnants of `tenant's` and `can't` after the tokenizer splits on the apostrophe.
"""

STOP_WORDS: frozenset[str] = frozenset(
    {
        # Articles and conjunctions. "or" and "and" are stop words because the any-of /
        # all-of choice is a search option, not something the query text switches.
        "a", "an", "the", "and", "or", "but", "if", "so", "as", "than", "because",
        # Plain prepositions (time and scope prepositions are excluded, see above).
        "of", "to", "in", "into", "on", "onto", "at", "by", "for", "from", "with",
        "about", "off", "out",
        # Pronouns and determiners.
        "i", "me", "my", "mine", "myself", "we", "us", "our", "ours", "ourselves",
        "you", "your", "yours", "yourself", "yourselves", "he", "him", "his", "himself",
        "she", "her", "hers", "herself", "it", "its", "itself", "they", "them", "their",
        "theirs", "themselves", "this", "that", "these", "those", "such",
        # Auxiliaries and modals without legal force.
        "is", "am", "are", "was", "were", "be", "been", "being", "do", "does", "did",
        "doing", "have", "has", "had", "having", "can", "could", "would", "should",
        "might",
        # Question words.
        "what", "which", "who", "whom", "whose", "when", "where", "why", "how",
        # Fillers common in typed questions.
        "there", "then", "here", "just", "very", "too", "also",
        # Contraction remnants left by the tokenizer ("tenant's" -> tenant s).
        "s", "t",
    }
)  # fmt: skip
