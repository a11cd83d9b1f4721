"""The Help dialog (PyScript): the toolbar's Help link shows the help page of the game being
played, in the page's language, inside the page: the game stays where it is. The page is
the same file as the standalone one (tools/help.py), fetched (the service worker keeps it
offline), and its ``<main>`` shown; the dialog links to the full page. A click that asks for
a new tab or window, or a page that cannot be had, follows the link instead: the game is
saved and Back resumes it. Which page to show is pure: ``links.help_href``."""

from __future__ import annotations

import asyncio
import inspect
from typing import Any, Protocol

from pyscript import document, window

from game import Solitaire
from game.ui.address.links import help_href
from game.ui.guard import Handler
from game.web.dialogs import modal
from game.web.elements import found


class Host(Protocol):
    """What Help needs of the page."""

    @property
    def game(self) -> Solitaire: ...
    def cancel_press(self, _event: Any = None) -> None: ...
    def guard(self, handler: Handler) -> Handler: ...


class Help:
    def __init__(self, host: Host) -> None:
        self.host = host
        self.task: asyncio.Task[None] | None = None  # kept: a task nobody holds may be dropped

    def href(self) -> str:
        return help_href(str(document.documentElement.lang or "en"), self.host.game.code)

    def open(self, event: Any) -> None:
        """Help pressed (a click, Enter): point the link at this game, language and deal; a
        plain click shows it in the dialog, any other (a new tab...) follows the link."""
        link = event.target.closest("[data-action=help]")
        href = self.href()
        link.setAttribute("href", href)
        if event.button or event.ctrlKey or event.metaKey or event.shiftKey or event.altKey:
            return
        event.preventDefault()  # now, while the event is dispatched: the fetch comes later
        self.host.cancel_press()
        shown = self.host.guard(self.show)(href)
        assert inspect.isawaitable(shown)  # (the guard keeps a coroutine function one)
        self.task = asyncio.ensure_future(shown)

    async def show(self, href: str) -> None:
        response = await window.fetch(href.split("#")[0])
        if not response.ok:
            window.location.href = href
            return
        text = await response.text()
        help_page = window.DOMParser.new().parseFromString(text, "text/html")
        main = help_page.querySelector("main")
        if not main:
            window.location.href = href
            return
        page = found()
        content = page.help_content
        # this site's own file, made by tools/help.py from Markdown: no script, no style
        content.innerHTML = main.innerHTML
        content.setAttribute("lang", help_page.documentElement.lang)
        content.setAttribute("dir", help_page.documentElement.dir)
        heading = content.querySelector("h1")
        if heading:
            heading.id = "help-title"
        page.help_full.setAttribute("href", href)
        dialog = page.help_dialog
        if not dialog.open:
            modal(dialog)
        content.scrollTop = 0
        dialog.scrollTop = 0
