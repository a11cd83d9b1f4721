"""The PyScript entry point: DOM events in, the board redrawn out.

An input redraws before its handler returns (no frame of delay); other redraws (a new deal,
a resize) are coalesced into one per animation frame.

Thin on purpose: rules come from ``game``, geometry and markup from ``board``, input meaning
from ``controller``, words from ``messages``. This module only wires them to the page.
"""

from __future__ import annotations

import json
import math
import random
import traceback

from pyodide.ffi import create_proxy
from pyscript import document, when, window

window.performance.mark("app:start")  # bench/page.py prints where the boot time goes

import game
from game.codes import CodeError, GameCode, random_code
from game.web import board
from game.web.controller import Controller, Outcome, Settings
from game.web.messages import Messages, clock
from game.web.solving import Solving

random.seed()  # restored from a snapshot, the generator would start alike in every session
WORDS = Messages.load()
KINDS = ("CR1-N", "CR1-F", "FT1-N")
DRAG_START_PX = 8
SETTINGS_KEY = "solitaire.settings"
SAVE_KEY = "solitaire.game"  # the game in progress: a reload (or an update) resumes it


def q(selector: str):
    return document.querySelector(selector)


class App:
    def __init__(self) -> None:
        self.svg = q("#board")
        self.game: game.Solitaire = game.new(str(random_code()))
        self.controller = Controller(self.game, self.load_settings())
        self.view = board.View()
        self.layout = board.layout_for(self.game, 1.0)
        self.press: dict | None = None
        self.frame_pending = False
        self.dirty = False
        self.started_ms: float | None = None
        self.finished_ms: float | None = None
        self.proxies: list = []
        self.frame_proxy = None  # requestAnimationFrame's callback, made once at start-up
        self.resume_elapsed = 0.0
        self.solving = Solving(self, WORDS, guarded)

    # --- game lifecycle ---------------------------------------------------------------------
    def start(self, g: game.Solitaire) -> None:
        settings = self.controller.settings
        self.game = g
        self.controller = Controller(g, settings)
        self.view = board.View()
        self.started_ms = self.finished_ms = None
        if self.resume_elapsed:  # a resumed game: its clock goes on from where it was
            self.started_ms = window.performance.now() - self.resume_elapsed
            self.resume_elapsed = 0.0
        kind = f"{g.code[:5]}" if g.code else f"{g.GAME}-N"
        document.body.dataset.game = g.GAME
        picker = q("[data-action=game]")
        if kind in KINDS:
            picker.value = kind
        for dialog in document.querySelectorAll("dialog[open]"):
            dialog.close()
        self.solving.new_deal()
        self.redraw()

    def load_hash(self) -> None:
        """The URL hash names the deal; anything else is reported and replaced."""
        text = window.decodeURIComponent(window.location.hash[1:]).strip()
        if self.game.code and text.upper() == self.game.code:
            return
        if not text:
            self.deal(self.kind(), push=False)
            return
        try:
            code = GameCode.parse(text)
        except CodeError:
            self.deal(self.kind(), push=False)
            self.announce(WORDS.text("unknown_code", code=text))
            return
        resumed = self.saved_game(str(code))
        self.start(resumed or game.new(code))
        if resumed:
            self.announce(WORDS.text("resumed"))
        if str(code) != text:
            window.history.replaceState(None, "", f"#{code}")

    def saved_game(self, code: str) -> game.Solitaire | None:
        """The game saved for ``code`` (same deal, reloaded), or None. History is not kept."""
        stored = window.localStorage.getItem(SAVE_KEY)
        if not stored:
            return None
        try:
            saved = json.loads(stored)
            if saved.get("code") != code:
                return None
            g = game.from_position(saved["position"])
        except (ValueError, KeyError, TypeError, AttributeError):
            return None  # an old or damaged save: start the deal afresh
        g.code = code
        self.resume_elapsed = float(saved.get("elapsed") or 0)
        return g

    def save(self) -> None:
        g = self.game
        if g.code:
            window.localStorage.setItem(
                SAVE_KEY,
                json.dumps({"code": g.code, "position": g.position(), "elapsed": self.elapsed()}),
            )

    async def new_deal(self) -> None:
        """New deal (or another game picked): from the proven winnable deals if so set."""
        kind = self.kind()
        if self.controller.settings.winnable_only:
            code = await self.solving.winnable_code(kind, other_than=self.game.code)
            if code and code == self.game.code:  # the list's only deal: deal it afresh
                self.start(game.new(code))
                return
            if code:
                window.location.hash = code  # the hashchange handler starts it: one path
                return
            self.announce(WORDS.text("winnable_missing"))
        self.deal(kind)

    def deal(self, kind: str, push: bool = True) -> None:
        """A new random deal of ``kind`` ("CR1-N"...): New deal adds a history entry."""
        game_id, variant = kind.split("-")
        code = str(random_code(game_id, variant))
        if push:
            window.location.hash = code  # the hashchange handler starts it: one path
        else:
            window.history.replaceState(None, "", f"#{code}")
            self.start(game.new(code))

    def kind(self) -> str:
        value = q("[data-action=game]").value
        return value if value in KINDS else "CR1-N"

    # --- input ------------------------------------------------------------------------------
    def outcome(
        self,
        result: Outcome,
        origin: dict[str, tuple[float, float]],
        dragged: tuple[float, float] = (0.0, 0.0),
    ) -> None:
        """After any input: timer, animation, announcement, dialogs, redraw."""
        g = self.game
        self.view = board.View(selected=self.controller.selected)
        if self.controller.selected:
            self.view.targets = frozenset(self.controller.targets(self.controller.selected))
        if result.kind == "moved" and result.move is not None:
            src, dst = result.move
            if self.started_ms is None:
                self.started_ms = window.performance.now()
            self.layout = board.layout_for(g, self.aspect())
            x0, y0 = origin[src]
            x1, y1 = board.top_card_xy(g, self.layout, dst)
            self.view.arrival = (dst, x0 + dragged[0] - x1, y0 + dragged[1] - y1)
            card = g.cards(dst)[-1].name()
            if src == "stock":
                self.announce(WORDS.text("drawn", card=card))
            else:
                self.announce(WORDS.text("moved", card=card, place=g.place_name(dst)))
        elif result.kind == "refused":
            self.refused(result)
        elif result.kind == "selected" and result.place:
            self.announce(WORDS.text("selected", card=g.cards(result.place)[-1].name()))
        elif result.kind == "deselected":
            self.announce(WORDS.text("deselected"))
        self.after_change()

    def refused(self, result: Outcome) -> None:
        if not self.controller.settings.interactive_rules:
            self.announce(WORDS.text("refused"))
        elif result.reason == "no_destination" and result.place:
            self.announce(
                WORDS.text("no_destination", card=self.game.cards(result.place)[-1].name())
            )
        else:
            self.announce(WORDS.refusal(result.reason or ""))

    def after_change(self) -> None:
        self.solving.clear_hint()
        status = self.game.status
        if status != "playing" and self.finished_ms is None:
            self.finished_ms = window.performance.now()
            self.show_end(status)
        elif status == "playing":
            self.finished_ms = None
            for dialog in document.querySelectorAll("dialog[open]"):
                dialog.close()  # e.g. "undo the last move" from the blocked dialog
        self.render_now()

    def show_end(self, status: str) -> None:
        g = self.game
        if status == "won":
            text = WORDS.text("won_text", time=clock(self.elapsed()), moves=g.moves)
            if isinstance(g, game.FortyThieves):
                text += " · " + WORDS.text("won_score", score=g.score)
            q("#won-text").textContent = text
            q("#won-dialog").showModal()
        elif status == "blocked":
            q("#blocked-dialog").showModal()

    def origins(self) -> dict[str, tuple[float, float]]:
        return {p: board.top_card_xy(self.game, self.layout, p) for p in self.layout.slots}

    def on_pointer_down(self, event) -> None:
        if event.button != 0 or self.press is not None:
            return
        group = event.target.closest("[data-place]")
        place = group.dataset.place if group else None
        if not place:
            if self.controller.selected:
                self.controller.selected = None
                self.outcome(Outcome("deselected"), {})
            return
        event.preventDefault()
        self.svg.setPointerCapture(event.pointerId)
        self.press = {
            "place": place,
            "x": event.clientX,
            "y": event.clientY,
            "id": event.pointerId,
            "drag": None,
        }

    def on_pointer_move(self, event) -> None:
        press = self.press
        if press is None or event.pointerId != press["id"]:
            return
        dx, dy = event.clientX - press["x"], event.clientY - press["y"]
        if press["drag"] is None and (
            math.hypot(dx, dy) < DRAG_START_PX or not self.start_drag(press)
        ):
            return
        scale = press["drag"]["scale"]
        press["drag"]["lift"].style.transform = f"translate({dx * scale}px,{dy * scale}px)"

    def start_drag(self, press: dict) -> bool:
        place = press["place"]
        if place == "stock" or not self.game.cards(place):
            return False
        cards = document.querySelectorAll(f'[data-place="{place}"] [data-card]')
        if cards.length == 0:
            return False
        card = cards.item(cards.length - 1)
        self.svg.appendChild(card)  # drawn last: above everything while it travels
        card.classList.add("dragging")
        matrix = self.svg.getScreenCTM()
        targets = self.controller.targets(place)
        for target in targets:
            group = q(f'[data-place="{target}"]')
            if group:
                group.classList.add("target")
        area = q("[data-drop=foundations]")
        if area and any(t.startswith("f") for t in targets):
            area.classList.add("target")
        press["drag"] = {"lift": card.querySelector(".lift"), "scale": 1 / matrix.a, "card": card}
        return True

    def on_pointer_up(self, event) -> None:
        """Pointer up (or cancel): a tap if the pointer barely moved, else a drop."""
        press, self.press = self.press, None
        if press is None or event.pointerId != press["id"]:
            return
        drag = press["drag"]
        if event.type != "pointerup":  # the browser took the pointer: no tap, no move
            if drag is not None:
                self.outcome(Outcome("nothing"), {})  # the dragged card goes back
            return
        origin = self.origins()
        if drag is None:
            self.outcome(self.controller.tap(press["place"], event.timeStamp), origin)
            return
        under = document.elementFromPoint(event.clientX, event.clientY)
        target = None
        if under:
            group = under.closest("[data-place]")
            area = under.closest("[data-drop]")
            target = group.dataset.place if group else (area.dataset.drop if area else None)
        scale = drag["scale"]
        moved = ((event.clientX - press["x"]) * scale, (event.clientY - press["y"]) * scale)
        self.outcome(self.controller.drop(press["place"], target), origin, moved)

    def on_key(self, event) -> None:
        if not (event.ctrlKey or event.metaKey):
            return
        key = event.key.lower()
        if key == "z":
            event.preventDefault()
            self.redo() if event.shiftKey else self.undo()
        elif key == "y":
            event.preventDefault()
            self.redo()

    # --- buttons ------------------------------------------------------------------------------
    def undo(self) -> None:
        self.step_history(self.game.undo, "undone", "nothing_to_undo")

    def redo(self) -> None:
        self.step_history(self.game.redo, "redone", "nothing_to_redo")

    def step_history(self, step, done: str, nothing: str) -> None:
        self.controller.selected = None
        self.announce(WORDS.text(done if step() else nothing))
        self.view = board.View()
        self.after_change()

    def redeal(self) -> None:
        try:
            self.game.redeal()
        except game.IllegalMove as err:
            self.announce(WORDS.refusal(err.reason))
            return
        self.controller.selected = None
        self.view = board.View()
        self.announce(WORDS.text("redealt", n=getattr(self.game, "redeals_left", 0)))
        self.after_change()

    def draw(self) -> None:
        self.outcome(self.controller.user_move("stock", "waste"), self.origins())

    async def copy_link(self) -> None:
        url = window.location.href
        try:
            await window.navigator.clipboard.writeText(url)
            self.announce(WORDS.text("link_copied", url=url))
        except Exception:  # noqa: BLE001  no clipboard (insecure context, permission): show the link
            self.announce(WORDS.text("link_to_copy", url=url))

    # --- settings -----------------------------------------------------------------------------
    def load_settings(self) -> Settings:
        settings = Settings()
        stored = window.localStorage.getItem(SETTINGS_KEY)
        if stored:
            try:
                for key, value in json.loads(stored).items():
                    if hasattr(settings, key) and isinstance(value, bool):
                        setattr(settings, key, value)
            except (ValueError, AttributeError):
                pass  # damaged settings: the defaults
        for box in document.querySelectorAll("[data-setting]"):
            box.checked = getattr(settings, box.dataset.setting)
        return settings

    def change_setting(self, event) -> None:
        box = event.target
        setattr(self.controller.settings, box.dataset.setting, bool(box.checked))
        window.localStorage.setItem(SETTINGS_KEY, json.dumps(vars(self.controller.settings)))

    # --- drawing ------------------------------------------------------------------------------
    def aspect(self) -> float:
        width, height = self.svg.clientWidth, self.svg.clientHeight
        return height / width if width and height else 1.0

    def redraw(self) -> None:
        """Redraw at the next animation frame (resize, a new deal): many requests, one draw."""
        self.dirty = True
        if not self.frame_pending:
            self.frame_pending = True
            window.requestAnimationFrame(self.frame_proxy)

    def render_now(self) -> None:
        """After an input: the board changes before the handler returns (no frame of delay)."""
        self.dirty = True
        self.frame()

    def frame(self, _timestamp=None) -> None:
        self.frame_pending = False
        if not self.dirty:
            return  # already drawn since the request: a second draw would cut the animation
        self.dirty = False
        g = self.game
        self.layout = board.layout_for(g, self.aspect())
        self.svg.setAttribute("viewBox", self.layout.view_box)
        self.svg.setAttribute("preserveAspectRatio", self.layout.align)
        self.svg.innerHTML = board.render(g, self.layout, self.view, WORDS)
        self.view.arrival = None
        self.svg.dataset.status = g.status
        self.svg.dataset.code = g.code or ""
        name = WORDS.text(f"game_{g.code[:5]}") if g.code else g.GAME
        self.svg.setAttribute(
            "aria-label", WORDS.text("board_label", game=name, code=g.code or "-")
        )
        self.svg.setAttribute("aria-description", g.describe())
        q("[data-action=undo]").disabled = not g.can_undo
        q("[data-action=redo]").disabled = not g.can_redo
        redeal = q("[data-action=redeal]")
        left = getattr(g, "redeals_left", 0)
        redeal.textContent = WORDS.text("redeal", n=left) if left else WORDS.text("no_redeals")
        redeal.disabled = not left
        q("[data-action=draw]").disabled = not g.cards("stock") if "stock" in g.PLACES else True
        q("#stat-moves").textContent = WORDS.text("stat_moves", n=g.moves)
        q("#stat-score").textContent = WORDS.text("stat_score", n=getattr(g, "score", 0))
        self.tick()
        self.save()

    def elapsed(self) -> float:
        if self.started_ms is None:
            return 0.0
        return (self.finished_ms or window.performance.now()) - self.started_ms

    def tick(self, *_args) -> None:
        q("#stat-time").textContent = WORDS.text("stat_time", time=clock(self.elapsed()))

    def announce(self, text: str) -> None:
        q("#announce").textContent = text

    # --- test hook ----------------------------------------------------------------------------
    def load_position(self, text: str) -> None:
        """Tests only (pages opened with ?test): play from any position text."""
        self.start(game.from_position(str(text)))

    def load_code(self, code: str) -> None:
        """Tests only: a fresh game of ``code`` even if it is the one on the table."""
        parsed = GameCode.parse(str(code))
        window.history.replaceState(None, "", f"#{parsed}")
        self.start(game.new(parsed))


def guarded(handler):
    """Run an event handler; an unexpected error is logged (tests fail on it) and announced."""

    def run(*args):
        try:
            return handler(*args)
        except Exception:  # noqa: BLE001  any bug: logged for the tests, never a traceback on the page
            window.console.error(traceback.format_exc())
            app.announce(WORDS.text("refused"))

    return run


app = App()
app.frame_proxy = create_proxy(guarded(app.frame))


def listen(target, event: str, handler) -> None:
    proxy = create_proxy(guarded(handler))
    app.proxies.append(proxy)
    target.addEventListener(event, proxy)


listen(app.svg, "pointerdown", app.on_pointer_down)
listen(app.svg, "pointermove", app.on_pointer_move)
listen(app.svg, "pointerup", app.on_pointer_up)
listen(app.svg, "pointercancel", app.on_pointer_up)
listen(document, "keydown", app.on_key)
listen(window, "hashchange", lambda _e: app.load_hash())
listen(window, "resize", lambda _e: app.redraw())
for box in document.querySelectorAll("[data-setting]"):
    listen(box, "change", app.change_setting)

when("click", "[data-action=hint]")(guarded(lambda _e: app.solving.hint()))
when("click", "[data-action=check]")(guarded(lambda _e: app.solving.check()))
when("click", "[data-action=undo]")(guarded(lambda _e: app.undo()))
when("click", "[data-action=redo]")(guarded(lambda _e: app.redo()))
when("click", "[data-action=redeal]")(guarded(lambda _e: app.redeal()))
when("click", "[data-action=draw]")(guarded(lambda _e: app.draw()))
when("click", "[data-action=undo-last]")(guarded(lambda _e: app.undo()))
when("click", "[data-action=close]")(guarded(lambda e: e.target.closest("dialog").close()))


async def new_clicked(_event) -> None:
    try:
        await app.new_deal()
    except Exception:  # noqa: BLE001  as guarded(): logged for the tests, never a traceback
        window.console.error(traceback.format_exc())


when("click", "[data-action=new]")(new_clicked)
when("change", "[data-action=game]")(new_clicked)


@when("click", "[data-action=copy]")
async def copy_clicked(_event) -> None:
    await app.copy_link()


window.setInterval(create_proxy(guarded(app.tick)), 1000)
if "test" in str(window.location.search):
    window.solitaireLoadPosition = create_proxy(guarded(app.load_position))
    window.solitaireLoadCode = create_proxy(guarded(app.load_code))
app.load_hash()
q("#loading").hidden = True
for button in document.querySelectorAll("header button, header select"):
    button.disabled = False
app.render_now()
window.performance.mark("app:ready")
document.body.dataset.ready = "1"
