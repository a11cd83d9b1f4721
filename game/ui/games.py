"""Every game the page knows, by the engine's game (a code's prefix): its view, the one place
that says what differs between games on the page (``view.GameView``). Pure.

A new game adds its module beside ``crescent.py`` and ``forty_thieves.py`` and one entry here.
"""

from __future__ import annotations

import game

from . import crescent, forty_thieves
from .view import GameView

VIEWS: dict[str, GameView] = {view.GAME: view for view in (crescent.VIEW, forty_thieves.VIEW)}
DEFAULT = crescent.VIEW  # where a link names no game (the help page of a bare address)


def view_of(g: game.Solitaire) -> GameView:
    """The view of ``g``'s game."""
    return VIEWS[g.GAME]


def view_of_kind(kind: str) -> GameView:
    """The view of a kind's game (``"FT1-N"``), or DEFAULT for one the page has no view of."""
    return VIEWS.get(kind.split("-")[0], DEFAULT)


def controls(view: GameView) -> str:
    """``body[data-has]``: the optional controls a game shows, as the stylesheet reads them."""
    return " ".join(sorted(view.CONTROLS))


def controls_by_game() -> dict[str, str]:
    """Every game's controls, and the default's (``""``): static/watchdog.js shows the link's
    game's before Python has started (written into index.html by the build)."""
    return {"": controls(DEFAULT)} | {name: controls(view) for name, view in VIEWS.items()}
