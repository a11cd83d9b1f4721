"""The solver in the page: Hint, "Can this deal be won?", Winnable deals only."""

from __future__ import annotations

import re
import time
from pathlib import Path

from pages import (
    attached,
    center,
    close_settings,
    drag,
    load_code,
    load_position,
    open_settings,
    painted,
    pick_game,
    resize,
    status_text,
    tap,
)
from playwright.sync_api import expect

import game
from bench.page import Taps, latencies
from game.solver import solve
from tests.solving import BLOCKING, LOST, spades_and_hearts_from_six

SHOTS = Path(__file__).parent / "screenshots"
DATA = Path(__file__).parent.parent / "static" / "data"


def hinted(page) -> tuple[str | None, str | None]:
    src = (
        page.locator(".place.hint-from").get_attribute("data-place")
        if page.locator(".place.hint-from").count()
        else None
    )
    dst = (
        page.locator(".place.hint-to").get_attribute("data-place")
        if page.locator(".place.hint-to").count()
        else None
    )
    return src, dst


def test_hint_from_an_opening_highlights_a_winning_move_in_under_two_seconds(fresh):
    code = "CR1-N-AAAAARM"  # the solver wins this one in 119 states (docs/results/CR1-N.csv)
    board = fresh(f"#{code}", query="?test=1&idle-solver=1", reduced_motion="reduce")
    # the worker starts when the page has been idle a few seconds after ready (a hint before
    # that waits for its boot too: about 1 s more on an idle machine)
    attached(board, "body[data-solver-thread=worker]", 30_000)
    started = time.monotonic()
    board.click("[data-action=hint]")
    board.wait_for_function(
        "document.querySelector('.place.hint-from') || document.querySelector('button.hint')",
        timeout=10_000,
    )
    seconds = time.monotonic() - started
    src, dst = hinted(board)
    text = status_text(board)
    assert text.startswith("Hint:"), text  # a winning line, not a guess
    assert seconds < 2.0, seconds
    # the hinted move is the first of a winning line: playing it keeps the deal winnable
    g = game.new(code)
    g.play(src, dst)
    assert solve(g, states=300_000).verdict == "winnable"
    board.screenshot(path=str(SHOTS / "hint-crescent.png"))
    # from the position after that move (loaded afresh: no known line), again a line's move
    board.evaluate(f"window.solitaireLoadPosition({g.position()!r})")
    board.click("[data-action=hint]")
    board.wait_for_function("document.querySelector('.place.hint-from')", timeout=5_000)
    assert status_text(board).startswith("Hint:")


def test_a_hint_asked_while_the_worker_boots_answers_within_two_seconds(fresh):
    """The first Hint of a visit can come before the worker is up (it boots on first use, or
    a few seconds after the page is ready): the page answers by its deadline all the same,
    and a line the worker finds after that answers the next Hint at once."""
    code = "CR1-N-AAAAAAE"  # won in 2 808 states: once up, the worker finds a line at once
    page = fresh("#" + code)
    booting = page.evaluate("document.body.dataset.solverThread || 'not started'")
    assert booting != "worker"  # the Hint below comes before the worker is up
    page.evaluate(  # from the click's event, as the player counts (not Playwright's steps)
        "document.addEventListener('click', () => { window.clicked = performance.now() }, "
        "{capture: true, once: true})"
    )
    page.click("[data-action=hint]")
    seconds = (
        page.wait_for_function(
            "document.querySelector('.place.hint-from') && performance.now() - window.clicked",
            timeout=10_000,
        ).json_value()
        / 1000
    )
    first = status_text(page)
    assert seconds < 2.0, (seconds, booting, first)
    src, dst = hinted(page)
    assert (src, dst) in {(m.src, m.dst) for m in game.new(code).legal_moves()}
    assert first.startswith(("Hint:", "No winning line found in time")), first
    # the worker's search, answered or not, runs to its end; its line is then the next answer
    attached(page, "body[data-solver-thread=worker]", 30_000)
    page.wait_for_function("!document.body.dataset.solver", timeout=10_000)
    page.evaluate(  # whether the next Hint starts a search (a state, not a time: on a loaded
        # machine a Hint that needs none still took 0.7 s to be said once)
        """() => { window.searched = false;
            const seen = () => { if (document.body.dataset.solver) window.searched = true; };
            new MutationObserver(seen).observe(document.body, {attributeFilter: ['data-solver']});
        }"""
    )
    page.click("[data-action=hint]")
    page.wait_for_function(
        "document.querySelector('#announce').textContent.startsWith('Hint:')", timeout=5_000
    )
    assert page.evaluate("window.searched") is False  # the line found answered it at once
    print(f"first hint: {seconds:.2f} s, worker {booting}, {first!r}")


def test_hint_without_a_line_is_marked_as_a_guess(board):
    """Forty Thieves' opening (a deal neither the beam nor playouts win soon): no line within
    the hint's time, so a likely move, marked."""
    load_code(board, "FT1-N-AAAAAAD")
    board.click("[data-action=hint]")
    board.wait_for_function("document.querySelector('.place.hint-from')", timeout=10_000)
    text = status_text(board)
    assert text.startswith("No winning line found in time"), text
    src, dst = hinted(board)
    assert (src, dst) in {(m.src, m.dst) for m in game.new("FT1-N-AAAAAAD").legal_moves()}


def test_a_worker_that_cannot_load_ends_the_search_in_words_and_the_next_one_retries(fresh):
    """Offline before the worker's script was kept: the check ends, said in words (not
    "Searching… 0 positions" for ever), and asked again once the script loads, it runs."""
    worker = re.compile(r"solver-worker\.mjs")
    page = fresh("#CR1-N-AAAAAAA", service_workers="block", route=(worker, lambda r: r.abort()))
    open_settings(page)
    page.click("[data-action=check]")
    expect(page.locator("#solver-status")).to_have_text(
        "The solver could not start: no hint or check this time. Ask again to retry."
    )
    page.wait_for_function("!document.body.dataset.solver")
    expect(page.locator("[data-action=check]")).to_have_text("Can this deal be won?")
    page.unroute(worker)  # back online
    page.click("[data-action=check]")
    attached(page, "body[data-solver-thread=worker]", 30_000)
    page.wait_for_function(
        "/Searching… [1-9]/.test(document.querySelector('#solver-status').textContent)"
        " || document.body.dataset.verdict",
        timeout=30_000,
    )
    if page.evaluate("document.body.dataset.solver"):
        page.click("[data-action=check]")  # Stop


def test_check_reports_progress_and_a_proof(board):
    lost = spades_and_hearts_from_six(BLOCKING, "JH JH 9H TH")  # proved in tests/ as well
    load_position(board, lost.position())
    open_settings(board)
    board.click("[data-action=check]")
    attached(board, "body[data-verdict=unwinnable]", 10_000)
    assert board.locator("#solver-status").inner_text().startswith("No: this deal cannot be won")
    close_settings(board)


def test_a_proof_of_loss_is_said_in_words_in_the_pages_language(board):
    """A position the argument proves lost: the check answers at once with the card that can
    never leave its pile; in Arabic, in Arabic."""
    load_position(board, game.from_position(LOST).position())
    open_settings(board)
    board.click("[data-action=check]")
    attached(board, "body[data-verdict=unwinnable]", 10_000)
    assert board.locator("#solver-status").inner_text() == (
        "No: this deal cannot be won. No winning line exists: the ace of hearts on pile 16 can "
        "never leave it. The ascending foundation can never take it. The descending foundation "
        "needs another two of hearts first, and that card stays under cards that cannot move "
        "while this one stays. No pile can ever take it."
    )
    close_settings(board)


def test_a_link_to_a_deal_proven_lost_says_so_from_its_start(fresh):
    """CR1-N-AAAE4N7 is proven lost at its start (tests/test_proofs.py). Opened from a link,
    the page looks at it quietly once the worker is up and says it cannot be won, not "no
    longer", with no undo to offer; the check gives the reason."""
    page = fresh("#CR1-N-AAAE4N7", query="?test=1&idle-solver=1")  # (the worker comes unasked)
    page.wait_for_selector("#lost:not([hidden])", timeout=30_000)
    assert page.locator("#lost-text").inner_text() == (
        "This deal cannot be won: no winning line exists from its start."
    )
    assert page.locator("[data-action=undo-to-winnable]").is_hidden()
    open_settings(page)
    page.click("[data-action=check]")
    attached(page, "body[data-verdict=unwinnable]", 10_000)
    assert (
        page.locator("#solver-status")
        .inner_text()
        .startswith(
            "No: this deal cannot be won. No winning line exists: the jack of clubs on pile 3 can "
            "never leave it."
        )
    )


def test_check_a_deal_shows_progress_then_winnable_and_hint_follows(board):
    load_code(board, "CR1-N-AAAAAAT")
    board.evaluate("document.body.removeAttribute('data-verdict')")
    open_settings(board)
    # every text the status shows, in order: a quick verdict may replace "Searching…" before
    # a poll would see it
    board.evaluate("""() => {
        const status = document.querySelector('#solver-status');
        window.__statuses = [];
        window.__statusWatch = new MutationObserver(
            () => window.__statuses.push(status.textContent));
        window.__statusWatch.observe(status, {childList: true, characterData: true, subtree: true});
    }""")
    board.click("[data-action=check]")
    attached(board, "body[data-verdict=winnable]", 60_000)
    assert board.locator("#solver-status").inner_text().startswith("Yes: this deal can be won")
    shown = board.evaluate("window.__statusWatch.disconnect(), window.__statuses")
    assert shown[0].startswith("Searching"), shown  # progress first, the verdict last
    assert shown[-1].startswith("Yes: this deal can be won"), shown
    board.screenshot(path=str(SHOTS / "check-winnable.png"))
    close_settings(board)
    board.click("[data-action=hint]")  # the check's line answers at once
    board.wait_for_function("document.querySelector('.place.hint-from')", timeout=2_000)


def test_winnable_deals_only_draws_from_the_shipped_list(board, site):
    listed = set((DATA / "winnable-crescent.txt").read_text().split())
    assert listed
    pick_game(board, "CR1-N")
    open_settings(board)
    board.check("[data-setting=winnable_only]")
    close_settings(board)
    for _ in range(3):
        before = board.locator("#board").get_attribute("data-code")
        board.click("[data-action=new]")
        board.wait_for_function(
            f"document.querySelector('#board').dataset.code !== {before!r}", timeout=10_000
        )
        assert board.locator("#board").get_attribute("data-code") in listed


def test_searches_run_in_the_worker_and_leave_the_main_thread_free(board):
    """A deal check that runs for seconds: the worker does it (booted once, from the files the
    page holds), the page's main thread has no long task meanwhile, and Stop ends it."""
    load_code(board, "FT1-N-AAAAAAD")  # no verdict for a long while
    open_settings(board)
    board.click("[data-action=check]")
    attached(board, "body[data-solver-thread=worker]", 30_000)
    board.wait_for_function(
        "/Searching… [1-9]/.test(document.querySelector('#solver-status').textContent)",
        timeout=15_000,
    )
    # from here the search is under way: watch the main thread while it goes on
    board.evaluate(PROGRESS_LOG)
    board.evaluate(
        """window.longTasks = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) window.longTasks.push(entry.duration);
        }).observe({ type: "longtask" });"""
    )
    progressed(board, 10)  # progress keeps coming: ten reports, about 2.5 s of search
    busy = board.evaluate("window.longTasks")
    # A search on the main thread keeps it busy nearly all of this stretch (~2 500 ms of long
    # tasks); a loaded machine may still show a stray one: a GC, a style pass, or the tab not
    # scheduled while the other test worker builds a site (227 ms, once, in a fresh-clone CI)
    assert sum(busy) < 600, busy
    close_settings(board)
    # a card dragged about: the search steps aside while the pointer works the board, and
    # goes on once it is let go
    idle = idle_rate(board, 4)  # about a second
    x, y = center(board, "t1")
    board.mouse.move(x, y)
    board.mouse.down()
    board.mouse.move(x + 12, y + 12, steps=2)
    wiggle(board, x + 12, y + 12, 6)  # a progress already posted comes in meanwhile
    before = searched_at(board)
    wiggle(board, x + 12, y + 12, 20)  # a second or so: an idle search would report 3-4 times
    after = searched_at(board)
    board.mouse.up()
    dragging = rate(before, after)
    assert dragging * 4 < idle, (dragging, idle)
    let_go = solver_status(board)
    board.wait_for_function(
        f"document.querySelector('#solver-status').textContent !== {let_go!r}", timeout=10_000
    )
    open_settings(board)
    board.click("[data-action=check]")  # Stop
    assert board.locator("#solver-status").inner_text() == "Search stopped."
    assert board.evaluate("document.body.dataset.solver") is None
    close_settings(board)


def solver_status(page) -> str:
    """The deal check's words in the Settings sheet (``status_text`` is the announcement)."""
    return page.locator("#solver-status").inner_text()


# the positions the deal check says it has searched ("Searching… 25,188 positions in 1 s")
# and the page's time (ms), read together
SEARCHED_AT = """() => ({
    t: performance.now(),
    n: Number(document.querySelector('#solver-status').textContent
        .split(' positions')[0].replace(/\\D/g, '')),
})"""

# each progress report as it is shown: window.progressReports, [{t, n}]
PROGRESS_LOG = f"""window.progressReports = [];
new MutationObserver(() => window.progressReports.push(({SEARCHED_AT})()))
    .observe(document.querySelector('#solver-status'), {{childList: true, characterData: true,
                                                         subtree: true}});"""


def searched_at(page) -> dict:
    return page.evaluate(SEARCHED_AT)


def rate(first: dict, last: dict) -> float:
    """Positions searched per second of the page's time between two readings."""
    return (last["n"] - first["n"]) / (last["t"] - first["t"]) * 1000


def progressed(page, reports: int) -> list[dict]:
    """Wait until ``reports`` more progress reports have been shown: those readings."""
    mark = page.evaluate("window.progressReports.length")
    page.wait_for_function(
        "n => window.progressReports.length >= n", arg=mark + reports, timeout=30_000, polling=100
    )
    return page.evaluate("m => window.progressReports.slice(m)", mark)


def idle_rate(page, spans: int) -> float:
    """The search's rate with nothing else going on: over ``spans`` spans between progress
    reports, each report timed as the page shows it (the rate, not a count over a time the
    test waits)."""
    shown = progressed(page, spans + 1)
    return rate(shown[0], shown[-1])


def wiggle(page, x: float, y: float, moves: int) -> None:
    """Keep a pressed pointer moving, as a finger that holds a card does: ``moves`` moves,
    each handled and the frame after it painted before the next."""
    for k in range(moves):
        page.mouse.move(x + 4 * (k % 2), y)
        painted(page)


def test_a_move_that_loses_the_deal_is_said_once_with_an_undo_back_to_a_win(fresh):
    """Forty Thieves near its end: three moves along a winning line, then a draw that leaves
    no win (the worker's quiet look after each move proves it); the notice offers the undo."""
    start = spades_and_hearts_from_six(BLOCKING[:2] + ["6H JH JS"] + BLOCKING[3:], "JH QS 9H TH")
    g = game.replay(start.copy(), solve(start).moves[:3])
    board = fresh("", query="?test=1&idle-solver=1", reduced_motion="reduce")  # (looks quietly)
    attached(board, "body[data-solver-thread=worker]", 30_000)
    load_position(board, g.position())
    attached(board, "body[data-watched=winnable]", 10_000)
    assert board.locator("#lost").is_hidden()
    board.click('[data-place="stock"]')
    board.wait_for_selector("#lost:not([hidden])", timeout=10_000)
    assert board.locator("#lost-text").inner_text().startswith("This deal can no longer be won")
    assert "1" in board.locator("[data-action=undo-to-winnable]").inner_text()
    assert board.locator("#announce").inner_text() == board.locator("#lost-text").inner_text()
    board.screenshot(path=str(SHOTS / "no-longer-winnable.png"))
    board.click("[data-action=undo-to-winnable]")
    board.wait_for_selector("#lost", state="hidden", timeout=5_000)
    # back where a win is possible (Forty Thieves' move counter does not go down on undo)
    back = board.evaluate("window.solitairePosition()")
    assert back.split("\n", 1)[1] == g.position().split("\n", 1)[1]


def test_the_latency_bench_times_taps_made_during_a_check(browser, site, warm):
    """`bench.page --solving`, in small: every tap moves a card and is timed, and each comes
    while the check is under way, running again after the last tap (what the bench measures
    is in docs/PERFORMANCE.md; no timing is asserted here: a loaded machine would fail it)."""

    def open_game(code: str):
        # the bench's page: its worker starts once the page is idle
        return warm.open(f"#{code}", query="?test=1&idle-solver=1", reduced_motion="reduce")[0]

    measured = latencies(browser, site, Taps(1, solving=True, resumed=True), open_game)
    assert set(measured) == {"CR1", "FT1"}
    for handler, event_to_board, during_check in measured.values():
        assert len(handler) == len(event_to_board) == during_check == 1
        assert all(0 < h <= e for h, e in zip(handler, event_to_board, strict=True))


LINES_FETCHED = """() => performance.getEntriesByType('resource').map(e => e.name)
    .filter(name => name.includes('/static/data/lines/'))"""


def test_a_daily_hint_follows_its_stored_line_fetched_on_its_first_hint(fresh):
    """The Forty Thieves daily of 2026-12-03, whose hints went round in circles: its stored
    line is fetched on the first Hint (one small file, not before), and each hint is that
    line's next move as the player plays them."""
    code = "FT1-N-AAAAEJS"
    page = fresh("#" + code)
    assert page.evaluate(LINES_FETCHED) == []  # not on the visit: only once a Hint needs it
    path = (
        "static/data/lines/forty-thieves-2.txt"  # its deal number's file (game/ui/solving/hints.py)
    )
    row = next(
        r for r in (DATA.parent.parent / path).read_text().splitlines() if r.startswith("AAAAEJS ")
    )
    line = [game.Move.from_text(word) for word in row.split()[1:]]
    g = game.new(code)
    for move in line[:4]:
        page.click("[data-action=hint]")
        page.wait_for_function(
            "document.querySelector('#announce').textContent.startsWith('Hint:')"
            " && document.querySelector('.place.hint-from')",
            timeout=10_000,
        )
        assert hinted(page) == (move.src, move.dst), status_text(page)
        if move.src == "stock":
            tap(page, "stock")
        else:
            drag(page, move.src, move.dst)
        g.play_move(move)
        expect(page.locator("#stat-moves")).to_have_text(re.compile(rf"\b{g.moves}$"))
        assert page.evaluate("window.solitairePosition()") == g.position()
    assert [name.split("/crescent/")[-1] for name in page.evaluate(LINES_FETCHED)] == [path]


def in_view(page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    return (
        box is not None
        and box["y"] >= 0
        and box["y"] + box["height"] <= page.viewport_size["height"]
    )


def test_the_checks_answer_and_its_stop_are_in_view_on_a_phone_and_a_desktop(board):
    """At 390x844 the answer sat below the fold (y 828-876), and on a wide screen below the
    side panel's: it is now under the button, scrolled into view, and while the search runs
    the button, in view too, is its Stop (by keyboard as well)."""
    resize(board, 390, 844)
    try:
        load_code(board, "FT1-N-AAAAAAD")  # no verdict for a long while
        open_settings(board)
        board.click("[data-action=check]")
        board.wait_for_function(
            "/Searching… [1-9]/.test(document.querySelector('#solver-status').textContent)",
            timeout=30_000,
        )
        stop = board.locator("[data-action=check]")
        expect(stop).to_have_text("Stop the search")
        assert in_view(board, "[data-action=check]") and in_view(board, "#solver-status")
        board.screenshot(path=str(SHOTS / "check-running-phone.png"))
        expect(stop).to_be_focused()
        board.keyboard.press("Enter")
        expect(board.locator("#solver-status")).to_have_text("Search stopped.")
        assert board.evaluate("document.body.dataset.solver") is None
        for width, height in ((390, 844), (1280, 800)):
            resize(board, width, height)
            load_code(board, "CR1-N-AAAAAAT")  # a quick "yes", in three lines on a phone
            open_settings(board)
            board.click("[data-action=check]")
            attached(board, "body[data-verdict]", 60_000)
            assert board.locator("#solver-status").inner_text().startswith("Yes:")
            assert in_view(board, "#solver-status"), board.locator("#solver-status").bounding_box()
            board.screenshot(path=str(SHOTS / f"check-answer-{width}x{height}.png"))
            close_settings(board)
    finally:
        resize(board, 1280, 800)


def test_the_checks_answer_is_in_view_in_arabic_on_a_phone(fresh):
    page = fresh("#CR1-N-AAAAAAT", query="?test=1&lang=ar", viewport={"width": 390, "height": 844})
    open_settings(page)
    page.click("[data-action=check]")
    attached(page, "body[data-verdict=winnable]", 60_000)
    assert in_view(page, "#solver-status") and in_view(page, "[data-action=check]")
    page.screenshot(path=str(SHOTS / "check-answer-phone-ar.png"))


def test_the_solver_says_it_sees_the_face_down_cards(board):
    """Crescent face down: Hint and the check rest on cards the player cannot see, and say so;
    in Crescent itself, nothing is added."""
    seen = "(The solver sees the face-down cards.)"
    load_code(board, "CR1-D-AAAAARM")
    board.click("[data-action=hint]")
    board.wait_for_function("document.querySelector('.place.hint-from')", timeout=10_000)
    assert status_text(board).startswith("Hint:") and status_text(board).endswith(seen)
    open_settings(board)
    board.click("[data-action=check]")
    attached(board, "body[data-verdict=winnable]", 30_000)
    assert board.locator("#solver-status").inner_text().endswith(seen)
    close_settings(board)
    load_code(board, "CR1-N-AAAAARM")
    board.click("[data-action=hint]")
    board.wait_for_function("document.querySelector('.place.hint-from')", timeout=10_000)
    assert status_text(board).startswith("Hint:") and seen not in status_text(board)
