"""Text copied to the clipboard for the player, and said (PyScript)."""

from __future__ import annotations

from collections.abc import Callable

from pyscript import window

from game.ui.text.messages import Messages


async def copy(text: str, announce: Callable[[str], None], words: Messages, what: str) -> bool:
    """``text`` to the clipboard, said with ``<what>_copied``; where there is no clipboard (an
    insecure context, a permission refused) the text is said to copy by hand
    (``<what>_to_copy``). Whether it was copied."""
    try:
        await window.navigator.clipboard.writeText(text)
    except Exception:  # noqa: BLE001  no clipboard: show it
        announce(words.text(f"{what}_to_copy", url=text))
        return False
    announce(words.text(f"{what}_copied", url=text))
    return True
