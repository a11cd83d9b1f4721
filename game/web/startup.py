"""The page's start, once the entry script (app.py) has imported its modules: builds the
page and binds every event to it. Wiring only.

Everything with logic is pure and unit-tested: rules in ``game``, what an input means in
``controller``, the board in ``board``, the game on the table (view, timer, words) in
``table`` and ``panel``, the saved game in ``session``, ``settings``, the pointer in
``pointer``, the error guard in ``guard``. :class:`~game.web.page.Page` holds one page's state
and its handlers; ``elements`` finds the page's elements, ``painter`` draws the board.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document, when, window

from game.ui.address.links import hooks_on, read_hash, solver_starts_when_idle
from game.ui.games.faces import RANKS, SPRITE, sprite
from game.ui.guard import Handler
from game.ui.text.languages import LANG_KEY, choose, direction, with_language
from game.ui.text.messages import Messages
from game.web.dialogs import dialog_closed
from game.web.elements import found
from game.web.help import Help
from game.web.look import install_art
from game.web.menu import Menu, Sheet
from game.web.page import Page
from game.web.schedule import listen
from game.web.storage import LocalStore


def language() -> str:
    """This visit's language (``languages.choose``: the URL, the stored choice, the browser's,
    English); static/watchdog.js made the same choice for the first paint."""
    preferred = list(window.navigator.languages or [window.navigator.language or ""])
    lang = choose(str(window.location.search), LocalStore.open().get(LANG_KEY), preferred)
    root = document.documentElement
    root.lang, root.dir = lang, direction(lang)
    return lang


def change_language(page: Page, event: Any) -> None:
    """The picker: remember the choice, keep the game (saved), and load the page again in the
    new language (a ``?lang=`` in the address follows the choice)."""
    lang = str(event.target.value)
    page.storage.write(LANG_KEY, lang)
    page.save()
    location = window.location
    search = with_language(str(location.search), lang)
    if search == str(location.search):
        location.reload()  # the same address with a #code would not load the page again
    else:
        location.replace(f"{location.pathname}{search}{location.hash}")


def bind(page: Page) -> None:
    """Every event the page handles, each through the page's error guard."""
    on = page.guard
    pointer = page.pointer
    listen(page.svg, "pointerdown", on(pointer.on_down))
    listen(page.svg, "pointermove", on(pointer.on_move))
    listen(page.svg, "pointerup", on(pointer.on_up))
    listen(page.svg, "pointercancel", on(pointer.on_up))
    listen(page.svg, "touchstart", on(pointer.on_touch_start))
    listen(document, "keydown", on(page.keyboard.on_key))
    listen(page.svg, "focusin", on(page.keyboard.on_focus))
    for dialog in found().dialogs:
        listen(dialog, "close", on(dialog_closed))
    for gesture in ("pointerdown", "keydown"):  # sound may start only after the first one
        listen(document, gesture, on(page.sound.arm))
    listen(window, "hashchange", on(page.load_hash))
    listen(window, "blur", on(page.cancel_press))
    listen(document, "visibilitychange", on(page.actions.on_visibility))
    listen(window, "pagehide", on(page.unseen.flush))  # left or reloaded: the last move kept
    listen(window, "storage", on(page.records.stored))  # another tab wrote a record
    listen(window, "storage", on(page.dailies.stored))
    sheet = Sheet(on, Menu(on).button)
    for box in found().setting_boxes.values():
        listen(box, "change", on(page.change_setting))
    clicks: dict[str, Handler] = {
        "new": page.life.new_deal,
        "undo": page.undo,
        "redo": page.redo,
        "redeal": page.actions.redeal,
        "draw": page.draw,
        "hint": page.solving.hint,
        "check": page.solving.check,
        "settings": sheet.open,
        "copy": page.copy_link,
        "code": page.copy_link,
        "pause": page.actions.pause,
        "resume": page.actions.pause,
        "restart": page.actions.restart,
        "restart-yes": page.actions.restart_confirmed,
        "redeal-yes": page.actions.redeal_confirmed,
        "replay-this": page.replay_this,
        "share": page.dailies.share,
        "replay-start": page.replaying.to_start,
        "replay-back": page.replaying.back,
        "replay-play": page.replaying.play_pause,
        "replay-forward": page.replaying.forward,
        "replay-end": page.replaying.to_end,
        "replay-here": page.replaying.play_here,
        "replay-here-yes": page.replaying.play_here_confirmed,
        "replay-close": page.replaying.close,
        "examples": page.replaying.examples,
        "example": page.replaying.example,
        "stats": page.records.open,
        "daily": page.dailies.open,
        "challenge": page.dailies.challenge_friend,
        "calendar-prev": page.dailies.previous_month,
        "calendar-next": page.dailies.next_month,
        "stats-reset": page.records.reset,
        "stats-reset-yes": page.records.reset_confirmed,
        "stats-export": page.records.export,
        "stats-import": page.records.choose_file,
        "undo-last": page.undo,
        "undo-to-winnable": page.solving.undo_to_winnable,
        "close": lambda event: event.target.closest("dialog").close(),
    }
    elements = found()
    for action, handler in clicks.items():
        when("click", elements.doing(action))(on(handler))
    help_link = elements.doing("help")
    when("click", help_link)(on(Help(page).open))  # sync: it may preventDefault
    when("change", [elements.language])(on(lambda event: change_language(page, event)))
    when("change", [elements.stats_file])(on(page.records.imported))
    when("input", [elements.replay_step])(on(page.replaying.slid))
    listen(elements.calendar, "keydown", on(page.dailies.on_key))
    window.setInterval(create_proxy(on(page.tick)), 1000)


async def start() -> None:
    """The page, in four tasks: the words and the cards' art; the page; the first deal,
    painted; its events bound, and ready. The events come last, once there is a game to take
    the input (the first deal only replaces the address's hash: no ``hashchange`` is missed),
    and the controls are enabled with them."""
    found()  # every element of the page, or the boot fails here naming those missing
    random.seed()  # restored from a snapshot, the generator would start alike in every session
    words = Messages.load(language())
    install_art(SPRITE if words.ranks == RANKS else sprite(words.ranks))  # the corner letters
    await asyncio.sleep(0)  # a task boundary: the browser may paint and take input
    page = Page(words)
    await asyncio.sleep(0)

    link = read_hash(str(window.location.hash))
    if link.daily:  # #daily: its pool first, so the first deal is the daily at once
        await page.dailies.pool(page.dailies.last_kind(page.kind()))

    def first_deal() -> bool:
        page.load_hash()
        return True

    if page.guard(first_deal)() is None:  # failed, reported: the start-up's fallback is a
        page.deal(page.kind(), push=False)  # fresh deal
    page.frames.now()
    await asyncio.sleep(0)
    found().language.value = words.lang
    bind(page)
    testing = hooks_on(str(window.location.search))
    if testing:
        window.solitaireLoadPosition = create_proxy(page.guard(page.life.load_position))
        window.solitaireLoadCode = create_proxy(page.guard(page.life.load_code))
        window.solitairePosition = create_proxy(lambda: page.game.position())
        # every module imported so far (e2e: all of the standard library's come from the
        # trimmed library the build made, tools/stdlib.py)
        window.solitaireModules = create_proxy(lambda: json.dumps(sorted(sys.modules)))
        window.solitaireReplayLink = create_proxy(lambda: page.replaying.link(page.game))
        window.solitaireDailyCode = create_proxy(page.dailies.code_on)  # (its pool fetched)
        window.solitaireChallengeLink = create_proxy(
            lambda: page.dailies.challenge_link(page.game, page.elapsed())
        )
    found().loading.hidden = True
    for control in found().ready_controls:
        control.disabled = False
    page.frames.now()  # the toolbar again: what has nothing to do yet (Undo) is disabled
    if testing:  # what Python had imported when the page became ready (e2e/test_page_snapshot)
        window.solitaireBootModules = json.dumps(sorted(sys.modules))
    window.performance.mark("app:ready")
    document.body.dataset.ready = "1"
    page.dailies.page_ready()
    if solver_starts_when_idle(str(window.location.search)):  # the boot never waits for it
        page.solving.worker.start_when_idle(page.solving.watch_position)
    else:  # a test's page whose solver works only when asked: no quiet looks either
        page.solving.looks = False
