"""The message catalog: every user-visible string, keyed by id (static/messages/<lang>.json).

The same JSON file fills the page's static labels before Python boots (static/boot.js), so
there is one catalog for both. Pure Python: no browser import.
"""

from __future__ import annotations

import json
from pathlib import Path

CATALOG_DIR = Path(__file__).resolve().parents[2] / "static" / "messages"


class Messages:
    """Look up and fill in messages: ``words.text("moved", card=..., place=...)``."""

    def __init__(self, catalog: dict[str, str]) -> None:
        self.catalog = catalog

    @classmethod
    def load(cls, lang: str = "en", directory: Path = CATALOG_DIR) -> Messages:
        return cls(json.loads((directory / f"{lang}.json").read_text(encoding="utf-8")))

    def text(self, key: str, **values: object) -> str:
        """The message ``key`` with its ``{placeholders}`` filled; a missing key is a bug."""
        return self.catalog[key].format(**values)

    def refusal(self, reason: str) -> str:
        """The words for an engine refusal key."""
        return self.catalog.get(f"refusal_{reason}", self.catalog["refused"])


def clock(ms: float) -> str:
    """Elapsed time as the timer shows it: minutes and seconds (``"12:07"``)."""
    seconds = int(ms // 1000)
    return f"{seconds // 60}:{seconds % 60:02d}"
