"""The player's settings and how they are stored (``localStorage``, as JSON). Pure.

Stored text is read strictly: a key this version does not know, or a value that is not a
bool, is ignored, so a damaged or older entry can never set anything but a known switch.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields, replace

SETTINGS_KEY = "solitaire.settings"


@dataclass(frozen=True)
class Settings:
    interactive_rules: bool = True  # say why a move is refused
    double_click: bool = True  # Forty Thieves: a double-tap sends the card to its best place
    auto_placement: bool = False  # Forty Thieves: a dropped card goes to its best place
    winnable_only: bool = False  # New deal draws from the deals the solver proved winnable

    @classmethod
    def names(cls) -> tuple[str, ...]:
        """The switches, as the page's ``[data-setting]`` checkboxes name them."""
        return tuple(f.name for f in fields(cls))

    def changed(self, name: str, value: bool) -> Settings:
        """These settings with one switch set; an unknown name is a bug (``KeyError``)."""
        if name not in self.names():
            raise KeyError(f"no setting {name!r}")
        return replace(self, **{name: bool(value)})

    def dump(self) -> str:
        """The text stored under :data:`SETTINGS_KEY`."""
        return json.dumps(asdict(self))

    @classmethod
    def load(cls, stored: str | None) -> Settings:
        """Settings from stored text: the defaults for anything missing, unknown or damaged."""
        try:
            saved = json.loads(stored) if stored else {}
        except ValueError:
            return cls()
        if not isinstance(saved, dict):
            return cls()
        known = {k: v for k, v in saved.items() if k in cls.names() and isinstance(v, bool)}
        return cls(**known)
