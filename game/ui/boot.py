"""What the page's Python imports at boot, for the build's memory snapshot. Pure.

Both lists are read off the folders and their rooms, never written by hand: a module added
anywhere in ``game/ui`` is in the snapshot, one added to ``game/web`` is not.
``tools/snapshot.mjs`` imports BOOT_MODULES before it takes the snapshot;
``tests/test_layers.py`` checks that the browser room imports nothing of ``game`` outside
them, and ``e2e/test_page_snapshot.py`` that nothing else is imported before the page is
ready.
"""

from __future__ import annotations

import os

GAME = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def modules_of(room: str) -> tuple[str, ...]:
    """Every module of a folder of ``game`` (``"ui"``, ``"web"``) and of its rooms (folders of
    its own, each a package), by name (``os``, not ``pathlib``: the snapshot is made from what
    this imports too). The folder's own ``__init__`` is not counted: it is its package."""
    found = []
    for folder, _dirs, files in os.walk(os.path.join(GAME, room)):
        package = "game." + os.path.relpath(folder, GAME).replace(os.sep, ".")
        for name in files:
            if name == "__init__.py" and package != f"game.{room}":
                found.append(package)  # a room of the folder: its package
            elif name.endswith(".py") and name != "__init__.py":
                found.append(f"{package}.{name[:-3]}")
    return tuple(sorted(found))


# The engine's own entry points, then the whole pure room: each is imported before the snapshot
# is taken, so that a visit restores it compiled and initialised.
# The solver's modules are there too, though the page imports its search only for a Hint or a
# check (game/solver/__init__.py); not its command line and batch, which the page never runs.
NOT_IN_THE_PAGE = ("game.solver.__main__", "game.solver.batch")
SEARCH_MODULES = tuple(m for m in modules_of("solver") if m not in NOT_IN_THE_PAGE)
BOOT_MODULES = ("game", "game.codes", "game.solver", *SEARCH_MODULES, *modules_of("ui"))

# The standard library modules that PyScript's own package imports at every start
# (pyscript.display imports html, ~65 ms under Pyodide): in the snapshot they cost nothing.
PYSCRIPT_IMPORTS = ("html",)

# The browser room: it imports `pyscript` (which PyScript installs on the page, after the
# interpreter has started), so it cannot be in the snapshot. The entry script, app.py, runs
# as `__main__`; the room's package comes with it.
BROWSER_MODULES = ("game.web", *(m for m in modules_of("web") if m != "game.web.app"))

# The page's modules in the order its entry script imports them, one at a time with a task
# boundary between two (a first visit's boot is then ~70 short tasks, not one of ~0.4 s):
# everything the page's start imports, each after what it imports (tools/imports.leaf_first),
# written by the build into the page's archive (tools/site.py). The page's start itself is last.
START = "game.web.startup"
IMPORT_ORDER = "game/web/imports.json"
