"""The page's elements (game/web/elements.py) against index.html: each selector finds what the
browser room expects, so a renamed id fails here by name, before any browser starts."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from game.web.elements import Element, Elements, Group, MissingElements, declared


class Box:
    """An element, as much of one as the lookup reads."""

    def __init__(self, setting: str) -> None:
        self.setting = setting
        self.open = setting == "b"

    def getAttribute(self, name: str) -> str:
        return self.setting


PAGE = BeautifulSoup((Path(__file__).parents[1] / "index.html").read_text(), "html.parser")


@pytest.mark.parametrize("element", declared(), ids=lambda e: e.name)
def test_each_element_is_in_the_page_once_or_as_a_group(element: Element) -> None:
    matches = PAGE.select(element.selector)
    if isinstance(element, Group):
        assert matches, f"{element.name}: nothing matches {element.selector!r}"
        if element.key is not None:
            keys = [m.get(f"data-{element.key}") for m in matches]
            assert None not in keys, element.name
            assert element.many or len(set(keys)) == len(keys), (element.name, keys)
    else:
        assert len(matches) == 1, f"{element.name}: {len(matches)} match {element.selector!r}"


def test_a_missing_element_fails_the_boot_by_name() -> None:
    def query(selector: str) -> object | None:
        return None if selector in ("#won-share", "#stats-file") else object()

    with pytest.raises(MissingElements) as raised:
        Elements(query, lambda selector: [Box("x")])
    assert raised.value.missing == ["won_share (#won-share)", "stats_file (#stats-file)"]
    assert "won_share (#won-share)" in str(raised.value)


def test_an_empty_group_is_missing_too() -> None:
    with pytest.raises(MissingElements) as raised:
        Elements(lambda selector: object(), lambda selector: [])
    groups = [e for e in declared() if isinstance(e, Group)]
    assert raised.value.missing == [f"{g.name} ({g.selector})" for g in groups]


def test_found_elements_are_read_by_name_and_groups_by_key() -> None:
    boxes = [Box("a"), Box("b"), Box("b")]

    def query_all(selector: str) -> list[Box]:
        return [b for b in boxes if b.open] if selector == "dialog[open]" else boxes

    found = Elements(lambda selector: selector, query_all)
    assert found.board == "#board"
    assert list(found.setting_boxes) == ["a", "b"]
    assert found.actions == {"a": boxes[:1], "b": boxes[1:]}  # several controls, one action
    assert found.doing("b") == boxes[1:]
    assert len(found.dialogs) == 3
    assert found.open_dialog() is boxes[1]


def test_no_other_module_looks_an_element_up_by_a_selector() -> None:
    """The page's elements are named in one place: elsewhere a selector only searches markup
    the room made or was handed (the board's groups, a fetched help page, an event's target)."""
    web = Path(__file__).parents[1] / "game" / "web"
    for path in web.glob("*.py"):
        text = path.read_text()
        if path.name != "elements.py":
            assert "document.querySelector" not in text, path.name
            assert "getElementById" not in text, path.name


def test_every_action_the_boot_binds_is_a_control_of_the_page() -> None:
    """The page's start binds clicks by action (``Elements.doing``, which fails the boot by
    name): each one it names is a ``[data-action]`` of index.html."""
    source = (Path(__file__).parents[1] / "game" / "web" / "startup.py").read_text()
    bound = {"help"}  # (bound on its own: a link that may follow itself)
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.AnnAssign | ast.Assign) and isinstance(node.value, ast.Dict):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == "clicks" for t in targets):
                bound |= {k.value for k in node.value.keys if isinstance(k, ast.Constant)}
    assert len(bound) > 30  # (the dict was found)
    actions = {tag["data-action"] for tag in PAGE.select("[data-action]")}
    assert bound - actions == set()


def test_a_control_missing_for_an_action_is_named() -> None:
    found = Elements(lambda selector: object(), lambda selector: [Box("new")])
    with pytest.raises(MissingElements, match=r"\[data-action=restart-yes\]"):
        found.doing("restart-yes")
