"""The keyboard (PyScript): the board's places as a roving tab stop (arrows, Home, End;
Enter or Space is a tap, through the same controller path as a pointer's), Escape, and the
toolbar's keys. What a key means is decided in the pure ``keys`` module.
"""

from __future__ import annotations

from typing import Any, Protocol

from game.ui.board import Rect
from game.ui.input import keys
from game.web.elements import found

TYPING = ("INPUT", "SELECT", "TEXTAREA")


class FocusRing(Protocol):
    """The board's places as one tab stop (``painter.Painter``)."""

    def order(self) -> tuple[str, ...]: ...
    def focus(self, place: str) -> None: ...
    def rove(self, place: str | None) -> None: ...


class Host(Protocol):
    """What the keys need of the page."""

    @property
    def painter(self) -> FocusRing: ...

    @property
    def replay_shown(self) -> bool: ...
    def step_aside(self) -> None: ...
    def cancel_press(self, _event: Any = None) -> None: ...
    def undo(self, _event: Any = None) -> None: ...
    def redo(self, _event: Any = None) -> None: ...
    def tap(self, place: str, size: int = 1) -> None: ...
    def point(self, place: str, depth: int) -> bool: ...
    def deselect(self) -> None: ...
    def rects(self) -> dict[str, Rect]: ...


class Keyboard:
    """One page's keys."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.pick: tuple[str, int] | None = None  # a card inside a column Up and Down chose

    def on_key(self, event: Any) -> None:
        host, page = self.host, found()
        host.step_aside()
        key = str(event.key)
        if key not in ("ArrowUp", "ArrowDown", "Enter", " "):
            self.pick = None  # any other key (Undo, Escape, a letter): the pointed card goes
        dialog = page.open_dialog()
        if key == "Escape":
            host.cancel_press()
            if not dialog:
                host.deselect()  # (a dialog, the Settings sheet too, closes itself on Escape)
            return
        target = event.target
        if dialog or event.defaultPrevented or host.replay_shown:
            return  # a dialog has the keys; a replay is watched, not played
        if str(target.tagName).upper() in TYPING:
            return  # typing, or choosing in a list: its own keys
        group = target.closest("[data-place]") if page.board.contains(target) else None
        if group and self.on_place(event, str(group.dataset.place)):
            return
        name = keys.action(
            key, bool(event.ctrlKey or event.metaKey), bool(event.shiftKey), bool(event.altKey)
        )
        if name is None or event.repeat and name not in ("undo", "redo"):
            return
        event.preventDefault()
        host.cancel_press()  # undo first puts a dragged card back, never plays it
        if name == "undo":
            host.undo()
        elif name == "redo":
            host.redo()
        else:
            button = page.toolbar.get(name)
            if button and not button.disabled and button.checkVisibility():
                button.click()  # the button's own handler: Redeal still asks first

    def on_place(self, event: Any, place: str) -> bool:
        """A key on a focused place: arrows, Home and End move focus, Enter and Space tap
        (selects when several places take the card, moves when one does; on a highlighted
        place, moves the selected card there)."""
        host = self.host
        key = str(event.key)
        if event.ctrlKey or event.metaKey or event.altKey:
            return False
        depth = self.pick[1] if self.pick and self.pick[0] == place else 1
        if key in ("Enter", " "):
            event.preventDefault()
            if not event.repeat:
                self.pick = None
                host.tap(place, depth)
            return True
        step = keys.pick_step(depth, key)
        if step is not None and host.point(place, step):  # inside a run where runs move
            event.preventDefault()
            self.pick = (place, step)
            return True
        if key in keys.ARROWS or key in ("Home", "End"):
            event.preventDefault()  # no page scroll, even at the edge
            goal = keys.move_focus(host.painter.order(), host.rects(), place, key)
            if goal is not None:
                host.painter.focus(goal)
            return True
        return False

    def on_focus(self, event: Any) -> None:
        """A place took focus (Tab, a click): it becomes the board's tab stop."""
        group = event.target.closest("[data-place]")
        if group:
            place = str(group.dataset.place)
            if self.pick and self.pick[0] != place:  # the pointed card stays with its column
                self.pick = None
            self.host.painter.rove(place)
