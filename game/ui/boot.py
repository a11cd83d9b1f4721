"""What the page's Python imports at boot, for the build's memory snapshot. Pure.

Both lists are read off the folders, never written by hand: a module added to ``game/ui`` is
in the snapshot, one added to ``game/web`` is not. ``tools/snapshot.mjs`` imports BOOT_MODULES
before it takes the snapshot; ``tests/test_layers.py`` checks that the browser room imports
nothing of ``game`` outside them, and ``e2e/test_page_snapshot.py`` that nothing else is
imported before the page is ready.
"""

from __future__ import annotations

import os

GAME = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def modules_of(room: str) -> tuple[str, ...]:
    """Every module of a folder of ``game`` (``"ui"``, ``"web"``), by name (``os``, not
    ``pathlib``: the snapshot is made from what this imports too)."""
    files = os.listdir(os.path.join(GAME, room))
    names = (f[:-3] for f in files if f.endswith(".py") and f != "__init__.py")
    return tuple(sorted(f"game.{room}.{name}" for name in names))


# The engine's own entry points, then the whole pure room: each is imported before the snapshot
# is taken, so that a visit restores it compiled and initialised.
BOOT_MODULES = ("game", "game.codes", "game.solver", *modules_of("ui"))

# The standard library modules that PyScript's own package imports at every start
# (pyscript.display imports html, ~65 ms under Pyodide): in the snapshot they cost nothing.
PYSCRIPT_IMPORTS = ("html",)

# The browser room: it imports `pyscript` (which PyScript installs on the page, after the
# interpreter has started), so it cannot be in the snapshot. The entry script, app.py, runs
# as `__main__`; the room's package comes with it.
BROWSER_MODULES = ("game.web", *(m for m in modules_of("web") if m != "game.web.app"))
