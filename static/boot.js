// Before Python boots: the page's words from the one message catalog (the boot watchdog is
// inline in index.html, so that it runs first). Everything else happens in game/web/app.py.
async function fillWords() {
  const response = await fetch(new URL("./messages/en.json", import.meta.url));
  const words = await response.json();
  for (const el of document.querySelectorAll("[data-msg]")) el.textContent = words[el.dataset.msg];
  for (const el of document.querySelectorAll("[data-msg-label]")) {
    el.setAttribute("aria-label", words[el.dataset.msgLabel]);
  }
  const redeal = document.querySelector("[data-action=redeal]");
  if (!redeal.textContent) redeal.textContent = words.redeal.replace("{n}", "3");
  document.title = words.title;
}

document.querySelector("[data-action=reload]").addEventListener("click", () => location.reload());
fillWords();
