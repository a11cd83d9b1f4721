"""The layers are folders, and the folders are the only list (docs/ARCHITECTURE.md): the
engine (``game/*.py``, ``game/solver``) imports neither room of the page; the pure room
(``game/ui``) imports nothing of the browser room (``game/web``) and no browser module; only
the browser room imports ``pyscript``, ``js`` or ``pyodide``. The boot snapshot's modules,
mypy's files and the page's Python are read off the same folders."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from game.ui.boot import BOOT_MODULES, BROWSER_MODULES, IMPORT_ORDER, START
from game.ui.text.languages import LANGUAGES
from tools import imports
from tools.site import ARCHIVE, ENTRY, archive_members, page_modules, pyscript_config

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"
BROWSER = {"pyscript", "js", "pyodide"}
MODULES = imports.game_modules(ROOT)


def module_of(path: Path) -> str:
    return imports.module_of(path, ROOT)


def imports_of(path: Path) -> set[str]:
    """The modules a file imports (anywhere in it), relative imports resolved, ``from game.ui
    import board`` counted as ``game.ui.board``."""
    return imports_in(path.read_text(), imports.package_of(path, ROOT))


def imports_in(source: str, package: str) -> set[str]:
    return imports.imports_in(source, package, MODULES)


def room(path: Path) -> str:
    rel = path.relative_to(GAME).parts
    return rel[0] if rel[0] in ("ui", "web") else "engine"


FILES = sorted(GAME.rglob("*.py"))


def touches(imported: set[str], prefixes: set[str]) -> set[str]:
    return {m for m in imported if m.split(".")[0] in prefixes or m in prefixes}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.relative_to(GAME).as_posix())
def test_each_module_imports_only_from_its_own_room_and_below(path):
    imported = imports_of(path)
    rooms = {name.split(".")[1] for name in imported if name.startswith("game.") and "." in name}
    if room(path) == "engine":
        assert not rooms & {"ui", "web"}, f"the engine imports a room of the page: {imported}"
        assert not touches(imported, BROWSER)
    elif room(path) == "ui":
        assert "web" not in rooms, f"the pure room imports the browser room: {imported}"
        assert not touches(imported, BROWSER), "the pure room imports a browser module"


def test_only_the_browser_room_imports_the_browser():
    """And each of its modules does, itself or through another of the room (the keys, the
    pointer: through the elements and the painter): nothing pure hides in the browser room."""
    direct = {module_of(p) for p in FILES if touches(imports_of(p), BROWSER)}
    assert all(name.startswith("game.web.") for name in direct), direct
    imports = {module_of(p): imports_of(p) for p in (GAME / "web").glob("*.py")}
    browser = set(direct)
    while grown := {m for m, i in imports.items() if m not in browser and i & browser}:
        browser |= grown
    assert browser == set(imports) - {"game.web"}


def test_the_rule_sees_a_browser_import_however_it_is_written():
    """The checks above can fail: each way of writing an import is seen."""
    source = "from pyscript import document\nfrom ..web import page\nimport js\n"
    source += "from . import board\n"
    imported = imports_in(source, "game.ui")
    assert {"pyscript", "js", "game.web.page", "game.ui.board"} <= imported
    assert touches(imported, BROWSER) == {"pyscript", "js"}


def test_the_snapshot_holds_the_pure_room_and_everything_the_browser_room_imports():
    assert set(BOOT_MODULES) >= {module_of(p) for p in (GAME / "ui").rglob("*.py")} - {"game.ui"}
    assert set(BROWSER_MODULES) == {module_of(p) for p in (GAME / "web").glob("*.py")} - {
        "game.web.app"
    }
    for path in (GAME / "web").glob("*.py"):
        imported = imports_of(path) & MODULES
        outside = imported - set(BOOT_MODULES) - set(BROWSER_MODULES) - {"game.web", "game.ui"}
        assert not outside, (path.name, outside)


def find_circle(graph: dict[str, set[str]]) -> list[str]:
    """A circle in ``graph`` (module -> modules it imports), as the path round it, or []."""
    done: set[str] = set()

    def walk(name: str, trail: list[str]) -> list[str]:
        if name in trail:
            return [*trail[trail.index(name) :], name]
        if name in done:
            return []
        for other in sorted(graph[name]):
            if found := walk(other, [*trail, name]):
                return found
        done.add(name)
        return []

    for name in sorted(graph):
        if found := walk(name, []):
            return found
    return []


@pytest.mark.parametrize("room", ["ui", "solver", "web"])
def test_no_circle_of_imports_inside_a_room(room):
    """A view decides (a target place, a move) and the controller plays it: nothing a module
    imports imports it back, even for its types (a package counts as its ``__init__``)."""
    paths = {module_of(p): p for p in (GAME / room).rglob("*.py")}
    graph = {name: (imports_of(path) & set(paths)) - {name} for name, path in paths.items()}
    assert find_circle(graph) == []


def test_the_circle_check_finds_the_circle_views_once_made():
    """controller -> games -> crescent -> view -> controller, as it was before views decided."""
    graph = {
        "controller": {"games"},
        "games": {"crescent"},
        "crescent": {"view"},
        "view": {"controller", "geometry"},
        "geometry": set(),
    }
    assert find_circle(graph) == ["controller", "games", "crescent", "view", "controller"]
    graph["view"] = {"geometry"}
    assert find_circle(graph) == []


def test_mypy_checks_every_module_of_the_game():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    assert config["files"] == ["game"] and config["strict"] is True
    assert "exclude" not in config


def test_the_built_pyscript_config_ships_every_module_the_page_runs_and_the_catalogs():
    config = tomllib.loads(pyscript_config())
    assert config["interpreter"] == "./static/pyodide-snapshot.mjs"
    assert config["files"] == {f"./{ARCHIVE}": "./*"}  # unpacked into the working folder
    wanted = {p.relative_to(ROOT).as_posix() for p in GAME.rglob("*.py")}
    # the terminal UI, the page's entry point, and the solver's command line and batch
    wanted -= {"game/__main__.py", ENTRY, "game/solver/__main__.py", "game/solver/batch.py"}
    wanted |= {f"static/messages/{lang}.mo" for lang in LANGUAGES}
    assert set(archive_members()) == wanted
    assert "game/ui/table.py" in archive_members() and len(page_modules()) > 40


def test_the_architecture_lists_every_module_and_only_what_exists():
    """docs/ARCHITECTURE.md is the file map: every module of game/ is in it, and every path it
    names in backquotes is a file or a folder of the repository."""
    text = (ROOT / "docs" / "ARCHITECTURE.md").read_text()
    named = set(re.findall(r"`((?:game|tools|tests|e2e|bench|static|docs)/[\w./<>-]*)`", text))
    for path in FILES:
        assert f"`{path.relative_to(ROOT).as_posix()}`" in text, path
    missing = [p for p in named if "<" not in p and not (ROOT / p).exists()]
    assert not missing, missing


def test_the_boot_imports_each_module_after_what_it_imports_and_the_start_last():
    """The entry script imports the page's modules in this order, a task each (game/web/app.py):
    each module's own imports come before it, so that nearly every step compiles one module."""
    order = imports.leaf_first([START])
    assert order[-1] == START and len(order) == len(set(order))
    place = {name: i for i, name in enumerate(order)}
    for name in order:
        if name in MODULES and name != "game":  # (game/__init__.py: the engine, one step)
            path = ROOT / imports.path_of(name, ROOT)
            package = imports.package_of(path, ROOT)
            needed = imports.imports_in(path.read_text(), package, MODULES, at_import=True)
            assert all(place[m] < place[name] for m in needed if m != "game"), name
    assert "game.web.app" not in order  # the entry itself
    assert "game.solver.batch" not in order  # (the command line's, not the page's)
    # the search is not compiled on a first visit: a Hint or a check imports it
    assert "game.solver.result" in order and "game.solver.searches" not in order


def test_imports_inside_functions_and_for_type_checking_are_not_the_boots():
    source = """from __future__ import annotations
import json
from typing import TYPE_CHECKING
if TYPE_CHECKING:
    from game.solver.proofs import Proof
try:
    import gettext
except ImportError:
    gettext = None
def later():
    import html
class A:
    import math
    def f(self):
        import re
"""
    found = imports.imports_in(source, "game.ui", MODULES, at_import=True)
    assert found == {"json", "typing", "gettext", "math"}
    assert imports.imports_in(source, "game.ui", MODULES) >= found | {"html", "re"}


def test_no_package_defines_a_name_that_one_of_its_modules_has():
    """``from game.solver import search`` is the package's ``search``, and the boot's order
    reads it so; a module of that name, imported later (lazily), would replace it."""
    packages = {m for m in MODULES if (ROOT / imports.path_of(m, ROOT)).name == "__init__.py"}
    for package in packages:
        modules = {m.rpartition(".")[2] for m in MODULES if m.rpartition(".")[0] == package}
        assert imports.defined_in(package, ROOT) & modules == set(), package
    assert "search" in imports.defined_in("game.solver", ROOT)  # (the check sees names)


def test_the_entry_script_reads_the_order_where_the_build_writes_it():
    """app.py reads the order before it may import anything of ``game`` (the engine would
    come with it, in one task): its path is written there too, and must be the build's."""
    assert f'Path("{IMPORT_ORDER}")' in (ROOT / ENTRY).read_text()
