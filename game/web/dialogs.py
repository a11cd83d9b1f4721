"""The page's dialogs: opened as real modal ones, and the focus given back when they close."""

from __future__ import annotations

from typing import Any

from pyscript import document

from game.web.elements import found


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
        back = found().menu_button
    back.focus()


def close_dialogs() -> None:
    for dialog in found().open_dialogs():
        dialog.close()
