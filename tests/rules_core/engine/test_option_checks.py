"""The option checks every game makes alike (rules_core.engine.option_checks)."""

from __future__ import annotations

import importlib
import random
import tomllib
from typing import Any

import pytest

from rules_core.engine.content_limits import ContentError, blank_text
from rules_core.engine.option_checks import options_problem, read_pack
from rules_core.engine.spec import GameSpec
from rules_core.engine.types import JSON
from tests.shipped import shipped_games

SCHEMA: dict[str, JSON] = {"content": {"type": "object"}, "variant": {"type": "boolean"}}


def test_options_the_schema_declares_of_their_kinds_pass() -> None:
    assert options_problem("Game", SCHEMA, {}) is None
    assert options_problem("Game", SCHEMA, {"content": None, "variant": False}) is None
    assert options_problem("Game", SCHEMA, {"content": {"cards": []}, "variant": True}) is None


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"colour": 1}, "Game has no option “colour”; its options are content and variant."),
        ({"variant": 1}, "The option “variant” is true or false."),
        ({"variant": None}, "The option “variant” is true or false."),
        ({"content": [1]}, "The option “content” is a content pack (a JSON object) or null."),
        ({"content": "pack"}, "The option “content” is a content pack (a JSON object) or null."),
    ],
)
def test_an_option_not_declared_or_of_another_kind_is_named(
    options: dict[str, JSON], message: str
) -> None:
    assert options_problem("Game", SCHEMA, options) == message


def test_a_refusal_names_at_most_five_options_each_of_forty_characters() -> None:
    """A caller's option names are quoted back bounded: a body of 200,000 characters of names
    gave a refusal as long ("unknown options: " and every name)."""
    options: dict[str, JSON] = {f"{n}{'x' * 50_000}": 1 for n in range(8)}
    message = options_problem("Game", SCHEMA, options)
    assert message is not None and len(message) < 400
    assert message.count("“") == 5 and message.count("x" * 39) == 0
    assert " and 3 more; its options are content and variant." in message


def test_a_pack_the_parser_refuses_is_worded_once_for_every_game() -> None:
    def refusing() -> None:
        raise ContentError("cards[2].name: at most 2000 characters")

    assert read_pack(refusing) == "content pack: cards[2].name: at most 2000 characters"
    assert read_pack(lambda: 7) == 7


@pytest.mark.parametrize("spec", shipped_games(), ids=lambda s: s.slug)
def test_every_game_refuses_an_option_it_lacks_and_a_content_that_is_no_object_alike(
    spec: GameSpec[Any],
) -> None:
    """One place words these for all five games, from each game's own options schema."""
    players = max(spec.min_players, 2)
    unknown = spec.validate_options(players, {"colour": "red"})
    assert unknown is not None and unknown.code == "bad_options"
    assert unknown.message.startswith(f"{spec.title} has no option “colour”;")
    not_object = spec.validate_options(players, {"content": [1]})
    assert not_object is not None
    assert (not_object.code, not_object.message) == (
        "bad_options",
        "The option “content” is a content pack (a JSON object) or null.",
    )


def _first_words(data: Any, path: str = "") -> str | None:
    """The path of the first `name` or `text` in a pack, in document order."""
    if isinstance(data, dict):
        for key, value in data.items():
            at = f"{path}.{key}" if path else key
            if key in ("name", "text") and isinstance(value, str):
                return at
            found = _first_words(value, at)
            if found is not None:
                return found
    elif isinstance(data, list):
        for i, value in enumerate(data):
            found = _first_words(value, f"{path}[{i}]")
            if found is not None:
                return found
    return None


def _set(data: Any, path: str, value: str) -> None:
    *parents, last = path.replace("[", ".[").split(".")
    for part in parents:
        data = data[int(part[1:-1])] if part.startswith("[") else data[part]
    data[last] = value


@pytest.mark.parametrize("spec", shipped_games(), ids=lambda s: s.slug)
@pytest.mark.parametrize("blank", [" ", "\u2800", " \u2800\n"])
def test_a_new_games_pack_with_a_text_showing_nothing_is_refused_naming_its_path(
    spec: GameSpec[Any], blank: str
) -> None:
    """A name of spaces or blank braille cells was taken (an empty one was refused) and told as a
    blank in every move and story; a new game's pack is refused, naming the text's path. A stored
    game's pack is not checked so: its set-up replays as it was taken."""
    content = importlib.import_module(type(spec).__module__.rsplit(".", 1)[0] + ".content")
    with content.REFERENCE_PACK.open("rb") as file:
        pack = tomllib.load(file)
    path = _first_words(pack)
    assert path is not None
    _set(pack, path, blank)
    players = max(spec.min_players, 2)
    refused = spec.validate_options(players, {"content": pack})
    assert refused is not None and refused.code == "bad_options"
    assert refused.message == (
        f"content pack: {path}: a text must show something (not only spaces or blank cells)"
    )
    spec.setup(players, {"content": pack}, random.Random(1))


def test_blank_text_walks_keys_lists_and_ignores_empty_texts_and_other_values() -> None:
    assert blank_text({"a": ["", "x", 1, None, True, {"b": "ok"}]}) is None
    found = blank_text({"a": ["x", {"b c": " "}], "d": " "})
    assert str(found) == 'a[1]["b c"]: a text must show something (not only spaces or blank cells)'
    assert (
        str(blank_text(["\u2800"]))
        == "(pack)[0]: a text must show something (not only spaces or blank cells)"
    )
