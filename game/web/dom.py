"""The document, for the PyScript layer: finding elements and writing into them what the pure
modules computed (the board's markup, the toolbar's state), and the card lifted by a drag.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document, window

import game
from game.ui.board import Layout, Part, Rect
from game.ui.guard import Guard, Handler
from game.ui.keys import closest
from game.ui.panel import Toolbar
from game.ui.pointer import Drag
from game.ui.settings import Settings
from game.ui.sound import SOUNDS
from game.ui.storage import MemoryStore, QuotaExceeded, Store


def q(selector: str) -> Any:
    return document.querySelector(selector)


@cache
def fixed(selector: str) -> Any:
    """An element of the page's own markup, which no script replaces: looked up once (the
    toolbar's are written after every input)."""
    return document.querySelector(selector)


def listen(target: Any, event: str, handler: Handler) -> None:
    """Call ``handler`` (guarded by the caller) on each ``event``, for the page's lifetime."""
    target.addEventListener(event, create_proxy(handler))


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

    def lift(self, place: str, targets: list[str]) -> Drag | None:
        """Lift the top card of ``place`` to follow the pointer, and light up the places that
        take it; None when the place shows no card (an empty place, the stock)."""
        group = self.groups.get(place)
        cards = group.querySelectorAll("[data-card]") if group else None
        if not cards or cards.length == 0:
            return None
        card = cards.item(cards.length - 1)
        svg = self.svg
        svg.appendChild(card)  # drawn last: above everything while it travels
        self.lifted.append(card)
        card.classList.add("dragging")
        self.stale.add(place)  # its card is out: drawn again whatever happens
        for target in targets:
            if target in self.groups:
                self.groups[target].classList.add("target")
                self.stale.add(target)
        area = svg.querySelector("[data-drop=foundations]")
        if area and any(t.startswith("f") for t in targets):
            area.classList.add("target")
            self.stale.add("regions")
        return Drag(card.querySelector(".lift"), 1 / svg.getScreenCTM().a)


def show_toolbar(svg: Any, bar: Toolbar) -> None:
    svg.setAttribute("aria-label", bar.board_label)
    fixed("[data-action=undo]").disabled = not bar.can_undo
    fixed("[data-action=redo]").disabled = not bar.can_redo
    redeal = fixed("[data-action=redeal]")
    redeal.textContent = bar.redeal
    redeal.disabled = not bar.can_redeal
    fixed("[data-action=draw]").disabled = not bar.can_draw
    fixed("#stat-moves").textContent = bar.moves
    fixed("#stat-score").textContent = bar.score
    code = fixed("#stat-code")
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
    bar = window.getComputedStyle(document.body).getPropertyValue("--bar").strip()
    for meta in document.querySelectorAll("meta[name=theme-color]"):
        # the browser's own bar matches the table's: Automatic follows the system (each meta
        # has its media query and its colour), a chosen theme is the same light or dark
        meta.content = meta.dataset.auto if settings.theme == "auto" or not bar else bar


class Sound:
    """The game's sounds (``sound.SOUNDS``), synthesised with the Web Audio API. No audio
    context exists before the player's first gesture (``arm``): none is ever started by the
    page itself, and a browser never has to block one."""

    def __init__(self) -> None:
        self.armed = False
        self.context: Any = None  # an AudioContext, made at the first sound

    def arm(self, _event: Any = None) -> None:
        self.armed = True

    def play(self, name: str | None, on: bool) -> None:
        if not (on and self.armed and name in SOUNDS):
            return
        if self.context is None:
            self.context = window.AudioContext.new()
        ctx = self.context
        if ctx.state == "suspended":
            ctx.resume()
        t0 = ctx.currentTime
        for freq, start, length, wave, peak in SOUNDS[name]:
            osc, amp = ctx.createOscillator(), ctx.createGain()
            osc.type = wave
            osc.frequency.value = freq
            amp.gain.setValueAtTime(0.0001, t0 + start)
            amp.gain.exponentialRampToValueAtTime(peak, t0 + start + 0.008)
            amp.gain.exponentialRampToValueAtTime(0.0001, t0 + start + length)
            osc.connect(amp)
            amp.connect(ctx.destination)
            osc.start(t0 + start)
            osc.stop(t0 + start + length + 0.02)
        document.body.dataset.sound = name  # what was heard last: for the browser tests


def place_at(event: Any) -> str | None:
    """The place a pointer went down on. A card still flying to its new place (its arrival
    animation runs for a moment) does not count: the tap belongs to what lies under it, so a
    fast second tap on the pile a card just left reaches that pile."""
    target = event.target
    flying = target.closest("[data-arrive]")
    if flying and flying.getAnimations().length:
        for under in document.elementsFromPoint(event.clientX, event.clientY):
            if not flying.contains(under):
                group = under.closest("[data-place]")
                return group.dataset.place if group else None
        return None
    group = target.closest("[data-place]")
    return group.dataset.place if group else None


def modal(dialog: Any) -> None:
    """Open a dialog as a real modal one (the rest of the page inert, Escape closes it; its
    ``autofocus`` control, else its first, takes focus); :func:`dialog_closed` gives focus
    back to the control that opened it."""
    if dialog.open:
        return
    INVOKERS[str(dialog.id)] = document.activeElement
    dialog.showModal()


INVOKERS: dict[str, Any] = {}  # dialog id -> the element that had focus when it opened


def dialog_closed(event: Any) -> None:
    """A dialog closed: focus goes back where it was when it opened, if that can still take
    it; else (a control of the Settings sheet, or of the menu, both closed by now) to the
    menu's button they were reached from."""
    back = INVOKERS.pop(str(event.target.id), None)
    if not back or back == document.body or not back.isConnected:
        return
    if back.closest("dialog:not([open])") or not back.checkVisibility():
        back = q("[data-action=menu]")
    back.focus()


def close_dialogs() -> None:
    for dialog in document.querySelectorAll("dialog[open]"):
        dialog.close()


BACKSTOP_MS = 200  # what a draw leaves for after its paint is done by then at the latest


class AfterPaint:
    """Work the player does not see at once (the game saved, the board in words for a screen
    reader, the statistics; the auto-finish's search): done once the frame that shows an
    input is painted, so that the input's way to the screen does not wait on it. Requests
    coalesce; :meth:`flush` does it at once (the page hidden or left), :meth:`cancel` not."""

    def __init__(self, work: Callable[[], None], guard: Guard) -> None:
        self.work = work
        self.pending = False
        self.painted = False  # a frame has come since the request (an older one's task waits)
        self.frame_proxy = create_proxy(guard(self.frame))
        self.after_proxy = create_proxy(guard(self.after))
        self.flush_proxy = create_proxy(guard(self.flush))

    def request(self) -> None:
        if not self.pending:
            self.pending, self.painted = True, False
            if document.hidden:  # no frame comes to a hidden page (an auto-finish goes on)
                window.setTimeout(self.flush_proxy, 0)
            else:
                window.requestAnimationFrame(self.frame_proxy)
                # and whatever happens to frames (a window in the background may get none)
                window.setTimeout(self.flush_proxy, BACKSTOP_MS)

    def frame(self, *_args: Any) -> None:
        self.painted = True
        window.setTimeout(self.after_proxy, 0)  # the first task after this frame is painted

    def after(self, *_args: Any) -> None:
        if self.painted:
            self.flush()

    def flush(self, *_args: Any) -> None:
        if self.pending:
            self.pending = False
            self.work()

    def cancel(self) -> None:
        self.pending = False


class BoardSize:
    """The board's height / width, kept up to date by a ``ResizeObserver`` (a window resized,
    the toolbar or the words below wrapping): reading ``clientWidth`` while drawing forced a
    layout of the whole page in every input, twice a tap."""

    def __init__(self, svg: Any, resized: Callable[[], None], guard: Guard) -> None:
        self.svg = svg
        self.resized = resized
        self.aspect = self.measure()
        window.ResizeObserver.new(create_proxy(guard(self.observed))).observe(svg)

    def measure(self) -> float:
        width, height = self.svg.clientWidth, self.svg.clientHeight
        return height / width if width and height else 1.0

    def observed(self, *_args: Any) -> None:
        """After the browser's layout (so the measure is free) and before the paint: a new
        shape is drawn anew in the same frame."""
        aspect = self.measure()
        if aspect != self.aspect:
            self.aspect = aspect
            self.resized()


class Frames:
    """The board's redraws: at once after an input (painted in the very next frame), else
    coalesced into one per animation frame (a new deal, a resize). Each draw is counted in
    ``body[data-frame]``, which the browser tests wait on instead of waiting for time."""

    def __init__(self, draw: Callable[[], None], guard: Guard) -> None:
        self.draw = draw
        self.count = 0
        self.pending = False
        self.dirty = False
        self.proxy = create_proxy(guard(self.frame))  # made once: requestAnimationFrame's

    def later(self) -> None:
        self.dirty = True
        if not self.pending:
            self.pending = True
            window.requestAnimationFrame(self.proxy)

    def now(self) -> None:
        self.dirty = True
        self.frame()

    def frame(self, _timestamp: Any = None) -> None:
        self.pending = False
        if not self.dirty:
            return  # already drawn since the request: a second draw would cut the animation
        self.dirty = False
        self.draw()
        self.count += 1
        document.body.dataset.frame = str(self.count)


class LocalStore:
    """``localStorage`` as a :class:`~game.ui.storage.Store`: a full quota becomes
    :class:`~game.ui.storage.QuotaExceeded`; any other failure is raised for the storage
    module to absorb."""

    def __init__(self, local: Any) -> None:
        self.local = local

    @classmethod
    def open(cls) -> Store:
        """The browser's store, or one in memory when storage is switched off (the getter
        itself throws then): the game plays, nothing is kept."""
        try:
            local = window.localStorage
            local.length  # noqa: B018  some browsers only refuse on first use
        except Exception:  # noqa: BLE001
            return MemoryStore()
        return cls(local)

    def get(self, key: str) -> str | None:
        value = self.local.getItem(key)
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> None:
        try:
            self.local.setItem(key, value)
        except Exception as err:
            if "quota" in str(err).lower():
                raise QuotaExceeded(key) from None
            raise

    def remove(self, key: str) -> None:
        self.local.removeItem(key)

    def names(self) -> list[str]:
        local = self.local
        return [local.key(i) for i in range(local.length)]
