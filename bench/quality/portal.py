"""The portal as users get it: its JSON API, asked in-process through Django's test client."""

from dataclasses import dataclass, field

from django.test import Client

from bench.quality.scoring import K
from bench.quality.sets import PAPERS, Case, QuestionSet

STATUTE_API = "/api/statute_search"
PAPER_API = "/api/search_keyword"


@dataclass
class Answer:
    """Result keys in rank order, or the reason the request failed."""

    keys: list[str]
    error: str = ""


@dataclass
class Portal:
    """One test client; `params` are added to every request (`expand=false`, `stem=true`).

    A key prefixed with a set's kind (`statutes:expand`, `papers:match`) goes only to the
    requests of that kind's sets.
    """

    params: dict[str, str] = field(default_factory=dict)
    # Results asked for (the sets ask for 10; deeper shows how far a miss is).
    depth: int = K
    client: Client = field(default_factory=Client)

    def extra(self, kind: str) -> dict[str, str]:
        """The added parameters for a set of this kind."""
        found = {k: v for k, v in self.params.items() if ":" not in k}
        for key, value in self.params.items():
            prefix, _, name = key.partition(":")
            if name and prefix == kind:
                found[name] = value
        return found

    def request(self, questions: QuestionSet, case: Case) -> tuple[str, dict[str, str]]:
        """The API path and query parameters for one case."""
        extra = self.extra(questions.kind)
        if self.depth != K:
            extra = {"limit": str(self.depth), **extra}
        if questions.kind == PAPERS:
            return PAPER_API, {"query": case.query, **questions.portal, **extra}
        params = {"q": case.query, **questions.portal}
        for name in ("jurisdiction", "source", "title"):
            if getattr(case, name):
                params[name] = getattr(case, name)
        return STATUTE_API, {**params, **extra}

    def ask(self, questions: QuestionSet, case: Case) -> Answer:
        path, params = self.request(questions, case)
        response = self.client.get(path, params)
        if response.status_code != 200:
            note = ""
            if response.headers.get("Content-Type", "").startswith("application/json"):
                note = str(response.json().get("note", ""))
            return Answer([], f"HTTP {response.status_code} {note}".strip())
        rows = response.json().get("results") or []
        key = "paper_id" if questions.kind == PAPERS else "id"
        return Answer(list(dict.fromkeys(str(row[key]) for row in rows)))
