// The loading screen and the boot watchdog. A classic script, first of all, so that it runs
// before PyScript's modules and sees every download.
// - Progress: the bytes downloaded (Resource Timing for each finished file, and the counts
//   that static/pyodide-snapshot.mjs reports while the big files stream) of the total that the
//   build wrote into <progress max>; then "Starting Python…" once the runtime is in.
// - Failure: the panel shows only when the boot really failed: an error thrown before the
//   game is ready, the runtime's download failing, or no byte received for 30 s while
//   downloading (120 s while Python starts, which receives nothing). A stall that recovers
//   hides it again; so does the game becoming ready anyway.
// - Language: the page's language (game/ui/text/languages.py makes the same choice in Python: the
//   URL's ?lang=, the stored choice, navigator.languages, English) sets <html lang dir> at
//   once, and another language's static words (the build's #i18n-words block) replace the
//   English ones as the parser adds each element, so the first paint is in that language.
(function () {
  var LANGUAGES = ["en", "ar", "bg", "kk", "fr", "ru"];
  function supported(tag) {
    if (typeof tag !== "string") return null;
    var primary = tag.trim().replace(/_/g, "-").split("-")[0].toLowerCase();
    return LANGUAGES.indexOf(primary) >= 0 ? primary : null;
  }
  function stored() {
    try { return localStorage.getItem("solitaire.lang"); } catch (e) { return null; }
  }
  // the first ?lang= that is not blank (game/ui/text/languages.py reads it the same way)
  var asked = new URLSearchParams(location.search).getAll("lang")
    .filter(function (value) { return value.trim(); })[0];
  var lang = supported(asked) || supported(stored());
  var preferred = navigator.languages || [navigator.language];
  for (var i = 0; !lang && i < preferred.length; i++) lang = supported(preferred[i]);
  lang = lang || "en";
  var root = document.documentElement;
  root.lang = lang;
  root.dir = lang === "ar" ? "rtl" : "ltr";
  if (lang === "en") return;
  // the installed app's name and words in this language too (tools/manifests.py)
  var manifest = document.querySelector("link[rel=manifest]");
  if (manifest) manifest.href = "./manifest-" + lang + ".webmanifest";
  var block = document.getElementById("i18n-words");
  var words = block ? JSON.parse(block.textContent)[lang] : null;
  if (!words) return;

  var ATTRIBUTES = { label: "aria-label", template: "data-template", content: "content",
                     placeholder: "placeholder" };
  function fill(text, el) {
    return text.replace(/\{(\w+)\}/g, function (all, name) {
      var value = el.getAttribute("data-msg-" + name);
      return value === null ? all : value;
    });
  }
  function word(el) {
    if (el.nodeType !== 1) return;
    if (el.tagName === "OPTION" && el.value === lang && el.parentNode &&
        el.parentNode.getAttribute("data-action") === "language") el.selected = true;
    var key = el.getAttribute("data-msg");
    if (key && key in words) {
      var text = fill(words[key], el);
      if (el.textContent !== text) el.textContent = text;
    }
    for (var name in ATTRIBUTES) {
      var other = el.getAttribute("data-msg-" + name);
      if (other && other in words) el.setAttribute(ATTRIBUTES[name], words[other]);
    }
  }
  function all(node) {
    word(node);
    if (node.querySelectorAll) {
      node.querySelectorAll("[data-msg],[data-msg-label],[data-msg-template],[data-msg-content]," +
                            "[data-msg-placeholder],option")
        .forEach(word);
    }
  }
  all(root);  // what the parser has already made: <title>, the description
  // then each element as the parser adds it (an element's text may come after it: a text
  // node added into a worded element words it again), before the first paint
  var parsing = new MutationObserver(function (records) {
    records.forEach(function (record) {
      record.addedNodes.forEach(function (node) {
        if (node.nodeType === 1) all(node);
        else if (node.parentNode && node.parentNode.nodeType === 1) word(node.parentNode);
      });
    });
  });
  parsing.observe(root, { childList: true, subtree: true });
  document.addEventListener("DOMContentLoaded", function () {
    parsing.disconnect();
    all(root);
  });
})();

(function () {
  // under the test hooks (an exact ?test or ?test=1, as game/ui/address/links.py reads it),
  // ?stall=MS shortens the wait (e2e/test_page_loading.py)
  var asked = new URLSearchParams(location.search).getAll("test")
    .some(function (value) { return value === "" || value === "1"; }) &&
    Number(new URLSearchParams(location.search).get("stall"));
  var STALL_MS = asked > 0 ? asked : 30000;
  var STARTING_MS = 120000;
  var streamed = {};  // url: bytes counted from its stream (its Resource Timing entry is skipped)
  var finished = 0;  // bytes of the files done, not streamed
  var extra = 0;  // bytes the loader added to the total (the snapshot, when it fetches it)
  var starting = false;
  var failure = null;  // null, "stalled" or "error"
  var last = Date.now();

  // the controls of the game the link names, for the toolbar's first paint (app.css): the
  // build wrote each kind's into html[data-controls] (game/ui/games/__init__.py); Python sets body's own
  try {
    var controls = JSON.parse(document.documentElement.dataset.controls);
    var named = /^#(?:\s|%20)*([a-z]{2}\d-[a-z])/i.exec(location.hash);
    var kind = named ? named[1].toUpperCase() : "";
    document.documentElement.dataset.has = kind in controls ? controls[kind] : controls[""];
  } catch (e) {}  // (then html[data-has] stays the default game's, as the build wrote it)

  // the settings that change the toolbar or the motion, from the stored settings, so that the
  // first paint has them (app.css reads them on html or body; game/web/look.py moves them to
  // body). Only known values: game/ui/records/storage.py reads the rest strictly
  try {
    var settings = JSON.parse(localStorage.getItem("solitaire.settings")) || {};
    var root = document.documentElement;
    if (settings.left_handed === true) root.setAttribute("data-left-handed", "");
    if (settings.calm === true) root.setAttribute("data-calm", "");
    if (settings.animation === "fast" || settings.animation === "off") {
      root.setAttribute("data-animation", settings.animation);
    }
  } catch (e) {}  // (no storage, or damaged: Python says so, and the defaults hold)

  function el(id) { return document.getElementById(id); }
  function isReady() { return Boolean(document.body && document.body.dataset.ready); }

  function draw() {
    var bar = el("boot-progress");
    var text = el("boot-bytes");
    if (!bar || !text) return;
    var total = Number(bar.dataset.total) + extra;
    var done = finished;
    for (var url in streamed) done += streamed[url];
    done = Math.min(done, total);
    bar.max = total;
    bar.value = starting ? total : done;
    text.textContent = (text.dataset.template || "{done} / {total} MB")
      .replace("{done}", (done / 1e6).toFixed(1)).replace("{total}", (total / 1e6).toFixed(1));
    el("boot-download").hidden = starting;
    el("boot-starting").hidden = !starting;
  }

  function show(why) {
    if (isReady() || failure === "error") return;
    failure = why;
    var box = el("boot-failed");
    if (!box) { document.addEventListener("DOMContentLoaded", function () { show(why); }); return; }
    el("loading").hidden = true;
    box.hidden = false;
  }

  function clear() {  // ready after all, or a stalled download moving again
    failure = null;
    if (el("boot-failed")) el("boot-failed").hidden = true;
    if (el("loading") && !isReady()) el("loading").hidden = false;
  }

  function moved() {
    last = Date.now();
    if (failure === "stalled") clear();
    draw();
  }

  window.solitaireBoot = {
    got: function (url, bytes) { streamed[url] = (streamed[url] || 0) + bytes; moved(); },
    expect: function (bytes) { extra += bytes; draw(); },
    starting: function () { starting = true; moved(); },
    failed: function () { show("error"); },  // the runtime did not download (or ready hides it)
  };

  if (window.PerformanceObserver) {
    new PerformanceObserver(function (list) {
      list.getEntries().forEach(function (entry) {
        if (!(entry.name in streamed)) finished += entry.decodedBodySize || entry.transferSize || 0;
      });
      moved();
    }).observe({ type: "resource", buffered: true });
  }

  function error(event) {
    if (isReady()) return;
    if (event && event.type === "error" && event.target === window && !event.error) return;
    show("error");
  }
  window.addEventListener("error", error, true);
  window.addEventListener("unhandledrejection", error);

  var timer = setInterval(function () {
    if (isReady()) {
      clearInterval(timer);
      if (failure) clear();
      return;
    }
    if (Date.now() - last > (starting ? STARTING_MS : STALL_MS)) show("stalled");
  }, 1000);

  function watchReady() {
    draw();
    new MutationObserver(function () { if (isReady() && failure) clear(); })
      .observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
  }
  if (document.body) watchReady(); else document.addEventListener("DOMContentLoaded", watchReady);
})();
