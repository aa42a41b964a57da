"""A data folder's `MANIFEST.json`: the coverage statement the data gives each file."""

import json
from pathlib import Path
from typing import Any

MANIFEST_NAME = "MANIFEST.json"


class ManifestUnreadable(ValueError):
    """`MANIFEST.json` is there but is not JSON in a shape we know."""


def read_coverage(folder: Path) -> dict[str, str]:
    """File name -> coverage statement; empty when the folder has no manifest."""
    path = folder / MANIFEST_NAME
    if not path.is_file():
        return {}
    try:
        manifest = json.loads(path.read_bytes())
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ManifestUnreadable(f"{path}: {exc}") from exc
    files = manifest.get("files") if isinstance(manifest, dict) else None
    # The statutes manifest lists {"file": name, ...} entries; the papers one maps name -> facts.
    if isinstance(files, list):
        entries = [(e.get("file"), e) for e in files if isinstance(e, dict)]
    elif isinstance(files, dict):
        entries = list(files.items())
    else:
        raise ManifestUnreadable(f"{path}: no 'files' list or mapping")
    return {
        name: statement
        for name, facts in entries
        if isinstance(name, str) and (statement := _coverage(facts))
    }


def _coverage(facts: Any) -> str:
    statement = facts.get("coverage") if isinstance(facts, dict) else None
    return statement.strip() if isinstance(statement, str) else ""
