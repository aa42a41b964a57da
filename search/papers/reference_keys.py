"""Inline reference keys of full text made readable: `hochreiter1997long` -> `[Hochreiter 1997]`.

Pure: no Django, no engine. SciREX's text keeps its citations as the BibTeX keys of the paper's
bibliography (`LSTM hochreiter1997long`, `Peters2017SemisupervisedST`, `Zaremba2014`), which
read as noise. Two key shapes are recognised: lower-case author (a venue or second author may
follow a hyphen), year, optional lower-case title word (Google Scholar's `vaswani2017attention`,
`rush-2015`), and capitalised author, year, optional title word or title words ending in two
capitals (Semantic Scholar's `Maddison2016TheCD`). Names of data sets,
benchmarks and venues that share the shape (`newstest2014`, `val2014`, `Horizon2020`) are left
alone, and so is a key inside `[hl]` marks. Keys of other shapes (`gruEval14`) stay as they are.
"""

import re

# Words before a year that name a data split, benchmark or venue, not an author.
NOT_AUTHORS = frozenset({
    "newstest", "newsdev", "newsdiscuss", "val", "train", "test", "tst", "dev", "eval", "icml",
    "nips", "neurips", "emnlp", "acl", "naacl", "eacl", "coling", "iclr", "cvpr", "eccv", "iccv",
    "aaai", "ijcai", "semeval", "conll", "wmt", "iwslt", "coco", "voc", "kitti", "mscoco",
    "imagenet", "ilsvrc", "trec", "duc", "tac", "horizon", "office", "windows", "version",
    "model", "task", "year", "since", "until", "from", "in", "by", "up", "to", "mid", "early",
    "late", "pre", "post", "circa",
})  # fmt: skip
# Not after a letter, digit, hyphen, slash, dot or bracket (the `]` of an `[hl]` mark).
_KEY = re.compile(
    r"(?<![\w\-/.\[\]])"
    r"(?:(?P<lower>[a-z]{2,})(?:-[a-z]+)?-?(?P<year1>(?:19|20)\d\d)[a-z]*"
    r"|(?P<name>[A-Z][a-z]+(?:[A-Z][a-z]+)?)(?P<year2>(?:19|20)\d\d)(?:[a-z]+|[A-Z][A-Za-z]*[A-Z]{2})?)"
    r"(?![\w\-\[])"
)


def readable_references(text: str) -> str:
    """The text with each inline reference key replaced by `[Author Year]`."""
    return _KEY.sub(_readable, text)


def _readable(found: re.Match[str]) -> str:
    author = found.group("lower") or found.group("name")
    year = found.group("year1") or found.group("year2")
    if author.lower() in NOT_AUTHORS:
        return found.group(0)
    if found.group("lower"):
        author = author.capitalize()
    return f"[{author} {year}]"
