"""The first visit: the loading screen's progress under a slow network, a failure panel that
tells the truth, no layout shift, and the Content-Security-Policy."""

from __future__ import annotations

import re

import pytest
from harness import ready
from pages import kept, painted

SAMPLE = """window.__samples = [];
const sample = () => {
  const bar = document.getElementById('boot-progress');
  if (bar) window.__samples.push({
    value: bar.value, max: bar.max, bytes: document.getElementById('boot-bytes').textContent,
    starting: !document.getElementById('boot-starting').hidden,
    failed: !document.getElementById('boot-failed').hidden,
    ready: Boolean(document.body.dataset.ready) });
  if (!document.body || !document.body.dataset.ready) setTimeout(sample, 50);
};
sample();"""

SHIFTS = """window.__shift = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shift += e.value;
}).observe({ type: 'layout-shift', buffered: true });"""


def slow_page(browser, bytes_per_s: int):
    context = browser.new_context()
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {
            "offline": False,
            "latency": 40,
            "downloadThroughput": bytes_per_s,
            "uploadThroughput": 100_000,
        },
    )
    page.add_init_script(SAMPLE)
    return context, page


def test_a_slow_first_visit_shows_the_download_moving_and_never_a_failure(browser, site):
    context, page = slow_page(browser, 2_500_000)  # the files as served here are not gzipped
    page.goto(f"{site}index.html?test=1#CR1-N-AAAAAAB")
    ready(page)
    samples = [s for s in page.evaluate("window.__samples") if not s["ready"]]
    assert not any(s["failed"] for s in samples)
    downloading = [s for s in samples if not s["starting"]]
    values = [s["value"] for s in downloading]
    assert values == sorted(values), "the bar only moves forward"
    assert len(set(values)) >= 5, values  # it moved while the files streamed in
    total = downloading[-1]["max"]
    assert values[0] < 0.2 * total and max(values) > 0.8 * total
    assert 6e6 < total < 14e6  # the build's count of the boot's files (raw bytes)
    assert re.fullmatch(r"\d+\.\d of \d+\.\d MB", downloading[-1]["bytes"])
    assert any(s["starting"] for s in samples)  # then "Starting Python…"
    assert page.locator("#loading").is_hidden() and page.locator("#boot-failed").is_hidden()
    context.close()


def test_a_stalled_download_shows_the_failure_panel_until_the_bytes_come(browser, site):
    context = browser.new_context()
    page = context.new_page()
    held = []
    page.route("**/static/stdlib.zip", lambda route: held.append(route))  # no byte, for now
    page.goto(f"{site}index.html?test=1&stall=1500#CR1-N-AAAAAAB")
    failed = page.locator("#boot-failed")
    failed.wait_for(state="visible", timeout=30_000)  # 1.5 s without a byte (30 s for real)
    assert "could not start" in failed.inner_text()
    held[0].continue_()
    failed.wait_for(state="hidden", timeout=30_000)  # moving again
    ready(page)
    assert failed.is_hidden() and page.locator("#loading").is_hidden()
    context.close()


def test_an_error_that_does_not_stop_the_boot_leaves_no_failure_panel(browser, site):
    context = browser.new_context()
    page = context.new_page()
    page.add_init_script(SAMPLE)
    page.add_init_script(  # once the watchdog runs (it is the first script of the page)
        "document.addEventListener('DOMContentLoaded', () =>"
        " setTimeout(() => { throw new Error('a stray error'); }));"
    )
    page.goto(f"{site}index.html?test=1#CR1-N-AAAAAAB")
    ready(page)
    samples = page.evaluate("window.__samples")
    assert any(s["failed"] for s in samples)  # it did show while the boot looked failed
    page.locator("#boot-failed").wait_for(state="hidden")  # and went once the game was ready
    assert page.locator("#board").get_attribute("data-status") == "playing"
    context.close()


FIRST_CONTROLS = """[...document.querySelectorAll('header [data-needs]')]
    .filter(control => control.checkVisibility()).map(control => control.dataset.needs)"""


@pytest.mark.parametrize("viewport", [(390, 844), (1280, 800)])
def test_the_page_does_not_shift_while_it_boots(browser, site, viewport):
    width, height = viewport
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.add_init_script(SHIFTS)
    page.goto(f"{site}index.html?test=1#FT1-N-AAAAAAB", wait_until="load")
    # before Python (seconds away): the toolbar shows this game's controls (static/watchdog.js)
    assert page.evaluate("document.body.dataset.has") is None
    assert page.evaluate(FIRST_CONTROLS) == ["draw", "score"]
    ready(page)
    assert page.evaluate(FIRST_CONTROLS) == ["draw", "score"]
    kept(page)  # the first board drawn and kept, then two more frames painted
    painted(page)
    assert page.evaluate("window.__shift") <= 0.02
    context.close()


def test_the_content_security_policy_is_set_and_enforced(board, shared):
    policy = board.locator("meta[http-equiv=Content-Security-Policy]").get_attribute("content")
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
    assert directives["default-src"] == "'self'"
    assert directives["script-src"] == "'self' 'wasm-unsafe-eval' 'unsafe-eval'"
    assert "'unsafe-inline'" not in policy and "http" not in policy
    served = board.request.get(board.url.split("?")[0]).text()
    assert " style=" not in served and "<style" not in served  # and the board writes none
    # (tests/test_web.py): it sets CSS variables through the CSSOM, which the policy allows
    ran = board.evaluate("""() => {
        const s = document.createElement('script');
        s.textContent = 'window.__inlineRan = true';
        document.body.append(s);
        return Boolean(window.__inlineRan); }""")
    assert not ran  # an inline script is refused…
    board.wait_for_function("window.__cspViolations.length > 0")  # …and reported
    board.evaluate("window.__cspViolations = []")
    watch = shared[1]
    watch.errors[:] = [e for e in watch.errors if "Content Security Policy" not in e]
