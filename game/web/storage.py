"""The browser's ``localStorage`` for the pure ``game.ui.records.storage``."""

from __future__ import annotations

from typing import Any

from pyscript import window

from game.ui.records.storage import MemoryStore, QuotaExceeded, Store


class LocalStore:
    """``localStorage`` as a :class:`~game.ui.records.storage.Store`: a full quota becomes
    :class:`~game.ui.records.storage.QuotaExceeded`; any other failure is raised for the storage
    module to absorb."""

    def __init__(self, local: Any) -> None:
        self.local = local

    @classmethod
    def open(cls) -> Store:
        """The browser's store, or one in memory when storage is switched off (the getter
        itself throws then): the game plays, nothing is kept."""
        try:
            local = window.localStorage
            local.length  # noqa: B018  some browsers only refuse on first use
        except Exception:  # noqa: BLE001
            return MemoryStore()
        return cls(local)

    def get(self, key: str) -> str | None:
        value = self.local.getItem(key)
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> None:
        try:
            self.local.setItem(key, value)
        except Exception as err:
            if "quota" in str(err).lower():
                raise QuotaExceeded(key) from None
            raise

    def remove(self, key: str) -> None:
        self.local.removeItem(key)

    def names(self) -> list[str]:
        local = self.local
        return [local.key(i) for i in range(local.length)]
