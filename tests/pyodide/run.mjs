// Boot the project's pinned Pyodide under Node, mount the repository, run check_engine.py.
// Usage: node tests/pyodide/run.mjs   (from anywhere; needs `npm ci` first)
import { loadPyodide } from "pyodide";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const pyodide = await loadPyodide();
pyodide.FS.mkdirTree("/project");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root }, "/project");
pyodide.runPython(`
import runpy, sys
sys.path.insert(0, "/project")
sys.dont_write_bytecode = True
runpy.run_path("/project/tests/pyodide/check_engine.py", run_name="__main__")
`);
