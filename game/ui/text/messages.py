"""The message catalog: every user-visible string, keyed by id, in the page's language.

The sources are gettext catalogs (``locale/<lang>.po``, the msgids are the keys); the build
compiles them (``tools/catalogs.py``) to ``static/messages/<lang>.mo``, which this module reads
with the standard library's ``gettext``: a count picks its plural form by the catalog's own
``Plural-Forms`` (CLDR's rule, so no plural logic here). Pure Python: no browser import.

Filling a message in is the one place that knows two things about its words: a sentence whose
first word is a value (``"{card} to {place}."``) still begins with a capital letter, in a
language whose script has them; and in a right-to-left language a value written in Latin
letters (a game code, a link, the name Crescent) is set apart in Unicode isolates, so the
punctuation after it stays where the sentence puts it.
"""

from __future__ import annotations

import gettext
import re
import unicodedata
from collections.abc import Mapping
from functools import cache, lru_cache
from pathlib import Path
from string import Formatter
from typing import TYPE_CHECKING, NoReturn

from game.cards import Card, card

from .languages import direction

if TYPE_CHECKING:
    from game.solver.proofs import Proof

CATALOG_DIR = Path(__file__).resolve().parents[3] / "static" / "messages"
SUITS = "SHDC"
# the languages whose script has no capital letters
UNCASED = frozenset({"ar"})
# Unicode's first-strong isolate and its end: what is between them is laid out on its own
FSI, PDI = "\u2068", "\u2069"
# a message is a sentence when it ends as one (a label or a piece of another message does
# not: "{card} to {place}" is said inside a replay's caption); a sentence begins at the
# message's start, and after a full stop, "!" or "?" and a space ("Searching… {n}" goes on)
SENTENCE_END = (".", "!", "?", "…", "؟")
SENTENCE_BREAK = re.compile(r"[.!?؟]\s+$")


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
        self.cased = lang not in UNCASED
        self.rtl = direction(lang) == "rtl"
        self.ranks = tuple(self.text("ranks").split())  # the corner letters, A to K

    @classmethod
    def load(cls, lang: str = "en", directory: Path = CATALOG_DIR) -> Messages:
        with (directory / f"{lang}.mo").open("rb") as f:
            return cls(gettext.GNUTranslations(f), lang)

    def text(self, key: str, **values: object) -> str:
        """The message ``key`` with its ``{placeholders}`` filled; a missing key is a bug."""
        return self.fill(self.translations.gettext(key), values)

    def count(self, key: str, n: int, /, **values: object) -> str:
        """A count-dependent message in the form its language uses for ``n`` (``{n}`` is ``n``
        unless ``values`` gives it written otherwise, e.g. with thousands separators)."""
        return self.fill(self.translations.ngettext(key, key, n), {"n": n, **values})

    def fill(self, template: str, values: Mapping[str, object]) -> str:
        """``template`` with its ``{placeholders}`` filled (``str.format``'s syntax): a value
        that begins a sentence begins with a capital letter, and in a right-to-left language a
        value holding left-to-right letters is isolated (the module's docstring says why)."""
        openers = sentence_openers(template) if self.cased else ()
        if not openers and not self.rtl:
            return template.format(**values)
        filled = dict(values)
        for name in openers:
            value = filled.get(name)
            if isinstance(value, str):
                filled[name] = capitalised(value)
        if self.rtl:
            for name, value in filled.items():
                if isinstance(value, str) and left_to_right(value):
                    filled[name] = f"{FSI}{value}{PDI}"
        return template.format(**filled)

    def alone(self, text: str) -> str:
        """A piece of a message said on its own (the card the keyboard points at): it begins
        with a capital letter, as a sentence does."""
        return capitalised(text) if self.cased else text

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


@cache
def sentence_openers(template: str) -> tuple[str, ...]:
    """The placeholders that begin a sentence of ``template``: at its start, when the whole
    ends as a sentence, and after a sentence's end and a space."""
    found = []
    begins = template.rstrip().endswith(SENTENCE_END)
    for literal, field, _spec, _conversion in Formatter().parse(template):
        if literal:
            begins = SENTENCE_BREAK.search(literal) is not None
        if field is not None:
            if begins:
                found.append(re.split(r"[.\[]", field)[0])
            begins = False
    return tuple(found)


@lru_cache(maxsize=1024)
def left_to_right(text: str) -> bool:
    """Whether ``text`` holds a letter written left to right (Latin, Cyrillic...)."""
    return any(unicodedata.bidirectional(char) == "L" for char in text)


def capitalised(text: str) -> str:
    """``text`` with its first letter a capital, if it begins with one that has a capital
    (past any isolate or opening quote): "queen of spades" -> "Queen of spades"."""
    for i, char in enumerate(text):
        if unicodedata.category(char) in ("Cf", "Ps", "Pi"):
            continue
        upper = char.upper()
        return text[:i] + upper + text[i + 1 :] if len(upper) == 1 else text
    return text


def clock(ms: float) -> str:
    """Elapsed time as the timer shows it: minutes and seconds (``"12:07"``)."""
    seconds = int(ms // 1000)
    return f"{seconds // 60}:{seconds % 60:02d}"
