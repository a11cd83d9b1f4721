// The page's words are written into index.html when the site is built (tools/site.py); the
// boot watchdog is inline in index.html, so that it runs first. Everything else happens in
// Python (game/web/app.py).

// Offline play: once the game runs (so every file is already in the HTTP cache), register the
// service worker; it keeps a copy of each file (and of the files this page used that it does
// not fetch by itself: body[data-offline=ready] once they are kept). When a new version takes over while the page
// is open, offer to reload now (the game in progress is saved; it comes back).
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

function offline() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  const hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (hadController) document.getElementById("update").hidden = false;
  });
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data && event.data.type === "kept") document.body.dataset.offline = "ready";
  });
  navigator.serviceWorker.register(new URL("../sw.js", import.meta.url))  // scope: its folder
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {  // the files this page used: the worker keeps them too
      const urls = performance.getEntriesByType("resource").map((entry) => entry.name);
      // and the boot snapshot, which a plain boot does not fetch: a copy evicted as damaged
      // (static/pyodide-snapshot.mjs) is fetched again, so the next visit restores it; not
      // once this build's copy was evicted twice (given up: the solver's worker, which
      // cannot read the mark, then finds no copy either)
      const givenUp = /twice$/.test(mark(EVICTED) || "");
      const snapshot = givenUp ? [] : ["snapshot.bin.gz", "snapshot.json"].map(
        (name) => new URL(name, import.meta.url).href);
      registration.active.postMessage({ type: "used", urls: [location.href, ...urls, ...snapshot] });
    })
    .catch((error) => console.warn("offline play unavailable:", error.message));
}

document.querySelector("[data-action=reload]").addEventListener("click", () => location.reload());
document.querySelector("[data-action=update]").addEventListener("click", () => location.reload());
whenReady(offline);
// the snapshot loader's "boot under way" mark: this boot finished (static/pyodide-snapshot.mjs);
// a boot from the snapshot that got ready also clears the count of its evictions
whenReady(() => {
  mark("solitaire.boot", null);
  if (document.body.dataset.boot === "snapshot") mark(EVICTED, null);
});
