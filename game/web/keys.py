"""The keyboard (PyScript): the board's places as a roving tab stop (arrows, Home, End;
Enter or Space is a tap, through the same controller path as a pointer's), Escape, and the
toolbar's keys. What a key means is decided in the pure ``keys`` module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyscript import document

from game.ui import keys
from game.web.actions import now
from game.web.dom import q

if TYPE_CHECKING:  # the page these parts serve (one way: it imports them)
    from game.web.page import Page

TYPING = ("INPUT", "SELECT", "TEXTAREA")


class Keyboard:
    """One page's keys: a part of :class:`~game.web.page.Page`, kept apart for size."""

    def __init__(self, page: Page) -> None:
        self.page = page

    def on_key(self, event: Any) -> None:
        page = self.page
        page.solving.worker.step_aside()
        key = str(event.key)
        dialog = document.querySelector("dialog[open]")
        if key == "Escape":
            page.cancel_press()
            if not dialog:
                self.escape()
            return
        target = event.target
        if dialog or event.defaultPrevented or page.replaying.active:
            return  # a dialog has the keys; a replay is watched, not played
        if str(target.tagName).upper() in TYPING:
            return  # typing, or choosing in a list: its own keys
        group = target.closest("[data-place]") if page.svg.contains(target) else None
        if group and self.on_place(event, str(group.dataset.place)):
            return
        name = keys.action(
            key, bool(event.ctrlKey or event.metaKey), bool(event.shiftKey), bool(event.altKey)
        )
        if name is None or event.repeat and name not in ("undo", "redo"):
            return
        event.preventDefault()
        page.cancel_press()  # undo first puts a dragged card back, never plays it
        if name == "undo":
            page.undo()
        elif name == "redo":
            page.redo()
        else:
            button = q(f"header [data-action={name}]")
            if button and not button.disabled and button.checkVisibility():
                button.click()  # the button's own handler: Redeal still asks first

    def on_place(self, event: Any, place: str) -> bool:
        """A key on a focused place: arrows, Home and End move focus, Enter and Space tap."""
        page = self.page
        key = str(event.key)
        if event.ctrlKey or event.metaKey or event.altKey:
            return False
        if key in ("Enter", " "):
            event.preventDefault()
            if not event.repeat:
                self.tap(place)
            return True
        table = page.table
        goal = keys.move_focus(page.painter.order(), table.rects(), place, key)
        if key in keys.ARROWS or key in ("Home", "End"):
            event.preventDefault()  # no page scroll, even at the edge
            if goal is not None:
                page.painter.focus(goal)
            return True
        return False

    def tap(self, place: str) -> None:
        """Enter or Space on a place: a tap (selects when several places take the card, moves
        when one does; on a highlighted place, moves the selected card there)."""
        page = self.page
        page.cancel_press()
        table = page.table
        origins = table.origins((place, table.controller.selected))  # where a move starts
        page.outcome(table.controller.single_tap(place), origins)

    def escape(self) -> None:
        """Escape on the board: drops the selection (a dialog, the Settings sheet included,
        closes itself on Escape)."""
        page = self.page
        if page.table.controller.selected:
            page.show(page.table.deselect(now()))

    def on_focus(self, event: Any) -> None:
        """A place took focus (Tab, a click): it becomes the board's tab stop."""
        group = event.target.closest("[data-place]")
        if group:
            self.page.painter.rove(str(group.dataset.place))
