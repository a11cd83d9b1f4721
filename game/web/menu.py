"""The toolbar's menu and the Settings sheet in the document (PyScript): open, close, keys,
and the focus moved in and back. The decisions are ``menu``'s (pure, unit-tested)."""

from __future__ import annotations

from typing import Any

from pyscript import document, window

from game.ui import menu
from game.ui.guard import Guard
from game.web.elements import found
from game.web.schedule import listen


class Menu:
    """A menu button and its ``role="menu"`` popup of buttons."""

    def __init__(self, guard: Guard) -> None:
        self.button = found().menu_button
        self.popup = found().main_menu
        listen(self.button, "click", guard(self.toggle))
        listen(self.button, "keydown", guard(self.on_button_key))
        listen(self.popup, "keydown", guard(self.on_key))
        listen(self.popup, "click", guard(self.on_click))
        listen(document.body, "pointerdown", guard(self.on_pointer_down))

    @property
    def is_open(self) -> bool:
        return not self.popup.hidden

    def items(self) -> list[Any]:
        return [b for b in found().menu_items if b.offsetParent]

    def open(self, focus: int = 0) -> None:
        self.popup.hidden = False
        self.popup.style.removeProperty("translate")
        r = self.popup.getBoundingClientRect()
        dx = menu.into_view(r.left, r.right, window.innerWidth)
        if dx:
            self.popup.style.setProperty("translate", f"{dx:g}px 0")
        self.button.setAttribute("aria-expanded", "true")
        items = self.items()
        if items:
            items[focus % len(items)].focus()

    def close(self, refocus: bool = False) -> None:
        if not self.is_open:
            return
        self.popup.hidden = True
        self.button.setAttribute("aria-expanded", "false")
        if refocus:
            self.button.focus()

    def toggle(self, _event: Any = None) -> None:
        if self.is_open:
            self.close(refocus=True)
        else:
            self.open()

    def on_button_key(self, event: Any) -> None:
        first = menu.opening(str(event.key), len(found().menu_items))
        if first is not None:
            event.preventDefault()
            self.popup.hidden = False  # shown first: only shown items count
            self.open(first if first == 0 else len(self.items()) - 1)

    def on_key(self, event: Any) -> None:
        key = str(event.key)
        if menu.closes(key):
            if key == "Escape":
                event.preventDefault()
            event.stopPropagation()
            self.close(refocus=key == "Escape")
            return
        items = self.items()
        current = next((k for k, b in enumerate(items) if b.matches(":focus")), 0)
        target = menu.step(key, current, len(items))
        if target is not None:
            event.preventDefault()
            event.stopPropagation()  # the board's own keys do not see the menu's
            items[target].focus()

    def on_click(self, event: Any) -> None:
        """An item was chosen (its own handler has run): the menu closes, and the focus goes
        back to its button unless the item opened a dialog, which has the focus now."""
        if event.target.closest("[role=menuitem]"):
            self.close(refocus=not found().open_dialog())

    def on_pointer_down(self, event: Any) -> None:
        if self.is_open and not event.target.closest(".menu-wrap"):
            self.close()


class Sheet:
    """The Settings sheet: a modal ``<dialog>`` that leaves the board in view. Escape and its
    Close button close it (the dialog's own), and so does a tap outside it; the focus then
    goes back to the menu button."""

    def __init__(self, guard: Guard, back: Any) -> None:
        self.dialog = found().settings_sheet
        self.back = back
        listen(self.dialog, "click", guard(self.on_click))
        listen(self.dialog, "close", guard(self.on_close))

    def open(self, _event: Any = None) -> None:
        if not self.dialog.open:
            self.dialog.showModal()

    def close(self) -> None:
        if self.dialog.open:
            self.dialog.close()

    def on_click(self, event: Any) -> None:
        r = self.dialog.getBoundingClientRect()
        box = (r.left, r.top, r.right, r.bottom)
        if event.target == self.dialog and menu.outside(event.clientX, event.clientY, box):
            self.close()

    def on_close(self, _event: Any = None) -> None:
        if not found().open_dialog():
            self.back.focus()
