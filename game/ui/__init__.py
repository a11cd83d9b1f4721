"""The pure room of the page: what an input means, the board's geometry and markup, the
words, the stored state, replays and hints. No module here imports ``pyscript``, ``js`` or
``pyodide``: each is tested on CPython and restored from the boot snapshot. The browser room,
``game/web``, shows what these return (docs/ARCHITECTURE.md)."""
