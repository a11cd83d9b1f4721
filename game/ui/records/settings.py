"""The player's settings: known switches and choices only. Pure. Stored and read back strictly
by ``game.ui.records.storage`` (a name this version does not know, or a value of the wrong type, is
ignored; a choice not in :data:`CHOICES` falls back to its default), so a damaged or older
entry can never set anything but a known setting to a known value.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from .deals import ANY
from .deals import GRADES as DEAL_GRADES

THEMES = ("auto", "green", "blue", "red", "dark")  # auto: dark if the system prefers it
GRADES = (
    ANY,
    *DEAL_GRADES,
)  # New deal's grade: any, or one of the solver's (game.ui.records.deals)
# how fast cards move: a share of each motion's designed length (0: none, as reduced motion)
PACES = {"normal": 1.0, "fast": 0.5, "off": 0.0}
CHOICES: dict[str, tuple[str, ...]] = {"theme": THEMES, "grade": GRADES, "animation": tuple(PACES)}


@dataclass(frozen=True)
class Settings:
    interactive_rules: bool = True  # say why a move is refused
    double_click: bool = True  # Forty Thieves: a double-tap sends the card to its best place
    auto_placement: bool = False  # Forty Thieves: a dropped card goes to its best place
    winnable_only: bool = False  # New deal draws from the deals the solver proved winnable
    grade: str = "any"  # ... of this difficulty (one of GRADES)
    four_colour: bool = False  # diamonds blue, clubs green: suits told apart by colour alone
    large_index: bool = False  # small screens: big corner indices, the card's body smaller
    sound: bool = False  # short card sounds (off: the game is silent)
    theme: str = "auto"  # the felt: one of THEMES

    def __post_init__(self) -> None:
        for name, allowed in CHOICES.items():
            if getattr(self, name) not in allowed:
                object.__setattr__(self, name, allowed[0])

    auto_finish: bool = True  # a game whose cards can all go home by themselves finishes itself
    ask_redeal: bool = True  # Redeal asks first while moves remain (it cannot be undone)
    # the comforts (issue 34)
    animation: str = "normal"  # the cards' flight, the auto-finish, the win: one of PACES
    left_handed: bool = False  # the stock, the waste and the toolbar's buttons mirrored
    calm: bool = False  # no time, moves or score in the toolbar while playing

    @classmethod
    def names(cls) -> tuple[str, ...]:
        """The settings, as the page's ``[data-setting]`` controls name them."""
        return tuple(f.name for f in fields(cls))

    def idle(self) -> frozenset[str]:
        """The settings that do nothing now, shown disabled: the difficulty of winnable deals
        while "Winnable deals only" is off."""
        return frozenset() if self.winnable_only else frozenset({"grade"})

    def changed(self, name: str, value: bool | str) -> Settings:
        """These settings with one set (a switch to a bool, a choice to one of its values, else
        its default); an unknown name is a bug (``KeyError``)."""
        if name not in self.names():
            raise KeyError(f"no setting {name!r}")
        change: dict[str, Any] = {name: str(value) if name in CHOICES else bool(value)}
        return replace(self, **change)

    @classmethod
    def of(cls, values: Mapping[str, bool | str]) -> Settings:
        """Settings from ``values`` as ``storage.read_settings`` gives them: known names only,
        each of its default's type."""
        return cls(**values)  # type: ignore[arg-type]  # each value has its field's type

    def values(self) -> dict[str, bool | str]:
        """Every setting by name: what storage keeps, and its defaults for reading it back."""
        return asdict(self)

    def pace(self, reduced_motion: bool) -> float:
        """How long motion takes, as a share of its designed length; 0 is none at all. The
        system's reduced motion wins over any choice: a player who asked for it there
        should not have to find it again here."""
        return 0.0 if reduced_motion else PACES[self.animation]

    @property
    def index(self) -> str:
        """The corner index size the board draws (``faces.INDEX``)."""
        return "large" if self.large_index else "normal"
