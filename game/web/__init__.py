"""The browser room of the page (PyScript): it binds events to the pure room, ``game/ui``, and
writes what comes back into the document. It makes no decision of its own
(docs/ARCHITECTURE.md)."""
