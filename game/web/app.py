"""The PyScript entry point: builds the page and binds every event to it. Wiring only.

Everything with logic is pure and unit-tested: rules in ``game``, what an input means in
``controller``, the board in ``board``, the game on the table (view, timer, words) in
``table`` and ``panel``, the saved game in ``session``, ``settings``, the pointer in
``pointer``, the error guard in ``guard``. :class:`~game.web.page.Page` holds one page's state
and its handlers; ``dom`` writes into the document.
"""

from __future__ import annotations

import random

from pyodide.ffi import create_proxy
from pyscript import document, when, window

window.performance.mark("app:start")  # bench/page.py prints where the boot time goes

from game.web.dom import listen, q
from game.web.messages import Messages
from game.web.page import Page


def bind(app: Page) -> None:
    """Every event the page handles, each through the page's error guard."""
    on = app.guard
    listen(app.svg, "pointerdown", on(app.on_pointer_down))
    listen(app.svg, "pointermove", on(app.on_pointer_move))
    listen(app.svg, "pointerup", on(app.on_pointer_up))
    listen(app.svg, "pointercancel", on(app.on_pointer_up))
    listen(document, "keydown", on(app.on_key))
    listen(window, "hashchange", on(app.load_hash))
    listen(window, "resize", on(lambda _event: app.frames.later()))
    for box in document.querySelectorAll("[data-setting]"):
        listen(box, "change", on(app.change_setting))
    clicks = {
        "new": app.new_deal,
        "undo": app.undo,
        "redo": app.redo,
        "redeal": app.redeal,
        "draw": app.draw,
        "hint": app.solving.hint,
        "check": app.solving.check,
        "copy": app.copy_link,
        "undo-last": app.undo,
        "close": lambda event: event.target.closest("dialog").close(),
    }
    for action, handler in clicks.items():
        when("click", f"[data-action={action}]")(on(handler))
    when("change", "[data-action=game]")(on(app.new_deal))
    window.setInterval(create_proxy(on(app.tick)), 1000)


def main() -> None:
    random.seed()  # restored from a snapshot, the generator would start alike in every session
    app = Page(Messages.load())
    bind(app)
    testing = "test" in str(window.location.search)
    if testing:
        window.solitaireLoadPosition = create_proxy(app.guard(app.load_position))
        window.solitaireLoadCode = create_proxy(app.guard(app.load_code))
    app.load_hash()
    q("#loading").hidden = True
    for control in document.querySelectorAll("header button, header select"):
        control.disabled = False
    app.frames.now()
    window.performance.mark("app:ready")
    document.body.dataset.ready = "1"


main()
