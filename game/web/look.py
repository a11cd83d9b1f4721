"""The page's look: the settings' theme, deck, index, pace, hand and calm as ``body``
attributes the stylesheet reads, and the card art's symbols."""

from __future__ import annotations

from pyscript import document, window

from game.ui.records.settings import Settings
from game.web.elements import found

# what static/watchdog.js sets on <html> from the stored settings before the first paint
BOOT_ATTRIBUTES = ("data-animation", "data-left-handed", "data-calm")


def install_art(markup: str) -> None:
    """The card art's symbols (``faces.SPRITE``), once, in a hidden ``<svg>`` of their own
    that every card's ``<use href>`` refers to: the board's redraws never repeat them."""
    art = document.createElementNS("http://www.w3.org/2000/svg", "svg")
    art.id = "card-art"
    art.setAttribute("aria-hidden", "true")
    art.setAttribute("focusable", "false")
    art.innerHTML = markup
    document.body.prepend(art)


def appearance(settings: Settings) -> None:
    """The look the settings choose, as ``body`` attributes that the stylesheet reads."""
    data = document.body.dataset
    data.deck = "four" if settings.four_colour else "two"
    data.index = settings.index
    data.theme = settings.theme
    data.animation = settings.animation  # the flights' pace (app.css --pace)
    body = document.body
    body.toggleAttribute("data-left-handed", settings.left_handed)
    body.toggleAttribute("data-calm", settings.calm)
    for name in BOOT_ATTRIBUTES:  # static/watchdog.js's, for the first paint: body's now
        document.documentElement.removeAttribute(name)
    bar = window.getComputedStyle(document.body).getPropertyValue("--bar").strip()
    for meta in found().theme_colors:
        # the browser's own bar matches the table's: Automatic follows the system (each meta
        # has its media query and its colour), a chosen theme is the same light or dark
        meta.content = meta.dataset.auto if settings.theme == "auto" or not bar else bar
