"""The PyScript entry point: imports the page's Python a module at a time, a task each, then
starts the page (``game.web.startup``).

One import after another in a single task held the browser for ~0.4 s on a first visit (1.6 s
on a slow phone), with no paint and no input between: as ~70 short tasks the browser stays
responsive while the page starts. On a boot from the snapshot the pure room is there already
and only the browser room is imported. An error on the way is printed and shown as the boot's
failure panel (static/watchdog.js), as a failed download is.
"""

from __future__ import annotations

import asyncio
import importlib
import json
import sys
import traceback
from pathlib import Path

from pyscript import window

window.performance.mark("app:start")  # bench/page.py prints where the boot time goes


# The build's order (tools/site.py writes it into the archive PyScript unpacks here; the same
# path as game.ui.boot.IMPORT_ORDER, which cannot be imported before the engine is)
ORDER = Path("game/web/imports.json")


async def boot() -> None:
    try:
        for name in json.loads(ORDER.read_text()):
            if name not in sys.modules:  # (from the snapshot: most of them)
                await asyncio.sleep(0)  # a task boundary: the browser may paint and take input
                importlib.import_module(name)
        from game.web.startup import start

        await start()
    except Exception:  # noqa: BLE001  whatever stopped the boot, the player is told
        traceback.print_exc()
        window.solitaireBoot.failed()


BOOT = asyncio.ensure_future(boot())  # held: a task nobody refers to may be collected
