// Service worker (generated into _site/sw.js by tools/site.py, which fills in the file list).
// Offline play: every file the page needs is kept in a versioned cache and served from it.
// Hand-written rather than Workbox: Workbox precaches revisioned files with cache:"reload",
// which downloads all of Pyodide (~14 MB) a second time on the first visit. Here the worker
// is registered after the game has booted and fetches with cache:"no-cache": the server
// answers 304 for what the page just downloaded, so each file crosses the network once.
const VERSION = "__VERSION__";
const FILES = __FILES__;  // [path relative to this worker, content hash]
// Not fetched at install: Pyodide's full standard library (only a fallback) and the PyScript
// chunks outside core.js's static imports (editors, terminals, plugins): the page tells the
// worker which files it used once it is ready, and those are kept then (tools/site.py); and
// the boot snapshot, which the page downloads in the background and hands over ("keep").
const LATER = new Set(__LATER__);
const CACHE = `solitaire-${VERSION}`;
const REVISIONS = "__revisions__";  // a cache entry listing the hash of each cached file
const scope = new URL("./", self.location).href;
const PATHS = new Set(FILES.map(([path]) => new URL(path, scope).href));

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const previous = await previousRevisions();
    await Promise.all(FILES.map(async ([path, hash]) => {
      const url = new URL(path, scope).href;
      const old = previous.get(path);
      if (old && old.hash === hash) {  // unchanged since the last version: no download
        const response = await (await caches.open(old.cache)).match(url);
        if (response) return cache.put(url, response);
      }
      if (LATER.has(path)) return;
      const response = await fetch(url, { cache: "no-cache", credentials: "same-origin" });
      if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
      return cache.put(url, response);
    }));
    await cache.put(REVISIONS, new Response(JSON.stringify(FILES)));
    await self.skipWaiting();  // the next load uses this version; the page may offer it now
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("solitaire-") && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(scope)) return;
  // the page's background download (static/boot.js): it hands over its copy when complete
  if (request.headers.get("x-solitaire") === "background") return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const url = new URL(request.url);
    url.hash = "";
    url.search = "";  // index.html?test=1 is index.html
    if (request.mode === "navigate" && url.href === scope) url.href = scope + "index.html";
    const hit = await cache.match(url.href);
    if (hit) return hit;
    const response = await fetch(request);
    if (response.ok && PATHS.has(url.href)) await cache.put(url.href, response.clone());
    return response;  // (a file evicted as bad, e.g. the boot snapshot, is cached again)
  })());
});

// The page's background download, complete (static/boot.js): keep it, then say so.
self.addEventListener("message", (event) => {
  if (!event.data || event.data.type !== "keep") return;
  event.waitUntil((async () => {
    const url = new URL(event.data.url);
    url.hash = "";
    url.search = "";
    let answer = "not one of this version's files";
    try {
      if (PATHS.has(url.href)) {
        const headers = { "content-type": event.data.blob.type || "application/octet-stream" };
        await (await caches.open(CACHE)).put(url.href, new Response(event.data.blob, { headers }));
        answer = "kept";
      }
    } catch (error) {
      answer = error.message;  // storage full, say
    } finally {
      if (event.ports[0]) event.ports[0].postMessage(answer);
    }
  })());
});

// The page, once ready, lists the files it used: keep those not kept yet (from the HTTP
// cache, which has just had them), then say so (boot.js sets body[data-offline=ready]).
self.addEventListener("message", (event) => {
  if (!event.data || event.data.type !== "used") return;
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    for (const href of event.data.urls) {
      const url = new URL(href);
      url.hash = "";
      url.search = "";
      if (!PATHS.has(url.href) || await cache.match(url.href)) continue;
      try {
        const response = await fetch(url.href, { credentials: "same-origin" });
        if (response.ok) await cache.put(url.href, response);
      } catch { /* offline now: kept the next time it is used */ }
    }
    if (event.source) event.source.postMessage({ type: "kept" });
  })());
});

async function previousRevisions() {
  const found = new Map();
  for (const name of await caches.keys()) {
    if (!name.startsWith("solitaire-") || name === CACHE) continue;
    const list = await (await caches.open(name)).match(REVISIONS);
    if (!list) continue;
    for (const [path, hash] of await list.json()) found.set(path, { hash, cache: name });
  }
  return found;
}
