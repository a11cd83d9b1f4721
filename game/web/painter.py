"""The board in the document: the painter that writes what ``board`` computed (only the
groups that changed), the card lifted by a drag, what lies under the pointer, and the toolbar's
state written after each draw."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyscript import document

import game
from game.ui.board import Layout, Part, Rect
from game.ui.input.keys import closest
from game.ui.input.pointer import Drag
from game.ui.panel import Toolbar
from game.web.elements import found

SVG = "http://www.w3.org/2000/svg"


class Painter:
    """The board's document: one element per top-level group of :func:`board.parts`, each
    rewritten only when its markup changed since the last paint (a move touches two or three
    places; re-instantiating every card's ``<use>`` made a move cost 20 ms of style and
    layout). The elements stay, so keyboard focus stays on its place through every redraw.
    One place carries ``tabindex="0"`` (the roving tab stop), the others ``-1``."""

    def __init__(self, svg: Any) -> None:
        self.svg = svg
        self.parts: dict[str, Part] = {}
        self.groups: dict[str, Any] = {}  # key -> its <g> element
        self.stale: set[str] = set()  # groups the drag code changed behind the markup's back
        self.lifted: list[Any] = []  # cards a drag took out of their place, onto the board's root
        self.attrs: dict[str, str] = {}  # the root's attributes as last written
        self.rover: str | None = None  # the place with tabindex 0
        # where a place was drawn at the last paint (that game's table's, kept as it was)
        self.drawn_rect: Callable[[str], Rect] | None = None

    def paint(
        self,
        g: game.Solitaire,
        layout: Layout,
        parts: dict[str, Part],
        rect: Callable[[str], Rect],
    ) -> None:
        """The board: the changed groups, its size and the test hooks on its root. ``rect``:
        where a place is drawn now (a place that vanished hands focus to the nearest)."""
        svg = self.svg
        self.root(
            viewBox=layout.view_box,
            preserveAspectRatio=layout.align,
            **{"data-status": g.status, "data-code": g.code or ""},
        )
        for card in self.lifted:
            card.remove()  # a dragged card, lifted out of its place: the place is redrawn
        self.lifted.clear()
        focused = self.focused()
        if list(parts) != list(self.parts):  # another game: everything afresh
            svg.innerHTML = "".join(part.markup() for part in parts.values())
            children = svg.children
            self.groups = {key: children.item(k) for k, key in enumerate(parts)}
            changed = list(parts)
        else:
            changed = []
            for key, part in parts.items():
                old, force = self.parts[key], key in self.stale
                if part == old and not force:
                    continue
                group = self.groups[key]
                for attr, was in zip(part.attrs, old.attrs):
                    if force or attr != was:  # only what changed: each is a call into the DOM
                        group.setAttribute(*attr)
                if force or part.inner != old.inner:
                    group.innerHTML = part.inner
                changed.append(key)
        self.stale.clear()
        self.parts = dict(parts)
        for key in changed:
            if "data-arrive" not in parts[key].inner:
                continue
            # where an arriving card comes from, as CSS variables set through the CSSOM: the
            # page's Content-Security-Policy forbids style attributes in markup
            for card in self.groups[key].querySelectorAll("[data-arrive]"):
                card.style.setProperty("--dx", f"{card.dataset.dx}px")
                card.style.setProperty("--dy", f"{card.dataset.dy}px")
        rover = self.rover
        if rover not in self.groups:  # another game: the place nearest to where it was
            lost = self.drawn_rect(rover) if rover and self.drawn_rect else None
            rects = {place: rect(place) for place in self.order()} if lost else {}
            rover = closest(self.order(), rects, lost) if lost else None
        self.drawn_rect = rect
        self.rover = None
        self.rove(rover or next(iter(self.order()), None))
        if focused is not None and self.rover is not None and self.focused() is None:
            self.groups[self.rover].focus()  # the board had focus: it keeps it

    def root(self, **attrs: str) -> None:
        """The ``<svg>``'s own attributes, each written only when it changes."""
        for name, value in attrs.items():
            if self.attrs.get(name) != value:
                self.svg.setAttribute(name, value)
                self.attrs[name] = value

    def order(self) -> tuple[str, ...]:
        """The places in the game's order (as drawn: the DOM's order)."""
        return tuple(key for key in self.parts if key != "regions")

    def rove(self, place: str | None) -> None:
        """Make ``place`` the board's tab stop (Tab comes back to it)."""
        if place is None or place == self.rover or place not in self.groups:
            return
        if self.rover in self.groups:
            self.groups[self.rover].setAttribute("tabindex", "-1")
        self.groups[place].setAttribute("tabindex", "0")
        self.rover = place

    def focus(self, place: str) -> None:
        self.rove(place)
        if place in self.groups:
            self.groups[place].focus()

    def focused(self) -> str | None:
        """The place that has keyboard focus, if one has."""
        active = document.activeElement
        if not active or not self.svg.contains(active):
            return None
        group = active.closest("[data-place]")
        return str(group.dataset.place) if group else None

    def lift(self, place: str, targets: list[str], size: int = 1) -> Drag | None:
        """Lift the top card of ``place`` (its top ``size`` cards, a run, together) to follow
        the pointer, and light up the places that take it; None when the place shows no card
        (an empty place, the stock)."""
        group = self.groups.get(place)
        cards = group.querySelectorAll("[data-card]") if group else None
        if not cards or cards.length == 0:
            return None
        svg = self.svg
        if size == 1:
            card = cards.item(cards.length - 1)
            svg.appendChild(card)  # drawn last: above everything while it travels
            card.classList.add("dragging")
            moving = card.querySelector(".lift")
        else:  # the run in one group, in its order, that the pointer moves as one
            card = document.createElementNS(SVG, "g")
            card.setAttribute("class", "dragging run")
            for k in range(max(cards.length - size, 0), cards.length):
                card.appendChild(cards.item(k))  # (querySelectorAll: a static list)
            svg.appendChild(card)
            moving = card
        self.lifted.append(card)
        self.stale.add(place)  # its card is out: drawn again whatever happens
        for target in targets:
            if target in self.groups:
                self.groups[target].classList.add("target")
                self.stale.add(target)
        area = svg.querySelector("[data-drop=foundations]")
        if area and any(t.startswith("f") for t in targets):
            area.classList.add("target")
            self.stale.add("regions")
        return Drag(moving, 1 / svg.getScreenCTM().a)


def show_toolbar(bar: Toolbar) -> None:
    """The toolbar after a draw: what can be pressed, the moves, the score, the code."""
    page = found()
    page.board.setAttribute("aria-label", bar.board_label)
    page.undo.disabled = not bar.can_undo
    page.redo.disabled = not bar.can_redo
    page.redeal.textContent = bar.redeal
    page.redeal.disabled = not bar.can_redeal
    page.draw.disabled = not bar.can_draw
    page.stat_moves.textContent = bar.moves
    page.stat_score.textContent = bar.score
    code = page.stat_code
    code.textContent = bar.code
    code.setAttribute("aria-label", bar.code_label)
    code.hidden = not bar.code


def drop_target(x: float, y: float) -> str | None:
    """What lies under the pointer: a place id, a drop area (``"foundations"``) or None."""
    under = document.elementFromPoint(x, y)
    if not under:
        return None
    group = under.closest("[data-place]")
    if group:
        return str(group.dataset.place)
    area = under.closest("[data-drop]")
    return area.dataset.drop if area else None


def place_at(event: Any) -> tuple[str, int] | None:
    """The place a pointer went down on, and how many cards from its top the card under the
    pointer is (1: the top card, or no card; a card inside a column where runs move is the
    run from it up). A card still flying to its new place (its arrival animation runs for a
    moment) does not count: the tap belongs to what lies under it, so a fast second tap on the
    pile a card just left reaches that pile."""
    target = event.target
    flying = target.closest("[data-arrive]")
    if flying and flying.getAnimations().length:
        for under in document.elementsFromPoint(event.clientX, event.clientY):
            if not flying.contains(under):
                group = under.closest("[data-place]")
                return (str(group.dataset.place), 1) if group else None
        return None
    group = target.closest("[data-place]")
    if not group:
        return None
    return str(group.dataset.place), depth(group, target.closest("[data-card]"))


def depth(group: Any, card: Any) -> int:
    """How many cards from the top of ``group`` (a place) ``card`` is: 1 for its top card (and
    for no card, or a card not among the place's own)."""
    if not card:
        return 1
    cards = group.querySelectorAll("[data-card]")
    for k in range(cards.length):
        if cards.item(k) == card:
            return int(cards.length - k)
    return 1
