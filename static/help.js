// The help pages (tools/help.py): opened from the game as help/<lang>/<game>.html#CODE, they
// carry the deal's code to the back link (../../#CODE: the saved game resumes) and to the
// links between games and languages. A hash that is not a deal code is left out.
const code = /^#[A-Z0-9]{3}-[A-Z]-[A-Z0-9]{7}$/i.test(location.hash) ? location.hash : "";
if (code) {
  for (const link of document.querySelectorAll("a[data-back], .games a, .languages a")) {
    link.href = link.getAttribute("href").split("#")[0] + code;
  }
}
