// PyScript's interpreter module: Pyodide's own loadPyodide, on the page's trimmed standard
// library (tools/stdlib.py), restoring the build's memory snapshot (the game already
// imported) when this browser already keeps it, booting plainly otherwise.
// - A first visit boots plainly: the snapshot (5.1 MB) would about double the bytes a
//   phone downloads before it can play. The page then downloads it in the background
//   (static/boot.js), keeps it inflated (keepInflated, in static/snapshot-keeper.mjs's
//   worker) and hands the service worker a copy,
//   and the next visits restore it. ?snapshot=1 restores it even on a first
//   visit, ?snapshot=0 never does. body[data-boot] says which ran: snapshot, plain, or full.
// - The trimmed library is checked against the build's SHA-256 before use; if it is missing
//   or damaged (or the boot on it fails), the page boots on Pyodide's full library, with no
//   snapshot (a snapshot only fits the library it was made on): body[data-boot="full"].
// - Experimental Pyodide API, so every doubt about the snapshot means a plain boot: another
//   Pyodide or game version, a copy that fails to inflate or restore. A bad copy is evicted
//   from the offline cache. Inflating 31 MB costs a few hundred milliseconds, so the inflated
//   bytes are kept too (their own cache), kept only when their SHA-256 is the build's, with a
//   fast checksum checked before every use; and a mark in localStorage says a snapshot boot
//   is under way until the page is ready, so a load that crashed while restoring boots
//   plainly next time and evicts every copy. An evicted copy is fetched again in the
//   background once the page is ready (static/boot.js), so the next visit restores it;
//   evicted twice in one build, that build's snapshot is not tried again (a bad copy on the
//   server would otherwise cost a download and a failed restore on every visit).
// - The download's progress goes to static/watchdog.js (window.solitaireBoot).
import { loadPyodide as plainLoad, version } from "./vendor/pyodide/pyodide.mjs";

export { version };

let booted = "";  // how the last loadPyodide booted: "snapshot", "plain" or "full"
export const lastBoot = () => booted;

const here = (name) => new URL(name, import.meta.url).href;
export const SNAPSHOT = here("./snapshot.bin.gz");
export const SNAPSHOT_INFO = here("./snapshot.json");
const STDLIB = here("./stdlib.zip");
const WASM = here("./vendor/pyodide/pyodide.asm.wasm");
// filled in by tools/site.py
const EXPECTED_GAME = "__GAME_HASH__";
const STDLIB_SHA256 = "__STDLIB_SHA256__";

const INFLATED = "snapshot-inflated";  // not "solitaire-...": the worker would delete it
const inflatedKey = here(`./snapshot-${EXPECTED_GAME}-${version}.raw`);
const BOOT_MARK = "solitaire.boot";  // "snapshot" while a snapshot boot is under way
const EVICTED = "solitaire.snapshot-evicted";  // the build whose copy was evicted (+ " twice")
// (in the solver's worker there is no page: no progress bar, no body to mark)
const boot = () => globalThis.solitaireBoot || {
  got() {}, expect() {}, starting() {}, failed() {},
};

async function evict() {
  const before = storage("get", null, EVICTED);
  storage("set", before === EXPECTED_GAME ? `${EXPECTED_GAME} twice` : EXPECTED_GAME, EVICTED);
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const url of [SNAPSHOT, SNAPSHOT_INFO, inflatedKey]) await cache.delete(url);
  }
}

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

// the boot mark (or another key); a full or disabled storage is no mark
function storage(action, value, key = BOOT_MARK) {
  try {
    if (action === "get") return localStorage.getItem(key);
    if (action === "set") localStorage.setItem(key, value);
    else localStorage.removeItem(key);
  } catch { /* storage switched off or full: boot without the mark */ }
  return null;
}

// A response whose body reports its bytes to the progress bar as they arrive.
function counted(response, url) {
  if (!response.body) return response;
  let done;
  const finished = new Promise((resolve) => { done = resolve; });
  const body = response.body.pipeThrough(new TransformStream({
    transform(chunk, controller) { boot().got(url, chunk.byteLength); controller.enqueue(chunk); },
    flush() { done(); },
  }));
  const copy = new Response(body, {
    status: response.status, statusText: response.statusText, headers: response.headers,
  });
  copy.finished = finished;
  return copy;
}

async function download(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await counted(response, url).arrayBuffer());
}

// The trimmed library's bytes, or null if they are not the build's.
async function trimmedLibrary() {
  try {
    const bytes = await download(STDLIB);
    if (await sha256(bytes) === STDLIB_SHA256) return bytes;
    console.warn("the standard library does not match its SHA-256: using the full one");
  } catch (error) {
    console.warn("the standard library did not load: using the full one:", error.message);
  }
  return null;
}

// Is `info` (snapshot.json), with a packed snapshot of `packedSize` bytes, this page's?
// (static/boot.js checks what it downloaded in the background before it is kept)
export function fits(info, packedSize = info.packed) {
  return info.pyodide === version && info.game === EXPECTED_GAME && info.packed === packedSize;
}

export async function snapshotKept() {  // does this browser keep the snapshot already?
  if (!self.caches) return false;
  try {
    if (await (await caches.open(INFLATED)).match(inflatedKey)) return true;
    return Boolean(await caches.match(SNAPSHOT));
  } catch { return false; }
}

// A download that failed (the network, not the bytes): nothing kept is to blame, so nothing
// is evicted for it.
class Unreachable extends Error {}

async function snapshotBytes() {
  const about = await fetch(SNAPSHOT_INFO)
    .catch((error) => { throw new Unreachable(error.message); });
  const info = await about.json();
  if (!fits(info)) throw new Error("stale snapshot");
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
  boot().expect(info.packed);
  const bytes = await inflate(counted(response, SNAPSHOT).body);
  if (bytes.length !== info.bytes) throw new Error("snapshot: wrong size");
  if (store) keep(store, bytes.slice(), info.sha256);  // in the background: the boot goes on
  return bytes;
}

async function inflate(gzipped) {  // a stream of the packed snapshot: its 31 MB
  return new Uint8Array(await new Response(gzipped.pipeThrough(new DecompressionStream("gzip")))
    .arrayBuffer());
}

async function keep(store, bytes, expected) {  // true once kept
  try {
    if (await sha256(bytes) !== expected) {  // not the build's bytes: keep nothing
      console.warn("the snapshot does not match its SHA-256: not kept");
      return false;
    }
    for (const request of await store.keys()) await store.delete(request);  // older versions
    const headers = { "x-checksum": checksum(bytes) };
    await store.put(inflatedKey, new Response(bytes, { headers }));
    return true;
  } catch (error) {
    console.warn("the inflated snapshot was not kept:", error.message);
    return false;
  }
}

// The snapshot downloaded in the background (static/boot.js, then in the worker of
// static/snapshot-keeper.mjs, off the page's main thread): `info` (snapshot.json) and the
// packed bytes (a Blob). Inflated, checked against the build's SHA-256 and kept as a boot
// reads it, so that the very next visit restores it without inflating; true once kept.
export async function keepInflated(info, packed) {
  if (!self.caches || !fits(info, packed.size)) return false;
  const bytes = await inflate(packed.stream());
  return bytes.length === info.bytes && keep(await caches.open(INFLATED), bytes, info.sha256);
}

// Pyodide fetches its wasm and its library itself: while it starts, `fetch` counts the wasm's
// bytes for the progress bar and answers the library's URL with the bytes already checked.
async function load(settings, library) {
  const original = globalThis.fetch;
  globalThis.fetch = async (resource, init) => {
    const url = String(resource instanceof Request ? resource.url : resource);
    if (library && url === STDLIB) return new Response(library);
    if (url !== WASM) return original(resource, init);
    // no runtime, no game: say so now (Pyodide's loader only warns, then waits forever;
    // a boot that gets ready after all hides the panel again)
    const response = await original(resource, init).catch((error) => {
      boot().failed();
      throw new Unreachable(error.message);
    });
    if (!response.ok) boot().failed();
    const copy = counted(response, url);
    copy.finished.then(() => boot().starting());  // the last big download: Python starts
    return copy;
  };
  try {
    return await plainLoad(settings);
  } finally {
    globalThis.fetch = original;
  }
}

export async function loadPyodide(options = {}) {
  performance.mark("boot:loader");  // bench/page.py prints these phases
  const settings = { ...options, indexURL: here("./vendor/pyodide/") };
  const mark = (how) => {
    booted = how;
    if (self.document) document.body.dataset.boot = how;
  };
  const asked = new URLSearchParams(location.search).get("snapshot");
  const crashed = storage("get") === "snapshot";  // the last snapshot boot never got ready
  if (crashed) {
    console.warn("the last boot from the snapshot did not finish: booting without it");
    storage("remove");
    if (self.caches) await evict().catch(() => {});
  }
  const [library, kept] = await Promise.all([trimmedLibrary(), snapshotKept()]);
  const givenUp = storage("get", null, EVICTED) === `${EXPECTED_GAME} twice`;
  if (library) {
    const trimmed = { ...settings, stdLibURL: STDLIB };
    if (!crashed && asked !== "0" && ((kept && !givenUp) || asked === "1")) {
      try {
        const bytes = await snapshotBytes();
        performance.mark("boot:snapshot-bytes");
        storage("set", "snapshot");  // boot.js removes it once the page is ready
        const pyodide = await load({ ...trimmed, _loadSnapshot: bytes }, library);
        performance.mark("boot:restored");
        mark("snapshot");
        return pyodide;
      } catch (error) {  // missing, stale, not inflating, not restoring: boot without it
        console.warn("booting without the snapshot:", error.message);
        storage("remove");
        if (self.caches && !(error instanceof Unreachable)) await evict().catch(() => {});
      }
    }
    try {
      const pyodide = await load(trimmed, library);
      mark("plain");
      return pyodide;
    } catch (error) {
      console.warn("the boot on the trimmed library failed: using the full one:", error.message);
    }
  }
  const pyodide = await load(settings, null);
  mark("full");
  return pyodide;
}
