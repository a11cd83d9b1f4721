// Make the boot snapshot: Pyodide (the pinned npm package) with the game's Python imported,
// as Pyodide's memory snapshot, gzipped. Run by tools/site.py:
//   node tools/snapshot.mjs SITE_DIR GAME_HASH
// Writes SITE/static/snapshot.bin.gz and SITE/static/snapshot.json ({pyodide, game, bytes,
// modules}): modules is every module the snapshot holds (sys.modules after importing what
// game/web/boot.py lists: the page's imports at boot and PyScript's from the standard library).
// The browser restores it in static/pyodide-snapshot.mjs instead of booting from scratch.
import { loadPyodide, version } from "pyodide";
import { writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { createHash } from "node:crypto";
import path from "node:path";

const [site, gameHash] = process.argv.slice(2);
const pyodide = await loadPyodide({ _makeSnapshot: true, env: { PYTHONHASHSEED: "0" } });
pyodide.FS.mkdirTree("/tmp/site");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.resolve(site) }, "/tmp/site");
// the page's [files] land in /home/pyodide (PyScript's working folder): the same paths here
pyodide.runPython(`
import shutil, sys, tomllib
files = tomllib.loads(open("/tmp/site/pyscript.toml").read())["files"]
for src, dst in files.items():
    target = "/home/pyodide/" + dst.removeprefix("./")
    import os; os.makedirs(os.path.dirname(target), exist_ok=True)
    shutil.copyfile("/tmp/site/" + src.removeprefix("./"), target)
sys.path.insert(0, "/home/pyodide")
import importlib
from game.web.boot import BOOT_MODULES, PYSCRIPT_IMPORTS
for name in BOOT_MODULES + PYSCRIPT_IMPORTS:
    importlib.import_module(name)
importlib.import_module("game.web.messages").Messages.load()
import random
random.seed(0)  # a reproducible snapshot; the page reseeds from the OS at start (app.py)
`);
const modules = pyodide.runPython("import json, sys; json.dumps(sorted(sys.modules))");
pyodide.FS.unmount("/tmp/site");
const snapshot = pyodide.makeMemorySnapshot();
const packed = gzipSync(snapshot, { level: 6 });
writeFileSync(path.join(site, "static", "snapshot.bin.gz"), packed);
writeFileSync(path.join(site, "static", "snapshot.json"),
              JSON.stringify({ pyodide: version, game: gameHash, bytes: snapshot.length,
                               sha256: createHash("sha256").update(snapshot).digest("hex"),
                               modules: JSON.parse(modules) }));
console.log(`snapshot: ${(snapshot.length / 1e6).toFixed(1)} MB, ${(packed.length / 1e6).toFixed(1)} MB gzipped`);
