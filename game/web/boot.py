"""What the page's Python imports at boot, for the build's memory snapshot. Pure.

``tools/snapshot.mjs`` imports these before it takes the snapshot, so that a visit restores
them compiled and initialised instead of importing them. ``tests/test_web.py`` checks that
BOOT_MODULES is exactly what the browser layer imports from ``game``, and
``e2e/test_page_snapshot.py`` that nothing else is imported before the page is ready.
"""

from __future__ import annotations

BOOT_MODULES = (
    "game",
    "game.codes",
    "game.solver",
    "game.web.assist",
    "game.web.board",
    "game.web.controller",
    "game.web.faces",
    "game.web.guard",
    "game.web.keys",
    "game.web.languages",
    "game.web.links",
    "game.web.menu",
    "game.web.messages",
    "game.web.names",
    "game.web.panel",
    "game.web.pointer",
    "game.web.replay",
    "game.web.settings",
    "game.web.solver_worker",
    "game.web.sound",
    "game.web.stats",
    "game.web.storage",
    "game.web.table",
)

# The standard library modules that PyScript's own package imports at every start
# (pyscript.display imports html, ~65 ms under Pyodide): in the snapshot they cost nothing.
PYSCRIPT_IMPORTS = ("html",)

# The browser layer: it imports `pyscript` (which PyScript installs on the page, after the
# interpreter has started), so it cannot be in the snapshot. The entry script, app.py, runs
# as `__main__`.
BROWSER_MODULES = (
    "game.web.controls",
    "game.web.dom",
    "game.web.finishing",
    "game.web.helping",
    "game.web.keyboard",
    "game.web.page",
    "game.web.popups",
    "game.web.records",
    "game.web.replaying",
    "game.web.solving",
    "game.web.worker_client",
)
