// PyScript's interpreter module: Pyodide's own loadPyodide, but restoring the build's memory
// snapshot (the game already imported) instead of booting from scratch. Experimental Pyodide
// API, so every doubt means a plain boot: no snapshot, a snapshot of another Pyodide or
// another game version, or one that fails to inflate or restore. A bad copy is evicted from
// the offline cache so the next load fetches a good one. body[data-boot] says which ran.
// Inflating 31 MB costs a few hundred milliseconds, so the inflated bytes are kept too (their
// own cache, keyed by game and Pyodide version) and the next loads skip the inflation.
// A damaged kept copy must never break every later visit: it is kept only when its SHA-256 is
// the build's (snapshot.json), with a fast checksum beside it that is checked before every use
// (~100 ms for a SHA-256 of 31 MB, ~20 ms for the checksum); and a mark in localStorage says a
// snapshot boot is under way until the page is ready, so a load that crashed or froze while
// restoring boots plainly next time and evicts every copy.
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
const BOOT_MARK = "solitaire.boot";  // "snapshot" while a snapshot boot is under way

// A position-weighted sum of the bytes (Fletcher's, mod 2^32, in four interleaved lanes so the
// CPU runs them side by side): any damage a disk or a cache does to a stored copy changes it,
// and it is cheap enough to run on every load (~20 ms for 31 MB, against ~100 for SHA-256).
function checksum(bytes) {
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length >>> 2);
  const lanes = words.length - (words.length % 4);
  let a0 = 1, a1 = 1, a2 = 1, a3 = 1, b0 = 0, b1 = 0, b2 = 0, b3 = 0;
  for (let i = 0; i < lanes; i += 4) {
    a0 = (a0 + words[i]) | 0; b0 = (b0 + a0) | 0;
    a1 = (a1 + words[i + 1]) | 0; b1 = (b1 + a1) | 0;
    a2 = (a2 + words[i + 2]) | 0; b2 = (b2 + a2) | 0;
    a3 = (a3 + words[i + 3]) | 0; b3 = (b3 + a3) | 0;
  }
  for (let i = lanes * 4; i < bytes.length; i++) { a0 = (a0 + bytes[i]) | 0; b0 = (b0 + a0) | 0; }
  return [a0, a1, a2, a3, b0, b1, b2, b3, bytes.length].map((x) => x >>> 0).join(".");
}

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (x) => x.toString(16).padStart(2, "0")).join("");
}

function storage(action, value) {  // the boot mark; a full or disabled storage is no mark
  try {
    if (action === "get") return localStorage.getItem(BOOT_MARK);
    if (action === "set") localStorage.setItem(BOOT_MARK, value);
    else localStorage.removeItem(BOOT_MARK);
  } catch { /* storage switched off or full: boot without the mark */ }
  return null;
}

async function snapshotBytes() {
  const info = await (await fetch(INFO)).json();
  if (info.pyodide !== version || info.game !== EXPECTED_GAME) throw new Error("stale snapshot");
  const store = self.caches ? await caches.open(INFLATED) : null;
  const kept = store && await store.match(inflatedKey);
  if (kept) {
    const bytes = new Uint8Array(await kept.arrayBuffer());
    if (bytes.length === info.bytes && checksum(bytes) === kept.headers.get("x-checksum")) {
      return bytes;
    }
    console.warn("the kept snapshot was damaged: inflating it again");
    await store.delete(inflatedKey);
  }
  const response = await fetch(SNAPSHOT);
  if (!response.ok) throw new Error(`snapshot: HTTP ${response.status}`);
  const inflated = response.body.pipeThrough(new DecompressionStream("gzip"));
  const bytes = new Uint8Array(await new Response(inflated).arrayBuffer());
  if (bytes.length !== info.bytes) throw new Error("snapshot: wrong size");
  if (store) keep(store, bytes.slice(), info.sha256);  // in the background: the boot goes on
  return bytes;
}

async function keep(store, bytes, expected) {
  try {
    if (await sha256(bytes) !== expected) {  // not the build's bytes: keep nothing
      console.warn("the snapshot does not match its SHA-256: not kept");
      return;
    }
    for (const request of await store.keys()) await store.delete(request);  // older versions
    const headers = { "x-checksum": checksum(bytes) };
    await store.put(inflatedKey, new Response(bytes, { headers }));
  } catch (error) {
    console.warn("the inflated snapshot was not kept:", error.message);
  }
}

export async function loadPyodide(options = {}) {
  performance.mark("boot:loader");  // bench/page.py prints these phases
  const settings = { ...options, indexURL: here("./vendor/pyodide/") };
  const mark = (how) => { document.body.dataset.boot = how; };
  const crashed = storage("get") === "snapshot";  // the last snapshot boot never got ready
  if (crashed) {
    console.warn("the last boot from the snapshot did not finish: booting without it");
    storage("remove");
    if (self.caches) await evict().catch(() => {});
  }
  if (!crashed && new URLSearchParams(location.search).get("snapshot") !== "0") {
    try {
      const bytes = await snapshotBytes();
      performance.mark("boot:snapshot-bytes");
      storage("set", "snapshot");  // boot.js removes it once the page is ready
      const pyodide = await plainLoad({ ...settings, _loadSnapshot: bytes });
      performance.mark("boot:restored");
      mark("snapshot");
      return pyodide;
    } catch (error) {  // missing, stale, not inflating, not restoring: boot without it
      console.warn("booting without the snapshot:", error.message);
      storage("remove");
      if (self.caches) await evict().catch(() => {});
    }
  }
  const pyodide = await plainLoad(settings);
  mark("plain");
  return pyodide;
}
