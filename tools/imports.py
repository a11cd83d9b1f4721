"""The game's import graph, read from its sources with ``ast`` (nothing is imported): the
layer rules (tests/test_layers.py) and the order in which the page imports its modules at boot,
one at a time (:func:`leaf_first`, written into the page's archive by tools/site.py).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def module_of(path: Path, root: Path = ROOT) -> str:
    """``game/ui/board.py`` -> ``game.ui.board``; a package's ``__init__.py`` -> the package."""
    return ".".join(path.relative_to(root).with_suffix("").parts).removesuffix(".__init__")


def game_modules(root: Path = ROOT) -> set[str]:
    """Every module of the ``game`` package, by name."""
    files = (root / "game").rglob("*.py")
    return {module_of(p, root) for p in files if "__pycache__" not in p.parts}


def package_of(path: Path, root: Path = ROOT) -> str:
    """The package a file's relative imports start from."""
    name = module_of(path, root)
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


def path_of(name: str, root: Path = ROOT) -> Path:
    """A module's file, relative to ``root``: ``game.ui`` -> ``game/ui/__init__.py``."""
    path = Path(*name.split("."))
    return path / "__init__.py" if (root / path).is_dir() else path.with_suffix(".py")


def imports_in(source: str, package: str, known: set[str], *, at_import: bool = False) -> set[str]:
    """The modules ``source`` imports, relative imports resolved against ``package``, and
    ``from game.ui import board`` counted as ``game.ui.board`` when that is a module of
    ``known``. ``at_import``: only what runs when the module is imported, not the imports
    inside functions or under ``if TYPE_CHECKING:``."""
    tree = ast.parse(source)
    nodes = list(_run_at_import(tree.body)) if at_import else list(ast.walk(tree))
    names: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = parent + (f".{base}" if base else "")
            modules = {f"{base}.{a.name}" for a in node.names} & known
            names |= modules or {base}
    names.discard("__future__")
    return names


def defined_in(package: str, root: Path) -> set[str]:
    """The names a package's ``__init__.py`` defines when it runs (functions, classes,
    assignments, imports), or none for a module that is not a package: none may be the name
    of one of its modules, which would replace it once that module is imported."""
    path = root / path_of(package, root)
    if path.name != "__init__.py":
        return set()
    names: set[str] = set()
    for node in _run_at_import(ast.parse(path.read_text()).body):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {t.id for t in targets if isinstance(t, ast.Name)}
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names |= {(a.asname or a.name).split(".")[0] for a in node.names}
    return names


def _run_at_import(body: list[ast.stmt]) -> list[ast.stmt]:
    """The statements of a module's body that run when it is imported, blocks opened (``if``,
    ``try``, ``with``), functions and classes' methods not, ``if TYPE_CHECKING:`` skipped."""
    found: list[ast.stmt] = []
    for node in body:
        if isinstance(node, ast.If):
            if "TYPE_CHECKING" not in ast.unparse(node.test):
                found += _run_at_import(node.body)
            found += _run_at_import(node.orelse)
        elif isinstance(node, ast.Try):
            for block in (node.body, node.orelse, node.finalbody):
                found += _run_at_import(block)
            for handler in node.handlers:
                found += _run_at_import(handler.body)
        elif isinstance(node, ast.With):
            found += _run_at_import(node.body)
        elif isinstance(node, ast.ClassDef):
            found.append(node)  # (its name, for defined_in)
            found += _run_at_import([n for n in node.body if not isinstance(n, ast.FunctionDef)])
        else:
            found.append(node)
    return found


def leaf_first(roots: list[str], root: Path = ROOT) -> list[str]:
    """Every module that importing ``roots`` runs, each after everything it imports (as
    Python runs a package's ``__init__`` before its modules, a package's modules that it
    imports itself come in its one step): imported in this order, one at a time, nearly every
    import compiles and runs one module. Modules outside ``game`` are leaves (the standard
    library's own imports are its business)."""
    known = game_modules(root)
    order: list[str] = []
    seen: set[str] = set()

    def parents(name: str) -> list[str]:
        return [".".join(name.split(".")[:i]) for i in range(1, name.count(".") + 1)]

    def visit(name: str) -> None:
        if name in seen:
            return
        seen.add(name)
        if name in known:
            path = root / path_of(name, root)
            imported = imports_in(path.read_text(), package_of(path, root), known, at_import=True)
            for dependency in [*parents(name), *sorted(imported)]:
                visit(dependency)
        order.append(name)

    for name in roots:
        visit(name)
    # the standard library's first: they import nothing of the game, and the first game module
    # imported runs game/__init__.py, the whole engine in one step, which need not hold them
    return [m for m in order if m not in known] + [m for m in order if m in known]
