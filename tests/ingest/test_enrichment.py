"""Ingest-time enrichment of paper chunks: pure tests, no Django and no index.

Small hand-written fixtures pin every rule; the `realdata` tests check the same rules on
the real headings, vocabulary and chunks in shared/data/papers and are skipped when
that directory is absent.
"""

import gzip
import json
import os
from collections import Counter, defaultdict
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from search.enrichment import (
    CONTENT_TYPES,
    HEADING_RULES,
    Entity,
    EntityTagger,
    VocabEntry,
    content_type_for,
    content_types_for_paper,
    is_self_contained,
    key_concept,
    load_vocabulary,
)
from search.enrichment.content_types import clean_heading, is_survey_title
from search.enrichment.entities import alias_is_related, is_case_sensitive, surface_forms
from search.enrichment.exclusions import EXCLUDED_FORMS, STOP_WORDS

# Same lookup order as portal/settings.py: PORTAL_DATA_DIR, else the shared checkout.
DATA_DIR = Path(
    os.environ.get("PORTAL_DATA_DIR") or Path(__file__).resolve().parents[3] / "shared" / "data"
)
PAPERS_DIR = DATA_DIR / "papers"
CHUNKS_PATH = PAPERS_DIR / "chunks.jsonl.gz"
VOCABULARY_PATH = PAPERS_DIR / "entities.jsonl.gz"
PAPERS_PATH = PAPERS_DIR / "papers.jsonl.gz"
# Measured on the 7,104 real chunks: 10.1% `other` (7.8% of SciREX ML papers, 21.9% of
# the unarXive sample). What stays `other` is back matter (acknowledgments), one long
# unarXive paper whose 108 chunks all carry the untitled "-1" heading, and topical math
# and physics headings ("6.1 A quotient"). A rise above these bounds means the table
# lost a common heading.
MAX_OTHER_SHARE = 0.13
MAX_OTHER_SHARE_ML_PAPERS = 0.10

needs_papers = pytest.mark.skipif(
    not (CHUNKS_PATH.exists() and VOCABULARY_PATH.exists() and PAPERS_PATH.exists()),
    reason=f"real papers data not found in {PAPERS_DIR} (set PORTAL_DATA_DIR)",
)


@pytest.fixture(scope="session", autouse=True)
def collected_static() -> None:
    """Override conftest's static collection: these tests touch no Django (-p no:django)."""


def body_type(
    section: str | None,
    *,
    paper_title: str = "",
    position: float = 0.5,
    previous: str | None = None,
) -> str:
    """Content type of a non-abstract chunk."""
    return content_type_for(
        section, is_abstract=False, paper_title=paper_title, position=position, previous=previous
    )


# --- content types: fixtures ------------------------------------------------------------


def test_abstract_chunk_is_abstract_whatever_its_heading_or_title() -> None:
    assert content_type_for("Experiments", is_abstract=True) == "abstract"
    assert content_type_for(None, is_abstract=True, paper_title="A Survey of GNNs") == "abstract"


@pytest.mark.parametrize(
    ("section", "expected"),
    [
        ("Introduction", "background"),
        ("1 Introduction", "background"),
        ("I. INTRODUCTION", "background"),
        ("-1 Introduction", "background"),
        ("Related Work", "background"),
        ("II. RELATED WORK", "background"),
        ("2 Background", "background"),
        ("Preliminaries", "background"),
        ("Motivation", "background"),
        ("3 Method", "methodology"),
        ("3.2. Training Details", "methodology"),
        ("Our Framework", "methodology"),
        ("Proposed Approach", "methodology"),
        ("THE PROPOSED MODEL", "methodology"),
        ("Network Architecture", "methodology"),
        ("Algorithm", "methodology"),
        ("Implementation Details", "methodology"),
        ("A.1 Proof of Lemma 2", "methodology"),
        ("IV. EXPERIMENTS", "results"),
        ("4 Results", "results"),
        ("Empirical Evaluation", "results"),
        ("Ablation Study", "results"),
        ("Error Analysis", "results"),
        ("Benchmark", "results"),
        ("Comparison with State-of-the-art Methods", "results"),
        ("Discussion", "discussion"),
        ("5 Conclusion", "discussion"),
        ("Limitations", "discussion"),
        ("Future Work", "discussion"),
        ("Broader Impact", "discussion"),
        ("Acknowledgments", "other"),
        ("Abstract", "abstract"),
    ],
)
def test_heading_maps_to_content_type(section: str, expected: str) -> None:
    assert body_type(section) == expected


@pytest.mark.parametrize(
    ("section", "expected"),
    [
        ("Results and Discussion", "results"),
        ("Discussion of the Results", "discussion"),
        ("Conclusion and Future Work", "discussion"),
        ("Introduction and Related Work", "background"),
    ],
)
def test_earliest_keyword_in_a_heading_wins(section: str, expected: str) -> None:
    assert body_type(section) == expected


@pytest.mark.parametrize(
    ("section", "expected"),
    [
        ("Experiments / Datasets", "results"),
        ("Acknowledgments / Architectural details", "methodology"),
        ("Conclusion / Acknowledgments", "other"),
        ("Method / CoLA / SST-2", "methodology"),
    ],
)
def test_merged_heading_is_decided_by_its_last_known_part(section: str, expected: str) -> None:
    assert body_type(section) == expected


@pytest.mark.parametrize(
    ("raw", "cleaned"),
    [
        ("3.2. Training Details", "training details"),
        ("IV. EXPERIMENTS", "experiments"),
        ("A.1 Proof of Lemma 2", "proof of lemma 2"),
        ("-1 Acknowledgements", "acknowledgements"),
        ("APPENDIX VIII: ANSWER DISTRIBUTION", "answer distribution"),
        ("Results.", "results"),
        ("A Quotient", "a quotient"),
        ("3D Reconstruction", "3d reconstruction"),
    ],
)
def test_clean_heading_drops_numbering_only(raw: str, cleaned: str) -> None:
    assert clean_heading(raw) == cleaned


@pytest.mark.parametrize("section", ["CoLA / SST-2", "ImageNet", "", None, "-1", "Body"])
def test_unknown_heading_is_other_in_the_body_of_a_paper(section: str | None) -> None:
    assert body_type(section, position=0.5) == "other"


@pytest.mark.parametrize("section", ["CoLA / SST-2", "", None, "Section"])
def test_unknown_heading_at_the_start_of_a_paper_is_background(section: str | None) -> None:
    assert body_type(section, position=0.0) == "background"
    assert body_type(section, position=0.1) == "background"
    assert body_type(section, position=0.11) == "other"


@pytest.mark.parametrize("previous", ["methodology", "results"])
def test_unknown_heading_continues_a_method_or_results_section(previous: str) -> None:
    assert body_type("CoLA / SST-2", position=0.6, previous=previous) == previous


@pytest.mark.parametrize("previous", ["background", "discussion", "other", "abstract"])
def test_unknown_heading_does_not_continue_background_or_discussion(previous: str) -> None:
    assert body_type("6.1 A quotient", position=0.6, previous=previous) == "other"


def test_known_heading_ignores_the_previous_type() -> None:
    assert body_type("Conclusion", previous="results") == "discussion"


def test_content_types_for_paper_walks_headings_in_order() -> None:
    sections = ["Section", "Introduction", "Method", "Stacked Attention Networks", "Experiments",
                "ImageNet", "CoLA / SST-2", "Conclusion", "Acknowledgments", "FID"]  # fmt: skip
    assert content_types_for_paper(sections) == [
        "background", "background", "methodology", "methodology", "results", "results",
        "results", "discussion", "other", "other",
    ]  # fmt: skip


def test_content_types_for_paper_handles_empty_and_single_chunk_papers() -> None:
    assert content_types_for_paper([]) == []
    assert content_types_for_paper([None]) == ["background"]


@pytest.mark.parametrize(
    "title",
    [
        "A Survey of Graph Neural Networks for Drug Discovery",
        "Challenges and Trends in Egocentric Vision: A Survey",
        "A Systematic Review of Data Augmentation Techniques",
        "An Overview of Diffusion Models",
        "Survey on Evaluation of LLM-based Agents",
        "Foundation Models in Neuroscience: A Comprehensive Review",
        "A literature review on bug localization approaches",
    ],
)
def test_survey_title_makes_body_chunks_survey(title: str) -> None:
    assert is_survey_title(title)
    assert body_type("3 Method", paper_title=title) == "survey"
    assert content_type_for("3 Method", is_abstract=True, paper_title=title) == "abstract"


@pytest.mark.parametrize(
    "title",
    [
        "Reimagining Peer Review Process Through Multi-Agent Mechanism Design",
        "A Lexical Analysis of online Reviews on Human-AI Interactions",
        "Exploring Sidewalk Sheds through Chatbot Surveys",
        "Review-guided Answer Helpfulness Prediction",
        "Benchmark Results and Method Overview",
        "",
    ],
)
def test_title_merely_mentioning_reviews_is_not_a_survey(title: str) -> None:
    assert not is_survey_title(title)
    assert body_type("3 Method", paper_title=title) == "methodology"


def test_heading_table_names_only_known_content_types() -> None:
    assert {content_type for _, content_type in HEADING_RULES} <= set(CONTENT_TYPES)
    assert len(CONTENT_TYPES) == len(set(CONTENT_TYPES)) == 7


@given(
    section=st.one_of(st.none(), st.text(max_size=80)),
    is_abstract=st.booleans(),
    title=st.text(max_size=80),
    position=st.floats(min_value=0.0, max_value=1.0),
    previous=st.one_of(st.none(), st.sampled_from(CONTENT_TYPES)),
)
def test_content_type_is_always_a_known_type(
    section: str | None, is_abstract: bool, title: str, position: float, previous: str | None
) -> None:
    result = content_type_for(
        section, is_abstract=is_abstract, paper_title=title, position=position, previous=previous
    )
    assert result in CONTENT_TYPES


# --- content types: real headings -------------------------------------------------------


@pytest.fixture(scope="module")
def real_chunks() -> list[dict]:
    """Every real body chunk, in file order."""
    if not CHUNKS_PATH.exists():
        pytest.skip(f"real papers data not found in {PAPERS_DIR} (set PORTAL_DATA_DIR)")
    with gzip.open(CHUNKS_PATH, "rt", encoding="utf-8") as rows:
        return [json.loads(row) for row in rows]


@pytest.fixture(scope="module")
def real_chunk_types(real_chunks: list[dict]) -> list[tuple[dict, str]]:
    """(chunk, content type) for every real chunk, typed paper by paper in chunk order."""
    titles: dict[str, str] = {}
    wanted = {chunk["paper_id"] for chunk in real_chunks}
    with gzip.open(PAPERS_PATH, "rt", encoding="utf-8") as rows:
        for row in rows:
            paper = json.loads(row)
            if paper["paper_id"] in wanted:
                titles[paper["paper_id"]] = paper["title"]
    by_paper: dict[str, list[dict]] = defaultdict(list)
    for chunk in real_chunks:
        by_paper[chunk["paper_id"]].append(chunk)
    typed: list[tuple[dict, str]] = []
    for paper_id, chunks in by_paper.items():
        chunks.sort(key=lambda chunk: chunk["chunk_index"])
        types = content_types_for_paper(
            [chunk["section"] for chunk in chunks], paper_title=titles[paper_id]
        )
        typed.extend(zip(chunks, types, strict=True))
    return typed


@pytest.mark.realdata
@needs_papers
def test_real_chunks_rarely_fall_to_other(real_chunk_types: list[tuple[dict, str]]) -> None:
    counts = Counter(content_type for _, content_type in real_chunk_types)
    assert counts["other"] / len(real_chunk_types) < MAX_OTHER_SHARE
    scirex = [content_type for chunk, content_type in real_chunk_types
              if chunk["paper_id"].startswith("scirex:")]  # fmt: skip
    assert scirex.count("other") / len(scirex) < MAX_OTHER_SHARE_ML_PAPERS
    # Every body type is in use, and none swallows the corpus.
    for content_type in ("background", "methodology", "results", "discussion"):
        assert 0.04 < counts[content_type] / len(real_chunk_types) < 0.5


@pytest.mark.realdata
@needs_papers
@pytest.mark.parametrize(
    ("section", "expected"),
    [
        ("Introduction", "background"),
        ("Related Work", "background"),
        ("Conclusion", "discussion"),
        ("1 Introduction", "background"),
        ("Experiments", "results"),
        ("Results", "results"),
        ("Theorem", "methodology"),
        ("Conclusions", "discussion"),
        ("Datasets", "results"),
        ("Implementation Details", "methodology"),
        ("INTRODUCTION", "background"),
        ("Training", "methodology"),
        ("Evaluation", "results"),
        ("Acknowledgments", "other"),
        ("Proof.", "methodology"),
        ("Theorem / Theorem", "methodology"),
        ("1.1 Notation / 2 Proof of the main result", "methodology"),
        ("Results and Discussion", "results"),
        ("Experiments on PASCAL VOC", "results"),
        ("Comparison with State-of-the-art Methods", "results"),
    ],
)
def test_frequent_real_headings_map_as_expected(
    real_chunks: list[dict], section: str, expected: str
) -> None:
    assert any(chunk["section"] == section for chunk in real_chunks), f"{section!r} not in data"
    assert body_type(section) == expected


@pytest.mark.realdata
@needs_papers
def test_thirty_most_frequent_real_headings_are_classified(real_chunks: list[dict]) -> None:
    # Unclassified on their own: unarXive's untitled "-1", back matter, and SciREX's
    # bare "Section" (which position makes `background` at a paper's start).
    allowed_other = {"-1", "Acknowledgments", "Acknowledgements", "Section", "Body"}
    frequent = Counter(chunk["section"] for chunk in real_chunks).most_common(30)
    unclassified = [s for s, _ in frequent if body_type(s) == "other" and s not in allowed_other]
    assert unclassified == []


@pytest.mark.realdata
@needs_papers
def test_real_survey_paper_chunks_are_survey(real_chunk_types: list[tuple[dict, str]]) -> None:
    survey_papers = {chunk["paper_id"] for chunk, kind in real_chunk_types if kind == "survey"}
    # The one literature review among the 350 full-text papers.
    assert len(survey_papers) == 1


# --- entities: fixtures -----------------------------------------------------------------

FIXTURE_VOCABULARY = (
    VocabEntry("BERT", "method", ()),
    VocabEntry("RoBERTa", "method", ()),
    VocabEntry("GAN", "method", ("GANs", "Generative Adversarial Networks", "sample methods")),
    VocabEntry("SQuAD1 1", "dataset", ("SQuAD", "Stanford Question Answering Dataset", "v1.1")),
    VocabEntry("BLEU", "metric", ("BLEU score",)),
    VocabEntry("Machine Translation", "task", ("translation", "neural machine translation")),
    VocabEntry("R-CNN", "method", ()),
    VocabEntry("Fast R-CNN", "method", ()),
    VocabEntry("LSTM", "method", ("Long Short-Term Memory", "LSTMs", "word representations")),
    VocabEntry("CNN", "method", ("speech recognition system",)),
    VocabEntry("DQN", "method", ()),
    VocabEntry("DDQN", "method", ("DQN", "Double DQN")),
    VocabEntry("ImageNet", "method", ()),
    VocabEntry("ImageNet", "dataset", ()),
    VocabEntry("Transformer", "method", ()),
    VocabEntry("Adam", "method", ()),
    VocabEntry("Object Detection", "task", ("detection", "object detectors")),
    VocabEntry("CIFAR-10", "dataset", ("CIFAR10",)),
    VocabEntry("feature", "method", ("Feature learning",)),
    VocabEntry("large", "method", ()),
    VocabEntry("Attention", "method", ("attention mechanism",)),
    VocabEntry("Multi-Head Attention", "method", ()),
    VocabEntry("I", "method", ("training strategy",)),
    VocabEntry("Hits 3", "metric", ("3",)),
    VocabEntry("it", "method", ()),
)


@pytest.fixture(scope="module")
def tagger() -> EntityTagger:
    """A tagger over the small hand-written vocabulary."""
    return EntityTagger(FIXTURE_VOCABULARY)


def names(entities: list[Entity]) -> list[str]:
    """Entity names, in the tagger's order."""
    return [entity.name for entity in entities]


def test_tags_method_and_dataset(tagger: EntityTagger) -> None:
    assert tagger.tag("We fine-tune BERT on SQuAD.") == [
        Entity("BERT", "method"),
        Entity("SQuAD1 1", "dataset"),
    ]


@pytest.mark.parametrize(
    "text", ["Albertan farmers", "bert and ernie", "Bert said", "BERTology", "RoBERTa-large"]
)
def test_short_acronym_matches_only_as_a_whole_upper_case_word(
    tagger: EntityTagger, text: str
) -> None:
    assert "BERT" not in names(tagger.tag(text))


def test_short_acronym_is_case_sensitive(tagger: EntityTagger) -> None:
    assert tagger.tag("the gan was organised") == []
    assert tagger.tag("organ transplants") == []
    assert names(tagger.tag("A GAN, two GANs")) == ["GAN"]
    assert names(tagger.tag("trained with adam")) == []
    assert names(tagger.tag("trained with Adam")) == ["Adam"]


def test_match_may_touch_punctuation_but_not_alphanumerics(tagger: EntityTagger) -> None:
    assert names(tagger.tag("BERT-based (BERT) BERT's")) == ["BERT"]
    assert names(tagger.tag("xBERT BERTx BERT2")) == []
    assert names(tagger.tag("CIFAR-10 results, not CIFAR-100")) == ["CIFAR-10"]


def test_long_and_camel_case_names_follow_their_own_case_rule(tagger: EntityTagger) -> None:
    assert names(tagger.tag("a transformer encoder")) == ["Transformer"]
    assert names(tagger.tag("generative adversarial networks")) == ["GAN"]
    assert names(tagger.tag("roberta")) == []  # camel case: a coined name, case-sensitive
    assert names(tagger.tag("squad leader")) == []


def test_longest_match_wins_and_is_not_double_counted(tagger: EntityTagger) -> None:
    assert names(tagger.tag("Fast R-CNN improves on R-CNN")) == ["Fast R-CNN", "R-CNN"]
    assert names(tagger.tag("Fast R-CNN only")) == ["Fast R-CNN"]
    assert names(tagger.tag("Multi-Head Attention")) == ["Multi-Head Attention"]


def test_whitespace_between_tokens_is_ignored(tagger: EntityTagger) -> None:
    assert names(tagger.tag("R - CNN and Long Short-Term\nMemory")) == ["R-CNN", "LSTM"]


def test_entities_are_distinct_in_first_occurrence_order(tagger: EntityTagger) -> None:
    text = "GANs beat BLEU baselines; a GAN and BERT; BLEU score again; Double DQN"
    assert tagger.tag(text) == [
        Entity("GAN", "method"),
        Entity("BLEU", "metric"),
        Entity("BERT", "method"),
        Entity("DDQN", "method"),
    ]


def test_a_name_beats_another_entry_alias(tagger: EntityTagger) -> None:
    assert names(tagger.tag("DQN")) == ["DQN"]


def test_same_name_with_two_types_resolves_to_dataset(tagger: EntityTagger) -> None:
    assert tagger.tag("pre-trained on ImageNet") == [Entity("ImageNet", "dataset")]


@pytest.mark.parametrize(
    "text",
    [
        "speech recognition system",  # unrelated alias of CNN
        "word representations",  # unrelated alias of LSTM
        "detection of objects",  # "detection" is a word of "Object Detection", not it
        "sample methods",
        "the v1.1 release",  # a version label, not SQuAD
    ],
)
def test_unrelated_aliases_are_not_matched(tagger: EntityTagger, text: str) -> None:
    assert tagger.tag(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "It is a large feature of the attention it drew",
        "I think 3 of them",
        "Feature learning with a training strategy",
    ],
)
def test_excluded_names_and_their_aliases_are_never_tagged(tagger: EntityTagger, text: str) -> None:
    assert tagger.tag(text) == []


@pytest.mark.parametrize(
    ("name", "alias", "related"),
    [
        ("SVHN", "Street View House Numbers", True),
        ("ARCH", "Animatable Reconstruction of Clothed Humans", True),
        ("COCO", "MS COCO", True),
        ("COCO", "COCO dataset", True),
        ("LSTM", "deep LSTMs", True),
        ("QM9", "QM-9 dataset", True),
        ("Question Answering", "QA", True),
        ("SQuAD1 1", "SQuAD", True),
        ("Set5 - 4x upscaling", "Set5", True),
        ("CNN", "speech recognition system", False),
        ("Error rate", "learning rate", False),
        ("Object Detection", "detection", False),
        ("Photo-Art-50", "Photo", False),
        ("Classification Accuracy", "accuracy", False),
        ("ASR", "answer representation", False),
    ],
)
def test_alias_relatedness(name: str, alias: str, related: bool) -> None:
    assert alias_is_related(name, alias) is related


def test_papers_with_code_full_names_are_trusted() -> None:
    entry = VocabEntry(
        "EESP",
        "method",
        ("Extremely Efficient Spatial Pyramid of Depth-wise Dilated Separable Convolutions",),
        source="paperswithcode-methods",
    )
    assert [form for form, _ in surface_forms(entry)] == ["EESP", *entry.aliases]


@pytest.mark.parametrize(
    ("form", "sensitive"),
    [
        ("BERT", True),
        ("GAN", True),
        ("Adam", True),
        ("SQuAD", True),
        ("AWARE", True),
        ("NesT", True),
        ("Transformer", False),
        ("Long Short-Term Memory", False),
        ("beam search", False),
        ("node2vec", False),
    ],
)
def test_case_sensitivity_rule(form: str, sensitive: bool) -> None:
    assert is_case_sensitive(form) is sensitive


def test_load_vocabulary_reads_gzip_json_lines(tmp_path: Path) -> None:
    path = tmp_path / "entities.jsonl.gz"
    rows = [
        {"name": "BERT", "type": "method", "aliases": [], "source": "scirex"},
        {"name": "SQuAD", "type": "dataset", "aliases": ["SQuAD v1.1"], "source": "scirex"},
    ]
    with gzip.open(path, "wt", encoding="utf-8") as handle:
        handle.write("\n".join(json.dumps(row) for row in rows) + "\n\n")
    assert load_vocabulary(path) == [
        VocabEntry("BERT", "method", (), "scirex"),
        VocabEntry("SQuAD", "dataset", ("SQuAD v1.1",), "scirex"),
    ]


def test_load_vocabulary_rejects_an_unknown_type(tmp_path: Path) -> None:
    path = tmp_path / "entities.jsonl.gz"
    with gzip.open(path, "wt", encoding="utf-8") as handle:
        handle.write(json.dumps({"name": "X", "type": "material", "aliases": []}) + "\n")
    with pytest.raises(ValueError, match="material"):
        load_vocabulary(path)


def test_tagger_rejects_an_unknown_type() -> None:
    with pytest.raises(ValueError, match="material"):
        EntityTagger([VocabEntry("X", "material", ())])


@given(st.text(max_size=300))
def test_tagging_any_text_returns_distinct_vocabulary_entities(text: str) -> None:
    tagger = EntityTagger(FIXTURE_VOCABULARY)
    found = tagger.tag(text)
    known = {Entity(entry.name, entry.type) for entry in FIXTURE_VOCABULARY}
    assert len(found) == len(set(found))
    assert set(found) <= known


# --- entities: the real vocabulary ------------------------------------------------------


@pytest.fixture(scope="module")
def real_vocabulary() -> list[VocabEntry]:
    """The real entities.jsonl.gz."""
    if not VOCABULARY_PATH.exists():
        pytest.skip(f"real papers data not found in {PAPERS_DIR} (set PORTAL_DATA_DIR)")
    return load_vocabulary(VOCABULARY_PATH)


@pytest.fixture(scope="module")
def real_tagger(real_vocabulary: list[VocabEntry]) -> EntityTagger:
    """A tagger over the real vocabulary."""
    return EntityTagger(real_vocabulary)


@pytest.mark.realdata
@needs_papers
def test_real_vocabulary_tags_bert_and_squad(
    real_vocabulary: list[VocabEntry], real_tagger: EntityTagger
) -> None:
    bert = [entry for entry in real_vocabulary if entry.name == "BERT"]
    squad = [
        entry for entry in real_vocabulary if "SQuAD" in (entry.name, *entry.aliases)
    ]  # fmt: skip
    assert [entry.type for entry in bert] == ["method"]
    assert squad and all(entry.type == "dataset" for entry in squad)
    found = real_tagger.tag("We fine-tune BERT on SQuAD")
    assert found[0] == Entity("BERT", "method")
    assert [entity.type for entity in found[1:]] == ["dataset"]
    assert found[1].name in {entry.name for entry in squad}


@pytest.mark.realdata
@needs_papers
def test_real_vocabulary_does_not_tag_inside_words(real_tagger: EntityTagger) -> None:
    assert real_tagger.tag("Albertan") == []
    assert "BERT" not in names(real_tagger.tag("bert, Bert and Albertan farmers"))


@pytest.mark.realdata
@needs_papers
def test_real_vocabulary_never_tags_stop_or_common_words(
    real_vocabulary: list[VocabEntry], real_tagger: EntityTagger
) -> None:
    # The vocabulary does name entries after stop and common words ("I", "large").
    assert {entry.name.lower() for entry in real_vocabulary} & EXCLUDED_FORMS
    text = " ".join(sorted(STOP_WORDS | EXCLUDED_FORMS))
    assert real_tagger.tag(text) == []
    assert real_tagger.tag(text.title()) == []
    # Upper-cased, single words must stay untagged too ("IT", "LARGE"); phrases may not:
    # "ASR SYSTEM" rightly names ASR.
    single_words = " ".join(form.upper() for form in EXCLUDED_FORMS if " " not in form)
    assert real_tagger.tag(single_words) == []


@pytest.mark.realdata
@needs_papers
def test_real_chunks_get_no_excluded_entity(
    real_chunks: list[dict], real_tagger: EntityTagger
) -> None:
    tagged = [entity for chunk in real_chunks[::10] for entity in real_tagger.tag(chunk["text"])]
    assert len(tagged) > len(real_chunks[::10])  # a few entities per chunk on average
    assert not {entity.name.lower() for entity in tagged} & EXCLUDED_FORMS
    assert all(len([c for c in entity.name if c.isalnum()]) >= 2 for entity in tagged)


# --- key concept ------------------------------------------------------------------------

METHOD = Entity("Fast R-CNN", "method")
OTHER_METHOD = Entity("ResNet", "method")
DATASET = Entity("COCO", "dataset")
TASK = Entity("Object Detection", "task")
METRIC = Entity("mAP", "metric")


def test_key_concept_prefers_a_method_even_when_it_comes_last() -> None:
    text = "On COCO, object detection mAP improves with Fast R-CNN."
    assert key_concept([DATASET, TASK, METRIC, METHOD], text) == "fast r-cnn"


def test_key_concept_prefers_a_dataset_over_task_and_metric() -> None:
    assert key_concept([TASK, METRIC, DATASET], "Object detection on COCO, in mAP") == "coco"


def test_key_concept_ties_task_and_metric_by_first_occurrence() -> None:
    assert key_concept([TASK, METRIC], "mAP for object detection") == "map"
    assert key_concept([METRIC, TASK], "object detection, in mAP") == "object detection"


def test_key_concept_ties_by_first_occurrence_in_the_text() -> None:
    text = "ResNet is the backbone of Fast R-CNN."
    assert key_concept([METHOD, OTHER_METHOD], text) == "resnet"


def test_key_concept_keeps_entities_not_named_in_the_text_in_their_given_place() -> None:
    lstm, transformer = Entity("LSTM", "method"), Entity("Transformer", "method")
    # Tagged through an alias: the tagger's order says LSTM came first.
    assert key_concept([lstm, transformer], "Long Short-Term Memory, then Transformers") == "lstm"
    assert key_concept([transformer, lstm], "Transformers, then Long Short-Term Memory") == (
        "transformer"
    )
    assert key_concept([METHOD, OTHER_METHOD], "No names here.") == "fast r-cnn"


def test_key_concept_finds_plural_mentions() -> None:
    assert key_concept([METHOD, OTHER_METHOD], "Two ResNets feed a Fast R-CNN") == "resnet"


def test_key_concept_skips_excluded_entities() -> None:
    generic = Entity("language model", "method")
    assert key_concept([generic, DATASET], "A language model on COCO") == "coco"


def test_key_concept_falls_back_to_terms_then_empty() -> None:
    assert key_concept([], "text", fallback_terms=("", " Pebble Game ", "graphs")) == "pebble game"
    assert key_concept([], "text") == ""
    assert key_concept([Entity("large", "method")], "large") == ""


def test_key_concept_works_with_tagger_output(tagger: EntityTagger) -> None:
    text = "BLEU of neural machine translation with LSTMs and a Transformer"
    assert key_concept(tagger.tag(text), text) == "lstm"


# --- self-containedness -----------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "This shows that the loss converges.",
        "These results confirm the claim.",
        "These are the main findings.",
        "Such methods scale poorly.",
        "It outperforms all baselines.",
        "They train for ten epochs.",
        "Their accuracy is lower.",
        "The latter is faster.",
        "As shown above, the model converges.",
        "As mentioned earlier, we use Adam.",
        "As we have seen, depth helps.",
        "Furthermore, the method is fast.",
        "Moreover, it is simple.",
        "In addition, we report the variance.",
        "Similarly, the decoder is shared.",
        "However, the gain is small.",
        "Therefore we keep the default.",
        "For example, a cat.",
        "Finally, we discuss limitations.",
        "Recall that the loss is convex.",
        "Table 3 shows the results.",
        "Table [ref] lists the hyper-parameters.",
        "Figure REF compares the two.",
        "Fig. 2 illustrates the pipeline.",
        "In Table 2, we report accuracy.",
        "where [formula] is the learning rate.",
        "and the second term is a regulariser.",
        "  • This bullet continues a list.",
        "",
        "   \n ",
    ],
)
def test_chunk_opening_on_earlier_text_is_not_self_contained(text: str) -> None:
    assert is_self_contained(text) is False


@pytest.mark.parametrize(
    "text",
    [
        "We propose a new method for parsing.",
        "This paper presents a parser.",
        "This technical report describes the system.",
        "This section describes the data.",
        "It is well known that deep networks overfit.",
        "It is challenging to label data at scale.",
        "It has been shown that depth helps.",
        "In this paper, we study parsing.",
        "In contrast to prior work, we use no labels.",
        "Instead of fine-tuning, we prompt.",
        "In addition to accuracy, we report latency.",
        "Here we show a simple result.",
        "word2vec embeds words.",
        "k-means clustering is a baseline.",
        "e.g. cats and dogs.",
        "iPhone photos are noisy.",
        "Thesis statements are short.",
        "Italy has many statutes.",
        "Theirry et al. studied this.",
        "Tables are hard to parse.",
        "Deep networks [ref] are popular.",
    ],
)
def test_chunk_reading_on_its_own_is_self_contained(text: str) -> None:
    assert is_self_contained(text) is True


@given(st.text(max_size=200))
def test_self_containedness_never_raises(text: str) -> None:
    assert isinstance(is_self_contained(text), bool)


@pytest.mark.realdata
@needs_papers
def test_most_real_chunks_are_self_contained(real_chunks: list[dict]) -> None:
    # Measured: 9.9% of real body chunks open on earlier text (tables, "As shown", ...).
    flagged = sum(not is_self_contained(chunk["text"]) for chunk in real_chunks)
    assert 0.03 < flagged / len(real_chunks) < 0.2
