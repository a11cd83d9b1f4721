"""The page's own elements (``index.html``), looked up in one place and once, at boot.

Every element the browser room writes into or listens to is named here with its selector;
:func:`found` looks them all up before the page is built and fails the boot with
:class:`MissingElements`, naming each one missing, so a renamed id in ``index.html`` cannot
leave a button that silently does nothing (``tests/test_elements.py`` checks the selectors
against ``index.html`` on CPython as well). The board's own markup (cards, places) is the
painter's and is not here.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any


class MissingElements(LookupError):
    """The page lacks elements the game needs: each named with its selector."""

    def __init__(self, missing: list[str]) -> None:
        super().__init__("index.html lacks " + ", ".join(missing))
        self.missing = missing


class Element:
    """One element: the first that ``selector`` matches (``index.html`` has exactly one)."""

    def __init__(self, selector: str) -> None:
        self.selector = selector
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, elements: Elements | None, owner: type) -> Any:
        return elements.found[self.name] if elements is not None else self

    def look_up(self, query: Callable[[str], Any], query_all: Callable[[str], Any]) -> Any:
        return query(self.selector)


class Group(Element):
    """Every element ``selector`` matches (at least one), as a list; or, with ``key``, a dict
    by their ``data-<key>`` attribute (of lists, with ``many``: several share a value)."""

    def __init__(self, selector: str, key: str | None = None, many: bool = False) -> None:
        super().__init__(selector)
        self.key = key
        self.many = many

    def look_up(self, query: Callable[[str], Any], query_all: Callable[[str], Any]) -> Any:
        matches = list(query_all(self.selector))
        if not matches:
            return None
        if self.key is None:
            return matches
        by_key: dict[str, Any] = {}
        for element in matches:
            value = str(element.getAttribute(f"data-{self.key}"))
            if self.many:
                by_key.setdefault(value, []).append(element)
            else:
                by_key[value] = element
        return by_key


class Elements:
    """The page's elements, by what they are to the game."""

    # the board and the toolbar
    theme_colors = Group("meta[name=theme-color]")  # the browser's own bar follows the theme
    board = Element("#board")
    picker = Element("[data-action=game]")
    language = Element("[data-action=language]")
    menu_button = Element("[data-action=menu]")
    main_menu = Element("#main-menu")
    menu_items = Group("#main-menu [role=menuitem]")
    toolbar = Group("header [data-action]", key="action")  # the keys' shortcuts press these
    actions = Group("[data-action]", key="action", many=True)  # every control, by its action
    undo = Element("header [data-action=undo]")
    redo = Element("header [data-action=redo]")
    redeal = Element("header [data-action=redeal]")
    draw = Element("header [data-action=draw]")
    pause = Element("header [data-action=pause]")
    check = Element("[data-action=check]")
    ready_controls = Group("header button, header select, #paused button, #settings-sheet button")
    loading = Element("#loading")
    paused = Element("#paused")
    announce = Element("#announce")
    stat_time = Element("#stat-time")
    stat_moves = Element("#stat-moves")
    stat_score = Element("#stat-score")
    stat_code = Element("#stat-code")
    stat_daily = Element("#stat-daily")  # the daily's date beside its code
    stat_grade = Element("#stat-grade")  # the deal's difficulty, if the solver graded it
    # settings
    settings_sheet = Element("#settings-sheet")
    setting_boxes = Group("[data-setting]", key="setting")
    # the dialogs
    dialogs = Group("dialog")
    redeal_dialog = Element("#redeal-dialog")
    redeal_text = Element("#redeal-text")
    redeal_dont_ask = Element("#redeal-dont-ask")
    restart_dialog = Element("#restart-dialog")
    blocked_dialog = Element("#blocked-dialog")
    won_dialog = Element("#won-dialog")
    won_text = Element("#won-text")
    won_stats = Element("#won-stats")
    won_share = Element("#won-share")
    won_links = Group("#won-dialog [data-action=replay-this], #won-dialog [data-action=share]")
    won_challenge = Element("#won-dialog [data-action=challenge]")
    picker_dialog = Element("#picker-dialog")
    picker_search = Element("#picker-search")
    picker_list = Element("#picker-list")
    picker_status = Element("#picker-status")
    help_dialog = Element("#help-dialog")
    help_content = Element("#help-content")
    help_full = Element("#help-full")
    # the solver
    solver_status = Element("#solver-status")
    lost = Element("#lost")
    lost_text = Element("#lost-text")
    undo_to_winnable = Element("[data-action=undo-to-winnable]")
    # the daily deal and the challenge
    challenge = Element("#challenge")
    challenge_text = Element("#challenge-text")
    daily_streak = Element("[data-stat=daily-streak]")
    daily_best = Element("[data-stat=daily-best]")
    calendar_title = Element("#calendar-title")
    calendar = Element("#calendar")
    # replays and examples
    replay_bar = Element("#replay-bar")
    replay_step = Element("#replay-step")
    replay_speed = Element("#replay-speed")
    replay_play = Element("[data-action=replay-play]")
    replay_caption = Element("#replay-caption")
    examples_dialog = Element("#examples-dialog")
    here_dialog = Element("#here-dialog")
    here_text = Element("#here-text")
    # statistics
    stats_dialog = Element("#stats-dialog")
    stats_table = Element("#stats-table")
    stats_reset_dialog = Element("#stats-reset-dialog")
    stats_file = Element("#stats-file")
    stats_message = Element("#stats-message")

    def __init__(self, query: Callable[[str], Any], query_all: Callable[[str], Any]) -> None:
        """Look every element up; :class:`MissingElements` names those not there."""
        self.query_all = query_all
        self.found: dict[str, Any] = {}
        missing = []
        for element in declared():
            self.found[element.name] = element.look_up(query, query_all)
            if self.found[element.name] is None:
                missing.append(f"{element.name} ({element.selector})")
        if missing:
            raise MissingElements(missing)

    def open_dialogs(self) -> list[Any]:
        """The dialogs open now (the Settings sheet is one): one call on every input."""
        return list(self.query_all("dialog[open]"))

    def open_dialog(self) -> Any:
        """The dialog open now, if one is."""
        return next(iter(self.open_dialogs()), None)

    def doing(self, action: str) -> list[Any]:
        """The controls that do ``action`` (``[data-action]``): the boot binds their clicks;
        :class:`MissingElements` if ``index.html`` has none."""
        if action not in self.actions:
            raise MissingElements([f"[data-action={action}]"])
        return list(self.actions[action])


def declared() -> list[Element]:
    """The elements :class:`Elements` names, in their order."""
    return [e for e in vars(Elements).values() if isinstance(e, Element)]


@cache
def found() -> Elements:
    """This page's elements, looked up at the first call (the boot's first step). (``pyscript``
    imported here: the declarations above are read on CPython by the tests.)"""
    from pyscript import document

    return Elements(document.querySelector, document.querySelectorAll)
