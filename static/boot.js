// The page's words are written into index.html when the site is built (tools/site.py); the
// boot watchdog is inline in index.html, so that it runs first. Everything else happens in
// Python (game/web/app.py).

// Offline play: once the game runs and the page is idle (so every file is already in the HTTP
// cache), register the service worker; it keeps a copy of each file (and of the files this
// page used that it does not fetch by itself: body[data-offline=ready] once they are kept).
// When a new version takes over while the page is open, offer to reload now (the game in
// progress is saved; it comes back).
// The boot snapshot (5.1 MB, which lets the next visits start ~15 % sooner) is not
// part of that: the page fetches it politely, once the worker is in and the page is idle
// again, in ranges of 512 KB, asking for none while a pointer is down (a drag keeps the link
// and the core to itself), and not at all under Save-Data (the next visit then boots
// plainly). A worker of its own inflates and checks it and keeps it as the next boot reads
// it. body[data-download] says where it is: waiting, offline, paused, fetching, kept,
// saving-data, given-up or failed.
const EVICTED = "solitaire.snapshot-evicted";  // static/pyodide-snapshot.mjs

function mark(key, value) {  // read a localStorage mark, or remove it (null); storage off: none
  try {
    if (value === undefined) return localStorage.getItem(key);
    localStorage.removeItem(key);
  } catch { /* storage switched off */ }
  return null;
}

function whenReady(callback) {
  if (document.body.dataset.ready) return callback();
  new MutationObserver((_, observer) => {
    if (!document.body.dataset.ready) return;
    observer.disconnect();
    callback();
  }).observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
}

// `callback` once the page is idle (or after `timeout` ms of a page that never is)
function idle(callback, timeout = 2000) {
  if ("requestIdleCallback" in window) requestIdleCallback(callback, { timeout });
  else setTimeout(callback, 50);
}

// A new version taking over a page that a version already controlled: offer to reload. Heard
// from the start: an update found by this very load can install and claim the page before it
// is ready, and a listener added then would miss it. (A first install claiming is no news.)
if ("serviceWorker" in navigator && navigator.serviceWorker.controller) {
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    document.getElementById("update").hidden = false;
  });
}

function offline() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  downloading("waiting");
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data && event.data.type === "kept") document.body.dataset.offline = "ready";
  });
  navigator.serviceWorker.register(new URL("../sw.js", import.meta.url))  // scope: its folder
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {  // the files this page used: the worker keeps them too
      const urls = performance.getEntriesByType("resource").map((entry) => entry.name);
      registration.active.postMessage({ type: "used", urls: [location.href, ...urls] });
      return new Promise((resolve) => idle(resolve))
        .then(() => snapshotInBackground(registration.active));
    })
    .catch((error) => {
      console.warn("offline play unavailable:", error.message);
      downloading("failed");
    });
}

// Pointers down now (pointerId): while there is one, the background download reads nothing.
// A release the page never hears of (the window left mid-press, a context menu) is caught by
// the next move with no button down, or by the page losing focus or being hidden.
const pressed = new Set();
let released = null;  // resolves when the last pointer is up

function lift(pointerId) {
  if (pointerId === undefined) pressed.clear();
  else pressed.delete(pointerId);
  if (!pressed.size && released) released.resolve();
}

const capture = { capture: true };
addEventListener("pointerdown", (event) => pressed.add(event.pointerId), capture);
addEventListener("pointerup", (event) => lift(event.pointerId), capture);
addEventListener("pointercancel", (event) => lift(event.pointerId), capture);
addEventListener("pointermove", (event) => {
  if (event.buttons === 0 && pressed.has(event.pointerId)) lift(event.pointerId);
}, capture);
addEventListener("blur", () => lift());
document.addEventListener("visibilitychange", () => { if (document.hidden) lift(); });

function notPressed() {
  if (!pressed.size) return null;
  if (!released) {
    let resolve;
    released = new Promise((done) => { resolve = done; });
    released.resolve = () => { released = null; resolve(); };
  }
  return released;
}

const downloading = (state) => { document.body.dataset.download = state; };

// Wait while the browser is offline (body[data-download=offline]: a request would only fail)
// or a pointer is down (body[data-download=paused]), whichever comes, as often as it comes.
async function askable() {
  for (;;) {
    if (!navigator.onLine) {
      downloading("offline");
      await new Promise((resolve) => addEventListener("online", resolve, { once: true }));
      continue;
    }
    const wait = notPressed();
    if (!wait) break;
    downloading("paused");
    await wait;
  }
  downloading("fetching");
}

// The background download's requests: the worker lets them through unkept (its copy is the
// one handed to it below).
const BACKGROUND = { "x-solitaire": "background" };
const CHUNK = 512 * 1024;  // a range asked for at a time: what a press can find in flight

// Read `response`'s body a chunk at a time, not while a pointer is down (the page's copy
// waits; the browser's own buffers may still take in what the connection has in flight).
async function readPolitely(response) {
  const reader = response.body.getReader();
  const chunks = [];
  for (;;) {
    await askable();
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
  }
  return new Blob(chunks, { type: response.headers.get("content-type") || "" });
}

// `url` (a small file), asked for only while no pointer is down.
async function politely(url) {
  await askable();
  const response = await fetch(url, { headers: BACKGROUND });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return readPolitely(response);
}

// `url`, of `size` bytes, in ranges of CHUNK, each asked for only while no pointer is down:
// a drag finds at most one range under way. A server (or a cache on the way) that sends the
// whole file to a range request is read politely instead; a range of another file (a
// deployment under way) stops the download at once.
async function politelyInRanges(url, size) {
  const parts = [];
  for (let start = 0; start < size; start += CHUNK) {
    await askable();
    const end = Math.min(start + CHUNK, size) - 1;
    const headers = { ...BACKGROUND, Range: `bytes=${start}-${end}` };
    const response = await fetch(url, { headers });
    if (response.status === 200) return readPolitely(response);
    const range = response.headers.get("content-range");
    if (response.status !== 206 || range !== `bytes ${start}-${end}/${size}`) {
      throw new Error(`${url} bytes ${start}-${end}: HTTP ${response.status} ${range}`);
    }
    parts.push(await response.blob());
  }
  return new Blob(parts, { type: "application/gzip" });
}

// Inflate, check and keep the snapshot (`info`, its packed bytes) in a worker of its own
// (static/snapshot-keeper.mjs): ~0.3 s of a core that the page's main thread does not pay.
// True once kept; an error if the worker did not load or did not answer within 60 s.
function keptOffThread(info, packed) {
  return new Promise((resolve, reject) => {
    const keeper = new Worker(new URL("./snapshot-keeper.mjs", import.meta.url), {
      type: "module", name: "snapshot-keeper",
    });
    const done = (settle, value) => {
      clearTimeout(timer);
      keeper.terminate();
      settle(value);
    };
    const timer = setTimeout(() => done(reject, new Error("the keeper did not answer")), 60000);
    keeper.onmessage = (event) => done(resolve, event.data === true);
    keeper.onerror = (event) => {
      event.preventDefault();  // said below, once
      done(reject, new Error(`the keeper failed: ${event.message || "its script did not load"}`));
    };
    keeper.postMessage({ info, packed });
  });
}

// Hand `blob` to the service worker in charge (another may have taken over since the page
// registered), which keeps it as `url` in its version's cache.
function hand(worker, url, blob) {
  const current = navigator.serviceWorker.controller || worker;
  return new Promise((resolve, reject) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => reject(new Error(`${url}: no answer`)), 30000);
    channel.port1.onmessage = (event) => {
      clearTimeout(timer);
      if (event.data === "kept") resolve();
      else reject(new Error(`${url}: not kept: ${event.data}`));
    };
    current.postMessage({ type: "keep", url, blob }, [channel.port2]);
  });
}

// The boot snapshot, unless this browser keeps it already (inflated or packed, with its
// snapshot.json in the worker's cache, which an offline boot reads), the player saves data,
// or this build's copy was evicted twice (given up: the solver's worker, which cannot read
// the mark, then finds no copy either). A copy evicted as damaged
// (static/pyodide-snapshot.mjs) is fetched again here, so the next visit restores it.
async function snapshotInBackground(worker) {
  const loader = await import("./pyodide-snapshot.mjs");  // loaded already: PyScript's
  const [info, packed] = [loader.SNAPSHOT_INFO, loader.SNAPSHOT];
  // a boot from the snapshot had it already: it keeps it inflated, the worker packed (used)
  if (document.body.dataset.boot === "snapshot") return downloading("kept");
  const restorable = await loader.snapshotKept();
  if (restorable && await caches.match(info)) return downloading("kept");
  if (navigator.connection && navigator.connection.saveData) return downloading("saving-data");
  if (/twice$/.test(mark(EVICTED) || "")) return downloading("given-up");
  try {
    downloading("fetching");
    const about = await politely(info);
    const facts = JSON.parse(await about.text());
    if (!loader.fits(facts)) throw new Error("the server's snapshot is not this page's");
    if (!restorable) {
      const bytes = await politelyInRanges(packed, facts.packed);
      await askable();
      if (!await keptOffThread(facts, bytes)) throw new Error("not whole or not the build's");
      await hand(worker, packed, bytes);  // the packed copy, for the worker's cache
    }
    await hand(worker, info, about);  // last: with it, a boot offline can restore
    downloading("kept");
  } catch (error) {  // offline now, or a deployment under way: the next visit tries again
    console.warn("the boot snapshot was not kept:", error.message);
    downloading("failed");
  }
}

document.querySelector("[data-action=reload]").addEventListener("click", () => location.reload());
document.querySelector("[data-action=update]").addEventListener("click", () => location.reload());
whenReady(() => idle(offline));
// the snapshot loader's "boot under way" mark: this boot finished (static/pyodide-snapshot.mjs);
// a boot from the snapshot that got ready also clears the count of its evictions
whenReady(() => {
  mark("solitaire.boot", null);
  if (document.body.dataset.boot === "snapshot") mark(EVICTED, null);
});
