"""Every game the page knows, by the engine's game (a code's prefix): its view, the one place
that says what differs between games on the page (``view.GameView``); and the kinds that have
a view of their own (Open Crescent's fanned piles). Pure.

A new game adds its module beside ``crescent.py`` and ``forty_thieves.py`` and one entry here.
"""

from __future__ import annotations

import game

from . import crescent, forty_thieves
from .view import GameView

VIEWS: dict[str, GameView] = {view.GAME: view for view in (crescent.VIEW, forty_thieves.VIEW)}
# a kind (a game and its variant) drawn otherwise than its game: its rules are its game's
KIND_VIEWS: dict[str, GameView] = {view.KIND: view for view in (crescent.OPEN_VIEW,)}
DEFAULT = crescent.VIEW  # where a link names no game (the help page of a bare address)


def view_of(g: game.Solitaire) -> GameView:
    """The view of ``g``'s kind if it has one of its own (by its code; a game made from a
    position text has none), else of its game."""
    if g.code is not None:
        view = KIND_VIEWS.get(g.code[: g.code.rfind("-")])
        if view is not None:
            return view
    return VIEWS[g.GAME]


def view_of_kind(kind: str) -> GameView:
    """The view of a kind (``"CR1-O"``, or a whole code), else of its game (``"FT1-N"``: Forty
    Thieves'), or DEFAULT for a game the page has no view of."""
    parts = kind.split("-")
    return KIND_VIEWS.get("-".join(parts[:2])) or VIEWS.get(parts[0], DEFAULT)


def controls(view: GameView) -> str:
    """``body[data-has]``: the optional controls a game shows, as the stylesheet reads them."""
    return " ".join(sorted(view.CONTROLS))


def controls_by_game() -> dict[str, str]:
    """Every game's controls, and the default's (``""``): static/watchdog.js shows the link's
    game's before Python has started (written into index.html by the build). A kind's own
    view keeps its game's controls (the script reads the game alone)."""
    return {"": controls(DEFAULT)} | {name: controls(view) for name, view in VIEWS.items()}
