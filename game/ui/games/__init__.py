"""Every game the page knows: each kind's view (``view.GameView``, the one place that says what
differs between games on the page), by the key its record names (``game.kinds``: the family's
view, or a view of its own, as Open Crescent's fanned piles), and the controls it shows. Pure.

A new game of a family with a view adds nothing here: its record names its view. A new view
adds its module beside ``crescent.py`` and ``forty_thieves.py`` and one entry in VIEWS.
"""

from __future__ import annotations

import game
from game.kinds import REGISTRY, Kind, kind_of

from .crescent import OPEN_VIEW
from .crescent import VIEW as CRESCENT_VIEW
from .forty_thieves import VIEW as FORTY_THIEVES_VIEW
from .view import GameView

VIEWS: dict[str, GameView] = {
    "crescent": CRESCENT_VIEW,
    "open-crescent": OPEN_VIEW,
    "forty-thieves": FORTY_THIEVES_VIEW,
}
DEFAULT_KIND = REGISTRY[0]  # where a link names no game (the help page of a bare address)
DEFAULT = VIEWS[DEFAULT_KIND.view_key]


def kind_or_default(code: str | None) -> Kind:
    """The record of a kind or a whole code, else the default's (a game the page has not)."""
    try:
        return kind_of(code or "")
    except KeyError:
        return DEFAULT_KIND


def view_of(g: game.Solitaire) -> GameView:
    """The view of ``g``'s kind (``Solitaire.kind``: a game made from a position text has its
    position's kind)."""
    return view_of_kind(g.kind)


def view_of_kind(kind: str) -> GameView:
    """The view of a kind (``"CR1-O"``) or of a whole code, or DEFAULT for a game the page
    has no view of."""
    return VIEWS[kind_or_default(kind).view_key]


def controls_of(kind: Kind) -> frozenset[str]:
    """The optional controls a kind shows: its view's, and Redeal where its rules redeal."""
    return VIEWS[kind.view_key].CONTROLS | ({"redeal"} if kind.rules.redeals else set())


def controls(g: game.Solitaire) -> str:
    """``body[data-has]``: the optional controls the game on the table shows, as the
    stylesheet reads them."""
    return " ".join(sorted(controls_of(kind_or_default(g.kind))))


def controls_by_kind() -> dict[str, str]:
    """Every kind's controls, and the default's (``""``): static/watchdog.js shows the link's
    kind's before Python has started (written into index.html by the build)."""
    by_kind = {kind.code: " ".join(sorted(controls_of(kind))) for kind in REGISTRY}
    return {"": by_kind[DEFAULT_KIND.code]} | by_kind
