// The solver's Web Worker: its own Pyodide (from the page's memory snapshot when this browser
// keeps it, else a plain boot on the trimmed library: static/pyodide-snapshot.mjs decides), the
// game's Python files sent by the page, and game/ui/solving/solver_worker.py doing the work. The page
// starts it on the first Hint or deal check (game/web/solver.py); the main thread never runs a
// search.
//
// A search runs in slices of SLICE_MS; between slices the worker yields to its event loop
// (a MessageChannel task, not setTimeout's clamped 4 ms), so a "stop" or a newer "start" from
// the page is read within one slice. While the player presses, drags or types, the page asks
// the search to step aside ({"type": "yield", "ms"}): no slice runs until that time is up, so
// the page's input has a core to itself; a Hint or a check asked for runs at once (a quiet
// look after a move, "watch", waits its turn). Every message is JSON text, both ways.
import { lastBoot, loadPyodide } from "./pyodide-snapshot.mjs";

const SLICE_MS = 20;  // a "yield" waits at most this long: a finger's press is still down
let resumeAt = 0;  // no slice before this time (performance.now()): the page asked for its core
let resumer = null;  // the timer that ends the pause
let searches = null;  // game.ui.solving.solver_worker.Searches, once Python is up
const inbox = [];
let working = false;
const tick = new MessageChannel();

async function start(files) {
  const pyodide = await loadPyodide();
  for (const [path, text] of Object.entries(files)) {  // where the page's [files] are
    const target = `/home/pyodide/${path}`;
    pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
    pyodide.FS.writeFile(target, text);
  }
  pyodide.runPython(`
import sys
if "/home/pyodide" not in sys.path:
    sys.path.insert(0, "/home/pyodide")
`);
  const module = pyodide.pyimport("game.ui.solving.solver_worker");
  searches = module.Searches(() => performance.now());
  return pyodide.runPython("import sys; sys.version.split()[0]");
}

function post(text) {
  if (text !== undefined && text !== null) self.postMessage(text);
}

function work() {  // one slice, then the inbox, then the next slice
  working = false;
  try {
    while (inbox.length) post(searches.receive(inbox.shift()));
    if (!searches.busy) return;
    const wait = resumeAt - performance.now();
    if (wait > 0) {  // stepping aside: the next slice when the pause is over
      if (resumer === null) resumer = setTimeout(() => { resumer = null; schedule(); }, wait);
      return;
    }
    post(searches.work(SLICE_MS));
  } catch (error) {
    self.postMessage(JSON.stringify({ type: "error", message: String(error) }));
    return;
  }
  if (searches.busy || inbox.length) schedule();
}

function schedule() {
  if (working) return;
  working = true;
  tick.port2.postMessage(0);
}
tick.port1.onmessage = work;

self.onmessage = async ({ data }) => {
  const message = JSON.parse(data);
  if (message.type === "files") {  // the first message: boot, then say so
    try {
      const python = await start(message.files);
      self.postMessage(JSON.stringify({ type: "ready", python, boot: lastBoot() }));
      schedule();
    } catch (error) {
      self.postMessage(JSON.stringify({ type: "error", message: String(error) }));
    }
    return;
  }
  if (message.type === "yield") {  // the player's input comes first for a moment
    resumeAt = Math.max(resumeAt, performance.now() + message.ms);
    return;
  }
  // a Hint or a check was asked for now: no pause holds it back (the quiet look after a move
  // waits, as the player is busy again)
  if (message.type === "start" && message.kind !== "watch") resumeAt = 0;
  inbox.push(data);  // JSON text for game.ui.solving.solver_worker
  if (searches) schedule();
};
