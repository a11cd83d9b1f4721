// Make the page's standard library and its boot snapshot, with the pinned npm Pyodide. Run by
// tools/site.py:   node tools/snapshot.mjs SITE_DIR GAME_HASH
// 1. Boot Pyodide with its full standard library, import what the page imports at boot
//    (game/ui/boot.py), every module the game's code names anywhere (a lazy import in a
//    function too) and tools/stdlib.py's SAFETY list, and write SITE/static/stdlib.zip:
//    the library cut down to those modules (tools/stdlib.py), without docstrings; what the
//    boot imports compiled by this Python (the page's), without column positions
//    (PYTHONNODEBUGRANGES: a third of the bytecode's bytes; a traceback keeps its lines,
//    not the ^^^ under them), the rest as source.
// 2. Boot again on that library, import the game, and take Pyodide's memory snapshot:
//    SITE/static/snapshot.bin.gz and snapshot.json ({pyodide, game, bytes, sha256, packed,
//    stdlib: {bytes, sha256, modules}, modules}). The snapshot only fits the library it was
//    made on. Then import every module the library holds: one missing fails the build here,
//    not in a player's game.
// The browser restores it in static/pyodide-snapshot.mjs instead of booting from scratch.
import { loadPyodide, version } from "pyodide";
import { readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { createHash } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";

const [site, gameHash] = process.argv.slice(2);
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const stdlib = path.join(path.resolve(site), "static", "stdlib.zip");
const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex");

function mount(pyodide) {  // the site at /tmp/site, this repository's tools at /tmp/repo
  for (const [where, root] of [["/tmp/site", path.resolve(site)], ["/tmp/repo", repo]]) {
    pyodide.FS.mkdirTree(where);
    pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root }, where);
  }
}

// the page's [files] land in /home/pyodide (PyScript's working folder): the same paths here
const IMPORT_THE_GAME = `
import importlib, os, shutil, sys, tomllib
files = tomllib.loads(open("/tmp/site/pyscript.toml").read())["files"]
for src, dst in files.items():
    source, target = "/tmp/site/" + src.removeprefix("./"), "/home/pyodide/" + dst.removeprefix("./")
    if target.endswith("/*"):  # an archive, unpacked there (as PyScript does)
        shutil.unpack_archive(source, target.removesuffix("*"))
        continue
    os.makedirs(os.path.dirname(target), exist_ok=True)
    shutil.copyfile(source, target)
sys.path.insert(0, "/home/pyodide")
from game.ui.boot import BOOT_MODULES, PYSCRIPT_IMPORTS
for name in BOOT_MODULES + PYSCRIPT_IMPORTS:
    importlib.import_module(name)
importlib.import_module("game.ui.text.messages").Messages.load()
`;

// 1. the trimmed library
const full = await loadPyodide({ env: { PYTHONHASHSEED: "0", PYTHONNODEBUGRANGES: "1" } });
mount(full);
const held = full.runPython(IMPORT_THE_GAME + `
import json
booted = set(sys.modules)  # the page's boot imports (and tomllib, this script's): compiled
sys.path.insert(0, "/tmp/repo")
from pathlib import Path
from tools.stdlib import import_safety, imports_in, trim
import_safety()
for name in sorted(imports_in(Path("/home/pyodide/game"))):  # lazy imports included
    importlib.import_module(name)
json.dumps(trim(Path(f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"),
                sorted(sys.modules), Path("/tmp/site/static/stdlib.zip"), strip=True,
                compiled=booted))
`);

// 2. the snapshot, on the trimmed library
const pyodide = await loadPyodide({
  _makeSnapshot: true, stdLibURL: stdlib, env: { PYTHONHASHSEED: "0" },
});
mount(pyodide);
pyodide.runPython(IMPORT_THE_GAME + `
import random
random.seed(0)  # a reproducible snapshot; the page reseeds from the OS at start (app.py)
`);
const modules = pyodide.runPython("import json, sys; json.dumps(sorted(sys.modules))");
pyodide.FS.unmount("/tmp/site");
pyodide.FS.unmount("/tmp/repo");
const snapshot = pyodide.makeMemorySnapshot();
// then every module the trimmed library claims to hold must import from it (after the
// snapshot, which must not hold what the page does not import, such as \`js\`)
pyodide.globals.set("HELD", held);
pyodide.runPython(`
import importlib, json
for name in json.loads(HELD):
    importlib.import_module(name)
`);
const packed = gzipSync(snapshot, { level: 6 });
const library = readFileSync(stdlib);
writeFileSync(path.join(site, "static", "snapshot.bin.gz"), packed);
writeFileSync(path.join(site, "static", "snapshot.json"), JSON.stringify({
  pyodide: version, game: gameHash, bytes: snapshot.length, sha256: sha256(snapshot),
  packed: packed.length,
  stdlib: { bytes: library.length, sha256: sha256(library), modules: JSON.parse(held) },
  modules: JSON.parse(modules),
}));
console.log(`standard library: ${JSON.parse(held).length} modules, ${(library.length / 1e6).toFixed(2)} MB;`
            + ` snapshot: ${(snapshot.length / 1e6).toFixed(1)} MB, ${(packed.length / 1e6).toFixed(1)} MB gzipped`);
