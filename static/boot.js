// The page's words are written into index.html when the site is built (tools/site.py); the
// boot watchdog is inline in index.html, so that it runs first. Everything else happens in
// Python (game/web/app.py).

// Offline play: once the game runs (so every file is already in the HTTP cache), register the
// service worker; it keeps a copy of each file. When a new version takes over while the page
// is open, offer to reload now (the game in progress is saved; it comes back).
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
  navigator.serviceWorker.register(new URL("../sw.js", import.meta.url))  // scope: its folder
    .catch((error) => console.warn("offline play unavailable:", error.message));
}

document.querySelector("[data-action=reload]").addEventListener("click", () => location.reload());
document.querySelector("[data-action=update]").addEventListener("click", () => location.reload());
whenReady(offline);
// the snapshot loader's "boot under way" mark: this boot finished (static/pyodide-snapshot.mjs)
whenReady(() => { try { localStorage.removeItem("solitaire.boot"); } catch { /* off */ } });
