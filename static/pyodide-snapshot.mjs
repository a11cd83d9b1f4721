// PyScript's interpreter module: Pyodide's own loadPyodide, but restoring the build's memory
// snapshot (the game already imported) instead of booting from scratch. Experimental Pyodide
// API, so every doubt means a plain boot: no snapshot, a snapshot of another Pyodide or
// another game version, or one that fails to inflate or restore. A bad copy is evicted from
// the offline cache so the next load fetches a good one. body[data-boot] says which ran.
// Inflating 31 MB costs a few hundred milliseconds, so the inflated bytes are kept too (their
// own cache, keyed by game and Pyodide version) and the next loads skip the inflation.
import { loadPyodide as plainLoad, version } from "./vendor/pyodide/pyodide.mjs";

export { version };

const here = (name) => new URL(name, import.meta.url).href;
const SNAPSHOT = here("./snapshot.bin.gz");
const INFO = here("./snapshot.json");
const EXPECTED_GAME = "__GAME_HASH__";  // filled in by tools/site.py

async function evict() {
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const url of [SNAPSHOT, INFO, inflatedKey]) await cache.delete(url);
  }
}

const INFLATED = "snapshot-inflated";  // not "solitaire-...": the worker would delete it
const inflatedKey = here(`./snapshot-${EXPECTED_GAME}-${version}.raw`);

async function snapshotBytes() {
  const info = await (await fetch(INFO)).json();
  if (info.pyodide !== version || info.game !== EXPECTED_GAME) throw new Error("stale snapshot");
  const store = self.caches ? await caches.open(INFLATED) : null;
  const kept = store && await store.match(inflatedKey);
  if (kept) {
    const bytes = new Uint8Array(await kept.arrayBuffer());
    if (bytes.length === info.bytes) return bytes;
  }
  const response = await fetch(SNAPSHOT);
  if (!response.ok) throw new Error(`snapshot: HTTP ${response.status}`);
  const inflated = response.body.pipeThrough(new DecompressionStream("gzip"));
  const bytes = new Uint8Array(await new Response(inflated).arrayBuffer());
  if (bytes.length !== info.bytes) throw new Error("snapshot: wrong size");
  if (store) keep(store, bytes.slice());  // in the background: the boot does not wait
  return bytes;
}

async function keep(store, bytes) {
  try {
    for (const request of await store.keys()) await store.delete(request);  // older versions
    await store.put(inflatedKey, new Response(bytes));
  } catch (error) {
    console.warn("the inflated snapshot was not kept:", error.message);
  }
}

export async function loadPyodide(options = {}) {
  performance.mark("boot:loader");  // bench/page.py prints these phases
  const settings = { ...options, indexURL: here("./vendor/pyodide/") };
  const mark = (how) => { document.body.dataset.boot = how; };
  if (new URLSearchParams(location.search).get("snapshot") !== "0") {
    try {
      const bytes = await snapshotBytes();
      performance.mark("boot:snapshot-bytes");
      const pyodide = await plainLoad({ ...settings, _loadSnapshot: bytes });
      performance.mark("boot:restored");
      mark("snapshot");
      return pyodide;
    } catch (error) {  // missing, stale, not inflating, not restoring: boot without it
      console.warn("booting without the snapshot:", error.message);
      if (self.caches) await evict().catch(() => {});
    }
  }
  const pyodide = await plainLoad(settings);
  mark("plain");
  return pyodide;
}
