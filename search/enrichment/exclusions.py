"""Vocabulary forms the entity tagger never matches, chosen from what entities.jsonl.gz holds.

The vocabulary mixes curated method names (Papers with Code) with SciREX salient clusters
and SciERC spans, and the latter two name many entries with ordinary words ("large",
"feature", "Prior", "tuned") or generic phrases ("language models", "synthetic data").
Tagged, these would put the same meaningless entity on most of the 113,000 chunks and
become their key concept. The entries below were picked by tagging all paper abstracts
and reading the most frequent matches; each group says why it is out. Entries are
lower-cased and compared with a form's whole lower-cased text: excluding "attention"
keeps "Multi-Head Attention" and "Self Attention" taggable.
"""

# English function words: none is an entity whatever the vocabulary says.
STOP_WORDS: frozenset[str] = frozenset(
    {
        "a", "an", "the", "and", "or", "but", "if", "of", "to", "in", "on", "at", "by",
        "for", "from", "with", "as", "via", "per", "up", "is", "are", "was", "be", "it",
        "its", "this", "that", "these", "those", "we", "our", "they", "he", "she", "all",
        "any", "each", "no", "not", "can", "may", "will", "do", "so",
    }
)  # fmt: skip

# Ordinary words that some entry is named after; in running text they almost never mean
# that entry ("has received attention", "prior work", "the error", "large models").
COMMON_WORDS: frozenset[str] = frozenset(
    {
        "model", "models", "data", "dataset", "method", "methods", "task", "tasks",
        "learning", "feature", "features", "large", "base", "prior", "tree", "classifier",
        "ensemble", "greedy", "tuned", "finetune", "fine-tuning", "linguistic",
        "inference", "attention", "error", "average", "score", "count", "matched",
        "mismatched", "heatmap", "electric", "gravity", "piecewise", "ontology",
        "comparator", "blender", "company", "web", "3d", "art", "images", "bicubic",
        "transition-based",
        # Method names from Papers with Code that are everyday words, and mostly mean
        # the everyday thing ("nuclear reactor", "a primer on", "stochastic parrots").
        "accordion", "apollo", "chimera", "demon", "deflation", "florence", "hamburger",
        "hydra", "lookahead", "parallax", "parrot", "performer", "plume", "primer",
        "reactor", "rendezvous", "siren", "synthesizer",
    }
)  # fmt: skip

# Generic phrases named as entities by SciREX/SciERC: a field, a kind of model or data,
# not a particular method, data set, metric or task.
GENERIC_PHRASES: frozenset[str] = frozenset(
    {
        "language model", "language models", "single model", "generative model",
        "statistical model", "user model", "process models", "ensemble model",
        "machine learning", "deep learning", "supervised learning",
        "machine learning techniques", "statistical methods", "synthetic data", "image data",
        "synthetic and real data", "video sequences", "natural language descriptions",
        "knowledge sources", "spoken language", "parallel corpus", "data representation",
        "global features", "search engine", "lexical overlap", "bayesian framework",
        "linguistic theory", "computational complexity", "evaluation measures",
        "detection rates", "summarization quality", "natural language system",
        "natural language systems", "nlp system", "nlp tasks", "computer vision",
        "natural language processing", "nlp", "dialog systems", "user modeling",
        "speech understanding", "augmented loss", "multi-scale testing",
        "unsupervised learning method", "base classifiers", "box refinement",
        "guidance image", "cooperative model", "product analysis", "parsing strategies",
        "viewpoint invariance", "categorization task", "n-gram models", "boosting approach",
        "low-resolution input", "high-resolution input", "best linear", "mt system",
        "asr system", "smt system", "smt models", "sls systems",
    }
)  # fmt: skip

# Abbreviations that are either lower-case clippings ("avg", "feat") or two-letter
# acronyms whose vocabulary sense is rarely the one a paper means ("MR" is the Movie
# Review data set here but magnetic resonance in most abstracts; "AR", "PE", "EM").
# Two-letter acronyms kept on purpose: AE, AP, F1, IR, MT, QA, SR, T5, UD.
AMBIGUOUS_ABBREVIATIONS: frozenset[str] = frozenset(
    {
        "avg", "char", "emb", "feat", "hs", "al", "ar", "em", "fa", "ft", "ga", "ia",
        "kp", "lm", "mn", "mr", "nf", "oa", "pe", "qe", "re", "rr", "sc", "ts", "vd", "wn",
    }
)  # fmt: skip

# Natural languages typed "dataset" by SciERC: a language is not a data set, and
# "English" appears in thousands of abstracts.
LANGUAGE_NAMES: frozenset[str] = frozenset(
    {
        "english", "german", "french", "arabic", "japanese", "korean", "turkish", "dutch",
        "czech", "polish", "chinese", "chinese text", "japanese text",
    }
)  # fmt: skip

EXCLUDED_FORMS: frozenset[str] = (
    STOP_WORDS | COMMON_WORDS | GENERIC_PHRASES | AMBIGUOUS_ABBREVIATIONS | LANGUAGE_NAMES
)
