"""The portal as users get it: its JSON API, asked in-process through Django's test client."""

from dataclasses import dataclass, field

from django.test import Client

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
    """One test client; `params` are added to every request (`expand=false`, `stem=true`)."""

    params: dict[str, str] = field(default_factory=dict)
    client: Client = field(default_factory=Client)

    def request(self, questions: QuestionSet, case: Case) -> tuple[str, dict[str, str]]:
        """The API path and query parameters for one case."""
        if questions.kind == PAPERS:
            return PAPER_API, {"query": case.query, **questions.portal, **self.params}
        params = {"q": case.query, **questions.portal}
        for name in ("jurisdiction", "source", "title"):
            if getattr(case, name):
                params[name] = getattr(case, name)
        return STATUTE_API, {**params, **self.params}

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
