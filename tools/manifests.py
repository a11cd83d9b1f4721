"""The installed app's manifest in each language: ``manifest-<lang>.webmanifest``.

The source ``manifest.webmanifest`` is the English one (its words the catalog's, its shortcuts
the games' records' in game/kinds.py: the tests hold it to both); the build writes one for
every other language from the catalogs (name, short name, description, shortcuts and
screenshot labels, ``lang`` and ``dir``), and ``static/watchdog.js`` points the page's
``<link rel=manifest>`` at the page's language, so an app installed from an Arabic page is
named and described in Arabic.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from game.kinds import REGISTRY
from game.ui.text.languages import LANGUAGES, direction
from tools import catalogs

# a shortcut to a new deal of each game whose record asks for one (game/kinds.py), then "Daily
# deal" (``#daily``: today's deal of the game last played); which game each screenshot shows
SHORTCUT_GAMES = tuple(kind.code for kind in REGISTRY if kind.shortcut)
ICONS = [{"src": "static/icons/icon-192.png", "sizes": "192x192"}]
SCREENSHOTS = (
    ("manifest_shot_desktop", "CR1-N"),
    ("manifest_shot_desktop", "FT1-N"),
    ("manifest_shot_phone", "CR1-N"),
)


def localized(source: dict[str, Any], words: dict[str, str], lang: str) -> dict[str, Any]:
    """``source`` (the English manifest) with its words in ``lang``; everything else kept."""
    out = copy.deepcopy(source)
    out.update(
        name=words["title"],
        short_name=words["manifest_short_name"],
        description=words["description"],
        lang=lang,
        dir=direction(lang),
    )
    out["shortcuts"] = [
        {
            "name": words["manifest_new"].format(game=words[f"game_{kind}"]),
            "short_name": words[f"game_{kind}"],
            "url": f"./index.html#{kind}",
            "icons": ICONS,
        }
        for kind in SHORTCUT_GAMES
    ]
    out["shortcuts"].append(
        {"name": words["daily"], "short_name": words["daily"], "url": "./index.html#daily"}
        | {"icons": ICONS}
    )
    for shot, (key, kind) in zip(out["screenshots"], SCREENSHOTS, strict=True):
        shot["label"] = words[key].format(game=words[f"game_{kind}"])
    return out


def write_all(out: Path, locale: Path) -> list[Path]:
    """Write ``manifest-<lang>.webmanifest`` beside the English one for each other language."""
    source = json.loads((out / "manifest.webmanifest").read_text(encoding="utf-8"))
    written = []
    for lang in LANGUAGES:
        if lang == "en":  # the source (its words, its shortcuts: tests/test_site.py holds it
            continue  # to the catalog and the records)
        target = out / f"manifest-{lang}.webmanifest"
        manifest = localized(source, catalogs.words(lang, locale), lang)
        target.write_text(json.dumps(manifest, ensure_ascii=False, indent=1), encoding="utf-8")
        written.append(target)
    return written
