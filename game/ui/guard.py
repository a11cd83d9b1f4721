"""One error guard for every event handler of the page, plain or ``async``. Pure.

An exception escaping a handler would surface as PyScript's traceback on the page and leave
the player guessing; guarded, it is reported once (the page logs the traceback to the console,
where the browser tests see it, and says that something went wrong, never that the move was
refused) and the event is over: the game on the table stays playable.
"""

from __future__ import annotations

import inspect
import traceback
from collections.abc import Callable

Report = Callable[[str], None]  # receives the traceback's text
Handler = Callable[..., object]
Guard = Callable[[Handler], Handler]  # the page's guard, already given its report


def guard(handler: Handler, report: Report) -> Handler:
    """``handler``, reporting any exception it raises to ``report`` (and returning None). A
    coroutine function stays one, so that errors after its first ``await`` are caught too."""
    if inspect.iscoroutinefunction(handler):
        coroutine = handler

        async def run_async(*args: object) -> object:
            try:
                return await coroutine(*args)
            except Exception:  # noqa: BLE001  the guard's purpose: any bug, reported
                report(traceback.format_exc())
                return None

        return run_async

    def run(*args: object) -> object:
        try:
            return handler(*args)
        except Exception:  # noqa: BLE001  as above
            report(traceback.format_exc())
            return None

    return run
