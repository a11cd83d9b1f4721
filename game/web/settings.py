"""The player's settings: known switches only. Pure. Stored and read back strictly by
``game.web.storage`` (a switch this version does not know, or a value that is not a bool, is
ignored, so a damaged or older entry can never set anything but a known switch).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace


@dataclass(frozen=True)
class Settings:
    interactive_rules: bool = True  # say why a move is refused
    double_click: bool = True  # Forty Thieves: a double-tap sends the card to its best place
    auto_placement: bool = False  # Forty Thieves: a dropped card goes to its best place
    winnable_only: bool = False  # New deal draws from the deals the solver proved winnable
    auto_finish: bool = True  # a game whose cards can all go home by themselves finishes itself
    ask_redeal: bool = True  # Redeal asks first while moves remain (it cannot be undone)

    @classmethod
    def names(cls) -> tuple[str, ...]:
        """The switches, as the page's ``[data-setting]`` checkboxes name them."""
        return tuple(f.name for f in fields(cls))

    def changed(self, name: str, value: bool) -> Settings:
        """These settings with one switch set; an unknown name is a bug (``KeyError``)."""
        if name not in self.names():
            raise KeyError(f"no setting {name!r}")
        return replace(self, **{name: bool(value)})

    def values(self) -> dict[str, bool]:
        """Every switch by name: what storage keeps, and its defaults for reading it back."""
        return asdict(self)
