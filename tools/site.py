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
import subprocess
import sys
import tomllib
from pathlib import Path

from game.codes import KINDS
from game.web.board import escape

ROOT = Path(__file__).resolve().parent.parent

TOP_FILES = ["index.html", "pyscript.toml", "manifest.webmanifest"]
STATIC = [
    "static/app.css",
    "static/boot.js",
    "static/icon.svg",
    "static/messages",
    "static/icons",
    "static/vendor",
    "static/pyodide-snapshot.mjs",
    "static/data",
]


def copy_sources(dest: Path, root: Path = ROOT) -> Path:
    """A copy of everything :func:`build` reads from ``root``, to build a changed site from
    (tests) without touching the checkout; returns ``dest``."""
    for rel in [*TOP_FILES, "sw.template.js", *page_python_files(root), *STATIC]:
        src, dst = root / rel, dest / rel
        dst.parent.mkdir(parents=True, exist_ok=True)
        if src.is_dir():
            shutil.copytree(src, dst, dirs_exist_ok=True)
        else:
            shutil.copy2(src, dst)
    return dest


def page_python_files(root: Path = ROOT) -> list[str]:
    """The Python the page loads: pyscript.toml's [files] and the entry script."""
    config = tomllib.loads((root / "pyscript.toml").read_text())
    return [src.removeprefix("./") for src in config["files"]] + ["game/web/app.py"]


PICKER = re.compile(r'(<select [^>]*data-action="game"[^>]*>)(</select>)')
WORDS = re.compile(r'<(\w+)( [^>]*data-msg="([\w-]+)"[^>]*)></\1>')
LABEL = re.compile(r' data-msg-label="([\w-]+)"')
VALUES = re.compile(r' data-msg-(?!label=)(\w+)="([^"]*)"')


def localize(html: str, catalog: dict[str, str]) -> str:
    """The page with its words: one picker option per kind of game (game.codes.KINDS), the
    text of every ``[data-msg]`` element (its ``data-msg-<name>`` attributes fill the
    message's ``{name}``), and an ``aria-label`` for every ``[data-msg-label]``."""
    options = "".join(f'<option value="{k}" data-msg="game_{k}"></option>' for k in KINDS)
    html, pickers = PICKER.subn(rf"\g<1>{options}\g<2>", html)
    if pickers != 1:
        raise SystemExit(f"index.html: {pickers} game pickers, expected one")

    def words(m: re.Match[str]) -> str:
        tag, attrs, key = m.groups()
        text = catalog[key].format(**dict(VALUES.findall(attrs)))
        return f"<{tag}{attrs}>{escape(text)}</{tag}>"

    html = WORDS.sub(words, html)
    return LABEL.sub(lambda m: f'{m[0]} aria-label="{escape(catalog[m[1]])}"', html)


def build(out: Path, root: Path = ROOT) -> list[tuple[str, str]]:
    """Write the site from the sources in ``root``; returns [(path, content hash)]."""
    for needed in ("static/vendor/pyodide/pyodide.mjs", "static/icons/icon-512.png"):
        if not (root / needed).exists():
            raise SystemExit(f"{needed} is missing: run `make build` first")
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    for rel in TOP_FILES + page_python_files(root) + STATIC:
        src, dst = root / rel, out / rel
        dst.parent.mkdir(parents=True, exist_ok=True)
        if src.is_dir():
            shutil.copytree(
                src, dst, ignore=shutil.ignore_patterns(".stamp", "*.map"), dirs_exist_ok=True
            )
        else:
            shutil.copy2(src, dst)
    (out / ".nojekyll").write_text("")  # GitHub Pages: serve the files as they are
    catalog = json.loads((root / "static" / "messages" / "en.json").read_text(encoding="utf-8"))
    page = out / "index.html"
    page.write_text(localize(page.read_text(encoding="utf-8"), catalog), encoding="utf-8")
    game_hash = hashlib.sha256(
        b"".join((out / rel).read_bytes() for rel in sorted(page_python_files(root)))
    ).hexdigest()[:16]
    wrapper = out / "static" / "pyodide-snapshot.mjs"
    wrapper.write_text(wrapper.read_text().replace("__GAME_HASH__", game_hash))
    tool = ROOT / "tools" / "snapshot.mjs"  # the builder's own tool and node_modules
    subprocess.run(["node", str(tool), str(out), game_hash], check=True, cwd=ROOT)
    # the snapshot is not byte-reproducible (a memory image: ~200 bytes of interpreter state
    # differ between two builds), so its revision is that of its inputs: same sources, same
    # version, no needless 6 MB download after a deployment that changed nothing
    info = json.loads((out / "static" / "snapshot.json").read_text())
    inputs = f"{game_hash}:{info['pyodide']}:{tool.read_text()}"
    # snapshot.json holds the snapshot's SHA-256: the two change together, as one revision
    inputs_hash = hashlib.sha256(inputs.encode()).hexdigest()[:16]
    revision = {"static/snapshot.bin.gz": inputs_hash, "static/snapshot.json": inputs_hash}
    files = sorted(
        (rel, revision.get(rel) or hashlib.sha256(p.read_bytes()).hexdigest()[:16])
        for p in out.rglob("*")
        if p.is_file() and p.name != ".nojekyll"
        for rel in [p.relative_to(out).as_posix()]
    )
    version = hashlib.sha256(json.dumps(files).encode()).hexdigest()[:12]
    template = (root / "sw.template.js").read_text()
    worker = template.replace("__VERSION__", version).replace("__FILES__", json.dumps(files))
    (out / "sw.js").write_text(worker)
    return files


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "_site"
    files = build(out)
    size = sum((out / path).stat().st_size for path, _ in files)
    print(f"{out}: {len(files)} files, {size / 1e6:.1f} MB, sw.js precaches them all")


if __name__ == "__main__":
    main()
