"""A content pack's sources (engine.pack_sources): each is "reference" or "rulebook <section id>",
a game whose reference values say why refuses one that does not, and a rulebook source names a
section of its game's index; every reference pack passes, and a custom pack failing is refused
with `<path>: <rule>`."""

from __future__ import annotations

import copy
import importlib
import tomllib
from types import ModuleType
from typing import Any

import pytest

from rules_core.engine import GameSpec
from rules_core.engine.content_limits import ContentError
from rules_core.engine.pack_sources import (
    check_rulebook_sources,
    check_source,
    rulebook_sources,
)
from rules_core.rulebooks import get_book
from tests.shipped import shipped_games

# the first rulebook source of each reference pack, in document order
FIRST_SOURCE = {
    "black-metro": ("limits.rounds.source", "how-to-win"),
    "gotham-city-chronicles": ("board.boundary[2].source", "v-c-5-d"),
    "gotham-city-strategy": ("block[4].source", "turn.plot.bat-signal.example"),
    "gotham-race": ("card[0].source", "cards.first"),
    "no-mans-land": ("district[0].source", "income-phase"),
}

# the key under which a game's reference values give their reason (games not listed ask none)
REASON_KEY = {"black-metro": "reason", "no-mans-land": "why"}


def _content(spec: GameSpec[Any]) -> ModuleType:
    """The game's content module (`rules_core/games/<slug>/content.py`)."""
    return importlib.import_module(type(spec).__module__.rsplit(".", 1)[0] + ".content")


def _citations_book(spec: GameSpec[Any]) -> str:
    citations = importlib.import_module(type(spec).__module__.rsplit(".", 1)[0] + ".citations")
    return str(citations.BOOK)


def _reference(spec: GameSpec[Any]) -> dict[str, Any]:
    with _content(spec).REFERENCE_PACK.open("rb") as file:
        return tomllib.load(file)


def _at(data: Any, path: str) -> tuple[dict[str, Any], str]:
    """The table holding the key at `path` (`a.b[2].source`), and that key."""
    *parents, last = path.replace("[", ".[").split(".")
    for part in parents:
        data = data[int(part[1:-1])] if part.startswith("[") else data[part]
    return data, last


@pytest.mark.parametrize("spec", shipped_games(), ids=lambda s: s.slug)
def test_every_reference_packs_rulebook_sources_name_sections_of_its_book(
    spec: GameSpec[Any],
) -> None:
    """Each reference pack cites its own game's book, every section it names is in the index,
    and the parser that loads it runs the same check (so a pack loading is a pack passing)."""
    raw, book = _reference(spec), _citations_book(spec)
    cited = list(rulebook_sources(raw))
    assert cited[0] == FIRST_SOURCE[spec.slug]
    index = get_book(book)
    assert all(index.section(section) for _, section in cited)
    check_rulebook_sources(raw, book)
    _content(spec).load_pack()


@pytest.mark.parametrize("spec", shipped_games(), ids=lambda s: s.slug)
def test_a_pack_whose_rulebook_source_names_no_section_is_refused_with_path_and_id(
    spec: GameSpec[Any],
) -> None:
    raw = copy.deepcopy(_reference(spec))
    path, _ = FIRST_SOURCE[spec.slug]
    table, key = _at(raw, path)
    table[key] = "rulebook no-such-section"
    title = get_book(_citations_book(spec)).title
    with pytest.raises(ContentError) as refused:
        _content(spec).parse_pack(raw)
    assert str(refused.value) == (
        f'{path}: no section "no-such-section" in the index of the {title} rulebook'
        " (a rulebook source names a section by its id)"
    )


@pytest.mark.parametrize("spec", shipped_games(), ids=lambda s: s.slug)
@pytest.mark.parametrize("source", ["rulebook", "Reference", "book v-a", 3, None])
def test_a_pack_whose_source_has_another_form_is_refused_by_every_games_parser(
    spec: GameSpec[Any], source: object
) -> None:
    raw = copy.deepcopy(_reference(spec))
    path, _ = FIRST_SOURCE[spec.slug]
    table, key = _at(raw, path)
    if source is None:
        del table[key]
    else:
        table[key] = source
    with pytest.raises(ContentError) as refused:
        _content(spec).parse_pack(raw)
    assert str(refused.value) == f'{path}: must be "reference" or "rulebook <section id>"'


def _first_reference(data: Any, path: str = "") -> str | None:
    """The path of the first table (in document order) whose source is "reference"."""
    if isinstance(data, dict):
        if data.get("source") == "reference":
            return path
        items = [(f"{path}.{k}" if path else k, v) for k, v in data.items()]
    elif isinstance(data, list):
        items = [(f"{path}[{i}]", v) for i, v in enumerate(data)]
    else:
        return None
    for at, value in items:
        found = _first_reference(value, at)
        if found is not None:
            return found
    return None


@pytest.mark.parametrize("spec", shipped_games(), ids=lambda s: s.slug)
@pytest.mark.parametrize("reason", [None, "", "  ", 7])
def test_a_reference_value_without_its_reason_is_refused_where_the_game_asks_one(
    spec: GameSpec[Any], reason: object
) -> None:
    """Black Metro's and No Man's Land's reference values say why (`reason`, `why`): one giving
    no text is refused at that key; the other games ask none, and load such a pack."""
    raw = copy.deepcopy(_reference(spec))
    path = _first_reference(raw)
    assert path is not None
    table, _ = _at(raw, f"{path}.source")
    key = REASON_KEY.get(spec.slug)
    for named in REASON_KEY.values():
        table.pop(named, None)
    if reason is not None and key is not None:
        table[key] = reason
    if key is None:
        _content(spec).parse_pack(raw)
        return
    with pytest.raises(ContentError) as refused:
        _content(spec).parse_pack(raw)
    assert str(refused.value) == f"{path}.{key}: a reference value says why it was chosen"


def test_check_source_takes_either_form_and_a_reason_only_when_asked() -> None:
    check_source({"source": "reference"}, "a")
    check_source({"source": "rulebook v-a"}, "a", reason="why")
    check_source({"source": "reference", "why": "a guess"}, "a", reason="why")
    with pytest.raises(ContentError, match=r"^a\.b\.why: a reference value says why"):
        check_source({"source": "reference", "reason": "a guess"}, "a.b", reason="why")
    for form in ({"value": 1}, {"source": "rulebook "}, {"source": ["reference"]}):
        with pytest.raises(ContentError, match=r'^source: must be "reference" or "rulebook <'):
            check_source(form, "")


def test_a_section_named_by_its_label_is_refused_giving_its_id() -> None:
    """A section is named by its id: the book's label (or another spelling) is refused, and the
    refusal says which id it stands for."""
    pack = {"item": [{"encumbrance": {"value": 2, "source": "rulebook V.D.1 [a]"}}]}
    with pytest.raises(ContentError) as refused:
        check_rulebook_sources(pack, "gotham-city-chronicles")
    assert str(refused.value) == (
        'item[0].encumbrance.source: no section "V.D.1 [a]" in the index of the Batman: Gotham'
        ' City Chronicles rulebook (its id is "v-d-1-a")'
    )


def test_only_a_source_naming_the_rulebook_is_looked_up() -> None:
    """A source "reference", one of another form (left to the game's parser) and a key that is not
    a source are not sections; the sources are found at any depth, in document order."""
    pack = {
        "a": {"source": "reference", "reason": "rulebook nowhere"},
        "b": [{"source": 3}, {"value": {"source": "rulebook i"}}],
        "rulebook nowhere": {"source": "rulebook ii"},
    }
    assert list(rulebook_sources(pack)) == [
        ("b[1].value.source", "i"),
        ('(pack)["rulebook nowhere"].source', "ii"),
    ]
    check_rulebook_sources(pack, "gotham-city-chronicles")
