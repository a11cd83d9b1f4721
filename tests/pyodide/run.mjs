// Boot the project's pinned Pyodide under Node, mount the repository at /project and run a
// Python script there (default: tests/pyodide/check_engine.py), passing the other arguments.
// Usage: node tests/pyodide/run.mjs [SCRIPT.py|-m MODULE] [ARGS...]   (needs `npm ci` first)
import { loadPyodide } from "pyodide";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const args = process.argv.slice(2);
const target = args.length ? args : ["tests/pyodide/check_engine.py"];
const pyodide = await loadPyodide();
pyodide.FS.mkdirTree("/project");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root }, "/project");
pyodide.globals.set("target", pyodide.toPy(target));
pyodide.runPython(`
import os, runpy, sys
os.chdir("/project")
sys.path.insert(0, "/project")
sys.dont_write_bytecode = True
argv = list(target)
if argv[0] == "-m":
    sys.argv = argv[1:]
    runpy.run_module(argv[1], run_name="__main__", alter_sys=True)
else:
    sys.argv = argv
    runpy.run_path(argv[0], run_name="__main__")
`);
