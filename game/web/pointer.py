"""The pointer on the board (PyScript): one handler for mouse, pen and touch. A press that
barely moves is a tap, one that travels lifts the card and drops it where it is let go; both
end in the controller (``game.ui.input.controller``), as the keys' taps do.
``game.ui.input.pointer`` says what counts as travelling and where the lifted card is."""

from __future__ import annotations

from typing import Any, Protocol

from game.ui.input.controller import NOTHING, Controller, Outcome
from game.ui.input.pointer import Drag, Press
from game.ui.table import Point
from game.web.elements import found
from game.web.painter import drop_target, place_at


class Lifter(Protocol):
    """What lifts a card to follow the pointer (``painter.Painter``)."""

    def lift(self, place: str, targets: list[str], size: int = 1) -> Drag | None: ...


class Host(Protocol):
    """What the pointer needs of the page."""

    @property
    def painter(self) -> Lifter: ...

    @property
    def controller(self) -> Controller: ...
    @property
    def replay_shown(self) -> bool: ...
    def step_aside(self) -> None: ...
    def deselect(self) -> None: ...
    def origins(self, places: tuple[str | None, ...]) -> dict[str, Point]: ...
    def outcome(
        self, result: Outcome, origins: dict[str, Point], dragged: Point = (0.0, 0.0)
    ) -> None: ...


class Pointer:
    """The press under way, if any: at most one pointer plays at a time."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.press: Press | None = None

    @property
    def dragging(self) -> bool:
        return self.press is not None and self.press.drag is not None

    def on_down(self, event: Any) -> None:
        self.host.step_aside()
        if self.press is not None:  # a second pointer while one is down: that drag is off
            if event.pointerId != self.press.pointer_id:
                self.cancel()
            return
        if event.button != 0 or self.host.replay_shown:  # a replay is watched, not played
            return
        pressed = place_at(event)
        if pressed is None:  # beside every place: drops the selection, if any
            self.host.deselect()
            return
        event.preventDefault()
        found().board.setPointerCapture(event.pointerId)
        place, size = pressed
        size = self.host.controller.run_size(place, size)
        self.press = Press(place, event.clientX, event.clientY, event.pointerId, size=size)

    def on_move(self, event: Any) -> None:
        press = self.press
        if press is None or event.pointerId != press.pointer_id:
            return
        self.host.step_aside()
        if press.drag is None:
            if not press.travelled(event.clientX, event.clientY):
                return
            targets = self.host.controller.targets(press.place, press.size)
            press.drag = self.host.painter.lift(press.place, targets, press.size)
            if press.drag is None:
                return
        dx, dy = press.offset(event.clientX, event.clientY)
        press.drag.lift.style.transform = f"translate({dx}px,{dy}px)"

    def on_up(self, event: Any) -> None:
        """Pointer up (or cancel): a tap if the pointer barely moved, else a drop. Only the
        pointer that pressed ends its press."""
        press = self.press
        if press is None or event.pointerId != press.pointer_id:
            return
        self.press = None  # the browser gives the captured pointer back after this event
        self.host.step_aside()  # a press held still past the pause: its move too
        if event.type != "pointerup":  # the browser took the pointer: no tap, no move
            if press.drag is not None:
                self.host.outcome(NOTHING, {})  # the dragged card goes back
            return
        controller = self.host.controller
        origins = self.host.origins((press.place, controller.selected))  # where a move starts
        if press.drag is None:
            self.host.outcome(controller.tap(press.place, event.timeStamp, press.size), origins)
            return
        target = drop_target(event.clientX, event.clientY)
        dragged = press.offset(event.clientX, event.clientY)
        self.host.outcome(controller.drop(press.place, target, press.size), origins, dragged)

    def on_touch_start(self, event: Any) -> None:
        """The board makes no browser gestures (its pointer events do everything): a fast
        finger drag would otherwise end in a fling, and Chromium swallows the next tap anywhere
        (a toolbar button) as the tap that stops the fling."""
        event.preventDefault()

    def cancel(self, _event: Any = None) -> None:
        """Drop a press or a drag in progress (another pointer, a key, a new deal, a dialog,
        the window left): the card goes back and the highlights go off."""
        press, self.press = self.press, None
        if press is None:
            return
        self.release(press)
        if press.drag is not None:
            self.host.outcome(NOTHING, {})

    def release(self, press: Press) -> None:
        """Give the pointer back, so that its next tap anywhere reaches what it taps."""
        if found().board.hasPointerCapture(press.pointer_id):
            found().board.releasePointerCapture(press.pointer_id)
