"""Build ``_site/``: exactly the files to deploy, the app icons, and the service worker with
the list of files and their content hashes. ``python -m tools.site [OUT]`` (make site).

The list comes from the files themselves, never from a hand-kept list: everything under
the deployed folders, hashed, so a new build is a new cache version. The page's words are
written into ``index.html`` from the message catalog, so they are there from the first paint.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import struct
import sys
import zipfile
from pathlib import Path

from game.ui.board import escape
from game.ui.boot import IMPORT_ORDER, START
from game.ui.games import controls_by_kind
from game.ui.text.languages import NATIVE, direction
from tools import catalogs, help, manifests, snapshots
from tools.imports import leaf_first
from tools.lean import lean

ROOT = Path(__file__).resolve().parent.parent

TOP_FILES = ["index.html", "pyscript.toml", "manifest.webmanifest"]
STATIC = [
    "static/app.css",
    "static/boot.js",
    "static/watchdog.js",
    "static/icon.svg",
    "static/icons",
    "static/vendor",
    "static/pyodide-snapshot.mjs",
    "static/solver-worker.mjs",
    "static/snapshot-keeper.mjs",
    "static/data",
    "static/help.css",
    "static/help.js",
]


def copy_sources(dest: Path, root: Path = ROOT) -> Path:
    """A copy of everything :func:`build` reads from ``root``, to build a changed site from
    (tests) without touching the checkout; returns ``dest``."""
    for rel in [
        *TOP_FILES,
        "sw.template.js",
        "docs/screenshots",
        help.SOURCE,
        "locale",
        *page_python_files(root),
        *STATIC,
    ]:
        src, dst = root / rel, dest / rel
        dst.parent.mkdir(parents=True, exist_ok=True)
        if src.is_dir():
            shutil.copytree(src, dst, dirs_exist_ok=True)
        else:
            shutil.copy2(src, dst)
    return dest


# Python under game/ that the page never runs: the command lines (a __main__.py anywhere) and
# the solver's batch (CPython, Dask)
NOT_IN_THE_PAGE = ("__main__.py", "game/solver/batch.py")
ENTRY = "game/web/app.py"  # index.html's <script type="py">: PyScript fetches it itself


def page_modules(root: Path = ROOT) -> list[str]:
    """The game's Python the page loads into its file system ([files] of the built
    pyscript.toml): every module under game/, read off the folders, but NOT_IN_THE_PAGE and
    the entry script."""
    found = sorted(p.relative_to(root).as_posix() for p in (root / "game").rglob("*.py"))
    return [
        rel
        for rel in found
        if rel != ENTRY and not rel.endswith(NOT_IN_THE_PAGE) and "__pycache__" not in rel
    ]


def page_python_files(root: Path = ROOT) -> list[str]:
    """The Python the page loads: its modules and the entry script."""
    return [*page_modules(root), ENTRY]


# The page's Python (but the entry script) and the compiled catalogs, in one download: PyScript
# unpacks it into the interpreter's working folder, each file at its path in the repository
# (one request instead of ~70, each of which a returning visitor's service worker answers)
ARCHIVE = "static/game.zip"


def archive_members(root: Path = ROOT) -> list[str]:
    """What the page's interpreter finds in its file system: the page's modules and the
    compiled catalogs."""
    messages = [f"static/messages/{lang}.mo" for lang in catalogs.LANGUAGES]
    return [*page_modules(root), *messages]


def write_archive(out: Path, root: Path = ROOT) -> None:
    """The archive, the same bytes from the same sources (a fixed date and mode per file), and
    the order in which the entry script imports the page's modules, read off their imports.
    The modules go without their comments and docstrings (``tools.lean``: their lines where
    they were)."""
    order = json.dumps(leaf_first([START], root), indent=0).encode()
    contents = [
        (rel, lean((root / rel).read_text("utf-8")).encode() if rel.endswith(".py") else None)
        for rel in archive_members(root)
    ]
    contents = [(rel, data or (root / rel).read_bytes()) for rel, data in contents]
    with zipfile.ZipFile(out / ARCHIVE, "w") as archive:
        for rel, data in [*contents, (IMPORT_ORDER, order)]:
            member = zipfile.ZipInfo(rel, date_time=(1980, 1, 1, 0, 0, 0))
            member.compress_type = zipfile.ZIP_DEFLATED
            member.external_attr = 0o644 << 16
            archive.writestr(member, data, compresslevel=9)


def pyscript_config(root: Path = ROOT) -> str:
    """The built pyscript.toml: the source's settings, then [files]: the archive, unpacked
    into the interpreter's working folder."""
    text = (root / "pyscript.toml").read_text()
    return text.rstrip() + f'\n\n[files]\n"./{ARCHIVE}" = "./*"\n'


LANGUAGE_PICKER = re.compile(r'(<select [^>]*data-action="language"[^>]*>)(</select>)')
WORDS = re.compile(r'<(\w+)( [^>]*data-msg="([\w-]+)"[^>]*)></\1>')
# data-msg-<name>="key" sets another attribute to the message: aria-label, a template that a
# script fills in (the loading screen's byte count), a <meta>'s content
# and an input's placeholder
ATTRIBUTES = {
    "label": "aria-label",
    "template": "data-template",
    "content": "content",
    "placeholder": "placeholder",
}
LABEL = re.compile(r' data-msg-(label|template|content|placeholder)="([\w-]+)"')
VALUES = re.compile(r' data-msg-(?!label=|template=|content=|placeholder=)(\w+)="([^"]*)"')


def localize(html: str, catalog: dict[str, str]) -> str:
    """The page with its words: the text of every ``[data-msg]`` element (its
    ``data-msg-<name>`` attributes fill the message's ``{name}``), an ``aria-label`` for every
    ``[data-msg-label]``, and the language picker's options. (The game picker's list is
    written by the page as it opens: it holds the player's favourites.)"""
    languages = "".join(
        f'<option value="{lang}" lang="{lang}" dir="{direction(lang)}">{name}</option>'
        for lang, name in NATIVE.items()
    )  # each language in its own words, in every language
    html, pickers = LANGUAGE_PICKER.subn(lambda m: m[1] + languages + m[2], html)
    if pickers != 1:
        raise SystemExit(f"index.html: {pickers} language pickers, expected one")

    def words(m: re.Match[str]) -> str:
        tag, attrs, key = m.groups()
        text = catalog[key].format(**dict(VALUES.findall(attrs)))
        return f"<{tag}{attrs}>{escape(text)}</{tag}>"

    html = WORDS.sub(words, html)
    return LABEL.sub(lambda m: f'{m[0]} {ATTRIBUTES[m[1]]}="{escape(catalog[m[2]])}"', html)


def static_keys(html: str) -> set[str]:
    """The message keys the page's static markup uses (``data-msg`` and its attributes)."""
    return set(re.findall(r' data-msg(?:-label|-template|-content|-placeholder)?="([\w-]+)"', html))


def words_block(html: str, locale: Path) -> str:
    """The page with every other language's static words in its JSON block (``</`` escaped:
    the block ends only at its own closing tag)."""
    words = json.dumps(catalogs.static_words(static_keys(html), locale), ensure_ascii=False)
    return fill(html, {"__WORDS__": words.replace("</", "<\\/")})


def fill(text: str, values: dict[str, str]) -> str:
    """``text`` with each placeholder replaced; a placeholder that is not there is a build
    error (a renamed one would otherwise ship as its literal name)."""
    for key, value in values.items():
        if key not in text:
            raise SystemExit(f"placeholder {key} not found")
        text = text.replace(key, value)
    return text


PYODIDE_BOOT = ["pyodide.asm.wasm", "pyodide.asm.mjs", "pyodide.mjs", "pyodide-lock.json"]


def boot_files(out: Path, root: Path = ROOT) -> list[str]:
    """The files a first visit downloads before the game is ready, as far as the build can
    tell (PyScript's small plugin chunks aside): the loading screen's total."""
    vendor = [f"static/vendor/pyodide/{name}" for name in PYODIDE_BOOT]
    pyscript = [
        p.relative_to(out).as_posix() for p in (out / "static/vendor/pyscript").glob("core*")
    ]
    page = ["pyscript.toml", "static/pyodide-snapshot.mjs", "static/stdlib.zip", ARCHIVE, ENTRY]
    return vendor + pyscript + page


IMPORT = re.compile(r'(?:from|import)\s*"\./([\w.-]+\.js)"')


def later_files(out: Path) -> list[str]:
    """What the service worker does not fetch at install (sw.template.js): Pyodide's full
    library (the fallback of a damaged trimmed one) and the PyScript chunks that core.js does
    not import statically (the page reports the ones it used, and the worker keeps those),
    the boot snapshot, which the page downloads politely and hands over (static/boot.js), and
    the daily deals' stored lines, each file fetched on a deal's first Hint and kept then
    (tools/lines.py)."""
    folder = out / "static/vendor/pyscript"
    needed, todo = set(), ["core.js"]
    while todo:
        name = todo.pop()
        if name not in needed:
            needed.add(name)
            todo += IMPORT.findall((folder / name).read_text(encoding="utf-8"))
    chunks = [
        p.relative_to(out).as_posix() for p in sorted(folder.glob("*.js")) if p.name not in needed
    ]
    shots = [p.relative_to(out).as_posix() for p in sorted(out.glob("static/screenshots/*"))]
    snapshot = ["static/snapshot.json", "static/snapshot.bin.gz"]
    lines = [p.relative_to(out).as_posix() for p in sorted(out.glob("static/data/lines/*"))]
    return ["static/vendor/pyodide/python_stdlib.zip", *chunks, *shots, *snapshot, *lines]


def png_size(path: Path) -> str:
    width, height = struct.unpack(">II", path.read_bytes()[16:24])
    return f"{width}x{height}"


def copy_screenshots(out: Path, root: Path = ROOT) -> None:
    """The app's screenshots (its manifest's, shown by an install dialog): the README's, made
    by tools/screenshots.py; a size that is not the manifest's fails the build."""
    manifest = json.loads((root / "manifest.webmanifest").read_text(encoding="utf-8"))
    for shot in manifest["screenshots"]:
        src = root / "docs" / "screenshots" / Path(shot["src"]).name
        if png_size(src) != shot["sizes"]:
            raise SystemExit(f"{src}: {png_size(src)}, the manifest says {shot['sizes']}")
        (out / shot["src"]).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, out / shot["src"])


SOURCE_MAP = re.compile(rb"\n?(//# sourceMappingURL=[^\n]*|/\*# sourceMappingURL=[^*]*\*/)\s*$")


def strip_source_maps(folder: Path) -> None:
    """Drop the vendored files' source map comments: the maps are not shipped, and a browser's
    developer tools (and Lighthouse) would ask for each of them and get a 404."""
    for path in folder.rglob("*"):
        if path.suffix in (".js", ".mjs", ".css"):
            data = path.read_bytes()
            stripped = SOURCE_MAP.sub(b"\n", data)
            if stripped != data:
                path.write_bytes(stripped)


def build(out: Path, root: Path = ROOT) -> list[tuple[str, str]]:
    """Write the site from the sources in ``root``; returns [(path, content hash)]."""
    for needed in ("static/vendor/pyodide/pyodide.mjs", "static/icons/icon-512.png"):
        if not (root / needed).exists():
            raise SystemExit(f"{needed} is missing: run `make build` first")
    catalogs.compile_all(root / "static" / "messages", root / "locale")  # a problem stops it
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    for rel in [*TOP_FILES, ENTRY, *STATIC]:
        src, dst = root / rel, out / rel
        dst.parent.mkdir(parents=True, exist_ok=True)
        if src.is_dir():
            shutil.copytree(
                src, dst, ignore=shutil.ignore_patterns(".stamp", "*.map"), dirs_exist_ok=True
            )
        else:
            shutil.copy2(src, dst)
    (out / "pyscript.toml").write_text(pyscript_config(root))
    write_archive(out, root)
    strip_source_maps(out / "static" / "vendor")
    copy_screenshots(out, root)
    help.build(out, root)  # help/<lang>/<game>.html: precached by sw.js like every file
    manifests.write_all(out, root / "locale")  # manifest-<lang>.webmanifest, the same way
    (out / ".nojekyll").write_text("")  # GitHub Pages: serve the files as they are
    catalog = catalogs.words("en", root / "locale")
    page = out / "index.html"
    html = localize(page.read_text(encoding="utf-8"), catalog)
    controls = (
        controls_by_kind()
    )  # (html[data-has]: the default's, until watchdog.js reads the link)
    html = fill(
        html, {"__CONTROLS__": escape(json.dumps(controls)), "__DEFAULT_CONTROLS__": controls[""]}
    )
    page.write_text(words_block(html, root / "locale"), encoding="utf-8")
    game_hash = hashlib.sha256(
        b"".join((root / rel).read_bytes() for rel in sorted(page_python_files(root)))
    ).hexdigest()[:16]
    inputs_hash = snapshots.inputs([*archive_members(root), ENTRY], root)
    snapshots.make(out, game_hash, inputs_hash)
    info = json.loads((out / "static" / "snapshot.json").read_text())
    wrapper = out / "static" / "pyodide-snapshot.mjs"
    filled = {
        "__GAME_HASH__": game_hash,
        "__STDLIB_SHA256__": info["stdlib"]["sha256"],
    }
    wrapper.write_text(fill(wrapper.read_text(), filled))
    total = sum((out / rel).stat().st_size for rel in boot_files(out, root))
    page.write_text(fill(page.read_text(encoding="utf-8"), {"__BOOT_BYTES__": str(total)}))
    # the snapshot is not byte-reproducible (a memory image: ~200 bytes of interpreter state
    # differ between two builds), so its revision is that of its inputs: same sources, same
    # version, no needless 5 MB download after a deployment that changed nothing; snapshot.json
    # holds the snapshot's SHA-256: the two change together, as one revision
    revision = {"static/snapshot.bin.gz": inputs_hash, "static/snapshot.json": inputs_hash}
    files = sorted(
        (rel, revision.get(rel) or hashlib.sha256(p.read_bytes()).hexdigest()[:16])
        for p in out.rglob("*")
        if p.is_file() and p.name != ".nojekyll"
        for rel in [p.relative_to(out).as_posix()]
    )
    version = hashlib.sha256(json.dumps(files).encode()).hexdigest()[:12]
    template = (root / "sw.template.js").read_text()
    worker = fill(
        template,
        {
            "__VERSION__": version,
            "__FILES__": json.dumps(files),
            "__LATER__": json.dumps(later_files(out)),
        },
    )
    (out / "sw.js").write_text(worker)
    return files


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "_site"
    files = build(out)
    size = sum((out / path).stat().st_size for path, _ in files)
    later = later_files(out)
    print(
        f"{out}: {len(files)} files, {size / 1e6:.1f} MB; sw.js precaches all but {len(later)}"
        f" ({sum((out / p).stat().st_size for p in later) / 1e6:.1f} MB), kept once used"
    )


if __name__ == "__main__":
    main()
