"""The message catalog: every user-visible string, keyed by id, in the page's language.

The sources are gettext catalogs (``locale/<lang>.po``, the msgids are the keys); the build
compiles them (``tools/catalogs.py``) to ``static/messages/<lang>.mo``, which this module reads
with the standard library's ``gettext``: a count picks its plural form by the catalog's own
``Plural-Forms`` (CLDR's rule, so no plural logic here). Pure Python: no browser import.
"""

from __future__ import annotations

import gettext
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from game.cards import Card, card

if TYPE_CHECKING:
    from game.solver.proofs import Proof

CATALOG_DIR = Path(__file__).resolve().parents[2] / "static" / "messages"
SUITS = "SHDC"


class _Missing(gettext.NullTranslations):
    """The last fallback: a key that no catalog has is a bug, not a silent key on screen."""

    def gettext(self, message: str) -> NoReturn:
        raise KeyError(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> NoReturn:
        raise KeyError(msgid1)


class Messages:
    """Look up and fill in messages: ``words.text("moved", card=..., place=...)``."""

    def __init__(self, translations: gettext.NullTranslations, lang: str = "en") -> None:
        translations.add_fallback(_Missing())
        self.translations = translations
        self.lang = lang
        self.ranks = tuple(self.text("ranks").split())  # the corner letters, A to K

    @classmethod
    def load(cls, lang: str = "en", directory: Path = CATALOG_DIR) -> Messages:
        with (directory / f"{lang}.mo").open("rb") as f:
            return cls(gettext.GNUTranslations(f), lang)

    def text(self, key: str, **values: object) -> str:
        """The message ``key`` with its ``{placeholders}`` filled; a missing key is a bug."""
        return self.translations.gettext(key).format(**values)

    def count(self, key: str, n: int, /, **values: object) -> str:
        """A count-dependent message in the form its language uses for ``n`` (``{n}`` is ``n``
        unless ``values`` gives it written otherwise, e.g. with thousands separators)."""
        return self.translations.ngettext(key, key, n).format(**{"n": n, **values})

    def number(self, n: int) -> str:
        """A whole number with the language's thousands separator: "12,345", "12 345"."""
        return f"{n:,}".replace(",", self.text("thousands_separator"))

    def refusal(self, reason: str) -> str:
        """The words for an engine refusal key."""
        try:
            return self.text(f"refusal_{reason}")
        except KeyError:
            return self.text("refused")

    def card(self, card: Card) -> str:
        """A card as a screen reader speaks it: 'queen of spades', 'ملكة البستوني'."""
        return self.text(f"card_{card.rank}", suit=self.text(f"suit_{SUITS[card.suit]}"))

    def proof(self, proof: Proof) -> str:
        """A proof of loss in words: the card that can never leave its pile, what each
        foundation waits for, and that no pile can take it."""
        suit = proof.card.suit
        sentences = [self.text("proof_card", card=self.card(proof.card), pile=proof.pile)]
        for side, rank in (("up", proof.up), ("down", proof.down)):
            if rank is None:
                sentences.append(self.text(f"proof_{side}_never"))
            else:
                sentences.append(
                    self.text(f"proof_{side}_waits", card=self.card(card(rank + 1, suit)))
                )
        sentences.append(self.text("proof_no_pile"))
        return " ".join(sentences)


def clock(ms: float) -> str:
    """Elapsed time as the timer shows it: minutes and seconds (``"12:07"``)."""
    seconds = int(ms // 1000)
    return f"{seconds // 60}:{seconds % 60:02d}"
